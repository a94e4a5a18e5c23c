import Foundation

extension PageTree {
    /// An element's attributes, names lower-case, in document order, packed into one buffer of
    /// UTF-8 (`name NUL value NUL` for each). An array of string pairs took one allocation for
    /// the array, 32 bytes a pair, and one more for each value over 15 bytes: on a page heavy
    /// with attributes (long ids and classes on every link), more memory than its nodes. Values
    /// never hold NUL: libxml2 hands over C strings, and values set here have theirs dropped.
    public struct Attributes: Sendable, Sequence {
        @usableFromInline var bytes: [UInt8]

        public init() { bytes = [] }

        public init(_ pairs: [(name: String, value: String)]) {
            bytes = []
            for (name, value) in pairs { append(name, value) }
        }

        /// Packed bytes as the reader builds them.
        init(packed: [UInt8]) { bytes = packed }

        public var isEmpty: Bool { bytes.isEmpty }

        /// The value of attribute `name` (lower-case), if there is one.
        public subscript(name: String) -> String? {
            guard !bytes.isEmpty else { return nil }
            var name = name
            return name.withUTF8 { wanted in
                bytes.withUnsafeBufferPointer { packed in
                    guard let range = Self.valueRange(of: wanted, in: packed) else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: packed[range]), as: UTF8.self)
                }
            }
        }

        /// `body` run on the UTF-8 of attribute `name`'s value, read in place (nil when there is
        /// no such attribute): for a test asked of every element, without making a string.
        public func withValueBytes<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
            guard !bytes.isEmpty else { return nil }
            var name = name
            return name.withUTF8 { wanted in
                bytes.withUnsafeBufferPointer { packed in
                    Self.valueRange(of: wanted, in: packed).map { body(UnsafeBufferPointer(rebasing: packed[$0])) }
                }
            }
        }

        /// Whether the element has attribute `name`.
        public func contains(_ name: String) -> Bool {
            guard !bytes.isEmpty else { return false }
            var name = name
            return name.withUTF8 { wanted in bytes.withUnsafeBufferPointer { Self.valueRange(of: wanted, in: $0) != nil } }
        }

        /// Sets `name` to `value` (after the others, as a new attribute is), or removes it (nil).
        public mutating func set(_ name: String, _ value: String?) {
            var pairs = Array(self)
            pairs.removeAll { $0.name == name }
            if let value { pairs.append((name, value)) }
            self = Attributes(pairs)
        }

        private mutating func append(_ name: String, _ value: String) {
            bytes.append(contentsOf: name.utf8.lazy.filter { $0 != 0 })
            bytes.append(0)
            bytes.append(contentsOf: value.utf8.lazy.filter { $0 != 0 })
            bytes.append(0)
        }

        /// Where the value of the attribute named `wanted` lies in `packed`.
        private static func valueRange(of wanted: UnsafeBufferPointer<UInt8>, in packed: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            guard let base = packed.baseAddress else { return nil }
            let count = packed.count
            var start = 0
            while start < count {
                let nameEnd = end(from: start, in: base, count: count)
                let valueEnd = end(from: nameEnd + 1, in: base, count: count)
                if nameEnd - start == wanted.count,
                   wanted.isEmpty || memcmp(base + start, wanted.baseAddress!, wanted.count) == 0 {
                    return nameEnd + 1..<valueEnd
                }
                start = valueEnd + 1
            }
            return nil
        }

        /// The index of the NUL that ends the word at `start` (`count` past a last one without).
        private static func end(from start: Int, in base: UnsafePointer<UInt8>, count: Int) -> Int {
            guard start < count, let found = memchr(base + start, 0, count - start) else { return count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        public struct Iterator: IteratorProtocol {
            let bytes: [UInt8]
            var index = 0

            public mutating func next() -> (name: String, value: String)? {
                guard index < bytes.count else { return nil }
                let name = word()
                return (name, word())
            }

            private mutating func word() -> String {
                let start = index
                while index < bytes.count, bytes[index] != 0 { index += 1 }
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
        }

        public func makeIterator() -> Iterator { Iterator(bytes: bytes) }
    }
}
