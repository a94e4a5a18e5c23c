import Foundation
import Testing
import TestSupport

@Suite("Launching lectern")
struct LaunchTests {
    @Test func unknownFlagExitsWithStatus2AndNamesTheFlag() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --frobnicate"))
        #expect(result.stderr.contains("lectern --help"))
    }

    @Test func misspeltFlagSuggestsTheClosestOne() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--versoin"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean --version?"))
    }

    @Test func missingValueIsAUsageError() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--screenshot"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--screenshot needs a value"))
    }

    @Test func helpListsTheFlags() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--help"], environment: ["DISPLAY": nil])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--screenshot=FILE.png"))
        #expect(result.stdout.contains("--version"))
    }
}
