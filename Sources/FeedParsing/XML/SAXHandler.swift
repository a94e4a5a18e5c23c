import CLibXML2

/// The libxml2 SAX2 callback table. Every callback receives the `FeedBuilder` as its
/// user data (unretained: the builder outlives the parser context that calls it).
enum SAXHandler {
    static func make() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            feedBuilder(context).startElement(localName: localName, prefix: prefix, uri: uri,
                                          attributes: SAXAttributes(pointer: attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, localName, prefix, _ in
            guard let context else { return }
            feedBuilder(context).endTag(localName: localName, prefix: prefix)
        }
        handler.characters = { context, bytes, count in
            guard let context, let bytes else { return }
            feedBuilder(context).characters(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.getEntity = { context, name in
            guard let context, let name else { return nil }
            return feedBuilder(context).entities.entity(named: name)
        }
        handler.entityDecl = { context, name, type, _, _, content in
            guard let context, let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            feedBuilder(context).entities.declare(name: String(cString: name), content: String(cString: content))
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            let builder = feedBuilder(context)
            switch Int(error.pointee.code) {
            case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue):
                // libxml2 pops the open element whatever the end tag said; remember what it said.
                builder.pendingEndTag = error.pointee.str2.map { String(cString: $0) }
            case Int(XML_ERR_NAME_REQUIRED.rawValue), Int(XML_ERR_LT_IN_ATTRIBUTE.rawValue):
                builder.sawStrayLessThan = true // libxml2 2.9 halts here; the parse is retried repaired
            default:
                break
            }
            builder.recordError(message, line: Int(error.pointee.line))
        }
        return handler
    }

}

/// The builder behind a callback's user data.
@inline(__always)
private func feedBuilder(_ context: UnsafeMutableRawPointer) -> FeedBuilder {
    Unmanaged<FeedBuilder>.fromOpaque(context).takeUnretainedValue()
}
