import CLibXML2

/// The libxml2 SAX2 callback table. Every callback receives the `FeedBuilder` as its
/// user data (unretained: the builder outlives the parser context that calls it).
enum SAXHandler {
    static func make() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, uri, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            feedBuilder(context).startElement(localName: localName, uri: uri,
                                          attributes: SAXAttributes(pointer: attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            feedBuilder(context).endElement()
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
            feedBuilder(context).recordError(message, line: Int(error.pointee.line))
        }
        return handler
    }

}

/// The builder behind a callback's user data.
@inline(__always)
private func feedBuilder(_ context: UnsafeMutableRawPointer) -> FeedBuilder {
    Unmanaged<FeedBuilder>.fromOpaque(context).takeUnretainedValue()
}
