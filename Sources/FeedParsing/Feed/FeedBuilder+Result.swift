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
        if errorCount > errorMessages.count {
            output.warnings.append("\(errorCount - errorMessages.count) more XML error(s) not listed")
        }
        return output
    }
}
