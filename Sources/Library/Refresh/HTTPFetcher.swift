import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches URLs with its own ephemeral `URLSession` (no disk cache, no cookies):
/// a User-Agent, timeouts, gzip (done by URLSession), at most two connections per
/// host, redirects recorded hop by hop, and bodies cut off past a size limit.
/// `file://` URLs are read from disk.
final class HTTPFetcher: Sendable {
    private let session: URLSession
    private let delegate: FetchDelegate
    let policy: RefreshPolicy

    init(policy: RefreshPolicy) {
        self.policy = policy
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = policy.maxPerHost
        configuration.timeoutIntervalForRequest = policy.requestTimeout
        configuration.timeoutIntervalForResource = policy.resourceTimeout
        configuration.httpAdditionalHeaders = ["User-Agent": policy.userAgent]
        delegate = FetchDelegate(maxBodyBytes: policy.maxBodyBytes, maxRedirects: policy.maxRedirects)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// What a feed fetch accepts.
    static let feedTypes = "application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.5"
    /// What a web page fetch (a full article) accepts.
    static let pageTypes = "text/html, application/xhtml+xml;q=0.9, */*;q=0.5"

    /// GETs `url` with optional validators for a conditional request.
    func fetch(_ url: URL, etag: String? = nil, lastModified: String? = nil,
               accept: String = feedTypes) async throws(FetchFailure) -> HTTPResult {
        if url.isFileURL { return try readFile(url) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.requestTimeout)
        request.setValue(policy.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        if Task.isCancelled { throw .cancelled }
        let task = session.dataTask(with: request)
        // URLSession on Linux does not enforce `timeoutIntervalForResource`, and the idle
        // timeout never fires for a server that trickles a byte at a time: keep our own
        // deadline for the whole fetch.
        let deadline = DispatchWorkItem { [delegate, policy] in
            delegate.abandon(task, with: .tooSlow(seconds: Int(policy.resourceTimeout)))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + policy.resourceTimeout, execute: deadline)
        defer { deadline.cancel() }
        let outcome: Result<HTTPResult, FetchFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, url: url) { continuation.resume(returning: $0) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try outcome.get()
    }

    private func readFile(_ url: URL) throws(FetchFailure) -> HTTPResult {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > policy.maxBodyBytes { throw FetchFailure.tooLarge(limit: policy.maxBodyBytes) }
            let data = try Data(contentsOf: url)
            return HTTPResult(url: url, status: nil, headers: [:], body: data, redirects: [])
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw .unreadableFile(error.localizedDescription)
        }
    }
}
