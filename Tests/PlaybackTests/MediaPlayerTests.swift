import CGtk4
import Foundation
import GtkBridge
import Playback
import Testing
import TestSupport

/// The player with real GStreamer and episodes served on loopback. A machine without a sound
/// device plays to a silent sink in real time, so these run the same everywhere.
@MainActor @Suite(.serialized)
struct MediaPlayerTests {
    let server: MediaServer

    init() async throws {
        server = try await MediaServer()
    }

    private func player(stallTimeout: UInt32 = 20) -> MediaPlayer {
        MediaPlayer(userAgent: "Lectern tests", stallTimeout: stallTimeout)
    }

    @discardableResult
    private func wait(for player: MediaPlayer, _ seconds: Double, until condition: @MainActor () -> Bool) -> Bool {
        MainLoop.iterate(until: condition, timeout: seconds)
    }

    @Test func anEpisodePlaysPausesHoldsAndEnds() throws {
        let player = player()
        var changes = 0
        player.onChange = { changes += 1 }
        // An MP3 over HTTP: its length known from its size (an Ogg one tells none until read to its end).
        player.open(server.url("/tone.mp3"))
        #expect(player.state == .loading)
        try #require(wait(for: player, 10) { player.state == .playing }, "never played: \(player.state)")
        wait(for: player, 2) { player.duration != nil }
        #expect(abs((player.duration ?? 0) - 4) < 0.3, "the length of a 4 s episode: \(String(describing: player.duration))")

        let started = player.position
        wait(for: player, 1.2) { false }
        #expect(player.position - started > 0.8, "a second of playing moves the position by a second: \(started) → \(player.position)")
        #expect(changes > 3, "the position is told while playing")

        player.pause()
        #expect(player.state == .paused)
        wait(for: player, 0.3) { false }   // the pipeline settles
        let held = player.position
        changes = 0
        wait(for: player, 1) { false }
        #expect(abs(player.position - held) < 0.05, "paused, the position holds")
        #expect(changes == 0, "paused, nothing ticks")

        player.play()
        #expect(wait(for: player, 8) { player.state == .ended }, "played to its end: \(player.state)")
        #expect(abs(player.position - 4) < 0.2)
    }

    @Test func anEpisodeOpensWhereItWasLeftAndSeeksWithinASecond() throws {
        let player = player()
        player.open(server.url("/long.opus"), at: 25, play: false)
        try #require(wait(for: player, 10) { player.state == .paused }, "never ready: \(player.state)")
        #expect(abs(player.position - 25) < 1, "resumed at 25 s: \(player.position)")
        #expect(abs((player.duration ?? 0) - 40) < 1, "an Ogg file over HTTP knows its length: \(String(describing: player.duration))")

        player.seek(to: 10)
        player.play()
        try #require(wait(for: player, 10) { player.state == .playing && player.position > 10.3 })
        #expect(player.position < 11.5, "the seek landed at 10 s: \(player.position)")

        player.skip(by: 15)
        wait(for: player, 0.6) { false }
        #expect(abs(player.position - 25.3) < 1, "15 s forward: \(player.position)")
        player.skip(by: -30)
        wait(for: player, 0.3) { false }
        #expect(player.position < 1.5, "back past the start stops at the start: \(player.position)")
    }

    @Test func twiceTheSpeedPlaysTwiceAsFar() throws {
        let player = player()
        player.setRate(2)
        player.open(server.url("/long.mp3"))
        try #require(wait(for: player, 10) { player.state == .playing })
        let start = (player.position, Date())
        wait(for: player, 1.5) { false }
        let advanced = player.position - start.0, elapsed = Date().timeIntervalSince(start.1)
        #expect(advanced > elapsed * 1.6, "at 2×, \(elapsed) s of listening moved \(advanced) s")
        #expect(player.rate == 2)
    }

    @Test(arguments: [("/gone.mp3", PlaybackError.notFound), ("/locked.mp3", .refused), ("/page.mp3", .notMedia)])
    func anAddressThatGivesNoEpisodeSaysWhy(path: String, expected: PlaybackError) throws {
        let player = player()
        player.open(server.url(path))
        try #require(wait(for: player, 15) { if case .failed = player.state { true } else { false } }, "\(path): \(player.state)")
        #expect(player.state == .failed(expected), "\(path)")
        player.play()
        #expect(player.state == .failed(expected), "play after a failure does nothing")
    }

