/// Writes text and tags back out as markup while capturing inline XHTML.
enum MarkupEscaper {
    /// Appends `text` with `&`, `<`, `>` (and `"` for attributes) escaped.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout TextBuffer, attribute: Bool = false) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): out.append("&amp;")
            case UInt8(ascii: "<"): out.append("&lt;")
            case UInt8(ascii: ">"): out.append("&gt;")
            case UInt8(ascii: "\"") where attribute: out.append("&quot;")
            default: out.append(byte)
            }
        }
    }
}
