import Foundation
import Testing
import TestSupport

@Suite("Launching lectern")
struct LaunchTests {
    @Test func unknownFlagExitsWithStatus2AndNamesTheFlag() throws {
        let sandbox = try LecternSandbox()
        let result = sandbox.run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --frobnicate"))
        #expect(result.stderr.contains("lectern --help"))
    }

    @Test func misspeltFlagSuggestsTheClosestOne() throws {
        let sandbox = try LecternSandbox()
        let result = sandbox.run(["--versoin"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean --version?"))
    }

    @Test func missingValueIsAUsageError() throws {
        let sandbox = try LecternSandbox()
        let result = sandbox.run(["--screenshot"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--screenshot needs a value"))
    }

    @Test func helpListsTheFlags() throws {
        let sandbox = try LecternSandbox()
        let result = sandbox.run(["--help"], environment: ["DISPLAY": nil])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--screenshot=FILE.png"))
        #expect(result.stdout.contains("--version"))
    }
}
