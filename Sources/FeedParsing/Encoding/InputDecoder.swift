import Foundation

/// Turns a feed's bytes, in whatever encoding they came, into UTF-8 for libxml2
/// (which is then told to ignore the declared encoding). Never fails: bytes that
/// cannot be decoded are replaced and reported as a warning.
enum InputDecoder {
    /// UTF-8 bytes: either the caller's own buffer (the common, copy-free case) or a new one.
    enum Output {
        case original(skip: Int)
        case converted([UInt8])
    }

    /// - Parameter pager: the mapped file `p` lives in, if any: its pages are handed
    ///   back as the checks go.
    static func decode(_ p: UnsafeBufferPointer<UInt8>, contentType: String?,
                       warnings: inout [String], pager: MappedFile? = nil) -> Output {
        withoutNULs(decodeCharset(p, contentType: contentType, warnings: &warnings, pager: pager), in: p, warnings: &warnings)
    }

    /// libxml2 stops at a NUL byte (never valid in XML or JSON text), losing the rest of
    /// the feed: drop them, with a warning.
    private static func withoutNULs(_ output: Output, in p: UnsafeBufferPointer<UInt8>, warnings: inout [String]) -> Output {
        var bytes: [UInt8]
        switch output {
        case .original(let skip):
            let body = UnsafeBufferPointer(rebasing: p[skip...])
            guard let base = body.baseAddress, memchr(base, 0, body.count) != nil else { return output }
            bytes = Array(body)
        case .converted(let converted):
            guard converted.contains(0) else { return output }
            bytes = converted
        }
        let before = bytes.count
        bytes.removeAll { $0 == 0 }
        warnings.append("\(before - bytes.count) NUL byte(s) were removed")
        return .converted(bytes)
    }

    private static func decodeCharset(_ p: UnsafeBufferPointer<UInt8>, contentType: String?,
                                      warnings: inout [String], pager: MappedFile?) -> Output {
        let finding = CharsetSniffer.sniff(p, contentType: contentType)
        let body = UnsafeBufferPointer(rebasing: p[finding.skip...])
        switch family(of: finding.charset) {
        case .utf8:
            let (valid, _) = UTF8Validator.check(body, pager: pager)
            if valid { return .original(skip: finding.skip) }
            let (bytes, repaired) = UTF8Validator.repair(body)
            warnings.append("\(repaired) byte(s) were not valid UTF-8 and were read as Windows-1252")
            return .converted(bytes)
        case .singleByteLatin:
            let (valid, multibyte) = UTF8Validator.check(body, pager: pager)
            if valid && !multibyte { return .original(skip: finding.skip) }
            if valid {
                warnings.append("the \(finding.source.rawValue) says \(finding.charset) but the bytes are UTF-8; read as UTF-8")
                return .original(skip: finding.skip)
            }
            return .converted(UTF8Validator.fromWindows1252(body))
        case .other:
            if let bytes = IconvConverter.convert(body, from: finding.charset, warnings: &warnings) {
                return .converted(bytes)
            }
            warnings.append("unknown encoding \"\(finding.charset)\" (from the \(finding.source.rawValue)); read as UTF-8")
            let (valid, _) = UTF8Validator.check(body)
            return valid ? .original(skip: finding.skip) : .converted(UTF8Validator.repair(body).bytes)
        }
    }

    enum Family { case utf8, singleByteLatin, other }

    static func family(of charset: String) -> Family {
        switch charset {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": return .utf8
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1", "windows-1252", "cp1252",
             "x-cp1252", "us-ascii", "ascii", "iso-ir-100", "cp819", "ibm819", "ansi_x3.4-1968":
            return .singleByteLatin
        default: return .other
        }
    }
}
