/// Writes text and tags back out as markup while capturing inline XHTML.
enum MarkupEscaper {
    /// Appends `text` with `&`, `<`, `>` (and `"` for attributes) escaped.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], attribute: Bool = false) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: [38, 97, 109, 112, 59])       // &amp;
            case UInt8(ascii: "<"): out.append(contentsOf: [38, 108, 116, 59])          // &lt;
            case UInt8(ascii: ">"): out.append(contentsOf: [38, 103, 116, 59])          // &gt;
            case UInt8(ascii: "\"") where attribute: out.append(contentsOf: [38, 113, 117, 111, 116, 59])
            default: out.append(byte)
            }
        }
    }
}
