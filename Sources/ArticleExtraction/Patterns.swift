import FeedParsing
import Foundation

/// The class, id and text patterns the extractor weighs elements by. They are words that
/// pages everywhere use for the parts around an article ("sidebar", "comment", "share") and
/// for the article itself ("content", "post"), not rules for any one site.
enum Patterns {
    /// Parts that are almost never the article.
    static let unlikely = Keywords(["-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap",
                                    "disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark",
                                    "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor",
                                    "supplemental", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote"],
                                   words: ["foot"], separator: .nonAlphanumeric)
    /// ...unless they also say this.
    static let maybeArticle = Keywords(["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])

    /// Whether a class and id (lower case) name the page's furniture: unlikely, and not maybe the article.
    static func namesFurniture(_ match: String) -> Bool {
        unlikely.matches(match) && !maybeArticle.matches(match)
    }
    /// Raise an element's score.
    static let positive = Keywords(["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination",
                                    "post", "text", "blog", "story"])
    /// Lower it.
    static let negative = Keywords(["-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr",
                                    "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
                                    "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget"], words: ["hid"])
    /// Headings that open a comment thread after the article, the whole heading (English only:
    /// what other languages call them is left to the class and id words). Plural only:
    /// "Response" is a section of an article about an API.
    nonisolated(unsafe) static let commentsHeading = #/(\d+\s+)?(comments|responses|replies|leave a (reply|comment)|post a comment|trackbacks|trackback pings)( \(\d+\))?:?/#
    /// Headings that open the page's other furniture after the article ("Related stories").
    nonisolated(unsafe) static let furnitureHeading = #/(\d+\s+)?(related( \w+)?|more from .*|you (may|might) also (like|enjoy|be interested in)|most (popular|read)|recent posts|archives|categories|tags|share this( \w+)?|follow us)( \(\d+\))?:?/#
    /// Classes that hide an element: Tailwind's and Foundation's `hidden`, Bootstrap's `d-none`
    /// (and `hide` before it), Bulma's `is-hidden`, `invisible`. Text only screen readers are to
    /// hear (`visually-hidden`, `sr-only`) is not hidden from them, nor from the reader.
    static let hidingClasses: Set<Substring> = ["hidden", "hide", "d-none", "is-hidden", "invisible"]
    /// A class list that may hide, read in place before it is split: a hiding class, or a
    /// variant hiding from a width on (`md:hidden`, `d-md-none`; `PageTree.isHiddenByClass` decides).
    static let mayHide = Keywords([":hidden", "-none"], words: Set(hidingClasses.map(String.init)), separator: .space)
    /// An inline style that hides, as `PageTree.styleHides` reads it (lower case, no spaces).
    static let hidingStyle = Keywords(["display:none", "visibility:hidden"])
    /// A class or id that may name an author's box (`authorBox` decides).
    static let author = Keywords(["author"])
    /// A picture's class or address words that say it is no photograph.
    static let iconNames = Keywords([], words: ["icon", "icons", "logo", "avatar"], separator: .nonAlphanumeric)
    /// An author line.
    static let byline = Keywords(["byline", "author", "dateline", "writtenby", "p-author"])
    /// A class or id naming a box about the author: "author" ending the name, or followed by a
    /// word for a bio ("author-bio", "about-author", "authorbox").
    nonisolated(unsafe) static let authorBox = #/(^|[-_])author([-_]?(bio|box|info|about|profile|description|details|text|card))?$/#
    /// Share bars.
    static let share = Keywords([], words: ["share", "sharedaddy"], separator: .nonAlphanumeric)
    /// Roles of parts that are never the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
    /// Embeds worth keeping: video and audio players.
    static let videoHosts = ["//www.dailymotion.com", "//dailymotion.com", "//www.youtube.com", "//youtube.com",
                             "//www.youtube-nocookie.com", "//youtube-nocookie.com", "//player.vimeo.com", "//v.qq.com",
                             "//archive.org", "//www.archive.org", "//upload.wikimedia.org", "//player.twitch.tv"]
    /// A box that holds nothing but an advert's label or a loading message.
    static let adOrLoading: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告",
                                           "реклама", "anuncio", "loading", "loading…", "loading...", "正在加载", "загрузка",
                                           "chargement", "cargando"]
}

/// A set of fragments (any may appear anywhere in the text) and whole words, matched
/// against lower-case text on its UTF-8 bytes.
struct Keywords {
    /// What separates the words: white space only (class lists), or anything but letters and digits.
    enum Separator { case space, nonAlphanumeric }

    private let fragments: [[UInt8]]
    /// For each first byte, the fragments that start with it.
    private let byFirstByte: [[Int]]
    /// Whole words: a handful at most, compared in place (no word of the text is copied).
    private let words: [[UInt8]]
    private let separator: Separator

    init(_ fragments: [String], words: Set<String> = [], separator: Separator = .space) {
        self.fragments = fragments.map { Array($0.utf8) }
        var table = [[Int]](repeating: [], count: 256)
        for (index, fragment) in self.fragments.enumerated() { table[Int(fragment[0])].append(index) }
        byFirstByte = table
        self.words = words.map { Array($0.utf8) }
        self.separator = separator
    }

    /// Whether `text` (already lower-case) holds one of the fragments or words.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(matches)
    }

    /// `matches` for UTF-8 read in place.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && (containsFragment(bytes) || containsWord(bytes))
    }

    private func containsFragment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for start in bytes.indices {
            for candidate in byFirstByte[Int(bytes[start])] {
                let fragment = fragments[candidate]
                guard start + fragment.count <= bytes.count else { continue }
                var offset = 1
                while offset < fragment.count, bytes[start + offset] == fragment[offset] { offset += 1 }
                if offset == fragment.count { return true }
            }
        }
        return false
    }

    private func containsWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !words.isEmpty else { return false }
        var wordStart = 0
        for index in 0...bytes.count {
            guard index == bytes.count || isSeparator(bytes[index]) else { continue }
            if index > wordStart, words.contains(where: { $0.elementsEqual(bytes[wordStart..<index]) }) { return true }
            wordStart = index + 1
        }
        return false
    }

    /// Bytes of non-ASCII characters count as letters.
    private func isSeparator(_ byte: UInt8) -> Bool {
        switch separator {
        case .space: PageTree.isSpace(byte)
        case .nonAlphanumeric: byte < 0x80 && !(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }
    }
}
