import CLibXML2
import Foundation
import Localization

/// Reads OPML 1.0/2.0 through the push parser feeds use. Nested outlines are flattened:
/// a feed's folder is the path of its enclosing outline titles, "Parent / Child", since
/// Lectern's folders are one level.
///
/// Subscription lists never need XML entities, so a document that declares any (the
/// shape of every entity bomb and external-entity attack) is refused outright, and
/// nothing is ever loaded from the network or disk. Any well-formedness error, and
/// nesting deeper than `maximumDepth`, rejects the whole file.
public enum OPMLParser {
    /// Most feeds one list may hold.
    public static let maximumFeeds = 10_000
    /// Deepest element nesting read (libxml2's push parser sets no limit of its own).
    public static let maximumDepth = 64
    /// Largest OPML file read: ten thousand feeds take about 3 MB.
    public static let maximumFileMegabytes = 50

    /// The subscriptions an OPML document lists.
    public static func parse(_ data: Data) throws(OPMLError) -> [OPMLEntry] {
        guard data.contains(where: { !TextBytes.isSpace($0) }) else { throw .malformed(line: 1, reason: tr("the file is empty")) }
        let reader = OPMLReader()
        let line = data.withUnsafeBytes { raw in
            guard let parser = XMLPushParser(receiver: reader, handler: OPMLReader.handler(),
                                             options: XMLPushParser<OPMLReader>.strictOptions) else {
                reader.error(line: 0, message: tr("out of memory"))
                return 0
            }
            parser.parse(raw.bindMemory(to: UInt8.self))
            return parser.line
        }
        return try reader.result(line: line)
    }

    /// The subscriptions listed in the file at `path`, refused unread past `maximumFileMegabytes`.
    public static func parse(fileAt path: String) throws(OPMLError) -> [OPMLEntry] {
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            if size > maximumFileMegabytes << 20 {
                throw OPMLError.tooLarge(path: path, megabytes: size >> 20, limit: maximumFileMegabytes)
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as OPMLError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try parse(data)
    }
}

/// The SAX receiver behind `OPMLParser`: collects outlines, remembers the first error.
final class OPMLReader: SAXReceiver {
    var context: xmlParserCtxtPtr?
    private(set) var stopped = false
    private var entries: [OPMLEntry] = []
    /// For every open `<outline>`: the folder title it contributes (nil for feeds).
    private var stack: [String?] = []
    private var root: String?
    private var sawBody = false
    private var depth = 0
    private var declaresEntities = false
    private var tooManyFeeds = false
    /// The first error libxml2 (or a limit) reported.
    private var firstError: (line: Int, reason: String)?

    func result(line: Int) throws(OPMLError) -> [OPMLEntry] {
        if declaresEntities {
            throw .malformed(line: line, reason: tr("the file declares XML entities, which a subscription list never needs"))
        }
        if let root, root != "opml" { throw .notOPML(rootElement: root) }
        if tooManyFeeds { throw .tooManyFeeds(limit: OPMLParser.maximumFeeds) }
        if let firstError { throw .malformed(line: firstError.line, reason: firstError.reason) }
        guard root != nil else { throw .malformed(line: line, reason: tr("the file is empty")) }
        guard sawBody else { throw .missingBody }
        return entries
    }

    private func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    private var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    private func startElement(_ name: String, attributes: SAXAttributes) {
        depth += 1
        if depth > OPMLParser.maximumDepth {
            error(line: line, message: tr("outlines are nested more than {count} level deep", plural: "outlines are nested more than {count} levels deep",
                                          count: OPMLParser.maximumDepth))
            stop()
            return
        }
        if root == nil {
            root = name
            if name != "opml" { stop() }
            return
        }
        if name == "body", depth == 2 { sawBody = true }
        guard name == "outline" else { return }
        let title = (Self.clean(attributes.value("title")) ?? Self.clean(attributes.value("text"))).map(PlainText.line)
        let url = Self.clean(attributes.value("xmlurl") ?? attributes.value("url").flatMap {
            attributes.value("type")?.lowercased() == "rss" ? $0 : nil
        })
        guard let url else {
            stack.append(title)
            return
        }
        guard entries.count < OPMLParser.maximumFeeds else {
            tooManyFeeds = true
            stop()
            return
        }
        let folders = stack.compactMap { $0 }
        entries.append(OPMLEntry(url: url, title: title, siteURL: Self.clean(attributes.value("htmlurl")),
                                 folder: folders.isEmpty ? nil : folders.joined(separator: " / "),
                                 settings: Self.lecternSettings(attributes)))
        stack.append(nil)
    }

    /// Lectern's own attributes; values it does not understand are left at the default.
    private static func lecternSettings(_ attributes: SAXAttributes) -> OPMLEntry.Settings {
        let namespace = OPMLEntry.lecternNamespace
        // Names in lower case: `SAXAttributes` folds the document's to compare.
        func flag(_ name: StaticString) -> Bool? {
            switch attributes.value(name, namespace: namespace)?.lowercased() {
            case "true": true
            case "false": false
            default: nil
            }
        }
        let minutes = attributes.value("refreshminutes", namespace: namespace).flatMap { Int($0) }.flatMap { (0...10_080).contains($0) ? $0 : nil }
        return OPMLEntry.Settings(refreshMinutes: minutes, notify: flag("notify"), openInBrowser: flag("openinbrowser"),
                                  fullArticle: flag("fullarticle"), loadImages: flag("loadimages"),
                                  downloadEpisodes: flag("downloadepisodes"))
    }

    private func endElement(_ name: String) {
        depth -= 1
        if name == "outline", !stack.isEmpty { stack.removeLast() }
    }

    fileprivate func error(line: Int, message: String) {
        if firstError == nil { firstError = (line, message.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static func clean(_ value: String?) -> String? {
        guard let value, let trimmed = TextBytes.trimmed(value) else { return nil }
        return trimmed
    }

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            opmlReader(context).startElement(String(cString: localName),
                                         attributes: SAXAttributes(pointer: attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            opmlReader(context).endElement(String(cString: localName))
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            let reader = opmlReader(context)
            reader.declaresEntities = true
            reader.stop()
        }
        handler.serror = { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? tr("unknown error")
            opmlReader(context).error(line: Int(error.pointee.line), message: message)
        }
        return handler
    }
}

/// The reader behind a callback's user data.
private func opmlReader(_ context: UnsafeMutableRawPointer) -> OPMLReader {
    Unmanaged<OPMLReader>.fromOpaque(context).takeUnretainedValue()
}
