import CLibXML2

/// What a push parser reports to: the SAX callbacks' user data. It is told the parser
/// context while the parse runs (to stop it, or read the line) and says when it stopped.
protocol SAXReceiver: AnyObject {
    var context: xmlParserCtxtPtr? { get set }
    var stopped: Bool { get }
}

/// The one libxml2 push parser in Lectern (feeds and OPML). It owns its parser context
/// (the only owner: freed in `deinit`) and feeds it the document in chunks, so libxml2
/// never holds more than a chunk of input.
///
/// Options always include no network and never entity substitution or DTD loading (none
/// of `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR` is ever set).
final class XMLPushParser<Receiver: SAXReceiver> {
    /// For feeds: recover from errors, and ignore the XML declaration's encoding because
    /// the input was already turned into UTF-8.
    static var feedOptions: Int32 {
        Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
              | XML_PARSE_COMPACT.rawValue)
    }
    /// For documents that must be well-formed (OPML): no recovery; libxml2 reads the encoding.
    static var strictOptions: Int32 { Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue) }

    private let context: xmlParserCtxtPtr
    private let receiver: Receiver

    /// A parser calling `handler` with `receiver` as user data, or nil when libxml2 cannot
    /// allocate one.
    init?(receiver: Receiver, handler: xmlSAXHandler, options: Int32) {
        LibXML.ready()
        var handler = handler // copied by libxml2 into the context
        let userData = Unmanaged.passUnretained(receiver).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else { return nil }
        self.context = context
        self.receiver = receiver
        xmlCtxtUseOptions(context, options)
        receiver.context = context
    }

    deinit {
        receiver.context = nil
        ParserContext.free(context)
    }

    /// The line the parser is on (where it stopped, once it has).
    var line: Int { Int(xmlSAX2GetLineNumber(context)) }

    /// Parses all of `bytes`, stopping early when the receiver asks to. When the bytes
    /// live in `pager`, each page is handed back once libxml2 has copied it.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, pager: MappedFile? = nil) {
        guard let base = bytes.baseAddress else {
            finish()
            return
        }
        var offset = 0
        while offset < bytes.count {
            let length = min(XMLParsing.chunkSize, bytes.count - offset)
            guard push(UnsafeBufferPointer(start: base + offset, count: length)) else { return }
            offset += length
            pager?.releasePages(before: base + offset)
        }
        finish()
    }

    /// Hands libxml2 the next piece of the document; false once the receiver has stopped.
    func push(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !stopped, let base = chunk.baseAddress else { return !stopped }
        let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        xmlParseChunk(context, pointer, Int32(chunk.count), 0)
        return !stopped
    }

    /// Tells libxml2 the document has ended (unless the parse was stopped).
    func finish() {
        if !stopped { xmlParseChunk(context, nil, 0, 1) }
    }

    /// Stopped by the receiver, or by libxml2 giving up on the document.
    private var stopped: Bool { receiver.stopped || context.pointee.instate == XML_PARSER_EOF }
}

/// Limits shared by every push parse.
enum XMLParsing {
    /// Bytes handed to libxml2 at a time.
    static let chunkSize = 256 * 1024
}
