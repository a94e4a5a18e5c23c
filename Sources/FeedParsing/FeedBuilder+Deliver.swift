import Foundation

/// Turning captured text into field values.
extension FeedBuilder {
    func deliver(_ raw: String, to target: CaptureTarget, kind: TextKind, base: String?) {
        switch target {
        case .feedTitle: if let title = plainText(raw, kind: kind) { feed.title = title }
        case .feedLink: if feed.link == nil, let link = link(raw, base: base) { feed.link = link }
        case .feedDescription: feed.description = richText(raw, kind: kind) ?? feed.description
        case .feedLanguage: if let language = nonEmpty(raw) { feed.language = FeedBuilder.languageTag(language) }
        case .feedUpdated: if let date = FeedDateParser.parse(raw) { feed.updated = date }
        case .feedPublished: if let date = FeedDateParser.parse(raw) { feedPublished = date }
        case .feedIcon: feedIcon = link(raw, base: base) ?? feedIcon
        case .feedLogo: feedLogo = link(raw, base: base) ?? feedLogo
        case .feedImageURL: feedImageURL = link(raw, base: base) ?? feedImageURL
        case .entryID: if let id = nonEmpty(raw) { entry.id = id }
        case .entryGuid: if let id = nonEmpty(raw) { guid = id }
        case .entryTitle: if let title = plainText(raw, kind: kind) { entry.title = title }
        case .entryLink: if entry.link == nil, let link = link(raw, base: base) { entry.link = link }
        case .entryPublished: if let date = FeedDateParser.parse(raw) { entry.published = date }
        case .entryUpdated: if let date = FeedDateParser.parse(raw) { entry.updated = date }
        case .entrySummary: entry.summary = richText(raw, kind: kind) ?? entry.summary
        case .entryContent: entry.content = richText(raw, kind: kind) ?? entry.content
        case .entryCategory: addCategory(raw)
        case .entryTags: raw.split(separator: ",").forEach { addCategory(String($0)) }
        case .personName: person.name = PlainText.collapsed(raw)
        case .personEmail: person.email = nonEmpty(raw)
        case .personURI: person.uri = link(raw, base: base)
        case .authorText: if let author = AuthorText.person(from: raw) { addAuthor(author, feedLevel: personIsFeedLevel) }
        }
    }

    /// Titles: plain text whatever the feed marked them as.
    private func plainText(_ raw: String, kind: TextKind) -> String? {
        switch kind {
        case .text: return PlainText.collapsed(raw)
        case .html, .xhtml: return PlainText.fromHTML(raw)
        case .base64: return PlainText.collapsed(decodeBase64(raw) ?? raw)
        case .guess: return PlainText.looksLikeHTML(raw) ? PlainText.fromHTML(raw) : PlainText.collapsed(raw)
        }
    }

    /// Summaries and content: kept as the feed wrote them (HTML or text), trimmed.
    private func richText(_ raw: String, kind: TextKind) -> String? {
        kind == .base64 ? decodeBase64(raw).flatMap(nonEmpty) : nonEmpty(raw)
    }

    private func link(_ raw: String, base: String?) -> String? {
        guard let text = nonEmpty(raw) else { return nil }
        return URLResolver.resolve(text, against: base)
    }

    private func decodeBase64(_ raw: String) -> String? {
        let compact = raw.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
