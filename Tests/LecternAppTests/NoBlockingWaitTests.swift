import Foundation
import Testing

/// No test holds one of the concurrency runtime's threads while it waits: Swift Testing runs
/// every test on those threads (two on a two-core machine), and a test that slept or waited for
/// a child there stalled the async work of every test beside it. Waits go through the async
/// helpers of Tests/TestSupport (`Command.run`, `nextLine`, `eventually`, `pause`), which spend
/// them on a thread of their own; the blocking forms are for the places that cannot await.
@Suite("No blocking waits in the tests")
struct NoBlockingWaitTests {
    /// Calls that hold the calling thread while time passes.
    static let sleeps = ["usleep(", "Thread.sleep(", " sleep("]
    /// Blocking forms of the helpers (`Command.runBlocking`, any `…Blocking(`), for the places
    /// that cannot await.
    static var blockingForm: Regex<Substring> { /\wBlocking\(|readLineBytewise\(\)/ }
    /// Where the helpers themselves wait, on threads they own.
    static let helpers: Set<String> = ["TestSupport/Command.swift", "TestSupport/OwnThread.swift"]

    /// `file:line: text` for every line of `text` that waits where it should not.
    static func offences(in text: String, file: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            let code = line.components(separatedBy: "//").first ?? ""
            if sleeps.contains(where: code.contains) {
                found.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            } else if code.contains(blockingForm), !code.contains("func "), !cannotAwait(lines, at: index) {
                found.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// Whether line `index` is in a `defer`, a `deinit`, a `static let`, a thread of its own
    /// (`Thread { }`, `onOwnThread { }`) or a blocking form itself: the line, or the nearest line
    /// above it that is indented less (the block it is in).
    static func cannotAwait(_ lines: [String], at index: Int) -> Bool {
        let places = ["defer {", "deinit", "static let", "Thread {", "onOwnThread {"]
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        if places.contains(where: lines[index].contains) { return true }
        var depth = indent(lines[index])
        for line in lines[..<index].reversed() where !line.trimmingCharacters(in: .whitespaces).isEmpty && indent(line) < depth {
            if places.contains(where: line.contains) { return true }
            if line.contains("func ") || line.contains("init(") { return line.contains(/func \w+Blocking\(/) }
            depth = indent(line)
        }
        return false
    }

    @Test func noTestSleepsOrWaitsOnAThreadItDoesNotOwn() throws {
        let tests = LecternSandbox.packageRoot.appending(path: "Tests", directoryHint: .isDirectory)
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var scanned = 0
        var offences: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let file = String(url.path.dropFirst(tests.path.count + 1))
            guard !Self.helpers.contains(file), url.lastPathComponent != "NoBlockingWaitTests.swift" else { continue }
            offences += Self.offences(in: try String(contentsOf: url, encoding: .utf8), file: file)
            scanned += 1
        }
        #expect(scanned > 100)
        #expect(offences.isEmpty, "wait with Command.run, nextLine, eventually or pause instead:\n\(offences.joined(separator: "\n"))")
    }

    @Test func theScanFindsASleepAndABlockingRunInATestButNotInADeinit() {
        let test = """
            @Test func waits() async {
                usleep(50_000)
                let result = Command.runBlocking("/bin/true", [], environment: [:])
            }
            """
        #expect(Self.offences(in: test, file: "T.swift").count == 2)
        let cleanup = """
            deinit {
                _ = Command.runBlocking("/bin/true", [], environment: [:])
            }
            func stop() {
                defer { _ = Command.runBlocking("/bin/true", [], environment: [:]) }
            }
            """
        #expect(Self.offences(in: cleanup, file: "T.swift").isEmpty)
    }
}
