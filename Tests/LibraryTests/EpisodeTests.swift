import Foundation
import ArticleModel
import FeedParsing
import Testing
@testable import Library

/// Where each episode was left (schema 9): kept as the player goes, read back on opening, played
/// to its end marks it played and its article read, and it goes with its article.
@Suite struct EpisodeTests {
    private let mp3 = "https://example.org/episodes/1.mp3"

    private func storeWithEpisode() throws -> (LibraryStore, TempFolder, Int64, Int64) {
        let (store, folder) = try makeStore()
        let feed = try store.addFeed(url: "https://example.org/podcast")
        try store.save(parsed([entry("e1", title: "Episode 1")]), toFeed: feed.id)
        let id = try #require(try store.articles(ArticleQuery(view: .all)).first?.id)
        return (store, folder, feed.id, id)
    }

    @Test func theLastPositionIsWhatOpeningReadsBack() throws {
        let (store, folder, _, id) = try storeWithEpisode()
        #expect(try store.episodeProgress(articleID: id, url: mp3) == nil, "never played")
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 12.5, duration: 3600))
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 742.25))
        #expect(try store.episodeProgress(articleID: id, url: mp3)
                == EpisodeProgress(articleID: id, url: mp3, position: 742.25, duration: 3600, played: false),
                "the newest position; the length kept when not given again")
        #expect(try store.episodeProgress(articleID: id, url: "https://example.org/episodes/other.mp3") == nil,
                "each attachment its own")

        // Another process (a restart) reads the same.
        let reopened = try LibraryStore.open(path: folder.path("library.sqlite"))
        #expect(try reopened.episodeProgress(articleID: id, url: mp3)?.position == 742.25)
    }

    @Test func anEpisodeHeardToItsEndIsPlayedAndItsArticleRead() throws {
        let (store, _, _, id) = try storeWithEpisode()
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 3590, duration: 3600))
        let change = try store.finishEpisode(articleID: id, url: mp3, duration: 3600)
        #expect(change.articleIDs == [id])
        #expect(try store.episodeProgress(articleID: id, url: mp3) == EpisodeProgress(articleID: id, url: mp3, position: 0, duration: 3600, played: true))
        #expect(try store.articles(ArticleQuery(view: .all)).first?.read == true)
    }

    @Test func anEpisodeWhoseArticleCannotBeMarkedReadIsNotMarkedPlayedEither() throws {
        let (store, _, _, id) = try storeWithEpisode()
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 3590, duration: 3600))
        // Marking the article read fails (as a full disk would), after the episode was written.
        try store.transaction { database in
            try database.run("CREATE TEMP TRIGGER refuse_read BEFORE UPDATE OF read ON articles BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        #expect(throws: StorageError.self) { try store.finishEpisode(articleID: id, url: mp3, duration: 3600) }
        #expect(try store.episodeProgress(articleID: id, url: mp3)
                == EpisodeProgress(articleID: id, url: mp3, position: 3590, duration: 3600, played: false),
                "the episode as it was: heard again, it is finished then")
        #expect(try store.articles(ArticleQuery(view: .all)).first?.read == false)
    }

    @Test func progressGoesWithItsArticleAndIsNeverKeptForOneThatIsGone() throws {
        let (store, _, feedID, id) = try storeWithEpisode()
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 30))
        try store.deleteFeed(feedID)
        #expect(try store.episodeProgress(articleID: id, url: mp3) == nil)
        try store.saveEpisodeProgress(EpisodeProgress(articleID: id, url: mp3, position: 40))
        #expect(try store.episodeProgress(articleID: id, url: mp3) == nil, "the player's last write after the feed was removed")
    }

    @Test func anEpisodesAddressFindsTheArticleThatAttachesIt() throws {
        let (store, _) = try makeStore()
        let feed = try store.addFeed(url: "https://example.org/podcast")
        var old = entry("old", title: "Rerun", published: Date(timeIntervalSince1970: 1_000_000))
        old.enclosures = [Enclosure(url: mp3, type: "audio/mpeg")]
        var new = entry("new", title: "Premiere", published: Date(timeIntervalSince1970: 2_000_000))
        new.enclosures = [Enclosure(url: "https://example.org/episodes/2.mp3", type: "audio/mpeg"), Enclosure(url: mp3)]
        try store.save(parsed([old, new, entry("plain", title: "No episode")]), toFeed: feed.id)
        let ids = Dictionary(uniqueKeysWithValues: try store.articles(ArticleQuery(view: .all)).map { ($0.title ?? "", $0.id) })
        #expect(try store.articleID(attaching: mp3) == ids["Premiere"], "the newest article attaching it")
        try store.saveEpisodeProgress(EpisodeProgress(articleID: try #require(ids["Rerun"]), url: mp3, position: 5))
        #expect(try store.articleID(attaching: mp3) == ids["Rerun"], "the one last listened to")
        #expect(try store.articleID(attaching: "https://example.org/episodes/none.mp3") == nil)
    }

    @Test func audioAndVideoArePlayableByTypeOrByName() {
        #expect(Enclosure(url: "https://example.org/a", type: "audio/mpeg").isPlayable)
        #expect(Enclosure(url: "https://example.org/a", type: "video/mp4").isPlayable)
        #expect(Enclosure(url: "https://example.org/show/1.m4a?download=1").isPlayable, "no type: the file name")
        #expect(Enclosure(url: "https://example.org/1.OPUS", type: "application/octet-stream").isPlayable)
        #expect(!Enclosure(url: "https://example.org/1.pdf", type: "application/pdf").isPlayable)
        #expect(!Enclosure(url: "https://example.org/1.mp3", type: "image/jpeg").isPlayable, "a type that says otherwise wins")
        #expect(!Enclosure(url: "https://example.org/mp3/episode").isPlayable)
    }

    @Test func aPodcastsEpisodesAreListedWithWhatItsFeedSaysAndCounted() throws {
        let (store, _) = try makeStore()
        #expect(try store.unreadCounts().unplayedEpisodes == nil, "no episodes: no Podcasts view")
        let feed = try store.addFeed(url: "https://example.org/podcast")
        var first = entry("1", title: "Pilot", published: Date(timeIntervalSince1970: 1_000_000))
        first.enclosures = [Enclosure(url: "https://example.org/1.mp3", type: "audio/mpeg")]
        first.episode = EpisodeDetails(duration: 1800, season: 1, number: 1)
        var second = entry("2", title: "Second", published: Date(timeIntervalSince1970: 2_000_000))
        second.enclosures = [Enclosure(url: "https://example.org/2.pdf", type: "application/pdf")]
        try store.save(parsed([first, second, entry("3", title: "Notes")]), toFeed: feed.id)
        let pilot = try #require(try store.articles(ArticleQuery(view: .all)).first { $0.title == "Pilot" })

        #expect(try store.articles(ArticleQuery(view: .podcasts)).map(\.title) == ["Pilot"], "a PDF is no episode")
        #expect(try store.articles(ArticleQuery(view: .podcasts)).first?.episode?.details.number == 1, "its rows carry the episode")
        #expect(try store.articles(ArticleQuery(view: .all)).allSatisfy { $0.episode == nil }, "other views' do not")
        #expect(try store.episodes(ofArticle: pilot.id)["https://example.org/1.mp3"]
                == EpisodeProgress(articleID: pilot.id, url: "https://example.org/1.mp3", duration: 1800,
                                   details: EpisodeDetails(season: 1, number: 1)))
        #expect(try store.unreadCounts().unplayedEpisodes == 1)

        // The player's length wins over the feed's; the feed's next word on the season is taken.
        try store.saveEpisodeProgress(EpisodeProgress(articleID: pilot.id, url: "https://example.org/1.mp3", position: 60, duration: 1795))
        first.episode = EpisodeDetails(duration: 1800, season: 2, number: 1)
        first.summary = "Changed"
        try store.save(parsed([first, second]), toFeed: feed.id)
        let kept = try #require(try store.episodeProgress(articleID: pilot.id, url: "https://example.org/1.mp3"))
        #expect(kept.duration == 1795 && kept.position == 60 && kept.details.season == 2 && kept.inProgress)

        try store.finishEpisode(articleID: pilot.id, url: "https://example.org/1.mp3", duration: nil)
        #expect(try store.unreadCounts().unplayedEpisodes == 0, "the view stays, with nothing left to hear")
    }

    @Test func aFeedThatKeepsItsEpisodesHasItsTwoNewestUnheardOnesToDownload() throws {
        let (store, _) = try makeStore()
        let kept = try store.addFeed(url: "https://example.org/kept"), other = try store.addFeed(url: "https://example.org/other")
        func episodes(_ prefix: String, _ count: Int) -> [ParsedEntry] {
            (1...count).map { number in
                var item = entry("\(prefix)\(number)", title: "\(prefix) \(number)", published: Date().addingTimeInterval(Double(number) * 60 - 3600))
                item.enclosures = [Enclosure(url: "https://example.org/\(prefix)/\(number).mp3", type: "audio/mpeg")]
                return item
            }
        }
        try store.save(parsed(episodes("kept", 4)), toFeed: kept.id)
        try store.save(parsed(episodes("other", 2)), toFeed: other.id)
        #expect(try store.episodesToDownload().isEmpty, "no feed keeps its episodes")

        var settings = FeedSettings(of: kept)
        settings.downloadsEpisodes = true
        try store.apply(settings, toFeed: kept.id)
        #expect(try store.feed(id: kept.id)?.downloadsEpisodes == true)
        #expect(Set(try store.episodesToDownload().map(\.url)) == ["https://example.org/kept/4.mp3", "https://example.org/kept/3.mp3"])

        // The newest heard and the next downloaded: nothing more to fetch among the two newest.
        let newest = try #require(try store.articles(ArticleQuery(view: .feed(kept.id))).first { $0.title == "kept 4" })
        try store.finishEpisode(articleID: newest.id, url: "https://example.org/kept/4.mp3", duration: 60)
        let next = try #require(try store.articles(ArticleQuery(view: .feed(kept.id))).first { $0.title == "kept 3" })
        try store.setEpisodeFile("/tmp/3.mp3", size: 10, articleID: next.id, url: "https://example.org/kept/3.mp3")
        #expect(try store.episodesToDownload().map(\.url) == ["https://example.org/kept/2.mp3"], "the newest unheard two: 3 (kept) and 2")
        #expect(try store.downloadedEpisodes().map(\.file) == ["/tmp/3.mp3"])
    }
}
