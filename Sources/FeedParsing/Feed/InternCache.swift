/// What a name pointer from libxml2's dictionary was interned as. Every element start
/// asks twice (its name and its namespace), so the common names hit a small direct-mapped
/// table — a multiply, a compare — and only the rest fall back to a dictionary.
struct InternCache<Value> {
    private static var slots: Int { 256 }
    private var keys = [UnsafeRawPointer?](repeating: nil, count: slots)
    private var values: [Value?] = Array(repeating: nil, count: slots)
    private var overflow: [UnsafeRawPointer: Value] = [:]

    subscript(key: UnsafeRawPointer) -> Value? {
        let slot = Self.slot(key)
        if keys[slot] == key { return values[slot] }
        return overflow.isEmpty ? nil : overflow[key]
    }

    mutating func insert(_ value: Value, for key: UnsafeRawPointer) {
        let slot = Self.slot(key)
        if keys[slot] == nil {
            keys[slot] = key
            values[slot] = value
        } else {
            overflow[key] = value
        }
    }

    @inline(__always)
    private static func slot(_ key: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - 8))
    }
}
