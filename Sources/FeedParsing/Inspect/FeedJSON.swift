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
        write(feed, to: out)
        return out.text
    }

    /// The feed as one line of JSON, handed to `sink` a piece at a time (no trailing newline).
    public static func write(_ feed: ParsedFeed, to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        let out = JSONWriter(sink: sink)
        write(feed, to: out)
        out.flush()
    }

    private static func write(_ feed: ParsedFeed, to out: JSONWriter) {
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
        let out = JSONWriter()
        out.date(date)
        return String(out.text.dropFirst().dropLast())   // without the quotes
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
