import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Builds a `PageTree`'s nodes straight from libxml2's HTML parser events (SAX): no libxml2
/// tree is built, so a page costs its `PageTree` alone, not a second tree beside it.
/// Adjacent text is joined into one node, as libxml2's own tree does; the whitespace the
/// HTML parser calls ignorable is left out, as its tree leaves it out; past
/// `PageTree.maximumDepth` elements become siblings at that depth; past
/// `PageTree.maximumNodes` the parse stops. The text of `<style>` and of `<script>`s other
/// than JSON-LD is not kept: nothing reads it, and on many pages it is most of the bytes.
final class PageTreeReader {
    private(set) var nodes: [PageTree.Node] = []
    private(set) var root: PageTree.ID = PageTree.none
    /// The open elements, innermost last, each with its name as libxml2 interned it; an
    /// element read past the deepest level is open but not a parent (`parent: false`).
    private var open: [(id: PageTree.ID, name: UnsafePointer<xmlChar>, isParent: Bool, keepsText: Bool)] = []
    private var parent: PageTree.ID = PageTree.none
    private var text: [UInt8] = []
    /// Names by libxml2's dictionary pointer: each distinct name becomes a Swift string once.
    private var names: [UnsafePointer<xmlChar>: (name: String, number: UInt8)] = [:]
    private var full = false
    /// The parser, to stop it once the tree is full.
    private var context: htmlParserCtxtPtr?
    /// The page's length in bytes.
    private var byteCount = 0

    /// A parser holding its copy of a page: its length in bytes, and the nodes expected of it.
    typealias Parser = (context: htmlParserCtxtPtr, bytes: Int, nodes: Int)

    /// libxml2's parser over its own copy of `bytes`, valid UTF-8 (`PageDecoder`'s output), and
    /// how many nodes the page should make: made while the bytes are at hand, so that a converted
    /// copy of the page can go before the parse, which then holds the page once; nil when the
    /// parser could not start.
    static func parser(for bytes: UnsafeBufferPointer<UInt8>) -> Parser? {
        LibXML.ready()
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max),
              let context = htmlCreateMemoryParserCtxt(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        else { return nil }
        return (context, bytes.count, expectedNodes(bytes))
    }

    /// Reads the page `parser` holds, and frees the parser. libxml2 is told the input is UTF-8
    /// and to ignore the page's `<meta charset>`, rather than given a UTF-8 decoder: a decoder
    /// would copy the whole page through a conversion buffer.
    static func read(_ parser: Parser) -> PageTreeReader {
        let context = parser.context
        defer { htmlFreeParserCtxt(context) }
        let reader = PageTreeReader()
        reader.nodes.reserveCapacity(parser.nodes)
        reader.byteCount = parser.bytes
        context.pointee._private = Unmanaged.passUnretained(reader).toOpaque()
        _ = htmlCtxtUseOptions(context, HTMLDocument.options | Int32(HTML_PARSE_IGNORE_ENC.rawValue))
        // Without this libxml2 2.9 guesses again at the first non-ASCII byte, from the <meta>.
        context.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        reader.install(on: context)
        reader.context = context
        _ = htmlParseDocument(context)
        reader.context = nil
        if let document = context.pointee.myDoc {   // only its DTD node: the events built nothing there
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        reader.flushText()
        reader.names = [:]
        return reader
    }

    /// About how many nodes a page makes, at most: an element per start tag and a text between
    /// most tags come to 1.2 nodes per `<` in the median page of the shared sets, 1.4 at the
    /// 90th percentile; 1.5 are reserved. Reserved at once, the nodes are never copied to a
    /// larger array on most pages: growing by doubling held the old array and one twice its size
    /// at once, most of a page's peak memory.
    static func expectedNodes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var tags = 0
        var cursor = UnsafeRawPointer(base)
        let end = cursor + bytes.count
        while cursor < end, let found = memchr(cursor, 0x3C, end - cursor) {
            tags += 1
            cursor = UnsafeRawPointer(found) + 1
        }
        return min(tags + tags / 2 + 16, PageTree.maximumNodes)
    }

    // MARK: Events

    private func startElement(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        flushText()
        let (swiftName, number) = interned(name)
        let attributes = packed(attributes)
        let id = append(PageTree.Node(name: swiftName, number: number, text: "", attributes: attributes))
        if root == PageTree.none, id != PageTree.none { root = id }
        // Past the deepest level an element is read as a sibling at that depth.
        let isParent = id != PageTree.none && open.count < PageTree.maximumDepth
        let keepsText = swiftName == "script" ? attributes["type"]?.lowercased() == "application/ld+json" : swiftName != "style"
        open.append((id, name, isParent, keepsText))
        if isParent { parent = id }
    }

