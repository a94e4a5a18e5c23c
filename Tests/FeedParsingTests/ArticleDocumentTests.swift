import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

/// The article sanitizer: normal articles, then hostile HTML.
@Suite struct ArticleDocumentTests {
    let base = URL(string: "https://example.com/blog/post.html")

    func parse(_ html: String) -> ArticleDocument { ArticleDocument.parse(html: html, baseURL: base) }

    @Test func normalArticle() throws {
        let html = String(decoding: try fixture("html/article.html"), as: UTF8.self)
        let blocks = parse(html).blocks
        #expect(blocks[0] == .heading(level: 2, content: [.text("Getting started")]))
        #expect(blocks[1] == .paragraph([
            .text("Read the "), .link(url: "https://example.com/docs/intro.html", children: [.text("intro")]),
            .text(" and the "), .emphasis([.text("whole")]), .text(" "), .strong([.text("guide")]), .text("."),
            .lineBreak, .text("Then begin."),
        ]))
        #expect(blocks[2] == .list(ordered: false, items: [[.paragraph([.text("One")])],
                                                          [.paragraph([.text("Two "), .code("let x = 1")])]]))
        #expect(blocks[3] == .list(ordered: true, items: [[.paragraph([.text("First")]),
                                                          .list(ordered: false, items: [[.paragraph([.text("Nested")])]])]]))
        #expect(blocks[4] == .blockquote([.paragraph([.text("Quoted text")])]))
        #expect(blocks[5] == .code(text: "func f() {\n    return 1\n}", language: "swift"))
        #expect(blocks[6] == .image(ArticleImage(url: "https://example.com/blog/img/chart.png", alt: "A chart",
                                                 caption: [.text("Figure 1: "), .emphasis([.text("growth")])],
                                                 width: 640, height: 480)))
        #expect(blocks[7] == .rule)
        #expect(blocks[8] == .table([
            [ArticleTableCell(isHeader: true, content: [.text("Name")]), ArticleTableCell(isHeader: true, content: [.text("Value")])],
            [ArticleTableCell(content: [.text("a")]), ArticleTableCell(content: [.strong([.text("1")])])],
        ]))
        #expect(blocks[9] == .paragraph([.text("Loose inline text at block level")]))
        #expect(blocks.count == 10)
    }

    @Test func plainTextHasALinePerBlock() {
        let document = parse("<h1>Title</h1><p>Hello <b>big</b>\n world.</p><ul><li>item</li></ul>")
        #expect(document.plainText == "Title\nHello big world.\nitem")
    }

    @Test func whitespaceCollapsesAcrossElements() {
        #expect(parse("  a  <b> b </b>  c ").blocks == [.paragraph([.text("a "), .strong([.text("b ")]), .text("c")])])
        #expect(parse("a<span> </span>b").blocks == [.paragraph([.text("a b")])])
        #expect(parse("<p>one</p>two<div>three</div>").blocks
                == [.paragraph([.text("one")]), .paragraph([.text("two")]), .paragraph([.text("three")])])
    }

    @Test func preKeepsWhitespace() {
        #expect(parse("<pre>\n  a\n\tb  <b>c</b><br>d</pre>").blocks == [.code(text: "  a\n\tb  c\nd", language: nil)])
    }

    @Test func scriptsStylesPluginsAndFormsAreDroppedAndFramesBecomeCards() {
        let html = """
        <script>alert(1)</script><style>p{}</style><p onclick="x()" style="color:red">Safe</p>
        <iframe src="https://other.example/"><p>inside</p></iframe><object data="x.swf"><p>fallback</p></object>
        <form action="/steal"><input name="a"><button>Go</button></form><noscript>no</noscript>
        <svg><script>alert(2)</script></svg><iframe src="javascript:alert(3)"></iframe><iframe srcdoc="<script>"></iframe>
        """
        #expect(parse(html).blocks == [.paragraph([.text("Safe")]),
                                       .embed(ArticleEmbed(kind: .frame, url: "https://other.example/"))])
        #expect(!parse(html).html.contains("<iframe"), "written back as a link, never a frame")
    }

    @Test func videoAudioAndFramesBecomeCardsWithTheirTitles() {
        let html = """
        <p>Watch this:</p><iframe src="//www.youtube.com/embed/abc" title="Launch day"></iframe>
        <video controls poster="/p.jpg"><source src="/clip.webm" type="video/webm"><source src="/clip.mp4">
        Your browser cannot play this.</video>
        <audio src="https://cdn.example/episode.mp3" title="Episode 12"></audio><video></video>
        <iframe src="https://w.soundcloud.com/player/?url=x"></iframe>
        """
        let expected: [ArticleBlock] = [
            .paragraph([.text("Watch this:")]),
            .embed(ArticleEmbed(kind: .video, url: "https://www.youtube.com/embed/abc", title: "Launch day")),
            .embed(ArticleEmbed(kind: .video, url: "https://example.com/clip.webm")),
            .embed(ArticleEmbed(kind: .audio, url: "https://cdn.example/episode.mp3", title: "Episode 12")),
            .embed(ArticleEmbed(kind: .audio, url: "https://w.soundcloud.com/player/?url=x")),
        ]
        let document = parse(html)
        #expect(document.blocks == expected, "players of known hosts are named; one without any address is left out, its fallback text too")
        #expect(ArticleDocument.parse(html: document.html, baseURL: nil).blocks == expected, "stored and read back alike")
    }

    @Test func javascriptURLsAreDropped() {
        let html = """
        <a href="javascript:alert(1)">a</a> <a href=" JaVa\tScRiPt:alert(1)">b</a>
        <a href="data:text/html,<script>">c</a> <a href="vbscript:x">d</a>
        <img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=x>">
        """
        #expect(parse(html).blocks == [.paragraph([.text("a b c d")])])
    }

    @Test func trackingPixelsAreDropped() {
        let html = """
        <p>x<img src="https://t.example/p.gif" width="1" height="1"><img src="/a.gif" width="2"><img src="/b.gif" height="0"></p>
        <img src="/real.png" width="300">
        """
        #expect(parse(html).blocks == [.paragraph([.text("x")]),
                                       .image(ArticleImage(url: "https://example.com/real.png", width: 300))])
    }

    @Test func lazyLoadedImagesShowTheirRealAddress() {
        let placeholder = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
        func url(_ html: String) -> String? {
            guard case .image(let image)? = parse(html).blocks.first else { return nil }
            return image.url
        }
        #expect(url("<img src=\"\(placeholder)\" data-src=\"img/real.jpg\">") == "https://example.com/blog/img/real.jpg")
        #expect(url("<img src=\"\(placeholder)\" data-lazy-src=\"/lazy.jpg\">") == "https://example.com/lazy.jpg")
        #expect(url("<img srcset=\"/a-480.jpg 480w, /a-1280.jpg 1280w, /a-2560.jpg 2560w\">") == "https://example.com/a-1280.jpg")
        #expect(url("<img src=\"\(placeholder)\" data-srcset=\"/b.jpg, /b@2x.jpg 2x, /b@3x.jpg 3x\">")
                == "https://example.com/b@2x.jpg")
        // An address may hold commas; only a comma after it ends the candidate.
        #expect(url("<img srcset=\"https://cdn.example/w_400,h_300/c.jpg 400w, https://cdn.example/w_900,h_600/c.jpg 900w\">")
                == "https://cdn.example/w_900,h_600/c.jpg")
        // A real src wins; a lone inline image is still shown; unsafe candidates are not.
        #expect(url("<img src=\"/plain.jpg\" srcset=\"/other.jpg 2x\">") == "https://example.com/plain.jpg")
        #expect(url("<img src=\"\(placeholder)\">") == placeholder)
        #expect(url("<img srcset=\"javascript:alert(1) 1x\">") == nil)
        #expect(url("<img srcset=\"/x.jpg 1q, /y.jpg -2w\">") == nil)
    }

    @Test func srcsetCandidatesSplitAsBrowsersSplitThem() {
        #expect(ImageSource.parse(" a.jpg 1x ,b.jpg 2x,, c.jpg") == [
            .init(url: "a.jpg", density: 1), .init(url: "b.jpg", density: 2), .init(url: "c.jpg"),
        ])
        #expect(ImageSource.parse("d.jpg, e.jpg 640w 480h") == [.init(url: "d.jpg"), .init(url: "e.jpg", width: 640)])
        #expect(ImageSource.parse("f.jpg 1x 2w, g.jpg 1e999w, h.jpg") == [.init(url: "h.jpg")])
        #expect(ImageSource.best(in: "small.jpg 300w, mid.jpg 800w") == "mid.jpg")
        #expect(ImageSource.best(in: "") == nil)
    }

    @Test func linkedImageKeepsItsLink() {
        #expect(parse("<p><a href='/big.png'><img src='small.png' alt='A'></a> text</p>").blocks == [
            .paragraph([.text("text")]),
            .image(ArticleImage(url: "https://example.com/blog/small.png", alt: "A", link: "https://example.com/big.png")),
        ])
    }

    @Test func malformedNestingRecovers() {
        let blocks = parse("<p><b>bold <i>both</b> italic?</i><li>stray item<table><td>cell<p>para").blocks
        #expect(!blocks.isEmpty)
        #expect(ArticleDocument(blocks: blocks).plainText.contains("bold both"))
        #expect(ArticleDocument(blocks: blocks).plainText.contains("cell"))
    }

    @Test func entitySoup() {
        let document = parse("<p>&amp;amp; &lt;b&gt; &nbsp;&copy;&#169;&#xA9;&bogus; &#0; &#x110000; &</p>")
        #expect(document.plainText.hasPrefix("&amp; <b> \u{A0}©©©&bogus; "))
    }

    @Test func nulBytesAndInvalidUTF8() {
        let invalid = String(decoding: [0x3C, 0x70, 0x3E, 0x61, 0xFF, 0xC3, 0x00, 0x62, 0x3C, 0x2F, 0x70, 0x3E], as: UTF8.self)
        let document = parse(invalid + "<p>c\u{0}d</p>")
        #expect(document.plainText == "a\u{FFFD}\u{FFFD}b\ncd")
    }

    @Test func tenMegabyteSingleLine() {
        let html = String(repeating: "word <b>bold</b> ", count: 600_000) // about 10 MB on one line
        let document = parse(html)
        #expect(document.blocks.count == 1)
        #expect(document.plainText.hasPrefix("word bold word bold "))
    }

    @Test func deepNestingDoesNotOverflow() {
        for tag in ["div", "b", "blockquote", "span"] {
            let html = String(repeating: "<\(tag)>", count: 100_000) + "deep" + String(repeating: "</\(tag)>", count: 100_000)
            #expect(parse(html).plainText == "deep", "nested \(tag)")
        }
    }

    @Test func emptyAndWhitespaceOnly() {
        #expect(parse("").blocks.isEmpty)
        #expect(parse("   \n ").blocks.isEmpty)
        #expect(parse("<div><p> </p></div>").blocks.isEmpty)
    }
}
