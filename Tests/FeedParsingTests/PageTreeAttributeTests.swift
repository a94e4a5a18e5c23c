import Testing
@testable import FeedParsing

/// An element's attributes as the page tree keeps them (packed into one buffer a element): read
/// from a page as written, looked up by name, changed, and written back out.
@Suite struct PageTreeAttributeTests {
    private func tree(_ html: String) throws -> PageTree {
        let bytes = Array(html.utf8)
        return try #require(bytes.withUnsafeBufferPointer { PageTree(html: $0) })
    }

    private func first(_ name: String, in page: PageTree) throws -> PageTree.ID {
        try #require(page.nodes.indices.first { page.nodes[$0].name == name }.map { PageTree.ID($0) })
    }

    @Test func attributesAreReadInOrderLowerCasedWithoutEventHandlers() throws {
        let page = try tree(#"<body><a HREF="/one" Class="story-link headline" onclick="track()" data-id="" title="Ünïcode “quoted”">x</a></body>"#)
        let link = try first("a", in: page)
        #expect(page[link].attributes.map(\.name) == ["href", "class", "data-id", "title"])
        #expect(page.attribute(link, "href") == "/one")
        #expect(page.attribute(link, "class") == "story-link headline")
        #expect(page.attribute(link, "data-id") == "", "an empty value is there, and empty")
        #expect(page.attribute(link, "title") == "Ünïcode “quoted”")
        #expect(page.attribute(link, "onclick") == nil && page.attribute(link, "id") == nil)
        #expect(page.attribute(link, "clas") == nil && page.attribute(link, "classes") == nil, "a name is matched whole")
        #expect(page[try first("body", in: page)].attributes.isEmpty)
    }

    @Test func aValueThatLooksLikeANameIsNotTakenForOne() throws {
        let page = try tree(#"<body><div title="class" class="title">x</div></body>"#)
        let div = try first("div", in: page)
        #expect(page.attribute(div, "class") == "title" && page.attribute(div, "title") == "class")
    }

    @Test func settingReplacesRemovesAndAppendsKeepingTheRestInOrder() throws {
        let page = try tree(#"<body><img src="a.png" alt="A" width="10"></body>"#)
        let image = try first("img", in: page)
        page.setAttribute(image, "src", "b.png")
        page.setAttribute(image, "alt", nil)
        page.setAttribute(image, "loading", "lazy")
        page.setAttribute(image, "title", "nul\u{0}dropped")
        #expect(page[image].attributes.map(\.name) == ["width", "src", "loading", "title"])
        #expect(page.attribute(image, "src") == "b.png" && page.attribute(image, "alt") == nil)
        #expect(page.attribute(image, "title") == "nuldropped", "a NUL would end the value early: it is dropped")
        #expect(String(decoding: page.html(image), as: UTF8.self)
                == #"<img width="10" src="b.png" loading="lazy" title="nuldropped">"#)
    }

    @Test func anElementMadeWithAttributesHasThem() {
        let attributes = PageTree.Attributes([("href", "https://example.org/?a=1&b=2"), ("rel", "")])
        #expect(Array(attributes).map(\.value) == ["https://example.org/?a=1&b=2", ""])
        #expect(attributes["rel"] == "" && attributes.contains("rel") && !attributes.contains("re"))
        #expect(PageTree.Attributes()["href"] == nil && PageTree.Attributes().isEmpty)
    }
}
