import CLibXML2
import Glibc

/// A borrowed view of libxml2's SAX2 attribute array: five pointers per attribute
/// (local name, prefix, URI, value start, value end). Valid only during the callback.
struct SAXAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the first attribute whose local name matches `name` (ASCII,
    /// case-insensitive) and whose namespace is `namespace` (nil: any namespace).
    func value(_ name: StaticString, namespace: String? = nil) -> String? {
        guard let pointer else { return nil }
        for index in 0..<count {
            let base = pointer + index * 5
            guard let local = base[0], matches(local, name) else { continue }
            if let namespace {
                guard let uri = base[2], String(cString: uri) == namespace else { continue }
            }
            guard let start = base[3], let end = base[4] else { return "" }
            let bytes = UnsafeBufferPointer(start: start, count: end - start)
            let text = String(decoding: bytes, as: UTF8.self)
            // Without entity substitution libxml2 leaves `&amp;` as `&#38;` and other
            // named references as written; decode them here.
            return memchr(start, Int32(UInt8(ascii: "&")), bytes.count) == nil ? text : PlainText.decodingReferences(text)
        }
        return nil
    }

    /// `xml:base`, `xml:lang` live in the XML namespace.
    func xmlAttribute(_ name: StaticString) -> String? {
        value(name, namespace: "http://www.w3.org/XML/1998/namespace")
    }

    private func matches(_ cName: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        let length = name.utf8CodeUnitCount
        for offset in 0..<length {
            let byte = cName[offset]
            guard byte != 0 else { return false }
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if lower != expected[offset] { return false }
        }
        return cName[length] == 0
    }
}
