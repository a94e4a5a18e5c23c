/// Byte-level helpers for the tolerant HTML scanners that turn markup into plain text
/// (feed titles here, list excerpts and the search index in Library): one place for
/// where a tag ends.
public enum HTMLScanner {
    /// The index just past the `>` closing the tag (or comment) that starts at `start`.
    /// A quote opens a quoted value only right after `=`, so `href=x">` still closes.
    public static func endOfTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        if start + 3 < bytes.count, bytes[start + 1] == UInt8(ascii: "!"), bytes[start + 2] == UInt8(ascii: "-"),
           bytes[start + 3] == UInt8(ascii: "-") {
            var index = start + 4
            while index + 2 < bytes.count {
                if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                   bytes[index + 2] == UInt8(ascii: ">") { return index + 3 }
                index += 1
            }
            return bytes.count
        }
        var index = start + 1
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && bytes[index - 1] == UInt8(ascii: "=") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }
}
