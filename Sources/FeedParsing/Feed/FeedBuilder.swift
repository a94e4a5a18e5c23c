import ArticleModel
import CLibXML2
import Foundation

/// Builds a `ParsedFeed` from libxml2 SAX2 events. One builder serves one parse on one
/// thread; the C callbacks in `SAXHandler` forward to it.
///
/// Element names are interned (namespace + local name into small enums) once per
/// distinct name pointer, and text is accumulated as bytes in one reusable buffer only
/// while an element of interest is open, so uninteresting content costs almost nothing.
final class FeedBuilder: SAXReceiver {
    /// The parser context driving this builder (borrowed; `XMLPushParser` owns it).
    var context: xmlParserCtxtPtr?
    /// Set when the root element is not a feed: the parse stops.
    private(set) var stopped = false

    // Output under construction.
    var format: FeedFormat?
    var rootName: String?
    /// The root's namespace when it is an Atom `<feed>` in an unknown namespace.
    var atomAliasNamespace: XMLNamespace?
    var feed = ParsedFeed(format: .rss)
    var feedPublished: Date?
    var feedIcon: String?, feedLogo: String?, feedImageURL: String?, feedItunesImage: String?
    var entry = ParsedEntry()
    var guidIsPermaLink = false
    var guid: String?
    var person = Person()
    var personIsFeedLevel = false

    // Where we are.
    var depth = 0
    var frames: [Frame] = []
    var channelDepth: Int?
    var entryDepth: Int?
    var personDepth: Int?
    var groupDepth: Int?
    var imageDepth: Int?
    var capture: Capture?
    var buffer: [UInt8] = []
    /// Open element names inside a captured XHTML fragment, for their end tags.
    var tagNames: [String] = []

    /// Entities this parse resolves (declared, HTML, literal).
    let entities = DocumentEntities()

    // Recovery.
    /// The name an end tag really had when it did not match the open element.
    var pendingEndTag: String?
    /// Set once the builder's open elements differ from libxml2's (after a mismatch).
    var diverged = false
    /// Set when a `<` that starts no tag made libxml2 stop.
    var sawStrayLessThan = false

    // Problems met.
    var errorCount = 0
    var errorMessages: [String] = []

    // Interning caches keyed by libxml2 dictionary pointers.
    private var names: [UnsafeRawPointer: ElementName] = [:]
    private var namespaces: [UnsafeRawPointer: XMLNamespace] = [:]

    /// What is remembered about each open element.
    struct Frame {
        var name: ElementName
        var namespace: XMLNamespace
        /// The xml:base in force inside this element.
        var base: String?
        /// The xml:lang in force inside this element.
        var language: String?
        /// libxml2's dictionary-owned local name and prefix, for matching end tags
        /// after a mismatch (nil when not dictionary-owned).
        var localName: UnsafePointer<xmlChar>?
        var prefix: UnsafePointer<xmlChar>?
    }

    init(feedURL: String?) {
        buffer.reserveCapacity(64 * 1024)
        frames.reserveCapacity(32)
        frames.append(Frame(name: .other, namespace: .none, base: feedURL, language: nil))
    }

    /// Stops the parse (used when the root element shows this is not a feed).
    func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    /// Undo libxml2's "not well-formed" latch: after any recovered error libxml2 drops
    /// every later entity reference (even `&amp;`). Errors are still counted.
    @inline(__always) func clearWellFormedLatch() {
        if let context, context.pointee.wellFormed == 0 { context.pointee.wellFormed = 1 }
    }

    // MARK: Interning

    @inline(__always) func intern(localName: UnsafePointer<xmlChar>) -> ElementName {
        let key = UnsafeRawPointer(localName)
        if let known = names[key] { return known }
        let name = ElementName(localName: String(cString: localName))
        if isInterned(localName) { names[key] = name }
        return name
    }

    /// The namespace of `uri`; an undeclared well-known prefix (`dc:`, `content:`,
    /// `media:`…) stands for its usual namespace.
    @inline(__always) func intern(uri: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> XMLNamespace {
        guard let uri else {
            guard let prefix else { return .none }
            return XMLNamespace(wellKnownPrefix: String(cString: prefix)) ?? .other
        }
        let key = UnsafeRawPointer(uri)
        if let known = namespaces[key] { return known }
        let namespace = XMLNamespace(uri: String(cString: uri))
        if isInterned(uri) { namespaces[key] = namespace }
        return namespace
    }

    /// Only strings owned by the parser's dictionary keep their address for the whole parse.
    func isInterned(_ string: UnsafePointer<xmlChar>) -> Bool {
        guard let dict = context?.pointee.dict else { return false }
        return xmlDictOwns(dict, string) == 1
    }

    // MARK: Problems

    func recordError(_ message: String, line: Int) {
        errorCount += 1
        guard errorMessages.count < 10 else { return }
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        errorMessages.append("malformed XML at line \(line): \(text)")
    }
}
