import Foundation

/// A streaming JSON writer with a fixed key order (what `JSONSerialization` cannot
/// promise), writing UTF-8 bytes: strings are escaped a run at a time, and the output is
/// handed to `sink` whenever a quarter megabyte has gathered, so a 20 MB feed is never
/// held as text. Used by `FeedJSON` and by `--extract-article`.
public final class JSONWriter {
    private var out = TextBuffer(capacity: 1 << 18)
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
    private var needsComma = false

    /// Gathers everything (read it with `text`), or hands it to `sink` as it goes.
    public init(sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        self.sink = sink
    }

    /// What was written and not yet handed to the sink.
    public var text: String { String(decoding: out.bytes, as: UTF8.self) }

    /// Hands what is left to the sink.
    public func flush() {
        guard let sink, !out.isEmpty else { return }
        sink(out.bytes)
        out.removeAll()
    }

    public func object(_ body: () -> Void) {
        separate()
        out.append(UInt8(ascii: "{"))
        needsComma = false
        body()
        out.append(UInt8(ascii: "}"))
        needsComma = true
        if sink != nil, out.count >= 1 << 18 { flush() }
    }

    public func array<T>(_ items: [T], _ element: (T) -> Void) {
        out.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { element(item) }
        out.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key (an ASCII name that needs no escaping).
    public func key(_ name: StaticString) {
        separate()
        out.append(UInt8(ascii: "\""))
        out.append(name)
        out.append("\":")
        needsComma = false
    }

    public func string(_ value: String?) {
        separate()
        needsComma = true
        guard var value else { return out.append("null") }
        out.append(UInt8(ascii: "\""))
        value.withUTF8 { appendEscaped($0) }
        out.append(UInt8(ascii: "\""))
    }

    public func integer(_ value: Int?) {
        separate()
        needsComma = true
        guard let value else { return out.append("null") }
        appendDigits(value)
    }

    /// `"YYYY-MM-DDTHH:MM:SSZ"` for a UTC instant.
    public func date(_ value: Date?) {
        separate()
        needsComma = true
        guard let value else { return out.append("null") }
        let seconds = Int(value.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let clock = seconds - days * 86_400
        let (year, month, day) = FeedJSON.civil(fromDays: days)
        out.append(UInt8(ascii: "\""))
        if year < 0 {
            out.append(UInt8(ascii: "-"))
            appendDigits(-year, width: 4)
        } else {
            appendDigits(year, width: 4)
        }
        for (separator, part) in [(UInt8(ascii: "-"), month), (UInt8(ascii: "-"), day), (UInt8(ascii: "T"), clock / 3600),
                                  (UInt8(ascii: ":"), clock / 60 % 60), (UInt8(ascii: ":"), clock % 60)] {
            out.append(separator)
            appendDigits(part, width: 2)
        }
        out.append("Z\"")
    }

    private func separate() {
        if needsComma { out.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private func appendDigits(_ value: Int, width: Int = 1) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            return appendDigits(0 - value, width: width)   // Int.min never reaches here: lengths and years only
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < width
            out.append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(20 - count)...]))
        }
    }

    /// `text` with `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or `\u00XX`,
    /// and U+2028 / U+2029 as `\u2028` / `\u2029` (JavaScript reads them as line ends).
    private func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            let escape: StaticString?
            var skip = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case 0..<0x20: escape = ""
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                escape = text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                skip = 3
            default: escape = nil
            }
            guard let escape else {
                index += 1
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: text[start..<index]))
            if escape.utf8CodeUnitCount > 0 {
                out.append(escape)
            } else {
                out.append("\\u00")
                let hex: StaticString = "0123456789abcdef"
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            }
            index += skip
            start = index
        }
        out.append(UnsafeBufferPointer(rebasing: text[start..<text.count]))
    }
}
