import ArticleModel
import Foundation

extension ArticleDocument {
    /// Element `id` of `page` and everything below it as the reader's document, sanitized the
    /// way `parse(html:baseURL:)` sanitizes HTML, without writing and parsing it again.
    public static func build(from page: PageTree, _ id: PageTree.ID, baseURL: URL?) -> ArticleDocument {
        let builder = ArticleBuilder(base: baseURL?.absoluteString)
        walk(page, from: id, builder)
        return ArticleDocument(blocks: builder.finish())
    }

    /// Visits `top` and everything below it in document order without recursion.
    private static func walk(_ page: PageTree, from top: PageTree.ID, _ builder: ArticleBuilder) {
        var next = top
        while next != PageTree.none {
            let node = next
            var descend = false
            if page[node].isElement {
                descend = builder.enter(PageElement(page: page, id: node), tag: ArticleTag(name: page[node].name))
            } else if page[node].isText {
                var text = page[node].text
                text.withUTF8 { builder.appendText($0) }
            }
            if descend, page[node].firstChild != PageTree.none {
                next = page[node].firstChild
                continue
            }
            // Leave this node and every ancestor whose last child it was, up to `top`.
            var current = node
            next = PageTree.none
            while true {
                if page[current].isElement {
                    builder.leave(PageElement(page: page, id: current), tag: ArticleTag(name: page[current].name))
                }
                if current == top { break }
                if page[current].next != PageTree.none {
                    next = page[current].next
                    break
                }
                current = page[current].parent
                if current == PageTree.none { break }
            }
        }
    }
}

/// A page tree's element as the builder sees it.
private struct PageElement: BuilderElement {
    let page: PageTree
    let id: PageTree.ID
    var key: Int { Int(id) }
    func attribute(_ name: String) -> String? { page.attribute(id, name) }
}
