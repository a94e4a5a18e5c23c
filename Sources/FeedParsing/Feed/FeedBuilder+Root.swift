import CLibXML2

/// Recognising the format from the root element.
extension FeedBuilder {
    func startRoot(_ name: ElementName, _ namespace: XMLNamespace, _ attributes: SAXAttributes,
                   localName: UnsafePointer<xmlChar>) {
        let language = currentLanguage
        switch (name, namespace) {
        case (.rss, _) where namespace.isRSS:
            format = .rss(version: attributes.value("version"))
        case (.rdf, .rdf):
            format = .rss10
        case (.feed, .atom10):
            format = .atom10
            channelDepth = depth
        case (.feed, .atom03):
            format = .atom03
            channelDepth = depth
        case (.feed, .none), (.feed, .other):
            format = attributes.value("version")?.hasPrefix("0.3") == true ? .atom03 : .atom
            atomAliasNamespace = namespace
            channelDepth = depth
        case (.channel, .none):
            format = .cdf
            channelDepth = depth
            startCDFChannel(attributes)
        default:
            rootName = qualifiedName(localName)
            stop()
            return
        }
        feed.language = nonEmpty(language).map(FeedBuilder.languageTag)
    }

    /// `en_US` → `en-US` (BCP 47 uses hyphens).
    static func languageTag(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "-")
    }

    /// Microsoft CDF keeps the channel's link and date in attributes.
    private func startCDFChannel(_ attributes: SAXAttributes) {
        if let href = nonEmpty(attributes.value("href")) { feed.link = resolve(href) }
        if let lastModified = attributes.value("lastmod") { feed.updated = FeedDateParser.parse(lastModified) }
    }

    private func qualifiedName(_ localName: UnsafePointer<xmlChar>) -> String {
        String(cString: localName)
    }

    /// A link made absolute against the xml:base in force on the current element.
    func resolve(_ link: String) -> String {
        URLResolver.resolve(link, against: currentBase)
    }
}
