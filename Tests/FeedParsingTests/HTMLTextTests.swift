import Testing
import FeedParsing

/// The one HTML→text path: titles, excerpts and the search index read the same words.
@Suite struct HTMLTextTests {
    @Test func inlineTagsDoNotSplitWordsButBlocksDo() {
        #expect(HTMLText.plain("<p>here is <strong>everything new</strong>, in order</p>") == "here is everything new, in order")
        #expect(HTMLText.plain("<p>one</p><p>two</p>") == "one two")
        #expect(HTMLText.plain("a<br>b") == "a b")
        #expect(HTMLText.plain("<a href=\"x\">link</a>s") == "links")
        #expect(HTMLText.plain("<SPAN>in</SPAN>line<DIV>block</DIV>") == "inline block")
    }

    @Test func everyNamedReferenceHTMLDefinesIsDecoded() {
        #expect(HTMLText.plain("Caf&eacute; &hellip; na&iuml;ve &mdash; &frac12; &euro;5 &alpha;&beta; &rarr; &hearts;")
                == "Café … naïve — ½ €5 αβ → ♥")
        #expect(HTMLText.plain("&#233;&#xE9;&#150;") == "éé–") // 150 is read as Windows-1252's en dash
        #expect(HTMLText.plain("AT&T &unknown; & done") == "AT&T &unknown; & done")
        #expect(HTMLText.plain("a&nbsp;b") == "a\u{A0}b")
    }

    @Test func scriptsStylesAndCommentsAreNotText() {
        #expect(HTMLText.plain("<script>var a = '<p>no</p>';</script>yes<style>p{}</style> <!-- <b>no</b> -->too") == "yes too")
        #expect(HTMLText.plain("<script>never closed") == nil)
        #expect(HTMLText.plain("x < y and <3") == "x < y and <3")
    }

    @Test func whitespaceIsCollapsedAndTrimmed() {
        #expect(HTMLText.plain("  \n\t one \r\n\u{0C} two  ") == "one two")
        #expect(HTMLText.plain("<p> </p>") == nil)
        #expect(HTMLText.plain(nil) == nil)
    }

    @Test func excerptsStopAtAWordWithAnEllipsis() {
        let text = "<p>" + String(repeating: "word ", count: 100) + "</p>"
        let excerpt = HTMLText.excerpt(text, limit: 22)
        #expect(excerpt == "word word word word…")
        #expect(HTMLText.excerpt("<p>short &amp; sweet</p>") == "short & sweet")
    }

    @Test func aLongArticlesExcerptIsItsFirstWordsInAnyScript() {
        // A long article: only its start is read, and the excerpt is the same.
        let words = (0..<20_000).map { "w\($0)" }
        let long = HTMLText.excerpt("<article><p>" + words.joined(separator: " ") + "</p></article>")
        #expect(long == words.prefix(52).joined(separator: " ") + "…")
        // Characters of many bytes each (a family emoji is 25): still 200 of them, then the ellipsis.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let emoji = HTMLText.excerpt("<p>" + String(repeating: family, count: 300) + "</p>")
        #expect(emoji == String(repeating: family, count: 200) + "…")
        // Exactly 200 characters, or 201: whole, or cut.
        #expect(HTMLText.excerpt(String(repeating: family, count: 200)) == String(repeating: family, count: 200))
        #expect(HTMLText.excerpt(String(repeating: "é", count: 201)) == String(repeating: "é", count: 200) + "…")
    }
}
