/// A set of server item ids, as a sync compares them: lists of tens of thousands with what the
/// library holds. Most servers number their items, and a decimal id written as `String(Int64)`
/// writes it (no sign but `-`, no leading zero) is kept as its number: no string of its own to
/// allocate, hash and free, ten thousand of them one allocation. Any other id (an ObjectId, a
/// URL, `007`) is kept as its text, so no two spellings are ever taken for one.
public struct RemoteIDs: Sendable {
    /// One id as the set keeps it.
    enum Key: Sendable {
        case number(Int64)
        case text(String)

        init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
            self = RemoteIDs.number(utf8: bytes).map(Key.number) ?? .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    private var numbers: Set<Int64> = []
    private var others: Set<String> = []

    public init() {}

    public init<Ids: Sequence<String>>(_ ids: Ids) {
        numbers.reserveCapacity(ids.underestimatedCount)
        for id in ids { insert(id) }
    }

    public var count: Int { numbers.count + others.count }

    public mutating func insert(_ id: String) {
        if let number = Self.number(id) { numbers.insert(number) } else { others.insert(id) }
    }

    public func contains(_ id: String) -> Bool {
        if let number = Self.number(id) { return numbers.contains(number) }
        return others.contains(id)
    }

    func contains(_ key: Key) -> Bool {
        switch key {
        case .number(let number): numbers.contains(number)
        case .text(let text): others.contains(text)
        }
    }

    /// Inserts the id whose UTF-8 is `bytes` (a library row's text), making a string only for an
    /// id that is not a number.
    mutating func insert(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        switch Key(utf8: bytes) {
        case .number(let number): numbers.insert(number)
        case .text(let text): others.insert(text)
        }
    }

    /// The number `id` writes, when `String(number) == id`; nil for any other text.
    public static func number(_ id: String) -> Int64? {
        var id = id
        return id.withUTF8 { number(utf8: $0) }
    }

    static func number(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
        // One to nineteen digits; a leading zero only in "0" itself (not "-0").
        guard let first = digits.first, digits.count <= 19,
              first != UInt8(ascii: "0") || (digits.count == 1 && !negative) else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            // Built negative: Int64.min has no positive twin.
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (next, under) = times.subtractingReportingOverflow(digit)
            guard !over, !under else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }
}
