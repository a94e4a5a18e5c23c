import ArticleModel
import Foundation

/// Serialises a `ParsedFeed` as the JSON printed by `lectern --inspect-feed`.
///
/// Keys always appear, in a fixed order; absent values are `null`; dates are
/// `YYYY-MM-DDTHH:MM:SSZ` in UTC. The schema is documented in `docs/inspect-feed.md`.
public enum FeedJSON {
    /// The feed as one line of JSON (no trailing newline).
    public static func encode(_ feed: ParsedFeed) -> String {
        let out = JSONWriter()
        out.object {
            out.key("format"); out.string(feed.format.rawValue)
            out.key("title"); out.string(feed.title)
            out.key("link"); out.string(feed.link)
            out.key("description"); out.string(feed.description)
            out.key("language"); out.string(feed.language)
            out.key("updated"); out.date(feed.updated)
            out.key("authors"); writeAuthors(feed.authors, to: out)
            out.key("entries")
            out.array(feed.entries) { entry in writeEntry(entry, to: out) }
            out.key("warnings")
            out.array(feed.warnings) { out.string($0) }
        }
        return out.text
    }

    private static func writeEntry(_ entry: ParsedEntry, to out: JSONWriter) {
        out.object {
            out.key("id"); out.string(entry.id)
            out.key("title"); out.string(entry.title)
            out.key("link"); out.string(entry.link)
            out.key("published"); out.date(entry.published)
            out.key("updated"); out.date(entry.updated)
            out.key("authors"); writeAuthors(entry.authors, to: out)
            out.key("summary"); out.string(entry.summary)
            out.key("content"); out.string(entry.content)
            out.key("categories")
            out.array(entry.categories) { out.string($0) }
            out.key("enclosures")
            out.array(entry.enclosures) { enclosure in
                out.object {
                    out.key("url"); out.string(enclosure.url)
                    out.key("type"); out.string(enclosure.type)
                    out.key("length"); out.integer(enclosure.length)
                }
            }
        }
    }

    private static func writeAuthors(_ authors: [Person], to out: JSONWriter) {
        out.array(authors) { person in
            out.object {
                out.key("name"); out.string(person.name)
                out.key("email"); out.string(person.email)
                out.key("uri"); out.string(person.uri)
            }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for a UTC instant.
    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let clock = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(clock / 3600)):\(two(clock / 60 % 60)):\(two(clock % 60))Z"
    }

    /// The inverse of `FeedDateParser.daysFromCivil` (H. Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
