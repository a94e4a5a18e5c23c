import ArticleModel
import FeedParsing
import Foundation
import Library

/// Synthetic articles for the library benchmarks and the kill -9 test.
enum LibraryFixtures {
    /// 8,000 pseudo-words drawn with a skewed (Zipf-like) frequency, with real words
    /// planted at ranks from very common to rare so queries match realistic fractions.
    private static let words: [String] = {
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qua", "bri", "dor", "fen", "gal", "hup", "jin"]
        var generator = SplitMix(seed: 42)
        var list = (0..<8_000).map { _ in
            (0..<(2 + Int(generator.next() % 3))).map { _ in syllables[Int(generator.next() % UInt64(syllables.count))] }.joined()
        }
        let planted = [(3, "update"), (20, "linux"), (60, "swift"), (150, "kernel"), (400, "gtk"), (900, "garden"),
                       (1_500, "coffee"), (2_500, "river"), (4_000, "typography"), (7_000, "zeppelin")]
        for (rank, word) in planted { list[rank] = word }
        return list
    }()

    private static func word(_ generator: inout SplitMix) -> String {
        let uniform = Double(generator.next() % 1_000_000) / 1_000_000
        return words[min(words.count - 1, Int(pow(uniform, 4) * Double(words.count)))]
    }

    /// A feed of `count` entries numbered from `start`, deterministic per number.
    static func feed(number: Int, entries count: Int, start: Int = 0, now: Date = Date()) -> ParsedFeed {
        var generator = SplitMix(seed: UInt64(number &* 7919 &+ start))
        let entries = (start..<(start + count)).map { index -> ParsedEntry in
            func sentence(_ length: Int) -> String {
                (0..<length).map { _ in word(&generator) }.joined(separator: " ")
            }
            /// A long read (about 4 000 words under four headings), as each feed's newest article:
            /// what a reader is asked to lay out when the window's width changes.
            func longRead() -> String {
                "<div>" + (0..<32).map { part in
                    (part % 8 == 7 ? "<h2>\(sentence(5).capitalized)</h2>" : "")
                        + "<p>\(sentence(60 + Int(generator.next() % 140)))</p>"
                }.joined() + "</div>"
            }
            return ParsedEntry(
                id: "urn:bench:\(number):\(index)", title: sentence(6).capitalized,
                link: "https://bench.example/\(number)/\(index)",
                published: now.addingTimeInterval(-Double(index) * 600 - Double(number)),
                authors: [Person(name: "Author \(index % 97)")],
                summary: "<p>\(sentence(25))</p>", content: index == 0 ? longRead() : "<div><p>\(sentence(120))</p><p>\(sentence(80))</p></div>")
        }
        return ParsedFeed(format: .rss20, title: "Bench feed \(number)", link: "https://bench.example/\(number)/",
                          entries: entries)
    }

    /// Fills `store` with `total` articles spread over `feeds` feeds.
    static func populate(_ store: LibraryStore, articles total: Int, feeds: Int) throws {
        let perFeed = max(1, total / feeds)
        for number in 0..<feeds {
            let feed = try store.addFeed(url: "https://bench.example/\(number)/feed.xml")
            var start = 0
            while start < perFeed {
                let batch = min(500, perFeed - start)
                try store.save(Self.feed(number: number, entries: batch, start: start), toFeed: feed.id)
                start += batch
            }
        }
        try store.analyze()
    }
}

/// A small deterministic generator (the benchmarks must be repeatable).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
