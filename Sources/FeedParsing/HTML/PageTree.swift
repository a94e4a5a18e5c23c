import CLibXML2
import Foundation

/// A web page as a tree of plain Swift values, read once from libxml2's HTML parser (recover,
/// no network, no entities loaded), so code above FeedParsing can walk and reshape a page
/// without touching libxml2. Nodes are addressed by index; a node that is removed is only
/// unlinked, so indexes stay valid.
public final class PageTree {
    public typealias ID = Int32
    public static let none: ID = -1

    /// One element, text or comment. Kept small (48 bytes): a page has hundreds of
    /// thousands, and the tree is most of what extraction holds in memory.
    public struct Node: Sendable {
        /// A text or comment node's text; an element's name when it has no number.
        @usableFromInline var storage: String
        /// An element's attributes, names lower-case, in document order.
        public var attributes: Attributes
        /// The name's number (the top 8 bits), whether the text has content (bit 23) and its
        /// length (the low 23 bits): in one word, the node is 48 bytes rather than 56.
        @usableFromInline var packed: UInt32 = 0
        public var parent: ID = PageTree.none
        public var firstChild: ID = PageTree.none
        public var lastChild: ID = PageTree.none
        public var next: ID = PageTree.none
        public var previous: ID = PageTree.none

        /// The name's number in `PageTree.knownNames` (0 for others).
        @inlinable public internal(set) var number: UInt8 {
            get { UInt8(truncatingIfNeeded: packed >> 24) }
            set { packed = packed & 0x00FF_FFFF | UInt32(newValue) << 24 }
        }

        /// A text node's length in characters once every run of whitespace is one space (at
        /// most 8 388 607: a longer text counts as that long).
        public var textLength: Int32 {
            get { Int32(packed & Self.lengthMask) }
            set { packed = packed & ~Self.lengthMask | UInt32(min(max(newValue, 0), Int32(Self.lengthMask))) }
        }

        /// Whether a text node holds anything but whitespace.
        public var hasContent: Bool {
            get { packed & Self.contentBit != 0 }
            set { packed = newValue ? packed | Self.contentBit : packed & ~Self.contentBit }
        }

        private static let lengthMask: UInt32 = 0x7F_FFFF
        private static let contentBit: UInt32 = 0x80_0000

        init(name: String, number: UInt8? = nil, text: String, attributes: Attributes = Attributes()) {
            let number = number ?? PageTree.number(of: name)
            storage = number == 0 ? name : text
            self.attributes = attributes
            packed = UInt32(number) << 24
        }

        /// The lower-case tag name of an element; `#text` or `#comment` otherwise.
        @inlinable public var name: String { number == 0 ? storage : PageTree.knownNames[Int(number)] }

        /// The text of a text or comment node ("" for an element).
        public var text: String {
            get { isElement ? "" : storage }
            set { if !isElement { storage = newValue } }
        }

        mutating func rename(_ name: String) {
            guard isElement else { return }
            number = PageTree.number(of: name)
            storage = number == 0 ? name : ""
        }

        /// Number 1 is `#text`, 2 `#comment`; every other number (0 included) is an element.
        @inlinable public var isElement: Bool { number != 1 && number != 2 }
        @inlinable public var isText: Bool { number == 1 }
    }

    public private(set) var nodes: [Node] = []
    /// The `<html>` element (or the first element, for fragments).
    public private(set) var root: ID = PageTree.none

    /// The most nodes a page is read into; a page with more is read up to there.
    public static let maximumNodes = 400_000
    /// The deepest nesting kept (browsers stop at 512 too); deeper elements are read as
    /// siblings at that depth, their text kept.
    public static let maximumDepth = 512

    /// Parses `bytes` as HTML. `charset` is the HTTP header's; the encoding is found and the
    /// bytes made UTF-8 by `PageDecoder`, and libxml2 reads them as that (a `<meta>` it meets
    /// does not switch it). Nil when the page holds no element at all.
    public init?(html bytes: UnsafeBufferPointer<UInt8>, charset: String? = nil) {
        guard let parser = PageDecoder.withUTF8(bytes, httpCharset: charset, PageTreeReader.parser) else { return nil }
        let reader = PageTreeReader.read(parser)
        guard reader.root != PageTree.none else { return nil }
        nodes = reader.nodes
        root = reader.root
    }

    /// A text node holding `text`, measured.
    static func textNode(_ text: String) -> Node {
        var node = Node(name: "#text", text: text)
        (node.textLength, node.hasContent) = measure(text)
        return node
    }

