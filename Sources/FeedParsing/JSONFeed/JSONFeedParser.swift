import ArticleModel
import Foundation
import Localization

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), via `JSONSerialization`.
enum JSONFeedParser {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                      warnings: [String]) throws(FeedParserError) -> ParsedFeed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(buffer: bytes), options: [.fragmentsAllowed])
        } catch {
            // Foundation says where and why ("Unexpected end of file", "Too many nested arrays…").
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .notJSONFeed(reason: detail.map { tr("the JSON is not valid: {error}", ["error": $0]) } ?? tr("the JSON is not valid"))
        }
        guard let root = object as? [String: Any] else { throw .notJSONFeed(reason: tr("the top level is not an object")) }
        let version = root["version"] as? String ?? ""
        guard version.contains("jsonfeed.org/version/") || root["items"] is [Any] else {
            let keys = root.keys.sorted().prefix(5).joined(separator: ", ")
            // Translators: "version" and "items" are JSON Feed keys; keep them as they are.
            throw .notJSONFeed(reason: tr("no \"version\" or \"items\"; keys found: {keys}", ["keys": keys]))
        }
        let base = (root["home_page_url"] as? String) ?? feedURL
        var feed = ParsedFeed(format: version.hasSuffix("/1") ? .json10 : .json11)
        feed.title = (root["title"] as? String).flatMap(PlainText.collapsed)
        feed.link = (root["home_page_url"] as? String).map { URLResolver.resolve($0, against: feedURL) }
        feed.description = root["description"] as? String
        feed.language = root["language"] as? String
        feed.authors = authors(in: root)
        feed.iconURL = (root["icon"] as? String ?? root["favicon"] as? String).map { URLResolver.resolve($0, against: base) }
        feed.warnings = warnings
        for (index, value) in (root["items"] as? [Any] ?? []).enumerated() {
            guard let item = value as? [String: Any] else {
                feed.warnings.append("items[\(index)] is not an object; skipped")
                continue
            }
            feed.entries.append(entry(from: item, base: base))
        }
        return feed
    }

    private static func entry(from item: [String: Any], base: String?) -> ParsedEntry {
        var entry = ParsedEntry()
        entry.id = (item["id"] as? String) ?? (item["id"] as? NSNumber).map { "\($0)" }
        entry.title = (item["title"] as? String).flatMap(PlainText.collapsed)
        entry.link = (item["url"] as? String ?? item["external_url"] as? String).map { URLResolver.resolve($0, against: base) }
        entry.published = (item["date_published"] as? String).flatMap(FeedDateParser.parse)
        entry.updated = (item["date_modified"] as? String).flatMap(FeedDateParser.parse)
        entry.authors = authors(in: item)
        entry.summary = item["summary"] as? String
        entry.content = item["content_html"] as? String ?? item["content_text"] as? String
        entry.categories = Array((item["tags"] as? [Any] ?? []).lazy.compactMap { $0 as? String }.prefix(ParsedEntry.listLimit))
        entry.thumbnailURL = (item["image"] as? String ?? item["banner_image"] as? String).map { URLResolver.resolve($0, against: base) }
        for case let attachment as [String: Any] in item["attachments"] as? [Any] ?? [] {
            guard entry.enclosures.count < ParsedEntry.listLimit else { break }
            guard let url = attachment["url"] as? String else { continue }
            let length = (attachment["size_in_bytes"] as? NSNumber)?.intValue
            entry.enclosures.append(Enclosure(url: URLResolver.resolve(url, against: base),
                                              type: attachment["mime_type"] as? String, length: length))
            if entry.episode.duration == nil, let seconds = (attachment["duration_in_seconds"] as? NSNumber)?.doubleValue,
               seconds > 0, seconds <= 7 * 24 * 3600 {
                entry.episode.duration = seconds
            }
        }
        if entry.id == nil { entry.id = EntryIdentity.fallbackID(for: entry) }
        return entry
    }

    /// JSON Feed 1.1 `authors` (array), falling back to 1.0's single `author`.
    private static func authors(in object: [String: Any]) -> [Person] {
        var list = (object["authors"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        if list.isEmpty, let single = object["author"] as? [String: Any] { list = [single] }
        return Array(list.lazy.compactMap { author in
            let person = Person(name: (author["name"] as? String).flatMap(PlainText.collapsed),
                                email: nil, uri: author["url"] as? String)
            return person.isEmpty ? nil : person
        }.prefix(ParsedEntry.listLimit))
    }
}
