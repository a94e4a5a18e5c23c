import Foundation
import Testing
@testable import FeedParsing

/// Hostile and broken input: XXE, entity expansion, malformed XML, non-feeds.
@Suite struct SafetyTests {
    @Test func xxeDoesNotReadALocalFile() throws {
        let feed = try parseFixture("security/xxe.xml")
        let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(feed.title == "Leak: &xxe;&remote;")
        if let hostname, !hostname.isEmpty { #expect(feed.title?.contains(hostname) == false) }
    }

    @Test func billionLaughsDoesNotExpand() throws {
        let feed = try parseFixture("security/billion-laughs.xml")
        // Each reference is inlined once, verbatim: ten "&lol8;", not 10^9 "lol".
        #expect(feed.title == String(repeating: "&lol8;", count: 10))
    }

    @Test func malformedXMLRecoversWithWarnings() throws {
        let feed = try parseFixture("malformed/stray-end-tag.xml")
        #expect(feed.title == "Broken feed")
        #expect(feed.entries.map(\.title) == ["First", "Second & last"])
        #expect(feed.warnings.contains { $0.contains("malformed XML") })
    }

    @Test func truncatedFeedKeepsWhatWasRead() throws {
        let feed = try parseFixture("malformed/truncated.xml")
        #expect(feed.entries.map(\.title) == ["Whole", "Half"])
        #expect(!feed.warnings.isEmpty)
    }

    @Test func htmlPageIsNotAFeed() throws {
        #expect(try parseError("malformed/html-page.html") == .notAFeed(rootElement: "html"))
    }

    @Test func truncatedBeforeTheRootIsNotAFeed() throws {
        guard case .noRootElement = try parseError("malformed/only-declaration.xml") else {
            Issue.record("expected noRootElement")
            return
        }
    }

    @Test func emptyBodyThrowsEmpty() {
        #expect(throws: FeedParserError.empty) { try FeedParser.parse(Data()) }
        #expect(throws: FeedParserError.empty) { try FeedParser.parse(Data(" \n\t".utf8)) }
    }

    @Test func plainTextIsUnrecognized() {
        #expect(throws: FeedParserError.unrecognized(prefix: "hello world")) { try FeedParser.parse(Data("hello world".utf8)) }
    }

    @Test func errorMessagesSayWhatWasFound() {
        #expect(FeedParserError.notAFeed(rootElement: "html").description.contains("<html>"))
        #expect(FeedParserError.notJSONFeed(reason: "no items").description.contains("no items"))
    }
}
