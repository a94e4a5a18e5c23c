import FeedParsing
import Foundation

/// The app's door to the library: one store, and the jobs a launch or the window asks
/// for. GTK-free and `Sendable`; work runs off the main thread and reports each step
/// through `say` so the command line (or the window) can show progress.
public final class LibraryService: Sendable {
    public let store: LibraryStore
    public let policy: RefreshPolicy
    /// Full articles from their web pages; one loader, so its per-host limit holds for all.
    public let fullArticles: FullArticleLoader
    let refresher: FeedRefresher

    /// What a request did: `failures` name each thing that went wrong, in plain words.
    public struct Report: Sendable {
        public var failures: [String] = []
        /// The refresh reached no server at all: the computer seems offline (`failures` says so once).
        public var offline = false
        public var succeeded: Bool { failures.isEmpty }
    }

    public init(store: LibraryStore, appVersion: String) {
        self.store = store
        policy = RefreshPolicy(appVersion: appVersion)
        fullArticles = FullArticleLoader(store: store, policy: policy)
        refresher = FeedRefresher(store: store, policy: policy)
    }

    /// Opens (or creates) the library file, making its folder first.
    public static func open(at file: URL, appVersion: String) throws(StorageError) -> LibraryService {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return LibraryService(store: try LibraryStore.open(path: file.path), appVersion: appVersion)
    }

    /// Does `request`, reporting each step in words through `say` and, during a refresh,
    /// each finished feed through `progress`.
    public func perform(_ request: LibraryRequest, progress: (@Sendable (RefreshProgress) -> Void)? = nil,
                 say: @escaping @Sendable (String) -> Void) async -> Report {
        var report = Report()
        for path in request.importOPML { importOPML(path, say: say, report: &report) }
        for address in request.addFeeds { await subscribe(address, say: say, report: &report) }
        if request.refresh {
            await refresh(retentionDays: request.retentionDays, automaticInterval: request.automaticInterval,
                          progress: progress, say: say, report: &report)
        }
        if let path = request.exportOPML { exportOPML(path, say: say, report: &report) }
        return report
    }

    private func importOPML(_ path: String, say: (String) -> Void, report: inout Report) {
        do {
            let result = try OPML.importFile(at: path, into: store)
            var line = "Imported \(path): \(result.added) new feed\(result.added == 1 ? "" : "s")"
            if result.duplicates > 0 { line += ", \(result.duplicates) already subscribed" }
            if !result.invalid.isEmpty { line += ", \(result.invalid.count) skipped (not a web or file address)" }
            say(line)
        } catch {
            report.failures.append("\(path): \(error)")
            say("Could not import \(path): \(error). Nothing from it was added.")
        }
    }

    private func subscribe(_ address: String, say: (String) -> Void, report: inout Report) async {
        let subscriber = Subscriber(store: store, policy: policy)
        do {
            switch try await subscriber.subscribe(url: address) {
            case .subscribed(let feed, let ingest):
                say("Subscribed to \(feed.title ?? feed.url) (\(ingest.added) article\(ingest.added == 1 ? "" : "s"))")
            case .choices(let found):
                guard let first = found.first else { return }
                say("\(address) offers \(found.count) feeds: " + found.map { $0.title ?? $0.url }.joined(separator: ", "))
                await subscribe(first.url, say: say, report: &report)
            }
        } catch {
            report.failures.append("\(address): \(error)")
            say("Could not subscribe to \(address): \(error)")
        }
    }

    private func refresh(retentionDays: Int, automaticInterval: TimeInterval?, progress onProgress: (@Sendable (RefreshProgress) -> Void)?,
                         say: @escaping @Sendable (String) -> Void, report: inout Report) async {
        let feeds: [Feed]
        do {
            feeds = try store.feeds()
        } catch {
            report.failures.append("the subscriptions could not be read: \(error)")
            return say("Could not read the subscriptions: \(error)")
        }
        let titles = Dictionary(feeds.map { ($0.id, $0.title ?? $0.url) }) { first, _ in first }
        let now = Date()
        // A feed set to never is left alone; the timer fetches only the feeds that are due.
        let chosen = feeds.filter { feed in
            automaticInterval.map { feed.isDue(at: now, defaultInterval: $0) } ?? (feed.refreshMinutes != 0)
        }
        let before = try? store.latestArticleID()
        let summary = await refresher.refresh(feeds: chosen) { progress in
            onProgress?(progress)
            // A server not reached is told at the end: among the failures when others answered,
            // in one line when none did (offline).
            if case .unreachable = progress.outcome { return }
            say("[\(progress.done)/\(progress.total)] \(titles[progress.feedID] ?? progress.feedURL): \(Self.describe(progress.outcome))")
        }
        do {
            if let before { try store.applyRules(toArticlesAfter: before) }
        } catch {
            report.failures.append("your rules could not be applied to the new articles: \(error)")
        }
        if summary.offline {
            report.offline = true
            report.failures.append(Self.offlineMessage)
        } else {
            report.failures += failures(of: summary, titles: titles)
        }
        do {
            _ = try store.prune(retention: TimeInterval(retentionDays) * 24 * 3600)
        } catch {
            report.failures.append("old read articles could not be removed: \(error)")
        }
        if summary.offline { return say(Self.offlineMessage) }
        say("Refreshed \(summary.outcomes.count) feed\(summary.outcomes.count == 1 ? "" : "s"): \(summary.newArticles) new article\(summary.newArticles == 1 ? "" : "s")"
            + (summary.failedFeedIDs.isEmpty ? "" : ", \(summary.failedFeedIDs.count) failed"))
    }

    /// What a refresh that reached no server at all says, once, instead of a failure per feed.
    public static let offlineMessage = "No server could be reached: this computer seems to be offline. "
        + "No feed was marked as failing; Lectern will refresh again later."

    private func failures(of summary: RefreshSummary, titles: [Int64: String]) -> [String] {
        var failures: [String] = []
        for id in summary.failedFeedIDs {
            if case .failed(let message)? = summary.outcomes[id] {
                failures.append("\(titles[id] ?? "feed \(id)"): \(message)")
            } else {
                failures.append("\(titles[id] ?? "feed \(id)"): gone (HTTP 410), no longer fetched")
            }
        }
        return failures
    }

    private func exportOPML(_ path: String, say: (String) -> Void, report: inout Report) {
        do {
            let export = try OPML.export(store)
            try export.text.write(to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
            say("Exported \(export.feeds) feed\(export.feeds == 1 ? "" : "s") to \(path)")
        } catch {
            report.failures.append("\(path): \(error)")
            say("Could not export to \(path): \(error)")
        }
    }

    public static func describe(_ outcome: FeedOutcome) -> String {
        switch outcome {
        case .updated(let result): "\(result.added) new"
        case .notModified: "no change"
        case .deferred(let until): "waiting until \(until.formatted(date: .omitted, time: .shortened))"
        case .gone: "gone"
        case .failed(let message), .unreachable(let message): "failed: \(message)"
        case .cancelled: "cancelled"
        }
    }
}
