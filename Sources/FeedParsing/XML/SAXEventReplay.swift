import CLibXML2
import Localization

/// Replays recorded SAX events (`SAXEventRecorder`) to the builder, in order, exactly as
/// libxml2 reported them.
struct SAXEventReplay {
    /// The five pointers per attribute `SAXAttributes` reads (local name, prefix, URI,
    /// value start, value end), reused from element to element.
    private var attributes: [UnsafePointer<xmlChar>?] = []

    /// Replays one chunk; false once the builder wants no more.
    mutating func replay(_ chunk: EventChunk, to builder: FeedBuilder) -> Bool {
        var reader = Reader(chunk.bytes.bytes)
        while !reader.atEnd, !builder.stopped {
            switch SAXEventKind(rawValue: reader.byte()) {
            case .startElement:
                let (localName, localInterned) = reader.name()
                let (prefix, prefixInterned) = reader.name()
                let (uri, uriInterned) = reader.name()
                let count = Int(reader.integer(UInt32.self))
                attributes.removeAll(keepingCapacity: true)
                for _ in 0..<count {
                    attributes.append(reader.name().pointer)
                    attributes.append(reader.name().pointer)
                    attributes.append(reader.name().pointer)
                    let value = reader.bytes(Int(reader.integer(UInt32.self)))
                    attributes.append(value.baseAddress)
                    attributes.append(value.baseAddress.map { $0 + value.count })
                }
                guard let localName else { continue }
                attributes.withUnsafeMutableBufferPointer { pointers in
                    builder.startElement(localName: localName, prefix: prefix, namesInterned: localInterned && (prefix == nil || prefixInterned),
                                         uri: uri, uriInterned: uriInterned,
                                         attributes: SAXAttributes(pointer: pointers.baseAddress, count: count))
                }
            case .endElement:
                let (localName, _) = reader.name()
                let (prefix, _) = reader.name()
                builder.endTag(localName: localName, prefix: prefix)
            case .characters:
                let text = reader.bytes(Int(reader.integer(UInt32.self)))
                if let base = text.baseAddress { builder.characters(base, count: text.count) }
            case .error:
                let code = Int32(bitPattern: reader.integer(UInt32.self))
                let line = Int(reader.integer(UInt32.self))
                let message = reader.text() ?? tr("unknown error")
                builder.parserError(code: code, line: line, message: message, endTagName: reader.text())
            case nil:
                return false // a chunk is only ever written by the recorder; stop rather than guess
            }
        }
        return !builder.stopped
    }

    /// Reads a chunk front to back.
    private struct Reader {
        let base: UnsafePointer<UInt8>?
        let end: Int
        var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            base = bytes.baseAddress
            end = bytes.count
        }

        var atEnd: Bool { offset >= end }

        mutating func byte() -> UInt8 {
            guard let base, offset < end else { return 0 }
            defer { offset += 1 }
            return base[offset]
        }

        mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer {
            guard let base, offset + MemoryLayout<Integer>.size <= end else { offset = end; return 0 }
            defer { offset += MemoryLayout<Integer>.size }
            return UnsafeRawPointer(base + offset).loadUnaligned(as: Integer.self)
        }

        mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8> {
            guard let base, count >= 0, offset + count <= end else { offset = end; return UnsafeBufferPointer(start: nil, count: 0) }
            defer { offset += count }
            return UnsafeBufferPointer(start: base + offset, count: count)
        }

        /// A name: the dictionary's pointer, or the copy in the chunk (valid while it is replayed).
        mutating func name() -> (pointer: UnsafePointer<xmlChar>?, interned: Bool) {
            switch SAXEventName(rawValue: byte()) {
            case .interned:
                return (UnsafePointer(bitPattern: integer(UInt.self)), true)
            case .copied:
                let length = integer(UInt32.self)
                guard length != UInt32.max else { return (nil, false) }
                let text = bytes(Int(length) + 1)   // with its NUL
                return (text.baseAddress, false)
            case .absent, nil:
                return (nil, false)
            }
        }

        mutating func text() -> String? {
            let length = integer(UInt32.self)
            guard length != UInt32.max else { return nil }
            let text = bytes(Int(length) + 1)
            return String(decoding: UnsafeBufferPointer(rebasing: text.dropLast()), as: UTF8.self)
        }
    }
}
