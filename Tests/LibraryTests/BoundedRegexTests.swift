import Foundation
import Synchronization
import Testing
@testable import Library

/// The rules' regular expressions: the usual syntax, case-insensitive, found anywhere; refused
/// with the place when they cannot compile; and never slower than linear in the text.
@Suite struct BoundedRegexTests {
    private func matches(_ pattern: String, _ text: String) throws -> Bool { try BoundedRegex(pattern).matches(text) }

    @Test func theUsualSyntaxMatchesAsExpected() throws {
        #expect(try matches("swift", "Why Swift on Linux"))
        #expect(try !matches("^swift", "Why Swift on Linux"))
        #expect(try matches("linux$", "Why Swift on Linux"))
        #expect(try matches("sw(i|a)ft", "SWAFT"))
        #expect(try matches("(?:ab)+c", "xxababcxx"))
        #expect(try matches("colou?r", "Color"))
        #expect(try matches("\\d{4}-\\d{2}", "released 2026-11"))
        #expect(try !matches("\\d{5}", "1234"))
        #expect(try matches("[A-Z]{2,3}\\d", "model ab7"))
        #expect(try !matches("[^a-z ]", "only letters here"))
        #expect(try matches("[^a-z ]", "one digit 7"))
        #expect(try matches("a.c", "abc") && !matches("a.c", "a\nc"))
    }

    @Test func aPatternThatCannotCompileIsRefusedWithItsPlace() {
        for (pattern, words) in [("(abc", "without its )"), ("abc)", "unmatched"), ("[a-", "without its ]"), ("*a", "repeats nothing"),
                                 ("(a)\\1", "back-references"), ("(?=a)", "look-arounds"), ("a{3,1}", "backwards"), ("\\bword", "not supported")] {
            do {
                _ = try BoundedRegex(pattern)
                Issue.record("\(pattern) compiled")
            } catch {
                #expect(error.description.contains(words), "\(pattern): \(error)")
                #expect(error.description.contains("at character"), "\(pattern): \(error)")
            }
        }
    }

    /// `(a+)+$` against "aaa…ab" takes a backtracking engine 2ⁿ steps. Here it answers in time
    /// proportional to the text: the match runs on its own thread and must end within 20 s,
    /// which it does in milliseconds (a backtracking engine would not end at all).
    @Test func aCatastrophicPatternOnALongTitleEndsPromptly() throws {
        let regex = try BoundedRegex("(a+)+$")
        let title = String(repeating: "a", count: 20_000) + "b"
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Bool?>(nil)
        Thread {
            result.withLock { $0 = regex.matches(title) }
            done.signal()
        }.start()
        try #require(done.wait(timeout: .now() + 20) == .success, "matching (a+)+$ did not end")
        #expect(result.withLock { $0 } == false)
        #expect(try BoundedRegex("(a+)+$").matches(String(repeating: "a", count: 20_000)))
    }
}
