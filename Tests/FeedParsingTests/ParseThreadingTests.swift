import Foundation
import Testing
@_spi(Diagnostics) @testable import FeedParsing

/// A large feed is parsed on two threads (libxml2 recording events on one, the builder
/// replaying them on the other), a small one on one thread. Both ways must give exactly
/// the same feed, warnings included, for every fixture and every file of the shared corpus.
@Suite struct ParseThreadingTests {
    private func parse(_ data: Data, url: URL, _ threading: ParseThreading) -> Result<ParsedFeed, FeedParserError> {
        FeedParser.withThreading(threading) {
            Result { () throws(FeedParserError) in try FeedParser.parse(data, url: url) }
        }
    }

    private func files(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test func bothWaysGiveTheSameFeedForEveryFixture() throws {
        let fixtures = files(under: TestPaths.fixtures)
        #expect(fixtures.count > 30)
        for url in fixtures {
            let data = try Data(contentsOf: url)
            #expect(parse(data, url: url, .always) == parse(data, url: url, .never), "\(url.lastPathComponent)")
        }
    }

    @Test(.enabled(if: TestPaths.corpusExists, "the shared corpus (../shared/corpus beside the package folder) is absent"))
    func bothWaysGiveTheSameFeedForTheCorpus() throws {
        var compared = 0
        for url in files(under: TestPaths.corpus) {
            let data = try Data(contentsOf: url)
            #expect(parse(data, url: url, .always) == parse(data, url: url, .never), "\(url.path)")
            compared += 1
        }
        #expect(compared > 3000)
    }

    /// The consumer stops a non-feed early; the producer thread must still end cleanly.
    @Test func aLargeDocumentThatIsNotAFeedEndsBothThreads() {
        let page = "<html><body>" + String(repeating: "<p>not a feed</p>", count: 200_000) + "</body></html>"
        let result = Result { () throws(FeedParserError) in try FeedParser.parse(Data(page.utf8)) }
        guard case .failure(let error) = result else { Issue.record("a page parsed as a feed"); return }
        #expect(error.description.contains("<html>"), "\(error)")
    }
}
