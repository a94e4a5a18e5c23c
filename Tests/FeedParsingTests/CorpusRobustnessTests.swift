import Foundation
import Testing
@testable import FeedParsing

/// Every file under ../shared/corpus must parse or throw a `FeedParserError`: no crash,
/// no hang, and the JSON output must itself be valid JSON. Skipped (and reported as
/// skipped) when the shared corpus is absent, as in a stranger's clone.
@Suite(.enabled(if: TestPaths.corpusExists, "the shared corpus (../shared/corpus beside the package folder) is absent"))
struct CorpusRobustnessTests {
    @Test func everyCorpusFileParsesOrThrowsCleanly() throws {
        let root = TestPaths.corpus
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            Issue.record("cannot list \(root.path)")
            return
        }
        // Files feedparser's own tests expect something of are feeds: they must not be refused.
        let expected = Set(try String(contentsOf: root.appending(path: "expectations.jsonl"), encoding: .utf8)
            .split(separator: "\n").compactMap { line -> String? in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["file"] as? String
            })
        #expect(expected.count > 500)
        var parsed = 0, rejected = 0, parsedExpected = 0
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let data = try Data(contentsOf: url)
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            do {
                let feed = try FeedParser.parse(data, url: url)
                let json = FeedJSON.encode(feed)
                #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "invalid JSON for \(url.path)")
                parsed += 1
                if expected.contains(relative) { parsedExpected += 1 }
            } catch {
                #expect(!expected.contains(relative), "\(relative) is a feed the corpus expects things of: \(error)")
                #expect(error.description.hasPrefix("not a feed:") || error.description.hasPrefix("cannot read"), "\(error)")
                rejected += 1
            }
        }
        print("corpus: \(parsed) files parsed, \(rejected) rejected as not a feed")
        #expect(parsedExpected == expected.count, "every file with expectations was found and parsed")
        #expect(parsed > 0)
    }
}