    /// The parser's name/value pointer pairs packed as `PageTree.Attributes` keeps them, in one
    /// allocation of the exact size. Event handlers (`onclick`, …) are not kept: nothing reads
    /// them, the sanitizer would drop them, and on some pages they are a fifth of the bytes.
    private func packed(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> PageTree.Attributes {
        guard let first = attributes else { return PageTree.Attributes() }
        func kept(_ name: UnsafePointer<xmlChar>) -> Bool { !(name[0] == UInt8(ascii: "o") && name[1] == UInt8(ascii: "n")) }
        var size = 0
        var cursor = first
        while let name = cursor.pointee {
            if kept(name) { size += strlen(name) + 1 + (cursor[1].map { strlen($0) } ?? 0) + 1 }
            cursor += 2
        }
        guard size > 0 else { return PageTree.Attributes() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        cursor = first
        while let name = cursor.pointee {
            if kept(name) {
                // libxml2 lower-cases HTML names already; ASCII letters are made sure of.
                for byte in UnsafeBufferPointer(start: name, count: strlen(name)) {
                    bytes.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
                }
                bytes.append(0)
                if let value = cursor[1] { bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(value))) }
                bytes.append(0)
            }
            cursor += 2
        }
        return PageTree.Attributes(packed: bytes)
    }

    private func endElement(_ name: UnsafePointer<xmlChar>?) {
        flushText()
        // The parser closes what it opened, innermost first (it leaves stray end tags
        // unreported), so the end is the top one's; a mismatch, never expected, closes the
        // nearest open element of that name among the innermost few, or nothing.
        guard let index = open.indices.reversed().prefix(16).first(where: { open[$0].name == name }) else { return }
        open.removeSubrange(index...)
        // The innermost parent: elements below the deepest level never are, those above
        // always are (unless the tree was full), so it is found by position.
        let innermost = min(open.count, PageTree.maximumDepth) - 1
        parent = innermost >= 0 && open[innermost].isParent ? open[innermost].id : PageTree.none
    }

    private func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int32) {
        guard !full, count > 0, open.last?.keepsText != false else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    private func comment() {
        flushText()
        append(PageTree.Node(name: "#comment", text: ""))
    }

    /// Joined text becomes one text node.
    func flushText() {
        guard !text.isEmpty else { return }
        let string = String(decoding: Windows1252.replacingC1Controls(text) ?? text, as: UTF8.self)
        text.removeAll(keepingCapacity: true)
        append(PageTree.textNode(string))
    }

    /// A page with more nodes than expected: room for as many as the rest of the page should
    /// make at the rate read so far, so that it is copied about once.
    private func growForTheRest() {
        let read = context.map { Int(xmlByteConsumed($0)) } ?? 0
        let expected = read > 0 ? Int(Double(nodes.count) / Double(read) * Double(byteCount) * 1.1) : 0
        let room = min(max(expected, nodes.count + nodes.count / 4), nodes.count * 3)
        nodes.reserveCapacity(min(room + 64, PageTree.maximumNodes))
    }

    @discardableResult
    private func append(_ node: PageTree.Node) -> PageTree.ID {
        guard nodes.count < PageTree.maximumNodes else {
            if !full, let context { xmlStopParser(context) }
            full = true
            return PageTree.none
        }
        if nodes.count == nodes.capacity { growForTheRest() }
        nodes.append(node)
        let id = PageTree.ID(nodes.count - 1)
        if parent != PageTree.none {
            nodes[Int(id)].parent = parent
            let last = nodes[Int(parent)].lastChild
            nodes[Int(id)].previous = last
            if last != PageTree.none { nodes[Int(last)].next = id } else { nodes[Int(parent)].firstChild = id }
            nodes[Int(parent)].lastChild = id
        }
        return id
    }

    private func interned(_ pointer: UnsafePointer<xmlChar>) -> (name: String, number: UInt8) {
        if let known = names[pointer] { return known }
        let name = String(cString: pointer).lowercased()
        let entry = (name, PageTree.number(of: name))
        names[pointer] = entry
        return entry
    }

    // MARK: Wiring

    /// Puts the event handlers on the context's SAX handler, keeping libxml2's own for the
    /// rest (the document start, the DTD); errors and warnings stay switched off.
    private func install(on context: htmlParserCtxtPtr) {
        guard let sax = context.pointee.sax else { return }
        sax.pointee.startElement = { context, name, attributes in
            guard let name else { return }
            PageTreeReader.from(context)?.startElement(name, attributes)
        }
        sax.pointee.endElement = { context, name in PageTreeReader.from(context)?.endElement(name) }
        sax.pointee.characters = { context, bytes, count in
            guard let bytes else { return }
            PageTreeReader.from(context)?.characters(bytes, count)
        }
        sax.pointee.cdataBlock = sax.pointee.characters   // <script> and <style> text
        sax.pointee.comment = { context, _ in PageTreeReader.from(context)?.comment() }
        sax.pointee.ignorableWhitespace = nil
        sax.pointee.processingInstruction = nil
        sax.pointee.reference = nil
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> PageTreeReader? {
        guard let context, let reader = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<PageTreeReader>.fromOpaque(reader).takeUnretainedValue()
    }
}
