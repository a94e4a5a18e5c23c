import Foundation
import Localization

/// Downloads for the app's own use — an article's pictures, a feed's icon, a page or feed named
/// on the command line — through `CurlTransfer` under their kind's `DownloadPolicy`: http and
/// https only (redirects included), no cookies, no Referer, the cap counted after decoding.
public final class ResourceDownload: Sendable {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not an http(s) address: Lectern fetches nothing else from the web's say-so.
        case notWeb(String)
        case http(status: Int)
        case tooLarge(limit: Int)
        case timedOut
        case tooSlow(seconds: Int)
        case unreachable(String)
        /// The file being downloaded into could not be written (a full disk).
        case notWritten(String)
        case cancelled

        public var description: String {
            switch self {
            case .notWeb(let address):
                return tr("{address} is not a web address (http or https)", ["address": String(address.prefix(80))])
            case .http(let status):
                return tr("the server answered HTTP {status}", ["status": String(status)])
            case .tooLarge(let limit):
                return tr("stopped after {size}: larger than Lectern accepts", ["size": Self.size(limit)])
            case .timedOut:
                return tr("the server did not answer in time")
            case .tooSlow(let seconds):
                return tr("stopped after {count} second: the server was sending too slowly",
                          plural: "stopped after {count} seconds: the server was sending too slowly", count: seconds)
            case .unreachable(let reason):
                return tr("could not reach the server: {error}", ["error": reason])
            case .notWritten(let reason):
                return tr("could not write the file: {error}", ["error": reason])
            case .cancelled:
                return tr("cancelled")
            }
        }

        static func size(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB" }
    }

    /// The body with the header fields that describe it.
    public struct Answer: Sendable {
        public let body: Data
        /// The address the body came from, after redirects.
        public let url: URL
        public let contentType: String?
    }

    private let transfer: CurlTransfer

    public init(policy: DownloadPolicy, appVersion: String) {
        transfer = CurlTransfer(userAgent: DownloadPolicy.userAgent(appVersion: appVersion), policy: policy)
    }

    public var policy: DownloadPolicy { transfer.policy }

    /// GETs `url`; only a 2xx answer is a success.
    public func get(_ url: URL, accept: String = "*/*") async throws(Failure) -> Answer {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .notWeb(url.absoluteString)
        }
        let answer: CurlTransfer.Answer
        do {
            answer = try await transfer.send(.init(url: url, headers: [("Accept", accept)]))
        } catch {
            switch error {
            case .timedOut: throw .timedOut
            case .tooSlow: throw .tooSlow(seconds: Int(policy.deadline))
            case .tooLarge: throw .tooLarge(limit: policy.maxBytes)
            case .cancelled: throw .cancelled
            case .cutShort(let detail), .noConnection(let detail), .unreachable(let detail): throw .unreachable(detail)
            case .notWritten(let detail): throw .notWritten(detail)
            }
        }
        guard (200..<300).contains(answer.status) else { throw .http(status: answer.status) }
        return Answer(body: answer.body, url: answer.effectiveURL ?? url, contentType: answer.headers["content-type"])
    }

    /// The same, for a command-line tool that has no main loop yet: waits for the answer.
    public func getWaiting(_ url: URL, accept: String = "*/*") -> Result<Answer, Failure> {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task.detached { [self] in
            do throws(Failure) {
                box.result = .success(try await get(url, accept: accept))
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return box.result ?? .failure(.cancelled)
    }

    /// Written once by the download's task before it signals; read after the wait.
    private final class Box: @unchecked Sendable {
        var result: Result<Answer, Failure>?
    }
}
