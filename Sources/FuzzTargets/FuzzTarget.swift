import ArticleExtraction
import ArticleModel
@_spi(Diagnostics) import FeedParsing
import Foundation
import LecternApp
import Library
import Theming

/// The parts of Lectern that read untrusted bytes, each as one fuzz target.
///
/// `make fuzz` drives them with libFuzzer (`lectern-fuzz TARGET …`); the test suite replays
/// every seed and every crash input kept in `Tests/FuzzInputs/TARGET/` through the same
/// `run` so a fixed crash stays fixed. A target returns normally for any input, whether the
/// input is accepted or rejected with an error; it traps (via `FuzzInvariant`) when Lectern
/// produced something it must never produce.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `FeedParser.parse`: RSS, RDF, Atom and JSON Feed in any encoding.
    case feed
    /// `ArticleDocument.parse`: the article HTML sanitizer.
    case html
    /// `ArticleExtractor.extract`: a whole web page, for its article.
    case page
    /// `FeedDateParser.parse`: RFC 822, ISO 8601 and their sloppy variants.
    case date
    /// `OPML.entries`: subscription lists.
    case opml
    /// `ThemeFile.decode` and, for a theme that decodes, its CSS in both schemes.
    case theme
    /// `ImageHeader`: a picture's format and declared size, read before any decoder runs.
    case image
    /// settings.ini, read as a launch reads it (GKeyFile, then each value's checks).
    case settings

    /// Feeds one input to the target.
    public func run(_ data: Data) {
        switch self {
        case .feed: Self.feed(data)
        case .html: Self.html(data)
        case .page: Self.page(data)
        case .date: Self.date(data)
        case .opml: Self.opml(data)
        case .theme: Self.theme(data)
        case .image: Self.image(data)
        case .settings: Self.settings(data)
        }
    }

    private static func feed(_ data: Data) {
        let url = URL(string: "https://fuzz.example/feed")
        guard let feed = try? FeedParser.parse(data, url: url) else { return }
        // Entry identities (and everything else) must not depend on anything but the bytes,
        // or a refresh would store the same article twice; nor on whether libxml2 ran on a
        // thread of its own (large documents) or not.
        let threaded = FeedParser.withThreading(.always) { try? FeedParser.parse(data, url: url) }
        FuzzInvariant.same(feed, threaded, what: "a second parse of the same feed, with libxml2 on its own thread")
    }

    private static func html(_ data: Data) {
        let html = String(decoding: data, as: UTF8.self)
        let document = ArticleDocument.parse(html: html, baseURL: URL(string: "https://fuzz.example/post/"))
        FuzzInvariant.onlySafeURLs(in: document)
    }

    private static func page(_ data: Data) {
        guard let article = try? ArticleExtractor.extract(from: data, url: URL(string: "https://fuzz.example/2026/story.html"))
        else { return }
        FuzzInvariant.onlySafeURLs(in: article.document)
        // The stored HTML, read back for the reader, must say the same and show the same
        // pictures (spacing aside: runs of spaces may come back shorter).
        let back = ArticleDocument.parse(html: article.document.html, baseURL: nil)
        FuzzInvariant.same(gist(article.document), gist(back), what: "the full article read back from its stored HTML")
    }

    /// A document's words, paragraph by paragraph, and its pictures' addresses.
    private static func gist(_ document: ArticleDocument) -> [String] {
        let words = document.paragraphs(withAltText: true)
            .map { $0.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
            .filter { !$0.isEmpty }
        return words + document.images.map(\.url)
    }

    private static func date(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        if let date = FeedDateParser.parse(text) { FuzzInvariant.isFinite(date, from: text) }
    }

    private static func opml(_ data: Data) {
        guard let entries = try? OPML.entries(in: data) else { return }
        for entry in entries { FuzzInvariant.hasAddress(entry) }
    }

    private static func image(_ data: Data) {
        guard let header = ImageHeader(data) else { return }
        FuzzInvariant.withinBounds(header)
    }

    private static func settings(_ data: Data) {
        let messages = MainActor.assumeIsolated { SettingsFileCheck.messages(reading: String(decoding: data, as: UTF8.self)) }
        FuzzInvariant.shortMessages(messages)
    }

    private static func theme(_ data: Data) {
        guard let theme = try? ThemeFile.decode(data, file: "fuzz.json") else { return }
        for scheme in [ColorScheme.light, .dark] {
            FuzzInvariant.bracesBalance(CSSGenerator.css(for: theme, scheme: scheme))
        }
    }
}
