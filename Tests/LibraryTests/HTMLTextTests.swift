import Testing
@testable import Library

@Suite struct HTMLTextTests {
    @Test func inlineTagsDoNotSplitWordsButBlocksDo() {
        #expect(HTMLText.plain("<p>here is <strong>everything new</strong>, in order</p>") == "here is everything new, in order")
        #expect(HTMLText.plain("<p>one</p><p>two</p>") == "one two")
        #expect(HTMLText.plain("a<br>b") == "a b")
        #expect(HTMLText.plain("<a href=\"x\">link</a>s") == "links")
    }
}
