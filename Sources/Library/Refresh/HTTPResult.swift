import Foundation
import Localization

/// A completed fetch: the final response after redirects, and the chain that led there.
struct HTTPResult: Sendable {
    /// One redirect hop.
    struct Hop: Sendable, Equatable {
        var status: Int
        var from: URL
        var to: URL
    }

    /// The URL the body came from.
    var url: URL
    /// nil for file:// reads.
    var status: Int?
    /// Header fields with lower-cased names.
    var headers: [String: String]
    var body: Data
    var redirects: [Hop]

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Where the feed now lives for good: the target of the leading run of 301/308
    /// hops (a 302/307 anywhere before stops the run). nil when there was none.
    var permanentURL: URL? {
        var result: URL?
        for hop in redirects {
            guard hop.status == 301 || hop.status == 308 else { break }
            result = hop.to
        }
        return result
    }
}

/// Why a fetch produced no usable response.
enum FetchFailure: Error, Sendable, Equatable {
    case tooLarge(limit: Int)
    case redirectLoop(URL)
    case tooManyRedirects(Int)
    /// A redirect to a `file:`, `ftp:` or other address that is not the web's.
    case redirectElsewhere(scheme: String)
    case timedOut
    /// Data kept coming, but the whole fetch took longer than the deadline (seconds).
    case tooSlow(seconds: Int)
    case cancelled
    /// No connection: the name did not resolve or nothing answered (offline, or the server is down).
    case noConnection(String)
    case transport(String)
    case unreadableFile(String)

    /// Plain words for the feed's error line.
    var message: String {
        switch self {
        case .tooLarge(let limit):
            return tr("The feed is larger than {size} MB, so Lectern stopped downloading it.", ["size": limit / (1024 * 1024)])
        case .redirectLoop(let url):
            return tr("The server redirects in a loop (back to {url}). Check the feed address.", ["url": url.absoluteString])
        case .tooManyRedirects(let count):
            return tr("The server redirected more than {count} time. Check the feed address.",
                      plural: "The server redirected more than {count} times. Check the feed address.", count: count)
        case .redirectElsewhere(let scheme):
            // Translators: {scheme} is the kind of address, such as "file" or "ftp".
            return tr("The server redirected to a {scheme}: address, which Lectern does not follow. Check the feed address.",
                      ["scheme": String(scheme.prefix(20))])
        case .timedOut:
            return tr("The server did not answer in time. Lectern will try again later.")
        case .tooSlow(let seconds):
            return tr("The server was still sending the feed after {count} second, too slowly to finish in time. Lectern stopped and will try again later.",
                      plural: "The server was still sending the feed after {count} seconds, too slowly to finish in time. Lectern stopped and will try again later.",
                      count: seconds)
        case .cancelled:
            return tr("The refresh was cancelled.")
        case .transport(let reason), .noConnection(let reason):
            return tr("Could not reach the server: {error}.", ["error": reason])
        case .unreadableFile(let reason):
            return tr("Could not read the file: {error}.", ["error": reason])
        }
    }
}
