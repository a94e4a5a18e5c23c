import Foundation

/// A minimal streaming JSON writer with a fixed key order (what `JSONSerialization`
/// cannot promise). Internal to `FeedJSON`.
final class JSONWriter {
    private(set) var text = ""
    private var needsComma = false

    func object(_ body: () -> Void) {
        separate()
        text += "{"
        needsComma = false
        body()
        text += "}"
        needsComma = true
    }

    func array<T>(_ items: [T], _ element: (T) -> Void) {
        text += "["
        needsComma = false
        for item in items { element(item) }
        text += "]"
        needsComma = true
    }

    func key(_ name: String) {
        separate()
        text += "\"\(name)\":"
        needsComma = false
    }

    func string(_ value: String?) {
        separate()
        guard let value else { text += "null"; needsComma = true; return }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
        needsComma = true
    }

    func integer(_ value: Int?) {
        separate()
        text += value.map(String.init) ?? "null"
        needsComma = true
    }

    func date(_ value: Date?) {
        string(value.map(FeedJSON.format))
    }

    private func separate() {
        if needsComma { text += "," }
        needsComma = false
    }
}