    @Test func aMissingFileAndAClosedPortSayWhy() throws {
        let player = player()
        player.open(URL(filePath: "/nonexistent/episode.mp3"))
        #expect(wait(for: player, 10) { player.state == .failed(.notFound) }, "\(player.state)")

        player.open(URL(string: "http://127.0.0.1:9/episode.mp3")!)
        #expect(wait(for: player, 15) { if case .failed(.unreachable) = player.state { true } else { false } }, "\(player.state)")
    }

    @Test func aServerThatStallsEndsInAMessageAndTheLoopRunsOn() throws {
        let player = player(stallTimeout: 2)
        player.open(server.url("/stall.mp3"))
        var ticks = 0
        let counter = MainLoop.timeout(milliseconds: 100) { ticks += 1; return true }
        defer { counter.remove() }
        #expect(wait(for: player, 20) { if case .failed(.unreachable) = player.state { true } else { false } }, "\(player.state)")
        #expect(ticks > 10, "the main loop was never held")
        if case .failed(let error) = player.state {
            #expect(!error.message.isEmpty && !error.advice.isEmpty)
        }
    }

    @Test func aStreamThatNeverEndsPlaysWithoutALengthPausesAndCloses() throws {
        let player = player()
        player.open(server.url("/endless.mp3"))
        try #require(wait(for: player, 10) { player.state == .playing }, "\(player.state)")
        wait(for: player, 1.5) { false }
        #expect(player.position > 1, "it plays: \(player.position)")
        player.pause()
        #expect(player.state == .paused)
        player.play()
        #expect(wait(for: player, 5) { player.state == .playing })
        player.close()
        #expect(player.state == .idle, "closing a stream that never ends is at once")
    }

    @Test func aVideoShowsItsPicturesWhilePlayingAndNoneWhilePaused() throws {
        let player = player()
        var frames = 0
        var last: (width: Int, height: Int, stride: Int, red: UInt8)?
        player.onFrame = { frame in
            frames += 1
            let first = g_bytes_get_data(frame.bytes, nil)?.load(as: UInt8.self) ?? 0
            last = (frame.width, frame.height, frame.stride, first)
        }
        player.open(server.url("/clip.webm"))
        try #require(wait(for: player, 10) { player.state == .playing }, "never played: \(player.state)")
        wait(for: player, 1) { false }
        #expect(player.videoSize?.width == 320 && player.videoSize?.height == 240, "\(String(describing: player.videoSize))")
        #expect(frames >= 10, "a second of a 25-frame video brings its pictures: \(frames)")
        #expect(last?.width == 320 && last?.height == 240 && (last?.stride ?? 0) >= 320 * 4, "\(String(describing: last))")
        // The test picture's top left is white: its RGBA red is full.
        #expect((last?.red ?? 0) > 200, "the pixels are the picture's: \(String(describing: last))")
        #expect(player.position > 0.8, "its sound plays with it: \(player.position)")

        player.pause()
        wait(for: player, 0.3) { false }
        frames = 0
        wait(for: player, 1) { false }
        #expect(frames == 0, "paused, no pictures come")
        player.seek(to: 3)
        #expect(wait(for: player, 3) { frames > 0 }, "a seek while paused shows the picture there")
        player.close()
        #expect(player.videoSize == nil)
    }

    @Test func aSoundEpisodeHasNoPictures() throws {
        let player = player()
        var frames = 0
        player.onFrame = { _ in frames += 1 }
        player.open(server.url("/tone.opus"))
        try #require(wait(for: player, 10) { player.state == .playing }, "never played: \(player.state)")
        wait(for: player, 0.5) { false }
        #expect(frames == 0 && player.videoSize == nil)
    }

    @Test func aVideoNoDecoderPlaysSaysWhichAndWhatToInstall() throws {
        let player = player()
        player.open(server.url("/h265.mkv"))
        try #require(wait(for: player, 10) { if case .failed = player.state { true } else { false } }, "\(player.state)")
        #expect(player.state == .failed(.unsupported("H.265 video")), "\(player.state)")
        if case .failed(let error) = player.state {
            #expect(error.message.contains("H.265 video") && error.advice.contains("gstreamer1.0-libav"), "\(error)")
        }
    }

    @Test func aVideoWhosePicturesCannotBeDecodedPlaysItsSoundAndSaysSo() throws {
        let player = player()
        var frames = 0
        player.onFrame = { _ in frames += 1 }
        player.open(server.url("/h265-tone.mkv"))
        try #require(wait(for: player, 10) { player.state == .playing }, "the sound plays: \(player.state)")
        #expect(player.unplayablePart == "H.265 video")
        #expect(wait(for: player, 5) { player.state == .ended }, "\(player.state)")
        #expect(frames == 0 && player.videoSize == nil)
    }
}
