import FeedParsing
import Foundation
import Testing
@testable import Library

@Suite struct ViewQueryTests {
    /// Two feeds in a folder-less/folder split; 10 articles a day apart, newest first.
    private func populated() throws -> (LibraryStore, TempFolder, Feed, Feed, Folder) {
        let (store, folder) = try makeStore()
        let news = try store.folder(named: "News")
        let one = try store.addFeed(url: "https://one.example/feed", title: "One", folderID: news.id)
        let two = try store.addFeed(url: "https://two.example/feed", title: "Two")
        let now = Date()
        for index in 0..<10 {
            let target = index.isMultiple(of: 2) ? one : two
            let item = entry("item-\(index)", title: "Item \(index)", published: now.addingTimeInterval(-Double(index) * day - 60))
            try store.save(parsed([item]), toFeed: target.id, now: now)
        }
        return (store, folder, one, two, news)
    }

    @Test func viewsSelectTheRightArticlesNewestFirst() throws {
        let (store, folder, one, two, news) = try populated()
        _ = folder
        let all = try store.articles(ArticleQuery(view: .all))
        #expect(all.map(\.title) == (0..<10).map { "Item \($0)" })
        #expect(try store.count(.all) == 10)
        #expect(try store.count(.feed(one.id)) == 5)
        #expect(try store.articles(ArticleQuery(view: .feed(two.id))).allSatisfy { $0.feedTitle == "Two" })
        #expect(try store.count(.folder(news.id)) == 5)
        #expect(try store.count(.today) == 1)
        try store.setRead([all[0].id, all[1].id], true)
        try store.setStarred([all[2].id], true)
        #expect(try store.count(.unread) == 8)
        #expect(try store.count(.feed(one.id), unreadOnly: true) == 4)
        #expect(try store.articles(ArticleQuery(view: .starred)).map(\.id) == [all[2].id])
        let counts = try store.unreadCounts()
        #expect(counts == UnreadCounts(all: 8, starred: 1, byFeed: [one.id: 4, two.id: 4], byFolder: [news.id: 4]))
    }

    @Test func offsetAndKeysetPagingAgree() throws {
        let (store, folder, _, _, _) = try populated()
        _ = folder
        let first = try store.articles(ArticleQuery(view: .all, limit: 4))
        let byOffset = try store.articles(ArticleQuery(view: .all, limit: 4, offset: 4))
        let byKeyset = try store.articles(ArticleQuery(view: .all, limit: 4, after: first.last?.cursor))
        #expect(byOffset == byKeyset)
        #expect(byKeyset.map(\.title) == ["Item 4", "Item 5", "Item 6", "Item 7"])
    }

    @Test func markAllReadReturnsWhatChangedAndUndoRestoresIt() throws {
        let (store, folder, one, _, _) = try populated()
        _ = folder
        let first = try #require(try store.articles(ArticleQuery(view: .feed(one.id))).first)
        try store.setRead([first.id], true)
        let change = try store.markAllRead(in: .feed(one.id))
        #expect(change.articleIDs.count == 4)
        #expect(try store.count(.feed(one.id), unreadOnly: true) == 0)
        try store.undo(change)
        #expect(try store.count(.feed(one.id), unreadOnly: true) == 4)
        #expect(try store.article(id: first.id)?.read == true) // was read before: stays read
        let star = try store.setStarred([first.id], true)
        #expect(try store.setStarred([first.id], true).isEmpty)
        try store.undo(star)
        #expect(try store.article(id: first.id)?.starred == false)
    }

    @Test func markAllReadWithinASearch() throws {
        let (store, folder, _, _, _) = try populated()
        _ = folder
        let change = try store.markAllRead(in: .all, search: "item")
        #expect(change.articleIDs.count == 10)
        #expect(try store.markAllRead(in: .all, search: "zzz").isEmpty)
    }

    @Test(arguments: [
        ArticleView.all, .unread, .starred, .feed(1), .folder(1), .today,
    ])
    func listQueriesAreServedByAnIndexWithoutSorting(view: ArticleView) throws {
        let (store, folder) = try makeStore()
        _ = folder
        try store.analyze()
        let filter = ViewFilter(view: view)
        let plan = try store.queryPlan("""
            SELECT a.id FROM \(filter.source) WHERE \(filter.clause) ORDER BY a.sort_date DESC, a.id DESC LIMIT 100 OFFSET 40000
            """, filter.values).joined(separator: " | ")
        // A partial index answers its own WHERE term without reading the row, though the
        // plan calls it "INDEX" rather than "COVERING INDEX".
        let indexOnly = plan.contains("USING COVERING INDEX") || plan.contains("USING INDEX articles_unread")
            || plan.contains("USING INDEX articles_starred")
        #expect(indexOnly, "the window must come from an index alone: \(plan)")
        if view != .folder(1) { #expect(!plan.contains("TEMP B-TREE"), "\(plan)") }
        #expect(!plan.contains("SCAN a ") || plan.contains("INDEX"), "\(plan)")
    }

    @Test func unreadCountsUseTheUnreadIndex() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let plan = try store.queryPlan("SELECT count(*) FROM articles a WHERE a.feed_id = ? AND a.read = 0", [.integer(1)])
        #expect(plan.joined().contains("articles_feed_unread"), "\(plan)")
        let all = ViewFilter(view: .unread)
        let total = try store.queryPlan("SELECT count(*) FROM \(all.source) WHERE \(all.clause)", all.values)
        #expect(total.joined().contains("INDEX articles_unread"), "\(total)")
    }
}
