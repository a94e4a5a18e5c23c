import ArticleModel
import Foundation
import GtkBridge
import Library
import Localization

/// Episodes kept for listening offline: downloaded on request into the cache folder
/// (`$XDG_CACHE_HOME/lectern/episodes`; the library notes each file), under the user's caps for
/// one file and for all of them (`[listening]` in settings.ini), shown with their progress beside
/// the attachment, played from the disk, and deleted on request or once played and left for the
/// days the user set. Actions: `app.download-episode('ID URL')`, `app.cancel-download('ID URL')`,
/// `app.delete-download('ID URL')`.
@MainActor
final class DownloadsFeature {
    private struct Key: Hashable {
        let articleID: Int64
        let url: String
    }

    private unowned let shell: AppShell
    private let library: LibraryOwner
    private var running: [Key: Task<Void, Never>] = [:]
    private var progress: [Key: (received: Int, total: Int?)] = [:]
    private var failures: [Key: String] = [:]
    /// Told when an episode's download state changes (article, address).
    var onChange: [@MainActor (Int64, String) -> Void] = []

    static var folder: URL { DataLocations.cacheDirectory.appending(path: "episodes", directoryHint: .isDirectory) }

    init(shell: AppShell, library: LibraryOwner) {
        self.shell = shell
        self.library = library
        let map = shell.actionMap
        let episodes: [(String, @MainActor (DownloadsFeature, Int64, String) -> Void)] = [
            ("download-episode", { $0.download(articleID: $1, url: $2) }),
            ("cancel-download", { $0.cancel(articleID: $1, url: $2) }),
            ("delete-download", { $0.delete(articleID: $1, url: $2) }),
        ]
        for (name, command) in episodes {
            Actions.add(name, to: map, string: { [unowned self] target in
                let parts = target.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let id = Int64(parts[0]) else { return }
                command(self, id, String(parts[1]))
            })
        }
    }

    func state(articleID: Int64, url: String) -> DownloadState {
        let key = Key(articleID: articleID, url: url)
        if let progress = progress[key] { return .downloading(received: progress.received, total: progress.total) }
        if let failure = failures[key] { return .failed(failure) }
        guard let file = localFile(articleID: articleID, url: url) else { return .none }
        return .downloaded(bytes: (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
    }

    /// The episode's downloaded file, when it is still on the disk.
    func localFile(articleID: Int64, url: String) -> URL? {
        library.access?.read(tr("find the episode"), fallback: nil, { try $0.episodeProgress(articleID: articleID, url: url) })
            .flatMap(Self.file(of:))
    }

    /// The episode's downloaded file, when the library notes one and it is still on the disk.
    static func file(of episode: EpisodeProgress) -> URL? {
        guard let path = episode.file, FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(filePath: path)
    }

    func download(articleID: Int64, url: String) {
        let key = Key(articleID: articleID, url: url)
        guard running[key] == nil, let address = URL(string: url), let access = library.access else { return }
        failures[key] = nil
        let settings = shell.settings
        let kept = access.read(tr("read your downloads"), fallback: []) { try $0.downloadedEpisodes() }.reduce(0) { $0 + ($1.fileSize ?? 0) }
        let coming = access.read(tr("open the episode"), fallback: nil) { try $0.article(id: articleID) }?
            .enclosures.first { $0.url == url }?.length ?? 0
        guard kept + coming <= settings.downloadsLimitMB << 20 else {
            return fail(key, tr("the downloads would pass their limit of {size} MB: delete played ones first, or raise it (downloads-limit-mb in settings.ini)",
                                ["size": settings.downloadsLimitMB]))
        }
        progress[key] = (0, coming > 0 ? coming : nil)
        changed(key)
        let folder = Self.folder, limit = settings.episodeSizeLimitMB << 20
        let (updates, sink) = AsyncStream.makeStream(of: (Int, Int?).self, bufferingPolicy: .bufferingNewest(1))
        let reporter: @Sendable (Int, Int?) -> Void = { sink.yield(($0, $1)) }
        Task { [weak self] in
            for await (received, total) in updates { self?.advanced(key, received: received, total: total) }
        }
        running[key] = Task { [weak self] in
            let result: Result<(file: URL, bytes: Int), ResourceDownload.Failure>
            do throws(ResourceDownload.Failure) {
                result = .success(try await EpisodeDownload.fetch(address, articleID: articleID, into: folder, maxBytes: limit,
                                                                  appVersion: LecternVersion.string, progress: reporter))
            } catch {
                result = .failure(error)
            }
            sink.finish()
            self?.finished(key, result)
        }
    }

    func cancel(articleID: Int64, url: String) {
        running[Key(articleID: articleID, url: url)]?.cancel()
    }

    /// Deletes the downloaded file; the episode streams again from its address.
    func delete(articleID: Int64, url: String) {
        let key = Key(articleID: articleID, url: url)
        if let file = localFile(articleID: articleID, url: url) { try? FileManager.default.removeItem(at: file) }
        library.access?.write(tr("delete the download")) { try $0.setEpisodeFile(nil, size: nil, articleID: articleID, url: url) }
        failures[key] = nil
        changed(key)
    }

    /// After a refresh: the newest episodes of the feeds that keep theirs (two a feed, not yet
    /// heard, arrived in the last two weeks) are downloaded.
    func downloadNew() {
        for episode in library.access?.read(tr("read your downloads"), fallback: [], { try $0.episodesToDownload() }) ?? [] {
            download(articleID: episode.articleID, url: episode.url)
        }
    }

    /// Deletes the downloads of episodes played more than the days the user keeps them, and
    /// forgets files that are no longer on the disk.
    func removePlayed() {
        guard let access = library.access else { return }
        let days = shell.settings.keepPlayedDownloadsDays
        for episode in access.read(tr("read your downloads"), fallback: [], { try $0.playedDownloads(olderThan: days) }) {
            delete(articleID: episode.articleID, url: episode.url)
        }
        for episode in access.read(tr("read your downloads"), fallback: [], { try $0.downloadedEpisodes() })
        where !FileManager.default.fileExists(atPath: episode.file ?? "") {
            access.write(tr("delete the download")) { try $0.setEpisodeFile(nil, size: nil, articleID: episode.articleID, url: episode.url) }
        }
    }

    /// Lectern is quitting: downloads under way stop (their part files are removed).
    func shutDown() {
        running.values.forEach { $0.cancel() }
    }

    private func advanced(_ key: Key, received: Int, total: Int?) {
        guard running[key] != nil else { return }
        progress[key] = (received, total ?? progress[key]?.total)
        changed(key)
    }

    private func finished(_ key: Key, _ result: Result<(file: URL, bytes: Int), ResourceDownload.Failure>) {
        running[key] = nil
        progress[key] = nil
        switch result {
        case .success(let (file, bytes)):
            let noted = library.access?.write(tr("keep the download")) {
                try $0.setEpisodeFile(file.path, size: bytes, articleID: key.articleID, url: key.url)
            } ?? false
            if !noted { try? FileManager.default.removeItem(at: file) }
        case .failure(.cancelled):
            break
        case .failure(let failure):
            return fail(key, failure.description)
        }
        changed(key)
    }

    private func fail(_ key: Key, _ reason: String) {
        failures[key] = reason
        changed(key)
    }

    private func changed(_ key: Key) {
        onChange.forEach { $0(key.articleID, key.url) }
    }
}
