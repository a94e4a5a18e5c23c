import CLibXML2

/// Resolves relative references (RFC 3986) with libxml2's `xmlBuildURI`.
enum URLResolver {
    /// `reference` made absolute against `base`; the reference itself when it is
    /// already absolute, when there is no base, or when it cannot be resolved.
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !base.isEmpty, !isAbsolute(reference) else { return reference }
        guard let built = xmlBuildURI(reference, base) else { return reference }
        defer { lectern_xml_free(built) } // xmlBuildURI's result is ours to free
        return String(cString: built)
    }

    /// True for references that start with a scheme (`http:`, `mailto:`, `tag:` ...).
    static func isAbsolute(_ reference: String) -> Bool {
        var sawLetter = false
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if !sawLetter { return false }
            case UInt8(ascii: ":"):
                return sawLetter
            default:
                return false
            }
        }
        return false
    }
}
