import ArticleExtraction
import FeedParsing
import Foundation
import Testing

/// Pages that are not pages, or not articles, or built to hurt: each gets a clear answer.
@Suite("Extraction of bad input")
struct BadInputTests {
    @Test(arguments: [
        (Data("%PDF-1.7\n%âãÏÓ\n1 0 obj".utf8), "a PDF file"),
        (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), "a PNG image"),
        (Data("{\"articles\": [1, 2, 3]}".utf8), "JSON"),
    ])
    func aDocumentThatIsNotAPageIsNamed(bytes: Data, kind: String) {
        #expect(throws: ExtractionError.notHTML(kind: kind)) {
            try ArticleExtractor.extract(from: bytes, url: nil)
        }
    }

    @Test func anEmptyPageHasNoArticle() {
        #expect(throws: ExtractionError.self) { try ArticleExtractor.extract(from: Data(), url: nil) }
    }

    @Test func aPageLargerThanTheLimitIsRefusedUnread() {
        let page = Data(repeating: UInt8(ascii: "a"), count: (ArticleExtractor.maximumMegabytes + 1) << 20)
        #expect(throws: ExtractionError.tooLarge(megabytes: ArticleExtractor.maximumMegabytes + 1,
                                                 limit: ArticleExtractor.maximumMegabytes)) {
            try ArticleExtractor.extract(from: page, url: nil)
        }
    }

    @Test func aHugePageUnderTheLimitIsRead() throws {
        var html = "<html><body><nav><a href='/'>Home</a></nav><article>"
        let paragraph = "<p>Every paragraph of this very long page says the same, which is fine, since the point is its size, not its prose.</p>\n"
        html += String(repeating: paragraph, count: 60_000)   // about 7 MB
        html += "</article></body></html>"
        let article = try ArticleExtractor.extract(from: Data(html.utf8), url: nil)
        #expect(article.document.blocks.count == 60_000)
    }

    /// Lines broken by `<br>` make two nodes a tag, more than the reader reserves for: the
    /// nodes past its estimate are kept, to the last line.
    @Test func aPageOfMoreNodesThanItsTagsSuggestIsReadToTheEnd() throws {
        var html = "<html><body><div class='poem'>"
        for line in 1...20_000 { html += "Line \(line) of a long poem, set with breaks<br>" }
        html += "The last line.</div></body></html>"
        let article = try ArticleExtractor.extract(from: Data(html.utf8), url: nil)
        #expect(article.text.hasPrefix("Line 1 of a long poem"))
        #expect(article.text.contains("Line 20000 of a long poem"))
        #expect(article.text.hasSuffix("The last line."), "\(article.text.suffix(80))")
    }

    /// The title and the author line are one line in the reader: megabytes of either are cut.
    @Test func aTitleAndAuthorOfMegabytesAreCutToALine() throws {
        let long = String(repeating: "Long words ", count: 200_000)
        let html = "<html><head><title>\(long)</title><meta name=\"author\" content=\"\(long)\"></head><body><article>"
            + String(repeating: "<p>A paragraph of the article, long enough to be read as one, and then some more words.</p>", count: 10)
            + "</article></body></html>"
        let article = try ArticleExtractor.extract(from: Data(html.utf8), url: nil)
        #expect(article.title?.count == PlainText.lineLimit + 1 && article.title?.hasSuffix("…") == true)
        #expect(article.byline?.count == PlainText.lineLimit + 1)
    }

    @Test func hundredThousandDeepNestingEndsWithoutCrashing() throws {
        let depth = 100_000
        let html = "<html><body>" + String(repeating: "<div>", count: depth)
            + "<p>" + String(repeating: "Deep inside the nesting there is still a sentence or two. ", count: 20) + "</p>"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        // libxml2 caps the depth it builds; the answer is an article or a plain "no article".
        do {
            let article = try ArticleExtractor.extract(from: Data(html.utf8), url: nil)
            #expect(!article.text.isEmpty)
        } catch {
            #expect(error.description.hasPrefix("no article found"))
        }
    }

    @Test func invalidBytesAreReadAroundNotRefused() throws {
        var bytes = Array("<html><head><meta charset='utf-8'></head><body><article>".utf8)
        for index in 0..<8 {
            bytes += Array("<p>Paragraph \(index) of a page whose bytes are broken here: ".utf8)
            bytes += [0xFF, 0xC3, 0x28, 0xE2, 0x82, 0x00]
            bytes += Array(" and then go on as words a reader can read, for long enough to count.</p>".utf8)
        }
        bytes += Array("</article></body></html>".utf8)
        let article = try ArticleExtractor.extract(from: Data(bytes), url: nil)
        #expect(article.text.contains("Paragraph 7 of a page whose bytes are broken here"))
        #expect(article.text.contains("for long enough to count."))
    }

    @Test func theHTTPCharsetWinsOverAStalePageMeta() throws {
        // Windows-1252 bytes (é is 0xE9, € 0x80: not ISO-8859-1's, libxml2's own fallback) in a
        // page whose <meta> still says UTF-8.
        var bytes = Array("<html><head><meta charset='utf-8'><title>Caf".utf8) + [0xE9]
        bytes += Array("</title></head><body><article><p>Le caf".utf8) + [0xE9]
        bytes += Array(" du port ouvre avant six heures et sert le premier caf".utf8) + [0xE9]
        bytes += Array(" pour 2 ".utf8) + [0x80] + Array(", avant les bateaux.</p></article></body></html>".utf8)
        let article = try ArticleExtractor.extract(from: Data(bytes), url: nil, charset: "windows-1252")
        #expect(article.text.hasPrefix("Le café du port") && article.text.contains("pour 2 €"), "\(article.text)")
        #expect(article.title == "Café")
    }
}
