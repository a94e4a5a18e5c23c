import ArticleModel
import Foundation
import GtkBridge
import Library
import Localization
import Playback

/// Podcasts and the media articles attach, one episode at a time across the whole app. Owns
/// the player; the player bar at the bottom of the window shows and drives it. Where each
/// episode was left is kept in the library every 10 s while it plays, on pause, on every seek
/// and at quitting, and opening it again resumes there; heard to its end it is marked played
/// and its article read. Closing the window keeps it playing only while Lectern stays running
/// in the background. Actions: `app.play-attachment('ID URL')`, `app.play-pause` (p),
/// `app.skip-back` (comma, 15 s), `app.skip-forward` (period, 30 s), `app.playback-speed('1.5')`,
/// `app.seek-to('SECONDS')` (a chapter), `app.stop-playing`, `app.video-full-screen` (F11). A video's
/// pictures show at the top of the reader (`VideoView`).
@MainActor
final class ListeningFeature {
    /// The episode open in the player.
    struct Episode: Equatable {
        let articleID: Int64
        let url: String
        let title: String
        /// The feed's title.
        let show: String
        /// The show's picture (the feed's icon), as a file address.
        let artwork: String?
        /// Its chapters, by their start (empty until fetched, or when it has none).
        var chapters: [Chapter] = []
    }

    static let skipBack: Double = 15
    static let skipForward: Double = 30
    /// How often, at most, a playing episode's place is written.
    static let saveInterval: TimeInterval = 10

    private unowned let shell: AppShell
    private let library: LibraryOwner
    private(set) var player: MediaPlayer?
    private(set) var episode: Episode?
    private var lastSaved = Date.distantPast
    private var lastState: MediaPlayer.State = .idle
    /// `app.playback-speed`, whose state is the speed chosen (its menu's items are radio items).
    private var speedAction: OpaquePointer?
    /// Told on every change of the player (its state, and its position while playing).
    var onChange: [@MainActor () -> Void] = []
    /// Told of every seek the user asked for, with the new position.
    var onSeek: [@MainActor (Double) -> Void] = []

    init(shell: AppShell, library: LibraryOwner) {
        self.shell = shell
        self.library = library
        let map = shell.actionMap
        Actions.add("play-attachment", to: map, string: { [unowned self] target in
            let parts = target.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let id = Int64(parts[0]) else { return }
            play(articleID: id, url: String(parts[1]))
        })
        Actions.add("play-pause", to: map) { [unowned self] in player?.togglePlaying() }
        Actions.add("skip-back", to: map) { [unowned self] in skip(by: -Self.skipBack) }
        Actions.add("skip-forward", to: map) { [unowned self] in skip(by: Self.skipForward) }
        speedAction = Actions.addStateful("playback-speed", to: map, string: { [unowned self] rate in
            if let rate = Double(rate) { player?.setRate(rate) }
        })
        if let speedAction { Actions.setState(speedAction, PlayerBar.rateTarget(1)) }
        Actions.add("stop-playing", to: map) { [unowned self] in stop() }
        Actions.add("seek-to", to: map, string: { [unowned self] seconds in
            if let seconds = Double(seconds) { seek(to: seconds) }
        })
        Actions.add("video-full-screen", to: map) { [unowned self] in videoView?.toggleFullScreen() }
        Actions.setAccelerators(["F11"], for: "app.video-full-screen", on: map)
    }

    /// The window's player bar shows the player and drives it.
    func attach(to window: MainWindow) {
        let bar = window.playerBar
        onChange.append { [unowned self, weak bar] in bar?.show(player, episode: episode) }
        onChange.append { [unowned self] in videoView?.follow(player, title: episode?.title) }
        bar.onSeek = { [unowned self] in seek(to: $0) }
        bar.onVolume = { [unowned self] in player?.setVolume($0) }
        bar.show(player, episode: episode)
    }

    /// Opens the attachment `url` of article `articleID` where it was left, and plays it.
    func play(articleID: Int64, url: String) {
        if episode?.articleID == articleID, episode?.url == url, let player, player.state != .idle {
            if case .failed = player.state {} else { return player.play() }
        }
        guard let access = library.access, let address = URL(string: url),
              let article = access.read(tr("open the episode"), fallback: nil, { try $0.article(id: articleID) }) else { return }
        saveProgress()
        let feed = access.read(tr("open the episode"), fallback: nil) { try $0.feed(id: article.feedID) }
        let progress = access.read(tr("find where the episode was left"), fallback: nil) {
            try $0.episodeProgress(articleID: articleID, url: url)
        }
        episode = Episode(articleID: articleID, url: url, title: article.title ?? address.lastPathComponent,
                          show: feed?.displayTitle ?? "",
                          artwork: feed.flatMap { FeedIconCache.cachedFile(forFeedURL: $0.url)?.absoluteString })
        let player = self.player ?? makePlayer()
        // An episode played to its end starts again from the start.
        let start = progress.map { $0.played ? 0 : $0.position } ?? 0
        lastSaved = Date()
        // A downloaded episode plays from the disk.
        let source = progress.flatMap(DownloadsFeature.file(of:)) ?? address
        player.open(source, at: start, play: true, expectedDuration: progress?.duration)
        if let progress { showChapters(of: progress) }
    }

