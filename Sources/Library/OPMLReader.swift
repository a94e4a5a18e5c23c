import CLibXML2
import FeedParsing
import Foundation

/// Reads OPML 1.0/2.0 with libxml2's SAX2 push parser. Nested outlines are flattened:
/// a feed's folder is the path of its enclosing outline titles, "Parent / Child", since
/// Lectern's folders are one level.
///
/// Subscription lists never need XML entities, so a document that declares any (the
/// shape of every entity bomb and external-entity attack) is refused outright, and
/// nothing is ever loaded from the network or disk. Any well-formedness error, and
/// nesting deeper than `maximumDepth`, rejects the whole file.
final class OPMLReader {
    private var entries: [OPMLEntry] = []
    /// For every open `<outline>`: the folder title it contributes (nil for feeds).
    private var stack: [String?] = []
    private var root: String?
    private var sawBody = false
    private var depth = 0
    private var declaresEntities = false
    private var tooManyFeeds = false
    /// Most feeds one import takes.
    static let maximumFeeds = 10_000
    /// Deepest element nesting read (libxml2's push parser sets no limit of its own).
    static let maximumDepth = 64
    /// The first error libxml2 reported.
    private var firstError: (line: Int, reason: String)?
    private var context: xmlParserCtxtPtr?

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)

    static func read(_ data: Data) throws(OPMLError) -> [OPMLEntry] {
        let reader = OPMLReader()
        let line = reader.parse(data)
        if reader.declaresEntities {
            throw .malformed(line: line, reason: "the file declares XML entities, which a subscription list never needs")
        }
        if let root = reader.root, root != "opml" { throw .notOPML(rootElement: root) }
        if reader.tooManyFeeds { throw .tooManyFeeds(limit: maximumFeeds) }
        if let error = reader.firstError { throw .malformed(line: error.line, reason: error.reason) }
        guard reader.root != nil else { throw .malformed(line: line, reason: "the file is empty") }
        guard reader.sawBody else { throw .missingBody }
        return reader.entries
    }

    /// Feeds the whole document to a push parser; the line the parser ended on.
    private func parse(_ data: Data) -> Int {
        var handler = Self.handler()
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            firstError = (0, "out of memory")
            return 0
        }
        self.context = context
        defer {
            self.context = nil
            ParserContext.free(context)
        }
        xmlCtxtUseOptions(context, Self.options)
        data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: CChar.self)
            var offset = 0
            let chunk = 256 * 1024
            while offset < bytes.count, context.pointee.instate != XML_PARSER_EOF {
                let length = min(chunk, bytes.count - offset)
                xmlParseChunk(context, bytes.baseAddress! + offset, Int32(length), 0)
                offset += length
            }
            if context.pointee.instate != XML_PARSER_EOF { xmlParseChunk(context, nil, 0, 1) }
        }
        return Int(xmlSAX2GetLineNumber(context))
    }

    private func stop() {
        if let context { xmlStopParser(context) }
    }

    private func startElement(_ name: String, attributes: [String: String]) {
        depth += 1
        if depth > Self.maximumDepth {
            error(line: context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0,
                  message: "outlines are nested more than \(Self.maximumDepth) levels deep")
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
        let title = Self.clean(attributes["title"]) ?? Self.clean(attributes["text"])
        let url = Self.clean(attributes["xmlUrl"] ?? attributes["xmlurl"] ?? attributes["url"].flatMap {
            attributes["type"]?.lowercased() == "rss" ? $0 : nil
        })
        if let url {
            guard entries.count < Self.maximumFeeds else {
                tooManyFeeds = true
                stop()
                return
            }
            let folders = stack.compactMap { $0 }
            entries.append(OPMLEntry(url: url, title: title, siteURL: Self.clean(attributes["htmlUrl"]),
                                     folder: folders.isEmpty ? nil : folders.joined(separator: " / ")))
            stack.append(nil)
        } else {
            stack.append(title)
        }
    }

    private func endElement(_ name: String) {
        depth -= 1
        if name == "outline", !stack.isEmpty { stack.removeLast() }
    }

    private func error(line: Int, message: String) {
        if firstError == nil { firstError = (line, message.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static func clean(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The attributes of one SAX2 start tag by local name. Without entity substitution
    /// libxml2 hands `&amp;` over as `&#38;` (every other reference is either already
    /// replaced or an error), so that is the one thing left to decode.
    private static func attributes(_ pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) -> [String: String] {
        guard let pointer else { return [:] }
        var result: [String: String] = [:]
        for index in 0..<count {
            let base = pointer + index * 5
            guard let name = base[0], let start = base[3], let end = base[4] else { continue }
            let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            result[String(cString: name)] = value.replacingOccurrences(of: "&#38;", with: "&")
        }
        return result
    }

    private static func reader(_ context: UnsafeMutableRawPointer) -> OPMLReader {
        Unmanaged<OPMLReader>.fromOpaque(context).takeUnretainedValue()
    }

    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            OPMLReader.reader(context).startElement(String(cString: localName),
                                         attributes: OPMLReader.attributes(attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            OPMLReader.reader(context).endElement(String(cString: localName))
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            let reader = OPMLReader.reader(context)
            reader.declaresEntities = true
            reader.stop()
        }
        handler.serror = { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            OPMLReader.reader(context).error(line: Int(error.pointee.line), message: message)
        }
        return handler
    }
}
