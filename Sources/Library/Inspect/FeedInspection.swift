import FeedParsing
import Foundation
import Localization

/// `lectern --inspect-feed FILE|URL`: one feed parsed and written as the JSON of
/// docs/inspect-feed.md.
public enum FeedInspection {
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The argument could not be read or fetched.
        case unreadable(FetchedDocument.LoadError)
        /// The bytes are not a feed.
        case notAFeed(argument: String, reason: FeedParserError)

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            // Translators: {argument} is the file or web address given on the command line.
            case .notAFeed(let argument, let reason): tr("{argument} is not a feed: {reason}", ["argument": argument, "reason": reason.description])
            }
        }
    }

    /// The feed named by `argument` (a path, a `file:` or an http(s) URL) as one line of
    /// JSON (no newline), handed to `sink` a piece at a time as it is written; a web address is
    /// fetched under the feed download policy, `appVersion` in the User-Agent.
    public static func write(_ argument: String, appVersion: String, to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) {
        let fetched: FetchedDocument
        do {
            fetched = try FetchedDocument.load(argument, policy: .feed, appVersion: appVersion)
        } catch {
            throw .unreadable(error)
        }
        let feed: ParsedFeed
        do {
            feed = try FeedParser.parse(fetched.data, url: fetched.url, contentType: fetched.contentType)
        } catch {
            throw .notAFeed(argument: argument, reason: error)
        }
        FeedJSON.write(feed, to: sink)
    }
}
