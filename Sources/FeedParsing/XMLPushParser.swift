import CLibXML2

/// Owns one libxml2 push-parser context (the only owner: freed in `deinit`) and feeds
/// it the document in chunks, so libxml2 never holds more than a chunk of input.
///
/// Options: recover, no network, no entity substitution, no DTD loading (none of
/// `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR` is set), and the XML
/// declaration's encoding is ignored because the input was already turned into UTF-8.
final class XMLPushParser {
    static let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
                               | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_COMPACT.rawValue)
    static let chunkSize = 256 * 1024

    private let context: xmlParserCtxtPtr

    /// A parser reporting to `builder`, or nil when libxml2 cannot allocate one.
    init?(builder: FeedBuilder) {
        var handler = SAXHandler.make() // copied by libxml2 into the context
        let userData = Unmanaged.passUnretained(builder).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else { return nil }
        self.context = context
        xmlCtxtUseOptions(context, XMLPushParser.options)
        builder.context = context
    }

    deinit {
        xmlFreeParserCtxt(context)
    }

    /// Parses all of `bytes` (UTF-8), stopping early when the builder asks to.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, builder: FeedBuilder) {
        guard let base = bytes.baseAddress else {
            xmlParseChunk(context, nil, 0, 1)
            return
        }
        var offset = 0
        while offset < bytes.count, !builder.stopped {
            let length = min(XMLPushParser.chunkSize, bytes.count - offset)
            let chunk = UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(context, chunk, Int32(length), 0)
            offset += length
        }
        if !builder.stopped { xmlParseChunk(context, nil, 0, 1) }
        builder.context = nil
    }
}
