import Foundation
import Testing
import Library

@Suite("Automatic refresh schedule")
struct RefreshScheduleTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theFirstRefreshComesShortlyAfterStartUp() {
        let schedule = RefreshSchedule(interval: 3600, lastRefresh: nil, started: start)
        #expect(!schedule.isDue(at: start.addingTimeInterval(1)))
        #expect(schedule.isDue(at: start.addingTimeInterval(RefreshSchedule.startupDelay)))
    }

    @Test func laterRefreshesWaitTheIntervalAfterTheLastOne() {
        var schedule = RefreshSchedule(interval: 30 * 60, lastRefresh: nil, started: start)
        schedule.lastRefresh = start.addingTimeInterval(10)
        #expect(!schedule.isDue(at: start.addingTimeInterval(29 * 60)))
        #expect(schedule.isDue(at: start.addingTimeInterval(10 + 30 * 60)))
    }
}
