import Foundation

/// The one entry point of FeedParsing: bytes in, `ParsedFeed` out.
///
/// The format is sniffed from the bytes (never the file name): JSON Feed when the
/// first non-blank byte is `{`, otherwise XML, told apart by its root element.
public enum FeedParser {
    /// Parses a feed.
    /// - Parameters:
    ///   - data: the body as received.
    ///   - url: where it came from; relative links are resolved against it.
    ///   - contentType: the HTTP `Content-Type` header; its `charset` is honoured.
    /// - Throws: `FeedParserError` when the bytes are not a feed at all.
    public static func parse(_ data: Data, url: URL? = nil, contentType: String? = nil) throws(FeedParserError) -> ParsedFeed {
        let feedURL = url?.absoluteString
        let result: Result<ParsedFeed, FeedParserError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(FeedParserError) {
                return .success(try parse(bytes, feedURL: feedURL, contentType: contentType))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                              contentType: String?) throws(FeedParserError) -> ParsedFeed {
        var warnings: [String] = []
        switch InputDecoder.decode(bytes, contentType: contentType, warnings: &warnings) {
        case .original(let skip):
            return try parseUTF8(UnsafeBufferPointer(rebasing: bytes[skip...]), feedURL: feedURL, warnings: warnings)
        case .converted(let utf8):
            return try utf8.withUnsafeBufferPointer { converted throws(FeedParserError) in
                try parseUTF8(converted, feedURL: feedURL, warnings: warnings)
            }
        }
    }

    private static func parseUTF8(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                                  warnings: [String]) throws(FeedParserError) -> ParsedFeed {
        guard let first = bytes.firstIndex(where: { !FeedDateParser.isSpace($0) }) else { throw .empty }
        switch bytes[first] {
        case UInt8(ascii: "{"):
            return try JSONFeedParser.parse(UnsafeBufferPointer(rebasing: bytes[first...]), feedURL: feedURL, warnings: warnings)
        case UInt8(ascii: "<"):
            let document = UnsafeBufferPointer(rebasing: bytes[first...])
            if let repaired = AmpersandRepair.repair(document) {
                return try repaired.withUnsafeBufferPointer { fixed throws(FeedParserError) in
                    try parseXML(fixed, feedURL: feedURL, warnings: warnings + ["bare \"&\" characters were read as text"])
                }
            }
            return try parseXML(document, feedURL: feedURL, warnings: warnings)
        default:
            let prefix = String(decoding: bytes[first..<min(bytes.count, first + 40)], as: UTF8.self)
            throw .unrecognized(prefix: prefix.replacingOccurrences(of: "\n", with: " "))
        }
    }

    private static func parseXML(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                                 warnings: [String]) throws(FeedParserError) -> ParsedFeed {
        let builder = FeedBuilder(feedURL: feedURL)
        guard let parser = XMLPushParser(builder: builder) else {
            throw .noRootElement(detail: "libxml2 could not create a parser")
        }
        parser.parse(bytes, builder: builder)
        return try builder.result(warnings: warnings)
    }
}
