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
        #expect(throws: FeedParserError.unrecognized(kind: .text)) { try FeedParser.parse(Data("hello world".utf8)) }
        #expect(throws: FeedParserError.unrecognized(kind: .binary)) { try FeedParser.parse(Data([0x7F, 0x45, 0x4C, 0x46, 0, 1])) }
    }

    /// A file read by mistake (or by a hostile OPML) must not show up in a refresh's error line.
    @Test func theErrorQuotesNothingOfWhatWasRead() throws {
        let shadow = "root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n"
        do {
            _ = try FeedParser.parse(Data(shadow.utf8))
            Issue.record("a shadow file parsed as a feed")
        } catch {
            #expect(!error.description.contains("root"), "\(error.description)")
            #expect(!error.description.contains("20228"), "\(error.description)")
        }
    }

    @Test func errorMessagesSayWhatWasFound() {
        #expect(FeedParserError.notAFeed(rootElement: "html").description.contains("<html>"))
        #expect(FeedParserError.notJSONFeed(reason: "no items").description.contains("no items"))
    }
}
