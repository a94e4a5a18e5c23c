/// Decodes one HTML character reference: `&name;`, `&#123;`, `&#x7B;`.
/// Numeric references in 128–159 are read as Windows-1252, as browsers do.
enum EntityDecoder {
    /// Appends the decoded text of the reference at `start` to `out` and returns the
    /// index after it, or returns nil (appending nothing) when it is not a complete
    /// reference to a known entity.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into out: inout [UInt8]) -> Int? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var radix: UInt32 = 10
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") { radix = 16; index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
                value = value &* radix &+ digit
                digits += 1
                index += 1
                if digits > 8 { return nil }
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
            if value >= 0x80 && value < 0xA0 { value = Windows1252.scalar(UInt8(value)) }
            let valid = value != 0 && Unicode.Scalar(value) != nil
            Windows1252.appendUTF8(valid ? value : 0xFFFD, to: &out)
            return index + 1
        }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 10, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        let code: UInt32?
        switch name {
        case "amp": code = 0x26
        case "lt": code = 0x3C
        case "gt": code = 0x3E
        case "quot": code = 0x22
        default: code = HTMLEntities.codePoints[name]
        }
        guard let code else { return nil }
        Windows1252.appendUTF8(code, to: &out)
        return index + 1
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= 48 && byte <= 57)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case 48...57: return UInt32(byte - 48)
        case 97...102 where radix == 16: return UInt32(byte - 87)
        case 65...70 where radix == 16: return UInt32(byte - 55)
        default: return nil
        }
    }
}
