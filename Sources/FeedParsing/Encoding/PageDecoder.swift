import Foundation

/// A web page's bytes as UTF-8, their encoding found the way browsers find it (HTML's encoding
/// sniffing): a byte-order mark, then the HTTP `charset`, then a `<meta>` in the first 1024
/// bytes, then — when nothing says — UTF-8 if the bytes are valid UTF-8, else Windows-1252;
/// where UTF-8 or Windows-1252 is read, valid UTF-8 sequences stay UTF-8 and other bytes are
/// read as Windows-1252 (a mostly-UTF-8 page with a few stray bytes comes out right).
/// One step more than browsers take: bytes that are valid UTF-8 with multibyte text are UTF-8
/// whatever the header or the `<meta>` says (a page saved or re-served under a stale label: L3S's
/// pages say ISO-8859-1, a saved Tencent page says GB2312), since text in another encoding almost
/// never forms valid UTF-8 by chance.
/// NUL bytes, which would end libxml2's parse, are dropped once the text is UTF-8.
public enum PageDecoder {
    /// How the encoding was found.
    enum Source { case byteOrderMark, http, meta, bytes }

    /// `body` on the bytes as UTF-8: the page's own bytes when they already are (no copy),
    /// else a converted copy.
    public static func withUTF8<T>(_ page: UnsafeBufferPointer<UInt8>, httpCharset: String?,
                                   _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let (charset, source, skip) = sniff(page, httpCharset: httpCharset)
        let bytes = UnsafeBufferPointer(rebasing: page[skip...])
        var converted = convert(bytes, from: charset, labelled: source != .byteOrderMark)
        if converted == nil, let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil { converted = Array(bytes) }
        guard var utf8 = converted else { return body(bytes) }
        utf8.removeAll { $0 == 0 }
        return utf8.withUnsafeBufferPointer(body)
    }

    /// The encoding, where it was found, and how many leading bytes (a byte-order mark) to skip.
    static func sniff(_ page: UnsafeBufferPointer<UInt8>, httpCharset: String?) -> (String, Source, Int) {
        if let bom = CharsetSniffer.byteOrderMark(page) { return (bom.charset, .byteOrderMark, bom.skip) }
        if let header = httpCharset.map(label), !header.isEmpty { return (header, .http, 0) }
        if var declared = metaCharset(page) {
            // A page that can hold a <meta> in ASCII is not UTF-16: HTML reads that label as UTF-8.
            if declared.hasPrefix("utf-16") || declared.hasPrefix("utf-32") { declared = "utf-8" }
            return (declared, .meta, 0)
        }
        return ("utf-8", .bytes, 0)
    }

    /// The bytes as UTF-8, or nil when they already are. A label (not a byte-order mark) yields
    /// to bytes that are valid UTF-8 with multibyte text.
    private static func convert(_ bytes: UnsafeBufferPointer<UInt8>, from charset: String, labelled: Bool) -> [UInt8]? {
        let (valid, multibyte) = UTF8Validator.check(bytes)
        switch InputDecoder.family(of: charset) {
        case .utf8, .singleByteLatin:
            // Valid UTF-8 sequences kept, other bytes read as Windows-1252: a Latin page holds
            // no valid multibyte sequence but by mojibake, and a mostly-UTF-8 page with a few
            // stray Windows-1252 bytes comes out right.
            return valid ? nil : UTF8Validator.repair(bytes).bytes
        case .other:
            if labelled && valid && multibyte { return nil }
            var warnings: [String] = []
            for name in iconvNames(charset) {
                if let converted = IconvConverter.convert(bytes, from: name, warnings: &warnings) { return converted }
            }
            // A label nobody knows: as if there were none.
            return valid ? nil : UTF8Validator.repair(bytes).bytes
        }
    }

    /// The names iconv may know a label by: the label, with "_" for "-" ("euc_kr"), and the
    /// encoding the WHATWG Encoding Standard decodes it as, where that is a superset iconv names
    /// otherwise (GB2312 pages are read as GB18030, EUC-KR as CP949, Shift_JIS as CP932).
    private static func iconvNames(_ label: String) -> [String] {
        let dashed = label.replacingOccurrences(of: "_", with: "-")
        let superset: [String: String] = [
            "gb2312": "GB18030", "gbk": "GB18030", "x-gbk": "GB18030", "chinese": "GB18030", "csgb2312": "GB18030",
            "gb-2312-80": "GB18030", "iso-ir-58": "GB18030",
            "euc-kr": "CP949", "ks-c-5601-1987": "CP949", "ks-c-5601-1989": "CP949", "ksc5601": "CP949", "korean": "CP949",
            "csksc56011987": "CP949", "iso-ir-149": "CP949", "windows-949": "CP949",
            "shift-jis": "CP932", "sjis": "CP932", "x-sjis": "CP932", "ms-kanji": "CP932", "windows-31j": "CP932", "csshiftjis": "CP932",
            "big5": "BIG5-HKSCS", "x-x-big5": "BIG5-HKSCS", "cn-big5": "BIG5-HKSCS", "csbig5": "BIG5-HKSCS",
            "tis-620": "CP874", "iso-8859-11": "CP874", "windows-874": "CP874",
        ]
        return [superset[dashed], label, dashed].compactMap { $0 }
    }

    /// The charset a `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">`
    /// in the first 1024 bytes names (outside comments), lower case.
    static func metaCharset(_ page: UnsafeBufferPointer<UInt8>) -> String? {
        let head = String(decoding: UnsafeBufferPointer(rebasing: page.prefix(1024)), as: UTF8.self).lowercased()
        var rest = head[...]
        while let open = rest.firstRange(of: "<") {
            rest = rest[open.upperBound...]
            if rest.hasPrefix("!--") {
                guard let close = rest.firstRange(of: "-->") else { return nil }
                rest = rest[close.upperBound...]
                continue
            }
            guard rest.hasPrefix("meta"), let close = rest.firstIndex(of: ">") else { continue }
            let tag = rest[rest.index(rest.startIndex, offsetBy: 4)..<close]
            rest = rest[close...]
            if let value = attribute("charset", in: tag), !value.isEmpty { return label(value) }
            if attribute("http-equiv", in: tag) == "content-type", let content = attribute("content", in: tag),
               let value = CharsetSniffer.charset(inContentType: "type;" + content) {
                return label(value)
            }
        }
        return nil
    }

    /// An attribute's value in a tag's text (quoted or not).
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var search = tag
        while let found = search.firstRange(of: name) {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var after = search[found.upperBound...].drop { $0 == " " }
            search = search[found.upperBound...]
            guard before == " " || before == "\t" || before == "\n" || before == "/" || before == "\"" || before == "'",
                  after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            if let quote = after.first, quote == "\"" || quote == "'" {
                return String(after.dropFirst().prefix { $0 != quote })
            }
            return String(after.prefix { $0 != " " && $0 != ">" && $0 != "/" && $0 != ";" })
        }
        return nil
    }

    /// A label trimmed and lower-cased (`InputDecoder.family` reads Latin-1 and ASCII as Windows-1252).
    private static func label(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r\"'")).lowercased()
    }
}