    /// Characters once every whitespace run is one space, and whether any is not whitespace.
    /// Works on UTF-8: a character is a scalar; whitespace is ASCII's and the no-break space.
    static func measure(_ text: String) -> (Int32, Bool) {
        var copy = text
        return copy.withUTF8 { bytes in
            var length: Int32 = 0
            var inSpace = false
            var content = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let space = isSpace(byte) || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0)
                if space {
                    if !inSpace { length += 1 }
                    inSpace = true
                    index += byte == 0xC2 ? 2 : 1
                    continue
                }
                inSpace = false
                content = true
                if byte & 0xC0 != 0x80 { length += 1 }
                index += 1
            }
            return (length, content)
        }
    }

    @inline(__always) public static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    // MARK: Reading

    /// Inlinable: called from another module, the accessor's coroutine would allocate its frame
    /// on the heap at every read (a malloc and a free for each node looked at).
    @inlinable public subscript(id: ID) -> Node {
        _read { yield nodes[Int(id)] }
    }

    public func name(_ id: ID) -> String { nodes[Int(id)].name }

    /// The value of attribute `name` (lower-case), if the element has it.
    public func attribute(_ id: ID, _ name: String) -> String? {
        nodes[Int(id)].attributes[name]
    }

    /// Whether the element has attribute `name` (lower-case), whatever its value.
    public func hasAttribute(_ id: ID, _ name: String) -> Bool {
        nodes[Int(id)].attributes.contains(name)
    }

    /// The element's children, in order.
    public func children(_ id: ID) -> [ID] {
        var result: [ID] = []
        var child = nodes[Int(id)].firstChild
        while child != PageTree.none {
            result.append(child)
            child = nodes[Int(child)].next
        }
        return result
    }

    /// The element children only.
    public func elementChildren(_ id: ID) -> [ID] { children(id).filter { nodes[Int($0)].isElement } }

    /// Every node below `id` (not `id` itself), in document order.
    public func descendants(_ id: ID) -> [ID] {
        var result: [ID] = []
        forEachDescendant(of: id) { result.append($0); return true }
        return result
    }

    /// Every element below `id` called one of `names`.
    public func descendants(_ id: ID, named names: NameSet) -> [ID] {
        var result: [ID] = []
        forEachDescendant(of: id) { node in
            if names.contains(nodes[Int(node)]) { result.append(node) }
            return true
        }
        return result
    }

    /// Visits every node below `id` in document order, until `visit` returns false; true
    /// when it never did. Allocates nothing.
    @discardableResult
    public func forEachDescendant(of id: ID, _ visit: (ID) -> Bool) -> Bool {
        var current = nodes[Int(id)].firstChild
        while current != PageTree.none {
            guard visit(current) else { return false }
            // Fields read one by one: a copy of the node would retain its strings.
            let firstChild = nodes[Int(current)].firstChild
            if firstChild != PageTree.none {
                current = firstChild
                continue
            }
            // Up until a node with a next sibling, not past `id`.
            var climb = current
            while climb != id, nodes[Int(climb)].next == PageTree.none { climb = nodes[Int(climb)].parent }
            if climb == id || climb == PageTree.none { return true }
            current = nodes[Int(climb)].next
        }
        return true
    }

    /// The length of `id`'s text once every whitespace run is one space (a character each).
    public func textLength(_ id: ID) -> Int {
        if nodes[Int(id)].isText { return Int(nodes[Int(id)].textLength) }
        var length = 0
        forEachDescendant(of: id) { child in
            length += Int(nodes[Int(child)].textLength)
            return true
        }
        return length
    }

    /// Whether anything below `id` (or `id`, a text node) is text other than whitespace.
    public func hasText(_ id: ID) -> Bool {
        if nodes[Int(id)].isText { return nodes[Int(id)].hasContent }
        return !forEachDescendant(of: id) { !nodes[Int($0)].hasContent }
    }

    /// The text of `id` and everything below it, as written (no whitespace collapsing).
    public func text(_ id: ID) -> String {
        let node = nodes[Int(id)]
        if node.isText { return node.text }
        var out = ""
        forEachDescendant(of: id) { descendant in
            if nodes[Int(descendant)].isText { out += nodes[Int(descendant)].text }
            return true
        }
        return out
    }

    /// The element's ancestors, nearest first.
    public func ancestors(_ id: ID) -> [ID] {
        var result: [ID] = []
        var current = nodes[Int(id)].parent
        while current != PageTree.none {
            result.append(current)
            current = nodes[Int(current)].parent
        }
        return result
    }

    // MARK: Reshaping

    /// Takes `id` (and everything below it) out of the tree.
    public func remove(_ id: ID) {
        let node = nodes[Int(id)]
        if node.previous != PageTree.none { nodes[Int(node.previous)].next = node.next }
        if node.next != PageTree.none { nodes[Int(node.next)].previous = node.previous }
        if node.parent != PageTree.none {
            if nodes[Int(node.parent)].firstChild == id { nodes[Int(node.parent)].firstChild = node.next }
            if nodes[Int(node.parent)].lastChild == id { nodes[Int(node.parent)].lastChild = node.previous }
        }
        nodes[Int(id)].parent = PageTree.none
        nodes[Int(id)].next = PageTree.none
        nodes[Int(id)].previous = PageTree.none
    }

    /// Puts `id` (taken out first, if it is in the tree) last among `parent`'s children.
    public func append(_ id: ID, to parent: ID) {
        remove(id)
        nodes[Int(id)].parent = parent
        let last = nodes[Int(parent)].lastChild
        nodes[Int(id)].previous = last
        if last != PageTree.none { nodes[Int(last)].next = id } else { nodes[Int(parent)].firstChild = id }
        nodes[Int(parent)].lastChild = id
    }

    /// Puts `id` just before `sibling`.
    public func insert(_ id: ID, before sibling: ID) {
        remove(id)
        let parent = nodes[Int(sibling)].parent
        let previous = nodes[Int(sibling)].previous
        nodes[Int(id)].parent = parent
        nodes[Int(id)].next = sibling
        nodes[Int(id)].previous = previous
        nodes[Int(sibling)].previous = id
        if previous != PageTree.none { nodes[Int(previous)].next = id } else if parent != PageTree.none { nodes[Int(parent)].firstChild = id }
    }

    /// A new element, not yet in the tree.
    public func makeElement(_ name: String, attributes: [(name: String, value: String)] = []) -> ID {
        nodes.append(Node(name: name, text: "", attributes: Attributes(attributes)))
        return ID(nodes.count - 1)
    }

    /// A new text node, not yet in the tree.
    public func makeText(_ text: String) -> ID {
        nodes.append(Self.textNode(text))
        return ID(nodes.count - 1)
    }

    public func rename(_ id: ID, to name: String) { nodes[Int(id)].rename(name) }

    public func setAttribute(_ id: ID, _ name: String, _ value: String?) {
        nodes[Int(id)].attributes.set(name, value)
    }

    public func setText(_ id: ID, _ text: String) {
        nodes[Int(id)].text = text
        (nodes[Int(id)].textLength, nodes[Int(id)].hasContent) = Self.measure(text)
    }

    // MARK: Writing

    /// `id` and everything below it as HTML (attributes and text escaped; void elements
    /// without end tags; comments left out), as UTF-8.
    public func html(_ id: ID) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16384)
        write(id, to: &out)
        return out
    }

    private static let voidElements: NameSet = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                                                "meta", "param", "source", "track", "wbr"]

    private func write(_ top: ID, to out: inout [UInt8]) {
        // Iterative: (node, entering) pairs.
        var stack: [(ID, Bool)] = [(top, true)]
        while let (id, entering) = stack.popLast() {
            let node = nodes[Int(id)]
            if node.isText {
                Self.escape(node.text, quote: false, to: &out)
                continue
            }
            guard node.isElement else { continue }
            if !entering {
                out.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
                out.append(contentsOf: node.name.utf8)
                out.append(UInt8(ascii: ">"))
                continue
            }
            out.append(UInt8(ascii: "<"))
            out.append(contentsOf: node.name.utf8)
            for attribute in node.attributes {
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: attribute.name.utf8)
                out.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
                Self.escape(attribute.value, quote: true, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: ">"))
            if Self.voidElements.contains(node) { continue }
            stack.append((id, false))
            var child = node.lastChild
            while child != PageTree.none {
                stack.append((child, true))
                child = nodes[Int(child)].previous
            }
        }
    }

    /// Appends `text` with `&`, `<`, `>` (and `"` in attribute values) escaped, a run at a time.
    private static func escape(_ text: String, quote: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\"") where quote: replacement = "&quot;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
