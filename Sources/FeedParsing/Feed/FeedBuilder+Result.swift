import Localization

/// The finished feed, or why there is none.
extension FeedBuilder {
    func result(warnings decodingWarnings: [String]) throws(FeedParserError) -> ParsedFeed {
        guard let format else {
            if let rootName { throw .notAFeed(rootElement: rootName) }
            let detail = errorMessages.first ?? tr("the document holds no elements")
            throw .noRootElement(detail: detail)
        }
        if capture != nil { finishCapture() }    // truncated inside an element
        if personDepth != nil { finishPerson() }
        if entryDepth != nil { finishEntry() }   // truncated inside an entry
        var output = feed
        output.format = format
        if output.updated == nil { output.updated = feedPublished }
        output.iconURL = feedIcon ?? feedImageURL ?? feedLogo ?? feedItunesImage
        output.warnings = decodingWarnings + errorMessages
        if let firstUnreadDate {
            // Translators: {date} is the feed's own text, quoted as it is written.
            output.warnings.append(tr("{count} date not understood, such as \"{date}\": left without a date",
                                      plural: "{count} dates not understood, such as \"{date}\": left without a date",
                                      count: unreadDateCount, ["date": String(firstUnreadDate.prefix(80))]))
        }
        if errorCount > errorMessages.count {
            output.warnings.append("\(errorCount - errorMessages.count) more XML error(s) not listed")
        }
        return output
    }
}
