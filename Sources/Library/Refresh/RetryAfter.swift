import FeedParsing
import Foundation

/// `Retry-After` (RFC 9110): how long a server asks to be left alone, given as delta-seconds
/// or as an HTTP date. One reading for the refresh and for sync.
public enum RetryAfter {
    /// The wait in seconds from `now`; nil when the value is missing or unreadable.
    public static func seconds(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        guard let date = FeedDateParser.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
