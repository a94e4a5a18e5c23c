/// Decodes one HTML character reference: `&name;`, `&#123;`, `&#x7B;`.
/// Numeric references in 128–159 are read as Windows-1252, as browsers do.
enum EntityDecoder {
    /// The decoded scalars and the index after the reference, or nil when the
    /// text at `start` is not a complete reference.
    static func decode(_ scalars: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            var radix: UInt32 = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" { radix = 16; index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = digitValue(scalars[index], radix: radix) {
                value = value &* radix &+ digit
                digits += 1
                index += 1
                if digits > 8 { return nil }
            }
            guard digits > 0, index < scalars.count, scalars[index] == ";" else { return nil }
            if value >= 0x80 && value < 0xA0 { value = Windows1252.scalar(UInt8(value)) }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return (["\u{FFFD}"], index + 1) }
            return ([scalar], index + 1)
        }
        var name = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
            if name.count > 10 { return nil }
        }
        guard !name.isEmpty, index < scalars.count, scalars[index] == ";" else { return nil }
        let code: UInt32?
        switch name {
        case "amp": code = 0x26
        case "lt": code = 0x3C
        case "gt": code = 0x3E
        case "quot": code = 0x22
        default: code = HTMLEntities.codePoints[name]
        }
        guard let code, let scalar = Unicode.Scalar(code) else { return nil }
        return ([scalar], index + 1)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar.value {
        case 48...57: return scalar.value - 48
        case 97...102 where radix == 16: return scalar.value - 87
        case 65...70 where radix == 16: return scalar.value - 55
        default: return nil
        }
    }
}
