import Foundation
import Localization

/// Fetches feeds and pages over HTTP (`CurlTransfer`: no cookies, no cache): a User-Agent,
/// an idle timeout and a deadline for the whole fetch, any compression libcurl knows,
/// redirects followed and recorded hop by hop, and bodies cut off past a size limit.
/// `file://` URLs are read from disk.
final class HTTPFetcher: Sendable {
    /// What is fetched: a feed, or a web page (a full article), each under its download policy.
    enum Kind: Sendable {
        case feed, page

        /// What the request accepts.
        var accept: String {
            switch self {
            case .feed: "application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.5"
            case .page: "text/html, application/xhtml+xml;q=0.9, */*;q=0.5"
            }
        }
    }

    private let feeds: CurlTransfer
    private let pages: CurlTransfer
    let policy: RefreshPolicy

    init(policy: RefreshPolicy) {
        self.policy = policy
        feeds = CurlTransfer(userAgent: policy.userAgent, policy: policy.feeds)
        pages = CurlTransfer(userAgent: policy.userAgent, policy: policy.pages)
    }

    /// GETs `url` with optional validators for a conditional request, following redirects
    /// (each hop recorded) within one time allowance for the whole fetch (the servers' time:
    /// a hop waiting for a thread between two exchanges is not counted).
    func fetch(_ url: URL, etag: String? = nil, lastModified: String? = nil,
               as kind: Kind = .feed) async throws(FetchFailure) -> HTTPResult {
        let transfer = kind == .feed ? feeds : pages
        if url.isFileURL { return try readFile(url, within: transfer.policy) }
        var headers = [("Accept", kind.accept)]
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        var allowed = transfer.policy.deadline
        var current = url
        var redirects: [HTTPResult.Hop] = []
        while true {
            if Task.isCancelled { throw .cancelled }
            let answer: CurlTransfer.Answer
            do {
                answer = try await transfer.send(.init(url: current, headers: headers, followRedirects: false), allowed: allowed)
            } catch {
                throw failure(error, under: transfer.policy)
            }
            guard let next = answer.redirect, (300..<400).contains(answer.status), answer.status != 304 else {
                return HTTPResult(url: current, status: answer.status, headers: answer.headers, body: answer.body, redirects: redirects)
            }
            // A web address never leads Lectern to a local file or another protocol.
            guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw .redirectElsewhere(scheme: next.scheme ?? "")
            }
            allowed -= answer.seconds
            redirects.append(HTTPResult.Hop(status: answer.status, from: current, to: next))
            if next == url || redirects.dropLast().contains(where: { $0.to == next }) { throw .redirectLoop(next) }
            if redirects.count > policy.maxRedirects { throw .tooManyRedirects(policy.maxRedirects) }
            current = next
        }
    }

    private func failure(_ error: CurlTransfer.Failure, under download: DownloadPolicy) -> FetchFailure {
        switch error {
        case .timedOut: .timedOut
        case .tooSlow: .tooSlow(seconds: Int(download.deadline))
        case .tooLarge: .tooLarge(limit: download.maxBytes)
        case .cancelled: .cancelled
        case .cutShort(let detail): .transport(tr("the answer was cut short ({error})", ["error": detail]))
        case .noConnection(let detail): .noConnection(detail)
        case .unreachable(let detail), .notWritten(let detail): .transport(detail)
        }
    }

    private func readFile(_ url: URL, within download: DownloadPolicy) throws(FetchFailure) -> HTTPResult {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > download.maxBytes { throw FetchFailure.tooLarge(limit: download.maxBytes) }
            let data = try Data(contentsOf: url)
            return HTTPResult(url: url, status: nil, headers: [:], body: data, redirects: [])
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw .unreadableFile(error.localizedDescription)
        }
    }
}
