import Foundation
import Library
import Testing
import TestSupport

/// Podcasts in the running window: a feed's episodes (Tests/Servers/media_server.py) played in
/// the player bar with real GStreamer (a silent sink where the machine has no sound), driven and
/// read through MPRIS with playerctl over the sandbox's bus, as GNOME's media controls do.
@Suite("Podcasts", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
struct PodcastTests {
    static let playerctl = "/usr/bin/playerctl"

    /// A sandbox subscribed to the podcast; its library; the episodes' articles by title.
    private func subscribed(to server: SiteServer, feed: String = "/podcast.xml") async throws -> (LecternSandbox, LibraryStore, [String: ArticleRow]) {
        let sandbox = try await LecternSandbox()
        let added = await sandbox.run(["--batch", "--add-feed", "http://127.0.0.1:\(server.port)\(feed)"], environment: ["DISPLAY": nil])
        try #require(added.status == 0, "\(added.stderr)")
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let rows = try store.articles(ArticleQuery(view: .all))
        return (sandbox, store, Dictionary(uniqueKeysWithValues: rows.map { ($0.title ?? "", $0) }))
    }

    /// Lectern started in `sandbox` with an accessibility bus to read it over, once it is running.
    private func startReadable(_ sandbox: LecternSandbox) async throws -> (AccessibilityBus, Process) {
        let bus = try await AccessibilityBus()
        sandbox.extraEnvironment = bus.environment
        let app = try sandbox.start([])
        do {
            try #require(await sandbox.lecternIsRunning())
            // Readable, not only running: on a loaded machine the window's first AT-SPI walk can
            // come many seconds after its bus name, and the test's own waits start after it.
            try #require(await eventually(timeout: 60) { !((try? await bus.walk(app)) ?? []).isEmpty },
                         "Lectern never showed up on the accessibility bus")
        } catch {
            app.stop()
            throw error
        }
        return (bus, app)
    }

    /// playerctl's answer for Lectern's player (trimmed), or nil when it failed.
    @discardableResult
    private func player(_ sandbox: LecternSandbox, _ arguments: String...) async -> String? {
        let result = await Command.run(Self.playerctl, ["--player=Lectern"] + arguments, environment: sandbox.environment)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// MPRIS's `Rate`, read over the bus.
    private func rate(_ sandbox: LecternSandbox) async -> Double? {
        let result = await Command.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.mpris.MediaPlayer2.Lectern",
                                                          "--object-path", "/org/mpris/MediaPlayer2", "--method",
                                                          "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Rate"],
                                       environment: sandbox.environment)
        // "(<1.5>,)"
        return Double(result.stdout.filter { $0.isNumber || $0 == "." })
    }

    private func position(_ sandbox: LecternSandbox) async -> Double {
        await player(sandbox, "position").flatMap(Double.init) ?? -1
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: playerctl), "needs playerctl"))
    func anEpisodePlaysAnswersTheMediaKeysAndResumesAfterARestart() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, store, articles) = try await subscribed(to: server)
        let long = try #require(articles["A long tone"]), short = try #require(articles["A short tone"])
        let longURL = "http://127.0.0.1:\(server.port)/long.opus"
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        #expect(await eventually(timeout: 10) { await player(sandbox, "status") == "Stopped" }, "MPRIS is served before anything plays")

        // The reader's Play button's action.
        await sandbox.activate("play-attachment", "[<'\(long.id) \(longURL)'>]")
        #expect(await eventually(timeout: 15) { await player(sandbox, "status") == "Playing" })
        #expect(await player(sandbox, "metadata", "--format", "{{title}}|{{album}}|{{xesam:url}}")
                == "A long tone|Tones Weekly|\(longURL)")
        #expect(await eventually(timeout: 10) { await position(sandbox) > 1 }, "the position moves")

        await player(sandbox, "position", "20")
        var seeked = 0.0
        #expect(await eventually(timeout: 5) { seeked = await position(sandbox); return (20...22).contains(seeked) }, "seeked: \(seeked)")
        await player(sandbox, "pause")
        #expect(await eventually(timeout: 5) { await player(sandbox, "status") == "Paused" })
        let held = await position(sandbox)
        await pause(seconds: 1)
        let later = await position(sandbox)
        #expect(abs(later - held) < 0.1, "paused, the place holds: \(held) → \(later)")
        await player(sandbox, "previous")   // 15 s back
        await sandbox.activate("playback-speed", "[<'1.5'>]")   // the speed menu's item
        #expect(await eventually(timeout: 5) { await rate(sandbox) == 1.5 })
        var left = 0.0
        #expect(await eventually(timeout: 5) { left = await position(sandbox); return abs(left - (held - 15)) < 1 }, "15 s back: \(left)")

        // The place is written as it changes: a crash (kill -9) keeps it; the next launch resumes there.
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        let kept = try #require(try store.episodeProgress(articleID: long.id, url: longURL))
        #expect(abs(kept.position - left) < 1, "kept \(kept.position), left at \(left)")
        let again = try sandbox.start([])
        defer { again.stop() }
        try #require(await sandbox.lecternIsRunning())
        #expect(await eventually(timeout: 10) { await player(sandbox, "open", longURL) != nil }, "OpenUri with the episode's address")
        #expect(await eventually(timeout: 15) { await player(sandbox, "status") == "Playing" })
        let resumed = await position(sandbox)
        #expect(resumed > left - 1 && resumed < left + 3, "resumed at \(resumed), left at \(left) (seeking lands within a second)")
        #expect(await rate(sandbox) == 1.5, "the speed chosen is kept")

        // An episode heard to its end is played, and its article read.
        let shortURL = "http://127.0.0.1:\(server.port)/tone.mp3"
        await sandbox.activate("play-attachment", "[<'\(short.id) \(shortURL)'>]")
        #expect(await eventually(timeout: 20) { (try? store.episodeProgress(articleID: short.id, url: shortURL))??.played == true })
        // Its article is marked read right after (a write of its own: the test may look in between).
        #expect(await eventually(timeout: 5) { (try? store.article(id: short.id))??.read == true })
        #expect(await player(sandbox, "status") == "Paused")
        #expect(await player(sandbox, "open", "http://127.0.0.1:\(server.port)/elsewhere.mp3") == nil,
                "an address no article attaches is refused")
    }

    @Test(.enabled(if: AccessibilityBus.isAvailable, "needs AT-SPI"), .hangGuard)
    func anEpisodeThatIsGoneSaysSoInAPlayerBarWhoseControlsAreNamed() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, _, articles) = try await subscribed(to: server)
        let lost = try #require(articles["A lost episode"])
        let (bus, app) = try await startReadable(sandbox)
        defer { app.stop() }
        await sandbox.activate("play-attachment", "[<'\(lost.id) http://127.0.0.1:\(server.port)/gone.mp3'>]")
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 20) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.name.hasPrefix("The episode is not at its address any more.") }
        }, "the player bar says what failed: \(nodes.filter { $0.role == "label" }.map(\.name))")
        #expect(nodes.contains { $0.name.contains("Open the article in the browser") }, "and what to do")
        #expect(nodes.contains { $0.role == "label" && $0.name == "A lost episode" })
        for control in ["Play", "Volume", "Back 15 Seconds", "Forward 30 Seconds", "Playback Speed", "Close the Player"] {
            #expect(nodes.contains { $0.isControl && $0.name == control }, "\(control) is named")
        }
        let unnamed = nodes.filter { $0.isControl && !$0.isNamed }.map(\.summary)
        #expect(unnamed.isEmpty, "controls a screen reader cannot name: \(unnamed)")
        #expect(server.hits("/gone.mp3") >= 1)
    }

    @Test(.enabled(if: AccessibilityBus.isAvailable && FileManager.default.fileExists(atPath: playerctl), "needs AT-SPI and playerctl"),
          .hangGuard)
    func anEpisodesChaptersAreListedInThePlayerAndNamedAsTheyPlay() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, store, articles) = try await subscribed(to: server)
        let long = try #require(articles["A long tone"])
        let longURL = "http://127.0.0.1:\(server.port)/long.opus"
        let (bus, app) = try await startReadable(sandbox)
        defer { app.stop() }
        await sandbox.activate("play-attachment", "[<'\(long.id) \(longURL)'>]")
        #expect(await eventually(timeout: 15) { await player(sandbox, "status") == "Playing" })
        #expect(await eventually(timeout: 10) {
            (try? store.episodeProgress(articleID: long.id, url: longURL))??.chapters?.map(\.title) == ["Opening", "The middle", "Closing"]
        }, "fetched from the feed's podcast:chapters and kept")
        await sandbox.activate("seek-to", "[<'25.0'>]")   // the chapters menu's "0:25  Closing"
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 15) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.role == "label" && $0.name == "Tones Weekly · Closing" }
        }, "the bar names the chapter playing: \(nodes.filter { $0.role == "label" }.map(\.name))")
        #expect(nodes.contains { $0.isControl && $0.name == "Chapters" })
        let position = await position(sandbox)
        #expect(position >= 25 && position < 28, "at the chapter: \(position)")
        #expect(server.hits("/chapters.json") == 1)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: playerctl), "needs playerctl"))
    func aDownloadedEpisodePlaysFromTheDiskAndIsDeletedOnRequest() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, store, articles) = try await subscribed(to: server)
        let short = try #require(articles["A short tone"]), long = try #require(articles["A long tone"])
        let shortURL = "http://127.0.0.1:\(server.port)/tone.mp3", longURL = "http://127.0.0.1:\(server.port)/long.opus"
        // The feed's settings: "Download new episodes".
        var settings = FeedSettings(of: try #require(try store.feeds().first))
        settings.downloadsEpisodes = true
        try store.apply(settings, toFeed: short.feedID)
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("refresh")
        func downloaded(_ id: Int64, _ url: String) -> String? {
            guard let path = (try? store.episodeProgress(articleID: id, url: url))??.file, FileManager.default.fileExists(atPath: path)
            else { return nil }
            return path
        }
        #expect(await eventually(timeout: 20) { downloaded(short.id, shortURL) != nil && downloaded(long.id, longURL) != nil },
                "after the refresh, the feed's two newest episodes are downloaded")
        #expect(server.hits("/gone.mp3") == 0, "the third newest is not")
        let file = downloaded(short.id, shortURL)
        let path = try #require(file)
        #expect(path.hasPrefix(sandbox.root.appending(path: "cache/lectern/episodes").path), "in the cache folder: \(path)")
        let fetched = server.hits("/tone.mp3")

        await sandbox.activate("play-attachment", "[<'\(short.id) \(shortURL)'>]")
        #expect(await eventually(timeout: 15) { await player(sandbox, "status") == "Playing" })
        #expect(server.hits("/tone.mp3") == fetched, "played from the disk, not the network")
        #expect(await player(sandbox, "metadata", "xesam:url") == shortURL, "still the episode's own address to the desktop")

        await sandbox.activate("delete-download", "[<'\(short.id) \(shortURL)'>]")
        #expect(await eventually(timeout: 10) {
            !FileManager.default.fileExists(atPath: path) && (try? store.episodeProgress(articleID: short.id, url: shortURL))??.file == nil
        }, "the file and its note are gone")
        await sandbox.activate("download-episode", "[<'\(short.id) \(shortURL)'>]")   // the reader's Download button
        #expect(await eventually(timeout: 15) { downloaded(short.id, shortURL) != nil }, "downloaded again on request")
    }

    /// The window's screenshot: how many pixels are near the test picture's yellow and cyan bars
    /// (videotestsrc's, after VP8 and scaling: colours no theme has), or nil when it could not be taken.
    private func testPictureBars(_ sandbox: LecternSandbox, app: Process) async -> Int? {
        let shot = sandbox.root.appending(path: "video-\(UUID().uuidString).png").path
        guard await sandbox.run(["--screenshot", shot]).answered(by: app), let image = PNGImage(path: shot) else { return nil }
        return min(image.count(near: "#ffff00", tolerance: 24), image.count(near: "#00ffff", tolerance: 24))
    }

    @Test(.enabled(if: AccessibilityBus.isAvailable, "needs AT-SPI"), .hangGuard)
    func aVideoPlaysInTheReaderGoesFullScreenAndOneWithoutADecoderSaysSo() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, _, articles) = try await subscribed(to: server, feed: "/video.xml")
        let clip = try #require(articles["A test picture"]), opaque = try #require(articles["Pictures nobody decodes"])
        let (bus, app) = try await startReadable(sandbox)
        defer { app.stop() }
        #expect(await testPictureBars(sandbox, app: app) == 0, "no picture before a video plays")

        await sandbox.activate("play-attachment", "[<'\(clip.id) http://127.0.0.1:\(server.port)/clip.webm'>]")
        var bars = 0
        #expect(await eventually(timeout: 20) { bars = await testPictureBars(sandbox, app: app) ?? 0; return bars > 2000 },
                "the video's pictures show in the window: \(bars) pixels of its bars")
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 10) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.name == "Video: A test picture" }
        }, "the video is named: \(nodes.map(\.name).filter { !$0.isEmpty })")
        #expect(nodes.contains { $0.isControl && $0.name == "Full Screen" })

        await sandbox.activate("video-full-screen")
        #expect(await eventually(timeout: 10) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.role == "frame" && $0.name == "A test picture" }
        }, "full screen, in a window of its own: \(nodes.filter { $0.role == "frame" }.map(\.name))")
        await sandbox.activate("video-full-screen")
        #expect(await eventually(timeout: 10) {
            nodes = (try? await bus.walk(app)) ?? []
            return !nodes.contains { $0.role == "frame" && $0.name == "A test picture" }
        }, "and back: \(nodes.filter { $0.role == "frame" }.map(\.name))")

        // At a phone's width the bar puts the episode's title above its buttons and asks no more
        // than 360 px of the window (it asked 372 with the title between them).
        let environment = ProcessInfo.processInfo.environment
        let window = try #require(await app.visibleWindows(titled: "Lectern", environment: environment).first)
        _ = await Command.run("/usr/bin/xdotool", ["windowsize", window, "360", "700"], environment: environment)
        var hints = ""
        #expect(await eventually(timeout: 10) {
            hints = await Command.run("/usr/bin/xprop", ["-id", window, "WM_NORMAL_HINTS"], environment: environment).stdout
            let minimum = hints.split(separator: "\n").first { $0.contains("minimum size") }?
                .split(separator: ":").last?.split(separator: " ").first.flatMap { Int($0) }
            return minimum.map { $0 <= 360 } ?? false
        }, "the window cannot be made 360 px wide while the player shows: \(hints)")
        _ = await Command.run("/usr/bin/xdotool", ["windowsize", window, "1200", "700"], environment: environment)

        // Pictures nobody can decode: the sound plays, the bar says what cannot, no video shows.
        await sandbox.activate("play-attachment", "[<'\(opaque.id) http://127.0.0.1:\(server.port)/h265-tone.mkv'>]")
        #expect(await eventually(timeout: 15) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.role == "label" && $0.name.contains("Lectern cannot play the episode's H.265 video") }
        }, "the bar says which part cannot be played: \(nodes.filter { $0.role == "label" }.map(\.name))")
        #expect(!nodes.contains { $0.name.hasPrefix("Video:") }, "no video shows")
        #expect(await testPictureBars(sandbox, app: app) == 0, "the last video's picture is gone")
    }

    @Test(.enabled(if: AccessibilityBus.isAvailable, "needs AT-SPI"), .hangGuard)
    func anAudioInAnArticlesTextPlaysFromItsCardAndIsRemembered() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, store, articles) = try await subscribed(to: server, feed: "/video.xml")
        let article = try #require(articles["A tone in the text"])
        let toneURL = "http://127.0.0.1:\(server.port)/tone.opus"
        let (bus, app) = try await startReadable(sandbox)
        defer { app.stop() }
        await sandbox.activate("show-article", "[<'\(article.id)'>]")
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 15) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.isControl && $0.name == "Play The tone" }
        }, "the article's audio card offers Play: \(nodes.filter(\.isControl).map(\.name))")
        nodes = try await bus.click("Play The tone", in: app)
        #expect(await eventually(timeout: 15) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.isControl && $0.name == "Pause" }
        }, "it plays in the player bar: \(nodes.filter(\.isControl).map(\.name))")
        #expect(nodes.contains { $0.role == "label" && $0.name == "A tone in the text" })
        #expect(await eventually(timeout: 15) { (try? store.episodeProgress(articleID: article.id, url: toneURL))??.played == true },
                "heard to its end, it is kept as played, as an attachment is")
    }

    @Test(.enabled(if: AccessibilityBus.isAvailable, "needs AT-SPI"), .hangGuard)
    func thePodcastsViewShowsTheShowsArtworkAndFollowsThePlayer() async throws {
        let server = try await SiteServer(script: "Tests/Servers/media_server.py")
        let (sandbox, _, articles) = try await subscribed(to: server)
        let long = try #require(articles["A long tone"])
        let (bus, app) = try await startReadable(sandbox)
        defer { app.stop() }
        // The artwork's purple, in the window: the sidebar's feed icon only, until the Podcasts view lists its episodes.
        func purple() async -> Int {
            let shot = sandbox.root.appending(path: "podcasts-\(UUID().uuidString).png").path
            guard await sandbox.run(["--screenshot", shot]).answered(by: app), let image = PNGImage(path: shot) else { return -1 }
            return image.count(of: "#6a3cc8")
        }
        var beside = 0
        #expect(await eventually(timeout: 15) { beside = await purple(); return beside > 50 }, "the feed's icon is its itunes:image: \(beside)")
        #expect(beside < 600, "no artwork beside rows outside the Podcasts view: \(beside)")

        var nodes = try await bus.select("Podcasts", in: app)
        var listed = 0
        #expect(await eventually(timeout: 10) { listed = await purple(); return listed > beside + 2000 },
                "the show's artwork beside each of its three episodes: \(listed) pixels, \(beside) before")
        func row(_ title: String) -> String? { nodes.first { $0.role == "list item" && $0.name.hasPrefix(title) }?.name }
        #expect(row("A long tone")?.hasSuffix("Not played yet") == true, "\(row("A long tone") ?? "no row")")

        await sandbox.activate("play-attachment", "[<'\(long.id) http://127.0.0.1:\(server.port)/long.opus'>]")
        await sandbox.activate("seek-to", "[<'20'>]")
        await sandbox.activate("play-pause")
        #expect(await eventually(timeout: 15) {
            nodes = (try? await bus.walk(app)) ?? []
            return row("A long tone")?.hasSuffix("1 min left") == true
        }, "the row follows the player without a reload: \(row("A long tone") ?? "no row")")
    }
}
