import Foundation
import Testing
@testable import Library

/// Podcasting 2.0 chapters files: read by their start, what is not for the table of contents or
/// cannot be read left out, anything that is not such a file refused; kept with the episode.
@Suite struct ChapterTests {
    @Test func aChaptersFileGivesItsChaptersByStart() throws {
        let json = #"""
            {"version": "1.2.0", "chapters": [
              {"startTime": 125.5, "title": "  The   interview "},
              {"startTime": 0, "title": "Intro", "img": "https://example.org/1.jpg"},
              {"startTime": 60, "title": "A sponsor", "toc": false},
              {"startTime": -3, "title": "Before the start"},
              {"startTime": "90", "title": "A start that is text"},
              {"startTime": 200},
              {"startTime": 300, "title": ""}
            ]}
            """#
        #expect(Chapter.parse(Data(json.utf8)) == [Chapter(start: 0, title: "Intro"), Chapter(start: 125.5, title: "The interview")])
        #expect(Chapter.at(130, in: [Chapter(start: 0, title: "Intro"), Chapter(start: 125.5, title: "The interview")])?.title == "The interview")
        #expect(Chapter.at(10, in: [Chapter(start: 20, title: "Late")]) == nil, "before the first chapter, none")
    }

    @Test(arguments: ["<html>not json</html>", #"{"chapters": "none"}"#, "[1, 2, 3]", ""])
    func whatIsNotAChaptersFileIsRefused(text: String) {
        #expect(Chapter.parse(Data(text.utf8)) == nil)
    }

    @Test func aHostileFileIsCutShort() {
        let many = (0..<5000).map { #"{"startTime": \#($0), "title": "\#(String(repeating: "x", count: 500))"}"# }.joined(separator: ",")
        let chapters = Chapter.parse(Data(#"{"chapters": [\#(many)]}"#.utf8)) ?? []
        #expect(chapters.count == Chapter.limit)
        #expect(chapters.allSatisfy { $0.title.count == Chapter.titleLimit })
        let deep = String(repeating: "[", count: 100_000)
        #expect(Chapter.parse(Data(#"{"chapters": \#(deep)"#.utf8)) == nil, "nesting beyond reason is no chapters file")
    }

    @Test func chaptersAreKeptWithTheEpisodeUntilItsFeedPointsElsewhere() throws {
        let (store, _) = try makeStore()
        let feed = try store.addFeed(url: "https://example.org/podcast")
        var item = entry("1", title: "Pilot")
        item.enclosures = [.init(url: "https://example.org/1.mp3", type: "audio/mpeg")]
        item.episode.chaptersURL = "https://example.org/1.json"
        try store.save(parsed([item]), toFeed: feed.id)
        let id = try #require(try store.articles(ArticleQuery(view: .podcasts)).first?.id)
        #expect(try store.episodeProgress(articleID: id, url: "https://example.org/1.mp3")?.chapters == nil, "not fetched yet")
        try store.saveChapters([Chapter(start: 0, title: "Intro")], articleID: id, url: "https://example.org/1.mp3")
        #expect(try store.episodeProgress(articleID: id, url: "https://example.org/1.mp3")?.chapters == [Chapter(start: 0, title: "Intro")])

        item.summary = "Changed"
        try store.save(parsed([item]), toFeed: feed.id)
        #expect(try store.episodeProgress(articleID: id, url: "https://example.org/1.mp3")?.chapters != nil, "the same address: kept")
        item.episode.chaptersURL = "https://example.org/1-fixed.json"
        item.summary = "Changed again"
        try store.save(parsed([item]), toFeed: feed.id)
        #expect(try store.episodeProgress(articleID: id, url: "https://example.org/1.mp3")?.chapters == nil, "another address: fetched again")
    }
}
