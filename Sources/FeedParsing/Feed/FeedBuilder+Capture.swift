import CLibXML2
import Foundation

/// Accumulating an element's text and delivering it to its target when it ends.
extension FeedBuilder {
    func beginCapture(_ target: CaptureTarget, kind: TextKind) {
        buffer.removeAll()
        capture = Capture(target: target, depth: depth, kind: kind,
                          base: currentBase, wrapperDepth: nil)
    }

    /// Inside inline XHTML, child elements are written back out as markup (the outer
    /// XHTML `<div>` wrapper of Atom content excepted). Inside other captures, child
    /// elements are ignored and only their text is kept.
    func appendStartTag(localName: UnsafePointer<xmlChar>, attributes: SAXAttributes) {
        guard var open = capture, open.kind == .xhtml else { return }
        let name = frames[frames.count - 1].name
        if depth == open.depth + 1, name == .div, open.wrapperDepth == nil, buffer.bytes.allSatisfy(isSpaceByte) {
            open.wrapperDepth = depth
            capture = open
            buffer.removeAll()
            return
        }
        buffer.append(UInt8(ascii: "<"))
        appendCString(localName)
        if let pointer = attributes.pointer {
            for index in 0..<attributes.count {
                let base = pointer + index * 5
                guard let attributeName = base[0], let start = base[3], let end = base[4] else { continue }
                buffer.append(UInt8(ascii: " "))
                if let prefix = base[1] { appendCString(prefix); buffer.append(UInt8(ascii: ":")) }
                appendCString(attributeName)
                buffer.append("=\"")
                MarkupEscaper.appendEscaped(UnsafeBufferPointer(start: start, count: end - start), to: &buffer, attribute: true)
                buffer.append(34)
            }
        }
        buffer.append(UInt8(ascii: ">"))
        tagNames.append(String(cString: localName))
    }

    func appendEndTag() {
        guard let name = tagNames.popLast() else { return }
        buffer.append("</")
        for byte in name.utf8 { buffer.append(byte) }
        buffer.append(UInt8(ascii: ">"))
    }

    private func appendCString(_ string: UnsafePointer<xmlChar>) {
        var cursor = string
        while cursor.pointee != 0 { buffer.append(cursor.pointee); cursor += 1 }
    }

    private func isSpaceByte(_ byte: UInt8) -> Bool { FeedDateParser.isSpace(byte) }

    func finishCapture() {
        guard let open = capture else { return }
        capture = nil
        tagNames.removeAll()
        deliver(buffer.bytes, to: open.target, kind: open.kind, base: open.base)
    }
}
