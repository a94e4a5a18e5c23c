import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Localization

/// The bytes of a file or an http(s) URL named on the command line.
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

    public static func load(_ argument: String) throws(LoadError) -> FetchedDocument {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return try fetch(url)
        }
        let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
        do {
            return FetchedDocument(data: try Data(contentsOf: URL(filePath: path)), url: nil, contentType: nil)
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? tr("no such file or not readable"))
        }
    }

    /// A blocking GET, for command-line use before any main loop runs.
    private static func fetch(_ url: URL) throws(LoadError) -> FetchedDocument {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: url) { data, response, error in
            box.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, response, error) = box.get()
        if let error { throw .network(url: url.absoluteString, reason: error.localizedDescription) }
        guard let response, let data else { throw .network(url: url.absoluteString, reason: tr("no response")) }
        guard (200..<300).contains(response.statusCode) else { throw .http(url: url.absoluteString, status: response.statusCode) }
        return FetchedDocument(data: data, url: response.url ?? url,
                               contentType: response.value(forHTTPHeaderField: "Content-Type"))
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, HTTPURLResponse?, Error?) = (nil, nil, nil)
        func set(data: Data?, response: HTTPURLResponse?, error: Error?) { lock.withLock { value = (data, response, error) } }
        func get() -> (Data?, HTTPURLResponse?, Error?) { lock.withLock { value } }
    }
}
