import ArticleModel
import FeedParsing
import Foundation
import Library

/// What must hold for any input; a violation stops the fuzzer with the reason.
enum FuzzInvariant {
    static func same<T: Equatable>(_ first: T, _ second: T?, what: String) {
        if first != second { violated("\(what) differs from the first") }
    }

    /// The sanitizer lets through only http(s), mailto, ftp and tel links and
    /// http(s) or raster `data:` images.
    static func onlySafeURLs(in document: ArticleDocument) {
        for block in document.blocks { check(block) }
    }

    static func isFinite(_ date: Date, from text: String) {
        if !date.timeIntervalSinceReferenceDate.isFinite { violated("\"\(text)\" parsed to a date that is not finite") }
    }

    /// A picture said to be decodable is within the sizes Lectern decodes.
    static func withinBounds(_ header: ImageHeader) {
        guard header.isDecodable, header.format != .svg else { return }
        if header.width > ImageHeader.maxSide || header.height > ImageHeader.maxSide || header.area > Double(ImageHeader.maxPixels) {
            violated("a \(header.width) × \(header.height) picture passed as decodable")
        }
    }

    /// What the user is told about a file never quotes it at length (a hostile value stays out).
    static func shortMessages(_ messages: [String]) {
        if let long = messages.first(where: { $0.count > 400 }) { violated("a message of \(long.count) characters: \(long.prefix(120))…") }
    }

    static func hasAddress(_ entry: OPMLEntry) {
        if entry.url.isEmpty { violated("an OPML entry without an address") }
    }

    /// Generated CSS opens and closes every block it starts, and every comment it opens
    /// (a theme's name is quoted in one, so braces there are text).
    static func bracesBalance(_ css: String) {
        let bytes = Array(css.utf8)
        var depth = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                guard let end = (index + 2..<max(index + 2, bytes.count - 1)).first(where: {
                    bytes[$0] == UInt8(ascii: "*") && bytes[$0 + 1] == UInt8(ascii: "/")
                }) else { violated("generated CSS leaves a comment open") }
                index = end + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "{") { depth += 1 }
            if bytes[index] == UInt8(ascii: "}") { depth -= 1 }
            if depth < 0 || depth > 1 { violated("generated CSS nests or closes a block it did not open") }
            index += 1
        }
        if depth != 0 { violated("generated CSS leaves a block open") }
    }

    private static func check(_ block: ArticleBlock) {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): inlines.forEach(check)
        case .list(_, let items): items.joined().forEach(check)
        case .blockquote(let blocks): blocks.forEach(check)
        case .image(let image):
            checkImage(image.url)
            if let link = image.link { checkLink(link) }
            image.caption?.forEach(check)
        case .table(let rows): rows.joined().forEach { $0.content.forEach(check) }
        case .embed(let embed): checkLink(embed.url)
        case .code, .rule: break
        }
    }

    private static func check(_ inline: ArticleInline) {
        switch inline {
        case .emphasis(let children), .strong(let children), .strikethrough(let children),
             .subscript(let children), .superscript(let children):
            children.forEach(check)
        case .link(let url, let children):
            checkLink(url)
            children.forEach(check)
        case .text, .code, .lineBreak: break
        }
    }

    private static func checkLink(_ url: String) {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        if !["http", "https", "mailto", "ftp", "tel"].contains(scheme) { violated("unsafe link survived: \(url.prefix(80))") }
    }

    private static func checkImage(_ url: String) {
        let lower = url.prefix(32).lowercased()
        let safe = lower.hasPrefix("http:") || lower.hasPrefix("https:")
            || (lower.hasPrefix("data:image/") && !lower.hasPrefix("data:image/svg"))
        if !safe { violated("unsafe image survived: \(url.prefix(80))") }
    }

    private static func violated(_ reason: String) -> Never {
        fatalError("fuzz invariant violated: \(reason)")
    }
}
