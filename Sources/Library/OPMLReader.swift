import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads OPML 1.0/2.0 with Foundation's `XMLParser` (external entities never
/// resolved). Nested outlines are flattened: a feed's folder is the path of its
/// enclosing outline titles, "Parent / Child", since Lectern's folders are one level.
final class OPMLReader: NSObject, XMLParserDelegate {
    private var entries: [OPMLEntry] = []
    /// For every open `<outline>`: the folder title it contributes (nil for feeds).
    private var stack: [String?] = []
    private var root: String?
    private var sawBody = false
    private var depth = 0
    /// The first error reported; Foundation's parser may recover and still return true.
    private var firstError: (line: Int, reason: String)?

    static func read(_ data: Data) throws(OPMLError) -> [OPMLEntry] {
        let reader = OPMLReader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        let ok = parser.parse()
        if let error = reader.firstError, reader.root == "opml" || reader.root == nil {
            throw .malformed(line: error.line, reason: error.reason)
        }
        if !ok {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            if let root = reader.root, root != "opml" { throw .notOPML(rootElement: root) }
            throw .malformed(line: parser.lineNumber, reason: reason)
        }
        guard let root = reader.root else { throw .malformed(line: parser.lineNumber, reason: "the file is empty") }
        guard root == "opml" else { throw .notOPML(rootElement: root) }
        guard reader.sawBody else { throw .missingBody }
        return reader.entries
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if root == nil {
            root = name
            if name != "opml" { parser.abortParsing() }
            return
        }
        if name == "body", depth == 2 { sawBody = true }
        guard name == "outline" else { return }
        let title = Self.clean(attributes["title"]) ?? Self.clean(attributes["text"])
        let url = Self.clean(attributes["xmlUrl"] ?? attributes["xmlurl"] ?? attributes["url"].flatMap {
            attributes["type"]?.lowercased() == "rss" ? $0 : nil
        })
        if let url {
            let folders = stack.compactMap { $0 }
            entries.append(OPMLEntry(url: url, title: title, siteURL: Self.clean(attributes["htmlUrl"]),
                                     folder: folders.isEmpty ? nil : folders.joined(separator: " / ")))
            stack.append(nil)
        } else {
            stack.append(title)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstError == nil {
            firstError = (parser.lineNumber, (parseError as NSError).localizedDescription)
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if name == "outline", !stack.isEmpty { stack.removeLast() }
    }

    private static func clean(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
