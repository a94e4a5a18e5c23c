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
    /// Runs `body` with every parse in it threaded as `threading` says (the tests and the
    /// fuzzer check that both ways give the same feed).
    @_spi(Diagnostics) public static func withThreading<T>(_ threading: ParseThreading, _ body: () throws -> T) rethrows -> T {
        try SAXPipeline.$threading.withValue(threading, operation: body)
    }

    public static func parse(_ data: Data, url: URL? = nil, contentType: String? = nil) throws(FeedParserError) -> ParsedFeed {
        let feedURL = url?.absoluteString
        let result: Result<ParsedFeed, FeedParserError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(FeedParserError) {
                return .success(try parse(bytes, feedURL: feedURL, contentType: contentType, pager: nil))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a feed stored in a file (a download, a cache entry) without ever holding
    /// the whole file in memory: the file is mapped and each part is handed back to the
    /// kernel once libxml2 has read it, so peak memory is about the size of the result.
    /// - Parameters:
    ///   - fileURL: the file to read.
    ///   - url: where the feed came from (relative links are resolved against it);
    ///     defaults to `fileURL`.
    ///   - contentType: the HTTP `Content-Type` header it was served with, if known.
    /// - Throws: `FeedParserError.unreadable` when the file cannot be read, or the
    ///   errors of `parse(_:url:contentType:)`.
    public static func parse(contentsOf fileURL: URL, url: URL? = nil,
                             contentType: String? = nil) throws(FeedParserError) -> ParsedFeed {
        var reason = ""
        guard let file = MappedFile(path: fileURL.path, reason: &reason) else {
            throw .unreadable(path: fileURL.path, reason: reason)
        }
        return try parse(file.bytes, feedURL: (url ?? fileURL).absoluteString, contentType: contentType, pager: file)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                              contentType: String?, pager: MappedFile?) throws(FeedParserError) -> ParsedFeed {
        var warnings: [String] = []
        switch InputDecoder.decode(bytes, contentType: contentType, warnings: &warnings, pager: pager) {
        case .original(let skip):
            return try parseUTF8(UnsafeBufferPointer(rebasing: bytes[skip...]), feedURL: feedURL,
                                 warnings: warnings, pager: pager)
        case .converted(let utf8):
            pager?.releaseAll() // the original bytes are not read again
            return try utf8.withUnsafeBufferPointer { converted throws(FeedParserError) in
                try parseUTF8(converted, feedURL: feedURL, warnings: warnings, pager: nil)
            }
        }
    }

    private static func parseUTF8(_ bytes: UnsafeBufferPointer<UInt8>, feedURL: String?,
                                  warnings: [String], pager: MappedFile?) throws(FeedParserError) -> ParsedFeed {
        guard let first = bytes.firstIndex(where: { !FeedDateParser.isSpace($0) }) else { throw .empty }
        var feed: ParsedFeed
        switch bytes[first] {
        case UInt8(ascii: "{"):
            feed = try JSONFeedParser.parse(UnsafeBufferPointer(rebasing: bytes[first...]), feedURL: feedURL, warnings: warnings)
        case UInt8(ascii: "<"):
            feed = try parseXML(UnsafeBufferPointer(rebasing: bytes[first...]), feedURL: feedURL,
                                warnings: warnings, pager: pager)
        default:
            // Text has no control characters but tabs and line ends.
            let start = bytes[first..<min(bytes.count, first + 512)]
            let binary = start.contains { ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || $0 == 0x7F }
            throw .unrecognized(kind: binary ? .binary : .text)
        }
        feed.shortenLines()
        return feed
    }

    /// Streams the document through libxml2 as it is. When libxml2 met a `&` or `<` that
    /// starts no markup (it drops such text, or stops at the `<`), the document is parsed
    /// once more, repaired a chunk at a time (never a second full copy of the document).
    private static func parseXML(_ document: UnsafeBufferPointer<UInt8>, feedURL: String?,
                                 warnings: [String], pager: MappedFile?) throws(FeedParserError) -> ParsedFeed {
        var builder = try parseXML(document, feedURL: feedURL, repairing: false, pager: pager).builder
        var warnings = warnings
        if builder.wantsRepair {
            pager?.releaseAll()
            let second = try parseXML(document, feedURL: feedURL, repairing: true, pager: pager)
            if second.builder.format != nil { builder = second.builder }
            if second.changed { warnings.append("\"<\" or \"&\" characters that start no markup were read as text") }
        }
        return try builder.result(warnings: warnings)
    }

    private static func parseXML(_ document: UnsafeBufferPointer<UInt8>, feedURL: String?, repairing: Bool,
                                 pager: MappedFile?) throws(FeedParserError) -> (builder: FeedBuilder, changed: Bool) {
        let builder = FeedBuilder(feedURL: feedURL)
        let changed = try SAXPipeline.parse(document, repairing: repairing, pager: pager, into: builder)
        return (builder, changed)
    }
}
