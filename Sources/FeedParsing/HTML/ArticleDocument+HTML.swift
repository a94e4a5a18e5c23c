import ArticleModel
import CLibXML2
import Foundation

/// An article's HTML turned into the reader's document model.
///
/// Only content survives: scripts, styles, embedded frames and objects, forms, event
/// attributes, `javascript:` URLs and tracking pixels are dropped; relative URLs are
/// resolved against the article's link; whitespace is collapsed as a browser would
/// (kept inside `<pre>`); unknown wrappers (`div`, `span`, `font`…) are unwrapped and
/// inline runs at block level become paragraphs.
extension ArticleDocument {
    /// Parses and sanitizes article HTML.
    /// - Parameters:
    ///   - html: the article's HTML (a fragment or a whole page).
    ///   - baseURL: the article's link (or the feed's URL); relative links and image
    ///     sources are resolved against it.
    public static func parse(html: String, baseURL: URL?) -> ArticleDocument {
        parse(utf8: Array(html.utf8), baseURL: baseURL)
    }

    /// Parses and sanitizes article HTML given as UTF-8 bytes.
    public static func parse(utf8 html: [UInt8], baseURL: URL?) -> ArticleDocument {
        var bytes = html
        bytes.removeAll { $0 == 0 } // libxml2 would stop at a NUL
        let parsed: ArticleDocument? = bytes.withUnsafeBufferPointer { buffer in
            guard let document = HTMLDocument(utf8: buffer) else { return nil }
            let builder = ArticleBuilder(base: baseURL?.absoluteString)
            walk(document, builder)
            return ArticleDocument(blocks: builder.finish())
        }
        return parsed ?? ArticleDocument(blocks: [])
    }

    /// Visits every node in document order without recursion: down through first
    /// children, along siblings, and back up through parents.
    private static func walk(_ document: HTMLDocument, _ builder: ArticleBuilder) {
        let top = document.node
        var next = document.firstNode
        while let node = next {
            var descend = false
            var tag = ArticleTag.transparent
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                tag = node.pointee.name.map { ArticleTag(name: String(cString: $0)) } ?? .transparent
                descend = builder.enter(LibXMLElement(node: node), tag: tag)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    builder.appendText(UnsafeBufferPointer(start: content, count: strlen(content)))
                }
            default:
                break
            }
            if descend, let child = node.pointee.children {
                next = child
                continue
            }
            // Leave this node and every ancestor whose last child it was.
            var current = node
            while true {
                if current.pointee.type == XML_ELEMENT_NODE {
                    let name = current == node ? tag
                        : (current.pointee.name.map { ArticleTag(name: String(cString: $0)) } ?? .transparent)
                    builder.leave(LibXMLElement(node: current), tag: name)
                }
                if let sibling = current.pointee.next {
                    next = sibling
                    break
                }
                guard let parent = current.pointee.parent, parent != top else {
                    next = nil
                    break
                }
                current = parent
            }
        }
    }
}

/// A libxml2 element as the builder sees it.
private struct LibXMLElement: BuilderElement {
    let node: xmlNodePtr
    var key: Int { Int(bitPattern: node) }
    func attribute(_ name: String) -> String? { HTMLDocument.attribute(node, name) }
}
