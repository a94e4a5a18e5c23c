import ArticleModel
import CLibXML2
import Foundation
import Localization

/// Builds a `ParsedFeed` from libxml2 SAX2 events, replayed to it by `SAXEventReplay`.
/// One builder serves one parse on one thread (not necessarily libxml2's).
///
/// Element names are interned (namespace + local name into small enums) once per
/// distinct name pointer, and text is accumulated as bytes in one reusable buffer only
/// while an element of interest is open, so uninteresting content costs almost nothing.
final class FeedBuilder {
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
    var buffer = TextBuffer(capacity: 64 * 1024)
    /// Open element names inside a captured XHTML fragment, for their end tags.
    var tagNames: [String] = []

    // Recovery.
    /// The name an end tag really had when it did not match the open element.
    var pendingEndTag: String?
    /// Set once the builder's open elements differ from libxml2's (after a mismatch).
    var diverged = false
    /// Set when libxml2 met a `&` or `<` that starts no markup: the parse is retried, repaired.
    var wantsRepair = false

    // Problems met.
    var errorCount = 0
    var errorMessages: [String] = []
    /// Dates written in a way no date parser reads ("24 Wrz" with no year, a month in a language
    /// `MonthNames` lacks): their entries have no date, and the warnings say so once.
    var unreadDateCount = 0
    var firstUnreadDate: String?

    // Interning caches keyed by libxml2 dictionary pointers.
    private var names = InternCache<ElementName>()
    private var namespaces = InternCache<XMLNamespace>()

    /// What is remembered about each open element: plain values only, so opening an
    /// element copies no strings (the rare xml:base and xml:lang live in side tables).
    struct Frame {
        var name: ElementName
        var namespace: XMLNamespace
        /// The xml:base in force inside this element: an index into `bases`.
        var base: Int32
        /// The xml:lang in force inside this element: an index into `languages`, -1 for none.
        var language: Int32
        /// libxml2's dictionary-owned local name and prefix, for matching end tags
        /// after a mismatch (nil when not dictionary-owned).
        var localName: UnsafePointer<xmlChar>?
        var prefix: UnsafePointer<xmlChar>?
    }
    /// Every xml:base met (the feed's own address first), resolved.
    var bases: [String?] = []
    /// Every xml:lang met.
    var languages: [String] = []

    /// The xml:base in force in the open element.
    var currentBase: String? { bases[Int(frames[frames.count - 1].base)] }
    /// The xml:lang in force in the open element.
    var currentLanguage: String? {
        let index = frames[frames.count - 1].language
        return index < 0 ? nil : languages[Int(index)]
    }

    init(feedURL: String?) {
        frames.reserveCapacity(32)
        bases.append(feedURL)
        frames.append(Frame(name: .other, namespace: .none, base: 0, language: -1))
    }

    /// Stops the parse (used when the root element shows this is not a feed).
    func stop() {
        stopped = true
    }

    // MARK: Interning

    /// `interned`: the name is libxml2's dictionary copy, the same pointer all parse long.
    @inline(__always) func intern(localName: UnsafePointer<xmlChar>, interned: Bool) -> ElementName {
        let key = UnsafeRawPointer(localName)
        if interned, let known = names[key] { return known }
        let name = ElementName(localName: String(cString: localName))
        if interned { names.insert(name, for: key) }
        return name
    }

    /// The namespace of `uri`; an undeclared well-known prefix (`dc:`, `content:`,
    /// `media:`…) stands for its usual namespace.
    @inline(__always) func intern(uri: UnsafePointer<xmlChar>?, interned: Bool, prefix: UnsafePointer<xmlChar>?) -> XMLNamespace {
        guard let uri else {
            guard let prefix else { return .none }
            return XMLNamespace(wellKnownPrefix: String(cString: prefix)) ?? .other
        }
        let key = UnsafeRawPointer(uri)
        if interned, let known = namespaces[key] { return known }
        let namespace = XMLNamespace(uri: String(cString: uri))
        if interned { namespaces.insert(namespace, for: key) }
        return namespace
    }

    // MARK: Problems

    /// An error libxml2 reported (and recovered from); `endTagName` is what a mismatched
    /// end tag really said.
    func parserError(code: Int32, line: Int, message: String, endTagName: String?) {
        switch code {
        case Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            // libxml2 pops the open element whatever the end tag said; remember what it said.
            pendingEndTag = endTagName
        case Int32(XML_ERR_NAME_REQUIRED.rawValue), Int32(XML_ERR_LT_IN_ATTRIBUTE.rawValue),
             Int32(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue), Int32(XML_ERR_INVALID_DEC_CHARREF.rawValue),
             Int32(XML_ERR_INVALID_HEX_CHARREF.rawValue), Int32(XML_ERR_INVALID_CHARREF.rawValue):
            // A `&` or `<` that starts no markup: libxml2 dropped text, or (at a `<`) stopped.
            // The parse is retried with the document repaired.
            wantsRepair = true
        default:
            break
        }
        recordError(message, line: line)
    }

    func recordError(_ message: String, line: Int) {
        errorCount += 1
        guard errorMessages.count < 10 else { return }
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        // Translators: {error} is libxml2's message, in English.
        errorMessages.append(tr("malformed XML at line {line}: {error}", ["line": String(line), "error": text]))
    }
}
