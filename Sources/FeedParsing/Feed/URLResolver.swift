import CLibXML2

/// Resolves relative references (RFC 3986) against a base. libxml2's `xmlBuildURI` is the
/// authority; the plain relative paths most feeds use (`2024/06/entry.html`, `/about`)
/// against a plain `http(s)` base are joined directly, giving the same text without
/// parsing both addresses for every link of every entry.
enum URLResolver {
    /// `reference` made absolute against `base`; the reference itself when it is
    /// already absolute, when there is no base, or when it cannot be resolved.
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !base.isEmpty, !isAbsolute(reference) else { return reference }
        if let joined = join(reference, base) { return joined }
        return buildURI(reference, base)
    }

    /// What libxml2 makes of `reference` against `base`.
    static func buildURI(_ reference: String, _ base: String) -> String {
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

    /// The direct join, or nil when either side is anything but the plain case: a base of
    /// `http(s)://authority/path` and a reference that is a path that needs no normalizing,
    /// both of characters a URI may hold as they are (nothing libxml2 would escape).
    static func join(_ reference: String, _ base: String) -> String? {
        var reference = reference, base = base
        return reference.withUTF8 { ref in
            base.withUTF8 { base -> String? in
                guard let first = ref.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "#"),
                      !(ref.count > 1 && first == UInt8(ascii: "/") && ref[1] == UInt8(ascii: "/")),
                      ref.allSatisfy(isPlain), !needsNormalizing(ref),
                      let authorityStart = httpAuthorityStart(base), base.allSatisfy(isPlain) else { return nil }
                // The base without its query and fragment; its path must need no normalizing.
                let baseEnd = base.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? base.count
                let pathStart = base[authorityStart..<baseEnd].firstIndex(of: UInt8(ascii: "/")) ?? baseEnd
                guard pathStart < baseEnd, !needsNormalizing(UnsafeBufferPointer(rebasing: base[pathStart..<baseEnd])) else {
                    return nil
                }
                let keep: Int
                if first == UInt8(ascii: "/") {
                    keep = pathStart   // an absolute path replaces the base's whole path
                } else {
                    keep = (base[pathStart..<baseEnd].lastIndex(of: UInt8(ascii: "/")) ?? pathStart) + 1
                }
                var joined = [UInt8]()
                joined.reserveCapacity(keep + ref.count)
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: base[..<keep]))
                joined.append(contentsOf: ref)
                return String(decoding: joined, as: UTF8.self)
            }
        }
    }

    /// Where the authority begins in an `http://` or `https://` address (lower-case scheme).
    private static func httpAuthorityStart(_ base: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme in ["http://", "https://"] where base.count > scheme.utf8.count && base.starts(with: scheme.utf8) {
            return scheme.utf8.count
        }
        return nil
    }

    /// RFC 3986's unreserved, sub-delims, `:`, `@`, `/`, `?` and `#`: characters a URI
    /// reference holds as they are. (Not `%`: libxml2 decodes escapes of unreserved
    /// characters, `%7E` to `~`.)
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "&")...UInt8(ascii: ";"), // & ' ( ) * + , - . / 0-9 : ;
             UInt8(ascii: "?")...UInt8(ascii: "Z"), // ? @ A-Z
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether a path (up to its query or fragment) has segments libxml2 normalizes: `.`,
    /// `..`, or an empty one between two slashes.
    private static func needsNormalizing(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var segmentStart = 0
        for index in 0...path.count {
            let atEnd = index == path.count || path[index] == UInt8(ascii: "/") || path[index] == UInt8(ascii: "?")
                || path[index] == UInt8(ascii: "#")
            guard atEnd else { continue }
            let segment = path[segmentStart..<index]
            if segment.elementsEqual([UInt8(ascii: ".")]) || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                return true
            }
            if segment.isEmpty, segmentStart > 0, index < path.count, path[index] == UInt8(ascii: "/") { return true }
            if index < path.count, path[index] != UInt8(ascii: "/") { return false }
            segmentStart = index + 1
        }
        return false
    }
}
