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
        var parsed = 0, rejected = 0
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let data = try Data(contentsOf: url)
            do {
                let feed = try FeedParser.parse(data, url: url)
                let json = FeedJSON.encode(feed)
                #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "invalid JSON for \(url.path)")
                parsed += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        print("corpus: \(parsed) files parsed, \(rejected) rejected as not a feed")
        #expect(parsed > 0)
    }
}
