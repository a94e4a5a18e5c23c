import Foundation

/// When the window should refresh by itself: shortly after start-up, then every
/// `interval` after the last refresh finished (a manual refresh counts too).
struct RefreshSchedule: Equatable {
    /// The wait after start-up, so launching stays quick.
    static let startupDelay: TimeInterval = 5

    var interval: TimeInterval
    var lastRefresh: Date?
    let started: Date

    /// The moment the next automatic refresh is due.
    var nextDue: Date {
        guard let lastRefresh else { return started.addingTimeInterval(Self.startupDelay) }
        return lastRefresh.addingTimeInterval(interval)
    }

    func isDue(at now: Date) -> Bool { now >= nextDue }
}
