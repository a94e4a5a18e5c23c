import FeedParsing
import Foundation
import Localization

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

    /// Lectern's own sample list (`data/samples/samples.opml`), whose feeds are files beside it:
    /// the one OPML whose local feeds are subscribed.
    public let samplesOPML: URL?

    public init(store: LibraryStore, appVersion: String, samplesOPML: URL? = nil) {
        self.store = store
        self.samplesOPML = samplesOPML
        policy = RefreshPolicy(appVersion: appVersion)
        fullArticles = FullArticleLoader(store: store, policy: policy)
        refresher = FeedRefresher(store: store, policy: policy)
    }

    /// Opens (or creates) the library file, making its folder first.
    public static func open(at file: URL, appVersion: String, samplesOPML: URL? = nil) throws(StorageError) -> LibraryService {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return LibraryService(store: try LibraryStore.open(path: file.path), appVersion: appVersion, samplesOPML: samplesOPML)
    }

    /// Whether `path` is the sample list.
    private func isSamples(_ path: String) -> Bool {
        guard let samplesOPML else { return false }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL
            == samplesOPML.resolvingSymlinksInPath().standardizedFileURL
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
            let result = try OPML.importFile(at: path, into: store, localFeeds: isSamples(path))
            var parts = [tr("{count} new feed", plural: "{count} new feeds", count: result.added)]
            if result.duplicates > 0 {
                parts.append(tr("{count} already subscribed", plural: "{count} already subscribed", count: result.duplicates))
            }
            if !result.invalid.isEmpty {
                parts.append(tr("{count} skipped (not a web or file address)", plural: "{count} skipped (not a web or file address)",
                                count: result.invalid.count))
            }
            if !result.local.isEmpty {
                parts.append(tr("{count} skipped (a local file: add it yourself if you trust it)",
                                plural: "{count} skipped (local files: add them yourself if you trust them)", count: result.local.count))
            }
            // Translators: {results} is a list such as "3 new feeds, 1 already subscribed".
            say(tr("Imported {path}: {results}", ["path": path, "results": LocaleFormats.list(parts)]))
        } catch {
            report.failures.append("\(path): \(error)")
            say(tr("Could not import {path}: {error}. Nothing from it was added.", ["path": path, "error": "\(error)"]))
        }
    }

    private func subscribe(_ address: String, say: (String) -> Void, report: inout Report) async {
        let subscriber = Subscriber(store: store, policy: policy)
        do {
            switch try await subscriber.subscribe(url: address) {
            case .subscribed(let feed, let ingest):
                say(tr("Subscribed to {feed} ({count} article)", plural: "Subscribed to {feed} ({count} articles)",
                       count: ingest.added, ["feed": feed.title ?? feed.url]))
            case .choices(let found):
                guard let first = found.first else { return }
                let titles = LocaleFormats.list(found.map { $0.title ?? $0.url })
                say(tr("{address} offers {count} feed: {feeds}", plural: "{address} offers {count} feeds: {feeds}",
                       count: found.count, ["address": address, "feeds": titles]))
                await subscribe(first.url, say: say, report: &report)
            }
        } catch {
            report.failures.append("\(address): \(error)")
            say(tr("Could not subscribe to {address}: {error}", ["address": address, "error": "\(error)"]))
        }
    }

    private func refresh(retentionDays: Int, automaticInterval: TimeInterval?, progress onProgress: (@Sendable (RefreshProgress) -> Void)?,
                         say: @escaping @Sendable (String) -> Void, report: inout Report) async {
        let feeds: [Feed]
        do {
            feeds = try store.feeds()
        } catch {
            report.failures.append(tr("the subscriptions could not be read: {error}", ["error": error.description]))
            return say(tr("Could not read the subscriptions: {error}", ["error": error.description]))
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
            // Translators: a refresh's progress, e.g. "[3/10] Example News: 2 new".
            say(tr("[{done}/{total}] {feed}: {outcome}", ["done": progress.done, "total": progress.total,
                                                         "feed": titles[progress.feedID] ?? progress.feedURL,
                                                         "outcome": Self.describe(progress.outcome)]))
        }
        do {
            if let before { try store.applyRules(toArticlesAfter: before) }
        } catch {
            report.failures.append(tr("your rules could not be applied to the new articles: {error}", ["error": error.description]))
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
            report.failures.append(tr("old read articles could not be removed: {error}", ["error": error.description]))
        }
        store.indexInBackground()
        if summary.offline { return say(Self.offlineMessage) }
        let articles = tr("{count} new article", plural: "{count} new articles", count: summary.newArticles)
        if summary.failedFeedIDs.isEmpty {
            // Translators: {articles} is a count such as "5 new articles".
            say(tr("Refreshed {count} feed: {articles}", plural: "Refreshed {count} feeds: {articles}",
                   count: summary.outcomes.count, ["articles": articles]))
        } else {
            // Translators: {articles} is a count such as "5 new articles"; {failed} is a number of feeds.
            say(tr("Refreshed {count} feed: {articles}, {failed} failed", plural: "Refreshed {count} feeds: {articles}, {failed} failed",
                   count: summary.outcomes.count, ["articles": articles, "failed": summary.failedFeedIDs.count]))
        }
    }

    /// What a refresh that reached no server at all says, once, instead of a failure per feed.
    public static let offlineMessage = tr("No server could be reached: this computer seems to be offline. No feed was marked as failing; Lectern will refresh again later.")

    private func failures(of summary: RefreshSummary, titles: [Int64: String]) -> [String] {
        var failures: [String] = []
        for id in summary.failedFeedIDs {
            if case .failed(let message)? = summary.outcomes[id] {
                failures.append("\(titles[id] ?? Self.unnamedFeed(id)): \(message)")
            } else {
                failures.append(tr("{feed}: gone (HTTP 410), no longer fetched", ["feed": titles[id] ?? Self.unnamedFeed(id)]))
            }
        }
        return failures
    }

    /// A feed without a title, by its number.
    private static func unnamedFeed(_ id: Int64) -> String {
        tr("feed {id}", ["id": String(id)])
    }

    private func exportOPML(_ path: String, say: (String) -> Void, report: inout Report) {
        do {
            let export = try OPML.export(store)
            try export.text.write(to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
            say(tr("Exported {count} feed to {path}", plural: "Exported {count} feeds to {path}", count: export.feeds, ["path": path]))
        } catch {
            report.failures.append("\(path): \(error)")
            say(tr("Could not export to {path}: {error}", ["path": path, "error": "\(error)"]))
        }
    }

    public static func describe(_ outcome: FeedOutcome) -> String {
        switch outcome {
        // Translators: how many new articles one feed brought.
        case .updated(let result): tr("{count} new", plural: "{count} new", count: result.added)
        case .notModified: tr(context: "refresh outcome", "no change")
        case .deferred(let until): tr("waiting until {time}", ["time": LocaleFormats.timeOfDay(until)])
        // Translators: the feed was removed from its server.
        case .gone: tr(context: "refresh outcome", "gone")
        case .failed(let message), .unreachable(let message): tr("failed: {error}", ["error": message])
        case .cancelled: tr(context: "refresh outcome", "cancelled")
        }
    }
}
