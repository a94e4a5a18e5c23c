/// A growable run of bytes for the parser's hot path: the text of the element being
/// captured, recorded SAX events. The SAX callbacks append to it a few hundred times per
/// entry (escaped HTML arrives a reference at a time), so appending is a bounds check and
/// a copy, with none of an array's uniqueness checks.
struct TextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes, borrowed until the buffer next changes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends an integer's bytes as they lie in memory (for a reader on this machine).
    @inline(__always)
    mutating func append<Integer: FixedWidthInteger>(raw value: Integer) {
        let size = MemoryLayout<Integer>.size
        if count + size > capacity { grow(toHold: count + size) }
        UnsafeMutableRawPointer(base + count).storeBytes(of: value, as: Integer.self)
        count += size
    }

    /// Adds `value` to the integer `append(raw:)` wrote at `offset`.
    @inline(__always)
    mutating func add<Integer: FixedWidthInteger>(_ value: Integer, toIntegerAt offset: Int) {
        let slot = UnsafeMutableRawPointer(base + offset)
        slot.storeBytes(of: slot.loadUnaligned(as: Integer.self) &+ value, as: Integer.self)
    }

    /// Appends an ASCII literal such as `"&amp;"`.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Trades contents with `other` (no bytes are copied).
    mutating func swapContents(with other: inout TextBuffer) {
        (base, other.base) = (other.base, base)
        (capacity, other.capacity) = (other.capacity, capacity)
        (count, other.count) = (other.count, count)
    }

    /// Empties the buffer, keeping its memory for the next capture.
    mutating func removeAll() { count = 0 }

    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
