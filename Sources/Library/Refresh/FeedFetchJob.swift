import FeedParsing
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Localization

/// Refreshes one feed: conditional GET, status handling, back-off, and one
/// transaction for the result.
struct FeedFetchJob: Sendable {
    let feed: Feed
    let store: LibraryStore
    let fetcher: HTTPFetcher
    var policy: RefreshPolicy { fetcher.policy }

    func run(force: Bool, now: Date = Date()) async -> FeedOutcome {
        if feed.fetchState.gone { return .gone }
        if !force, let next = feed.fetchState.nextAttempt, next > now { return .deferred(until: next) }
        guard let url = URL(string: feed.url) else {
            return fail(status: nil, message: tr("The feed address {url} is not a valid URL. Edit it.", ["url": feed.url]), now: now)
        }
        let response: HTTPResult
        do {
            response = try await fetcher.fetch(url, etag: feed.fetchState.etag, lastModified: feed.fetchState.lastModified)
        } catch .cancelled {
            return .cancelled
        } catch .noConnection(let reason) {
            // Recorded by the refresher once it knows whether any server answered.
            return .unreachable(FetchFailure.noConnection(reason).message)
        } catch {
            return fail(status: nil, message: error.message, now: now)
        }
        return handle(response, now: now)
    }

    private func handle(_ response: HTTPResult, now: Date) -> FeedOutcome {
        let newURL = response.permanentURL?.absoluteString
        switch response.status {
        case 304?:
            return record(now: now) { () throws(StorageError) in
                try store.recordNotModified(feedID: feed.id, newURL: newURL, etag: response.header("etag"), now: now)
                return .notModified
            }
        case nil, (200..<300)?:
            let parsed: ParsedFeed
            do {
                parsed = try FeedParser.parse(response.body, url: response.url, contentType: response.header("content-type"))
            } catch {
                let message = tr("The address no longer gives a feed ({error}). Check it in a browser.", ["error": error.description])
                return fail(status: response.status, message: message, now: now)
            }
            return record(now: now) { () throws(StorageError) in
                let result = try store.recordSuccess(
                    feedID: feed.id, newURL: newURL, etag: response.header("etag"),
                    lastModified: response.header("last-modified"), status: response.status, parsed: parsed, now: now)
                return result.added + result.updated == 0 ? .notModified : .updated(result)
            }
        case 410?:
            let message = tr("The server says the feed was removed (410 Gone). Lectern no longer fetches it; unsubscribe or edit its address.")
            _ = fail(status: 410, message: message, now: now, gone: true)
            return .gone
        case let status? where status == 429 || status == 503:
            let wait = RetryAfter.seconds(response.header("retry-after"), now: now).map { min($0, policy.retryAfterCap) }
            let message = status == 429 ? tr("The server asked Lectern to slow down (429). Lectern will try again later.")
                : tr("The server is unavailable (503). Lectern will try again later.")
            return fail(status: status, message: message, now: now, wait: wait)
        case let status?:
            let reason = HTTPURLResponse.localizedString(forStatusCode: status)
            // Translators: {status} is an HTTP status code, {reason} its meaning, e.g. "not found".
            let message = tr("The server answered {status} ({reason}). Lectern will try again later; check the address if it persists.",
                             ["status": String(status), "reason": reason])
            return fail(status: status, message: message, now: now)
        }
    }

    /// Stores a failure with its back-off; `wait` overrides the computed back-off.
    func fail(status: Int?, message: String, now: Date, wait: TimeInterval? = nil, gone: Bool = false) -> FeedOutcome {
        let delay = wait ?? policy.backoff(afterFailures: feed.fetchState.failureCount + 1)
        let next = gone ? nil : now.addingTimeInterval(delay)
        do {
            try store.recordFailure(feedID: feed.id, status: status, message: message, nextAttempt: next, gone: gone, now: now)
        } catch {
            return .failed(tr("{message} (and the library could not record it: {error})", ["message": message, "error": error.description]))
        }
        return .failed(message)
    }

    private func record(now: Date, _ body: () throws(StorageError) -> FeedOutcome) -> FeedOutcome {
        do {
            return try body()
        } catch {
            return fail(status: nil, message: tr("The articles could not be saved: {error}", ["error": error.description]), now: now)
        }
    }
}
