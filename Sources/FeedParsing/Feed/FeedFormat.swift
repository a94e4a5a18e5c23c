/// The syndication format a feed was written in, sniffed from its bytes.
///
/// The raw values are stable identifiers used in `lectern --inspect-feed` output
/// (see `docs/inspect-feed.md`):
///
/// | raw value | format |
/// |---|---|
/// | `rss090` | RSS 0.90 (RDF with the Netscape 0.9 namespace) |
/// | `rss091` … `rss094` | RSS 0.91–0.94 (from the `version` attribute) |
/// | `rss20` | RSS 2.0 (`version="2.0"`, also 2.0.x) |
/// | `rss` | RSS with a missing or unknown `version` attribute |
/// | `rss10` | RSS 1.0 (RDF) |
/// | `atom03` / `atom10` | Atom 0.3 / Atom 1.0 |
/// | `atom` | an Atom-looking `<feed>` in no or an unknown namespace |
/// | `cdf` | Microsoft Channel Definition Format |
/// | `json10` / `json11` | JSON Feed 1.0 / 1.1 |
public enum FeedFormat: String, Sendable, CaseIterable {
    case rss090, rss091, rss092, rss093, rss094, rss20, rss
    case rss10
    case atom03, atom10, atom
    case cdf
    case json10, json11

    /// True for the Atom family, whose text constructs carry an explicit `type`.
    var isAtom: Bool { self == .atom03 || self == .atom10 || self == .atom }

    /// The RSS 0.9x / 2.0 format named by an `<rss version="…">` attribute.
    static func rss(version: String?) -> FeedFormat {
        guard let version = version?.trimmingCharacters(in: .whitespaces) else { return .rss }
        switch version {
        case "0.90": return .rss090
        case "0.91": return .rss091
        case "0.92": return .rss092
        case "0.93": return .rss093
        case "0.94": return .rss094
        case "2.0", "2", "2.00": return .rss20
        default: return version.hasPrefix("2.0") ? .rss20 : .rss
        }
    }
}
