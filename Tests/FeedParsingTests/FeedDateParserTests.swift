import Foundation
import Testing
@testable import FeedParsing

@Suite struct FeedDateParserTests {
    @Test(arguments: [
        ("Sat, 01 Jun 2024 09:48:24 +0000", "2024-06-01T09:48:24Z"),
        ("Sat, 01 Jun 2024 09:48:24 GMT", "2024-06-01T09:48:24Z"),
        ("01 Jun 2024 09:48 EST", "2024-06-01T14:48:00Z"),            // no weekday, no seconds
        ("Saturday, 1 June 24 9:48:24 PDT", "2024-06-01T16:48:24Z"),  // long names, 2-digit year
        ("Sat,  01  Jun  2024  09:48:24  -0530", "2024-06-01T15:18:24Z"), // extra spaces
        ("Sat, 01-Jun-2024 09:48:24 +02:00", "2024-06-01T07:48:24Z"),
        ("Jun 1, 2024 09:48:24 +0100", "2024-06-01T08:48:24Z"),
        ("Thu, 01 Jan 2004 19:48:21", "2004-01-01T19:48:21Z"),       // no zone: UTC
        ("2003-12-31T10:14:55Z", "2003-12-31T10:14:55Z"),
        ("2003-12-31T10:14:55.123-08:00", "2003-12-31T18:14:55Z"),
        ("2024-06-01T16:37:54+05:30", "2024-06-01T11:07:54Z"),
        ("2024-06-01 09:48", "2024-06-01T09:48:00Z"),
        ("20240601T094824Z", "2024-06-01T09:48:24Z"),
        ("2024-06-01", "2024-06-01T00:00:00Z"),
        ("2024-06", "2024-06-01T00:00:00Z"),
    ])
    func parses(_ text: String, _ expected: String) {
        #expect(iso(FeedDateParser.parse(text)) == expected)
    }

    @Test(arguments: ["", "yesterday", "Sat, 32 Jun 2024 09:48:24 GMT", "2024-13-01", "2023-02-29", "not a date at all", "12:00"])
    func garbageIsNil(_ text: String) {
        #expect(FeedDateParser.parse(text) == nil)
    }
}
