import ArticleModel
import Foundation

/// Turning captured text into field values.
extension FeedBuilder {
    func deliver(_ bytes: UnsafeBufferPointer<UInt8>, to target: CaptureTarget, kind: TextKind, base: String?) {
        switch target {
        case .feedTitle: if let title = plainText(bytes, kind: kind) { feed.title = title }
        case .feedLink: if feed.link == nil, let link = link(bytes, base: base) { feed.link = link }
        case .feedDescription: feed.description = richText(bytes, kind: kind) ?? feed.description
        case .feedLanguage:
            if let language = TextBytes.trimmedString(bytes) { feed.language = FeedBuilder.languageTag(language) }
        case .feedUpdated: if let date = date(bytes) { feed.updated = date }
        case .feedPublished: if let date = date(bytes) { feedPublished = date }
        case .feedIcon: feedIcon = link(bytes, base: base) ?? feedIcon
        case .feedLogo: feedLogo = link(bytes, base: base) ?? feedLogo
        case .feedImageURL: feedImageURL = link(bytes, base: base) ?? feedImageURL
        case .entryID: if let id = TextBytes.trimmedString(bytes) { entry.id = id }
        case .entryGuid: if let id = TextBytes.trimmedString(bytes) { guid = id }
        case .entryTitle: if let title = plainText(bytes, kind: kind) { entry.title = title }
        case .entryLink: if entry.link == nil, let link = link(bytes, base: base) { entry.link = link }
        case .entryPublished: if let date = date(bytes) { entry.published = date }
        case .entryUpdated: if let date = date(bytes) { entry.updated = date }
        case .entrySummary: entry.summary = richText(bytes, kind: kind) ?? entry.summary
        case .entryContent: entry.content = richText(bytes, kind: kind) ?? entry.content
        case .entryCategory: if let term = TextBytes.collapsedString(bytes) { addCategory(term) }
        case .entryTags: String(decoding: bytes, as: UTF8.self).split(separator: ",").forEach { addCategory(String($0)) }
        case .episodeDuration: entry.episode.duration = EpisodeDetails.seconds(from: String(decoding: bytes, as: UTF8.self))
        case .episodeSeason: entry.episode.season = EpisodeDetails.number(from: String(decoding: bytes, as: UTF8.self))
        case .episodeNumber: entry.episode.number = EpisodeDetails.number(from: String(decoding: bytes, as: UTF8.self))
        case .personName: person.name = TextBytes.collapsedString(bytes)
        case .personEmail: person.email = TextBytes.trimmedString(bytes)
        case .personURI: person.uri = link(bytes, base: base)
        case .authorText:
            if let text = TextBytes.collapsedString(bytes), let author = AuthorText.person(from: text) {
                addAuthor(author, feedLevel: personIsFeedLevel)
            }
        }
    }

    /// A date, its month names read in the language in force (the element's xml:lang, else the
    /// feed's); one that cannot be read is noted for the warnings, and the field stays empty.
    private func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let date = FeedDateParser.parse(bytes: bytes, language: currentLanguage ?? feed.language) { return date }
        if let text = TextBytes.collapsedString(bytes) {
            unreadDateCount += 1
            if firstUnreadDate == nil { firstUnreadDate = text }
        }
        return nil
    }

    /// Titles: plain text whatever the feed marked them as.
    private func plainText(_ bytes: UnsafeBufferPointer<UInt8>, kind: TextKind) -> String? {
        if kind == .text || (kind == .guess && !bytes.contains(where: { $0 == 38 || $0 == 60 })) {
            return TextBytes.collapsedString(bytes) // the common case: no '&' or '<'
        }
        let raw = String(decoding: bytes, as: UTF8.self)
        switch kind {
        case .text: return PlainText.collapsed(raw)
        case .html, .xhtml: return HTMLText.plain(raw)
        case .base64: return PlainText.collapsed(decodeBase64(raw) ?? raw)
        case .guess: return PlainText.looksLikeHTML(raw) ? HTMLText.plain(raw) : PlainText.collapsed(raw)
        }
    }

    /// Summaries and content: kept as the feed wrote them (HTML or text), trimmed.
    private func richText(_ bytes: UnsafeBufferPointer<UInt8>, kind: TextKind) -> String? {
        guard let text = TextBytes.trimmedString(bytes) else { return nil }
        return kind == .base64 ? decodeBase64(text).flatMap(nonEmpty) ?? text : text
    }

    private func link(_ bytes: UnsafeBufferPointer<UInt8>, base: String?) -> String? {
        guard let text = TextBytes.trimmedString(bytes) else { return nil }
        return URLResolver.resolve(text, against: base)
    }

    private func decodeBase64(_ raw: String) -> String? {
        let compact = raw.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
