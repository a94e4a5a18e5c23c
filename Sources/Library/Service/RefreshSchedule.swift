import Foundation

/// When the window should refresh by itself: shortly after start-up, then every
/// `interval` after the last refresh finished (a manual refresh counts too).
public struct RefreshSchedule: Equatable, Sendable {
    /// The wait after start-up, so launching stays quick.
    public static let startupDelay: TimeInterval = 5

    public var interval: TimeInterval
    public var lastRefresh: Date?
    public let started: Date

    public init(interval: TimeInterval, lastRefresh: Date?, started: Date) {
        self.interval = interval
        self.lastRefresh = lastRefresh
        self.started = started
    }

    /// The moment the next automatic refresh is due.
    public var nextDue: Date {
        guard let lastRefresh else { return started.addingTimeInterval(Self.startupDelay) }
        return lastRefresh.addingTimeInterval(interval)
    }

    public func isDue(at now: Date) -> Bool { now >= nextDue }
}
