import Foundation
import Library
import Localization

/// The words of the notification about new articles: one article by its title with its feed
/// below; several counted, with the feeds that brought the most named.
struct ArrivalsNotice: Equatable {
    let title: String
    let body: String
    /// The articles it announces ("Mark as Read" marks exactly these).
    let articleIDs: [Int64]

    /// How many feeds are named before "and N more".
    static let namedFeeds = 3

    init?(_ arrivals: [ArticleRow]) {
        guard let first = arrivals.first else { return nil }
        articleIDs = arrivals.map(\.id)
        if arrivals.count == 1 {
            let heading = first.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            title = heading.isEmpty ? tr("New article") : heading
            body = first.feedTitle
            return
        }
        title = tr("{count} new article", plural: "{count} new articles", count: arrivals.count)
        // The feeds by how many they brought (most first; ties by name).
        var counts: [String: Int] = [:]
        for row in arrivals { counts[row.feedTitle, default: 0] += 1 }
        let feeds = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        let named = feeds.prefix(Self.namedFeeds)
        let more = feeds.count - named.count
        if more > 0 {
            // Translators: {feeds} names the feeds that brought the most, separated by commas.
            body = tr("From {feeds} and {count} more feed", plural: "From {feeds} and {count} more feeds", count: more,
                      ["feeds": LocaleFormats.list(Array(named))])
        } else if named.count == 1 {
            body = tr("From {feed}", ["feed": named[0]])
        } else {
            // Translators: {feeds} names all the feeds but the last, separated by commas.
            body = tr("From {feeds} and {last}", ["feeds": LocaleFormats.list(Array(named.dropLast())), "last": named.last!])
        }
    }
}
