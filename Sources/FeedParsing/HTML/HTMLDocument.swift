import CLibXML2

/// Owns one libxml2 HTML document tree (the only owner: `xmlFreeDoc` in `deinit`).
///
/// Options: recover, no network, no error or warning output, compact text nodes. The
/// implied `<html>`/`<body>` are kept: without a `<body>`, libxml2 drops the spaces
/// between top-level inline elements (`<a>x</a> <a>y</a>`).
final class HTMLDocument {
    static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
                               | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                               | HTML_PARSE_COMPACT.rawValue | XML_PARSE_HUGE.rawValue)

    let document: htmlDocPtr

    /// Parses UTF-8 HTML (NUL bytes must already be gone), or nil when libxml2 builds no tree.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max) else { return nil }
        let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        LibXML.ready()
        guard let document = htmlReadMemory(pointer, Int32(bytes.count), nil, "UTF-8", HTMLDocument.options) else {
            return nil
        }
        self.document = document
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The first top-level node.
    var firstNode: xmlNodePtr? { document.pointee.children }

    /// The document itself, as a node (the parent of the top-level nodes).
    var node: xmlNodePtr { UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self) }

    /// The value of attribute `name` on `element`, copied (libxml2's copy is freed here).
    static func attribute(_ element: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(element, name) else { return nil }
        defer { lectern_xml_free(value) }
        return String(cString: value)
    }
}
