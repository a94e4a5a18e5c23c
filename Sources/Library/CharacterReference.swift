/// Decodes one HTML character reference (`&amp;`, `&#233;`, `&#x2014;` and the
/// handful of named ones common in feeds). Unknown names are left as text.
enum CharacterReference {
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "mdash": "\u{2014}", "ndash": "\u{2013}", "hellip": "\u{2026}", "rsquo": "\u{2019}",
        "lsquo": "\u{2018}", "rdquo": "\u{201D}", "ldquo": "\u{201C}", "copy": "\u{A9}",
        "reg": "\u{AE}", "trade": "\u{2122}", "laquo": "\u{AB}", "raquo": "\u{BB}", "eacute": "\u{E9}",
    ]

    /// The UTF-8 bytes of the reference at `start` and the index after it; nil when
    /// there is no recognisable reference there.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ([UInt8], Int)? {
        var index = start + 1
        var name: [UInt8] = []
        while index < bytes.count, index - start <= 10, bytes[index] != UInt8(ascii: ";") {
            name.append(bytes[index])
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";"), !name.isEmpty else { return nil }
        let text = String(decoding: name, as: UTF8.self)
        let scalar: Unicode.Scalar?
        if text.hasPrefix("#x") || text.hasPrefix("#X") {
            scalar = UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if text.hasPrefix("#") {
            scalar = UInt32(text.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
            scalar = named[text]
        }
        guard let scalar, scalar.value != 0 else { return nil }
        return (Array(String(Character(scalar)).utf8), index + 1)
    }
}
