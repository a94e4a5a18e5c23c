import Foundation
import Testing
import TestSupport
@testable import LecternApp

/// The command line is one documented interface: every flag of the table is in --help,
/// the man page and the bash completion.
@Suite("Command-line documentation")
struct CommandLineDocsTests {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: LecternSandbox.packageRoot.appending(path: path), encoding: .utf8)
    }

    @Test func everyFlagIsInTheManPageAndTheCompletion() throws {
        let manPage = try read("data/lectern.1").replacingOccurrences(of: "\\-", with: "-")
        let completion = try read("data/lectern.bash-completion")
        for option in CommandLineTable.options {
            #expect(manPage.contains("--\(option.name)"), "lectern.1 misses --\(option.name)")
            #expect(completion.contains("--\(option.name)"), "the completion misses --\(option.name)")
        }
    }

    @Test func helpGroupsTheFlags() async throws {
        let sandbox = try await LecternSandbox()
        let help = await sandbox.run(["--help"], environment: ["DISPLAY": nil])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Appearance: --theme, --color-scheme"))
        #expect(help.stdout.contains("Diagnostics: "))
        for option in CommandLineTable.options { #expect(help.stdout.contains("--\(option.name)")) }
    }

    @Test func conflictingFlagsSayWhichAndExit2() async throws {
        let sandbox = try await LecternSandbox()
        let both = await sandbox.run(["--list-themes", "--print-css"], environment: ["DISPLAY": nil])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--list-themes and --print-css cannot be used together"))
        let ignored = await sandbox.run(["--version", "--theme-picker"], environment: ["DISPLAY": nil])
        #expect(ignored.status == 2)
        #expect(ignored.stderr.contains("--theme-picker would be ignored"))
        #expect(CommandLineValidator.check(["--print-css", "--theme", "Paper", "--color-scheme", "dark"]) == nil)
    }
}
