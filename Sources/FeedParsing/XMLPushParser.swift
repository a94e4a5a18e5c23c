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
    private let builder: FeedBuilder

    /// A parser reporting to `builder`, or nil when libxml2 cannot allocate one.
    init?(builder: FeedBuilder) {
        var handler = SAXHandler.make() // copied by libxml2 into the context
        let userData = Unmanaged.passUnretained(builder).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else { return nil }
        self.context = context
        self.builder = builder
        xmlCtxtUseOptions(context, XMLPushParser.options)
        builder.context = context
    }

    deinit {
        builder.context = nil
        ParserContext.free(context)
    }

    /// Parses all of `bytes` (UTF-8), stopping early when the builder asks to. When the
    /// bytes live in `pager`, each page is handed back once libxml2 has copied it.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, pager: MappedFile? = nil) {
        guard let base = bytes.baseAddress else {
            finish()
            return
        }
        var offset = 0
        while offset < bytes.count {
            let length = min(XMLPushParser.chunkSize, bytes.count - offset)
            guard push(UnsafeBufferPointer(start: base + offset, count: length)) else { return }
            offset += length
            pager?.releasePages(before: base + offset)
        }
        finish()
    }

    /// Hands libxml2 the next piece of the document; false once the builder has stopped.
    func push(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !builder.stopped, let base = chunk.baseAddress else { return !builder.stopped }
        let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        xmlParseChunk(context, pointer, Int32(chunk.count), 0)
        return !builder.stopped
    }

    /// Tells libxml2 the document has ended (unless the parse was stopped).
    func finish() {
        if !builder.stopped { xmlParseChunk(context, nil, 0, 1) }
    }
}
