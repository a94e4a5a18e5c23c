import Foundation
import Localization

/// The bytes of a file or an http(s) URL named on the command line, under the download policy
/// of what it is (a feed for `--inspect-feed`, a page for `--extract-article`): a web answer is
/// cut off at the cap and at the deadline, a file larger than the cap is not read.
public struct FetchedDocument: Sendable {
    public let data: Data
    /// The URL relative links resolve against (nil for local files).
    public let url: URL?
    public let contentType: String?

    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case http(url: String, status: Int)
        case network(url: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): tr("cannot read {path}: {error}", ["path": path, "error": reason])
            case .http(let url, let status): tr("{url} answered HTTP {status}", ["url": url, "status": String(status)])
            case .network(let url, let reason): tr("cannot fetch {url}: {error}", ["url": url, "error": reason])
            }
        }
    }

    /// Reads `argument`, a path, a `file://` URL or an http(s) URL, under `policy`
    /// (`appVersion` goes into the User-Agent).
    public static func load(_ argument: String, policy: DownloadPolicy, appVersion: String) throws(LoadError) -> FetchedDocument {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return try fetch(url, policy: policy, appVersion: appVersion)
        }
        let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
        do {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            guard size <= policy.maxBytes else {
                throw LoadError.unreadable(path: path, reason: tr("it is larger than {size}, more than Lectern reads",
                                                                  ["size": ResourceDownload.Failure.size(policy.maxBytes)]))
            }
            return FetchedDocument(data: try Data(contentsOf: URL(filePath: path)), url: nil, contentType: nil)
        } catch let error as LoadError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? tr("no such file or not readable"))
        }
    }

    /// A GET that waits, for command-line use before any main loop runs.
    private static func fetch(_ url: URL, policy: DownloadPolicy, appVersion: String) throws(LoadError) -> FetchedDocument {
        let download = ResourceDownload(policy: policy, appVersion: appVersion)
        switch download.getWaiting(url) {
        case .success(let answer):
            return FetchedDocument(data: answer.body, url: answer.url, contentType: answer.contentType)
        case .failure(.http(let status)):
            throw .http(url: url.absoluteString, status: status)
        case .failure(let failure):
            throw .network(url: url.absoluteString, reason: failure.description)
        }
    }
}
