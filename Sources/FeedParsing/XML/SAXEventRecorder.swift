import CLibXML2
import Glibc

/// The receiving end of libxml2's SAX callbacks for feeds: each event is written as a few
/// compact bytes (names by their dictionary pointers, text and attribute values copied)
/// and handed on a chunk at a time to be replayed to the `FeedBuilder`
/// (`SAXEventReplay`) — on this thread, or on another while libxml2 goes on parsing.
///
/// What must be answered while libxml2 waits stays here: the entities the document
/// declares and uses, and the "not well-formed" latch libxml2 sets after a recovered error.
final class SAXEventRecorder: SAXReceiver {
    var context: xmlParserCtxtPtr?
    /// The document's own entities (and every name resolved for it).
    let entities = DocumentEntities()
    private let channel: EventChannel
    /// The events recorded since the last hand-off.
    private var events = TextBuffer(capacity: 64 * 1024)
    /// A chunk is handed on once it holds this many bytes.
    private let chunkBytes: Int
    private var stopRequested = false
    /// Where the length of the last event is written when that event is text, so the next
    /// run of text (escaped HTML comes a reference at a time) extends it instead.
    private var openTextLength: Int?

    init(channel: EventChannel, chunkBytes: Int) {
        self.channel = channel
        self.chunkBytes = chunkBytes
    }

    /// True once the builder said it wants no more (the root is not a feed).
    var stopped: Bool { stopRequested || channel.consumerStopped }

    // MARK: Events

    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                      attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard begin(.startElement) else { return }
        writeName(localName)
        writeName(prefix)
        writeName(uri)
        events.append(raw: UInt32(count))
        guard let attributes else { return finish() }
        for index in 0..<count {
            let base = attributes + index * 5
            writeName(base[0])
            writeName(base[1])
            writeName(base[2])
            if let start = base[3], let end = base[4] {
                events.append(raw: UInt32(end - start))
                events.append(UnsafeBufferPointer(start: start, count: end - start))
            } else {
                events.append(raw: UInt32(0))
            }
        }
        finish()
    }

    func endElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard begin(.endElement) else { return }
        writeName(localName)
        writeName(prefix)
        finish()
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        if let lengthAt = openTextLength, !channel.consumerStopped {
            if let context, context.pointee.wellFormed == 0 { context.pointee.wellFormed = 1 }
            events.add(UInt32(count), toIntegerAt: lengthAt)
            events.append(UnsafeBufferPointer(start: bytes, count: count))
            return finish()
        }
        guard begin(.characters) else { return }
        openTextLength = events.count
        events.append(raw: UInt32(count))
        events.append(UnsafeBufferPointer(start: bytes, count: count))
        finish()
    }

    func error(code: Int32, line: Int, message: UnsafePointer<CChar>?, detail: UnsafePointer<CChar>?) {
        guard begin(.error) else { return }
        events.append(raw: UInt32(bitPattern: code))
        events.append(raw: UInt32(clamping: line))
        writeText(message)
        writeText(detail)
        finish()
    }

    /// Hands on what is left; the replay ends after it.
    func close() {
        handOn(last: true)
    }

    // MARK: Encoding

    /// Starts an event; false once the builder wants no more.
    private func begin(_ kind: SAXEventKind) -> Bool {
        if channel.consumerStopped {
            if !stopRequested, let context { xmlStopParser(context) }
            stopRequested = true
            return false
        }
        // After a recovered error libxml2 drops every later entity reference (even `&amp;`)
        // unless the document is marked well-formed again; errors are still reported.
        if let context, context.pointee.wellFormed == 0 { context.pointee.wellFormed = 1 }
        openTextLength = nil
        events.append(kind.rawValue)
        return true
    }

    private func finish() {
        if events.count >= chunkBytes { handOn(last: false) }
    }

    private func handOn(last: Bool) {
        openTextLength = nil
        let chunk = channel.freeChunk()
        chunk.bytes.swapContents(with: &events)
        channel.publish(chunk, last: last)
    }

    /// A name: its libxml2 dictionary pointer, stable for the whole parse, or (for a name
    /// that is not in the dictionary) its bytes.
    private func writeName(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return events.append(SAXEventName.absent.rawValue) }
        if let dict = context?.pointee.dict, xmlDictOwns(dict, name) == 1 {
            events.append(SAXEventName.interned.rawValue)
            events.append(raw: UInt(bitPattern: name))
        } else {
            events.append(SAXEventName.copied.rawValue)
            writeText(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        }
    }

    /// A C string as its length and bytes, then a NUL; `UInt32.max` for none.
    private func writeText(_ text: UnsafePointer<CChar>?) {
        guard let text else { return events.append(raw: UInt32.max) }
        let length = strlen(text)
        events.append(raw: UInt32(clamping: length))
        text.withMemoryRebound(to: UInt8.self, capacity: length) { events.append(UnsafeBufferPointer(start: $0, count: length)) }
        events.append(UInt8(0))
    }

    // MARK: The callback table

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            recorder(context) { $0.startElement(localName: localName, prefix: prefix, uri: uri,
                                                attributes: attributes, count: Int(attributeCount)) }
        }
        handler.endElementNs = { context, localName, prefix, _ in
            guard let context else { return }
            recorder(context) { $0.endElement(localName: localName, prefix: prefix) }
        }
        handler.characters = { context, bytes, count in
            guard let context, let bytes, count > 0 else { return }
            recorder(context) { $0.characters(bytes, count: Int(count)) }
        }
        handler.cdataBlock = handler.characters
        handler.getEntity = { context, name in
            guard let context, let name else { return nil }
            return recorder(context) { $0.entities.entity(named: name) }
        }
        handler.entityDecl = { context, name, type, _, _, content in
            guard let context, let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            recorder(context) { $0.entities.declare(name: String(cString: name), content: String(cString: content)) }
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            recorder(context) {
                $0.error(code: error.pointee.code, line: Int(error.pointee.line), message: error.pointee.message,
                         detail: error.pointee.code == Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue) ? error.pointee.str2 : nil)
            }
        }
        return handler
    }
}

/// The recorder behind a callback's user data, borrowed: it outlives the parse, so no
/// retain and release per callback (a million of them for a large feed of escaped HTML).
@inline(__always)
private func recorder<Result>(_ context: UnsafeMutableRawPointer, _ body: (SAXEventRecorder) -> Result) -> Result {
    Unmanaged<SAXEventRecorder>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

/// The first byte of each recorded event.
enum SAXEventKind: UInt8 {
    case startElement = 1, endElement, characters, error
}

/// How a recorded name is written.
enum SAXEventName: UInt8 {
    case absent, interned, copied
}
