import Foundation
@testable import FeedParsing

/// Where the test fixtures and the shared corpus live, found from this file's path.
enum TestPaths {
    /// Tests/FeedParsingTests
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Tests/FeedParsingTests/Fixtures
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    /// The package root is two levels above this folder; the shared corpus sits beside
    /// the package root's folder: <root>/../shared/corpus.
    static let corpus = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// False in a stranger's clone, where ../shared/corpus does not exist.
    static var corpusExists: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("expectations.jsonl").path)
    }
}

/// Loads and parses a fixture (tests only: failures are test errors).
func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(path))
}

func parseFixture(_ path: String, url: String? = "http://example.com/feed",
                  contentType: String? = nil) throws -> ParsedFeed {
    try FeedParser.parse(fixture(path), url: url.flatMap(URL.init(string:)), contentType: contentType)
}

/// The error `parse` throws for a fixture, or nil when it parses.
func parseError(_ path: String) throws -> FeedParserError? {
    let data = try fixture(path)
    do throws(FeedParserError) {
        _ = try FeedParser.parse(data)
        return nil
    } catch {
        return error
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for assertions.
func iso(_ date: Date?) -> String? { date.map(FeedJSON.format) }