    /// Plays the episode at `url` of whichever article attaches it (the one last listened to,
    /// else the newest); false when none does.
    @discardableResult
    func play(attachment url: String) -> Bool {
        guard let id = library.access?.read(tr("find the episode"), fallback: nil, { try $0.articleID(attaching: url) }) else {
            return false
        }
        play(articleID: id, url: url)
        return true
    }

    func skip(by seconds: Double) {
        guard let player else { return }
        seek(to: player.position + seconds)
    }

    func seek(to seconds: Double) {
        guard let player, player.state != .idle else { return }
        player.seek(to: seconds)
        saveProgress()
        onSeek.forEach { $0(player.position) }
    }

    /// Stops, keeping the place, and closes the player bar.
    func stop() {
        saveProgress()
        player?.close()
        episode = nil
        changed()
    }

    /// Lectern is quitting: the place is kept, and the volume.
    func shutDown() {
        saveProgress()
        if let player { shell.settings.playbackVolume = player.volume }
        player?.close()
    }

    /// The player, at the speed and volume last chosen (`[listening]` in settings.ini).
    /// The episode's chapters: kept in the library once fetched, else fetched now from the
    /// address its feed gives (a small JSON file, under `DownloadPolicy.chapters`).
    private func showChapters(of progress: EpisodeProgress) {
        if let chapters = progress.chapters {
            episode?.chapters = chapters
            return
        }
        guard let address = progress.details.chaptersURL.flatMap(URL.init(string:)) else { return }
        let (articleID, url) = (progress.articleID, progress.url)
        Task { [weak self] in
            guard let answer = try? await Self.chaptersDownload.get(address, accept: "application/json+chapters, application/json"),
                  let chapters = Chapter.parse(answer.body), let self else { return }
            library.access?.write(tr("keep the episode's chapters")) { try $0.saveChapters(chapters, articleID: articleID, url: url) }
            guard episode?.articleID == articleID, episode?.url == url else { return }
            episode?.chapters = chapters
            changed()
        }
    }

    /// Where a video shows: the window's reader.
    private var videoView: VideoView? { shell.mainWindow?.session?.reader.video }

    private static let chaptersDownload = ResourceDownload(policy: .chapters, appVersion: LecternVersion.string)

    private func makePlayer() -> MediaPlayer {
        let player = MediaPlayer(userAgent: DownloadPolicy.userAgent(appVersion: LecternVersion.string))
        player.setRate(shell.settings.playbackRate)
        player.setVolume(shell.settings.playbackVolume)
        player.onChange = { [unowned self] in playerChanged() }
        player.onFrame = { [unowned self] in videoView?.present($0) }
        self.player = player
        return player
    }

    private func playerChanged() {
        guard let player else { return }
        let state = player.state
        if state != lastState {
            let wasPlaying = lastState == .playing
            lastState = state
            switch state {
            case .ended: finished()
            case .paused, .failed: if wasPlaying { saveProgress() }
            default: break
            }
        } else if state == .playing, Date().timeIntervalSince(lastSaved) >= Self.saveInterval {
            saveProgress()
        }
        changed()
    }

    private func changed() {
        if let player, let speedAction { Actions.setState(speedAction, PlayerBar.rateTarget(player.rate)) }
        // The speed is kept as it is chosen; the volume once it rests (not at every step of a drag).
        if let player, player.rate != shell.settings.playbackRate { shell.settings.playbackRate = player.rate }
        if let player, player.state != .playing, player.volume != shell.settings.playbackVolume { shell.settings.playbackVolume = player.volume }
        onChange.forEach { $0() }
    }

    /// Writes where the episode is (nothing for a failed or finished one).
    private func saveProgress() {
        guard let episode, let player, player.url != nil else { return }
        switch player.state {
        case .idle, .ended, .failed: return
        default: break
        }
        lastSaved = Date()
        let progress = EpisodeProgress(articleID: episode.articleID, url: episode.url, position: player.position,
                                       duration: player.duration)
        library.access?.write(tr("keep the episode's place")) { try $0.saveEpisodeProgress(progress) }
        showInList()
    }

    /// The Podcasts view's row of the episode says what was just kept (its place, played).
    private func showInList() {
        guard let episode, let list = shell.mainWindow?.session?.list,
              let kept = library.access?.read(tr("find where the episode was left"), fallback: nil, {
                  try $0.episodeProgress(articleID: episode.articleID, url: episode.url)
              }) else { return }
        list.showEpisode(kept)
    }

    private func finished() {
        guard let episode, let player else { return }
        let done = library.access?.write(tr("mark the episode played")) {
            try $0.finishEpisode(articleID: episode.articleID, url: episode.url, duration: player.duration)
        } ?? false
        if done { shell.mainWindow?.session?.articleReadElsewhere(episode.articleID) }
        showInList()
    }
}
