import Foundation
import Testing
@testable import FeedParsing

/// Dates whose month and weekday names are in the feed's own language, as a site's strftime
/// writes them under its locale: read in every language Lectern is translated into and
/// thirteen more; a word Lectern cannot be sure of gives no date and a warning, never a wrong date.
@Suite struct FeedDateLanguageTests {
    @Test(arguments: [
        (nil, "Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40Z"),   // Portuguese
        ("pt-BR", "Sáb, 15 Dez 2018 10:00:00 -0200", "2018-12-15T12:00:00Z"),
        (nil, "Mo, 24. Sep 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"),    // German
        (nil, "Mi, 14. März 2018 08:00:00 +0100", "2018-03-14T07:00:00Z"),
        (nil, "lun., 24 sept. 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"), // French
        (nil, "jeu., 05 juil. 2018 10:00:00 +0200", "2018-07-05T08:00:00Z"),
        (nil, "dim., 01 févr. 2018 10:00:00 +0100", "2018-02-01T09:00:00Z"),
        (nil, "mar, 25 sep 2018 19:42:40 +0200", "2018-09-25T17:42:40Z"),    // Spanish: "mar" is Tuesday here
        (nil, "Mar, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40Z"),
        (nil, "jue, 03 ene 2019 10:00:00 -0600", "2019-01-03T16:00:00Z"),
        (nil, "月, 24  9月 2018 19:42:40 +0900", "2018-09-24T10:42:40Z"),    // Japanese
        (nil, "الإثنين, 24 سبتمبر 2018 19:42:40 +0300", "2018-09-24T16:42:40Z"), // Arabic
        (nil, "الأحد, 14 كانون الثاني 2018 10:00:00 +0200", "2018-01-14T08:00:00Z"), // Levantine, two words
        (nil, "lun, 24 set 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"),    // Italian
        (nil, "gio, 13 giu 2019 10:00:00 +0200", "2019-06-13T08:00:00Z"),
        (nil, "ma, 24 mrt 2018 10:00:00 +0100", "2018-03-24T09:00:00Z"),     // Dutch
        ("pl", "pon, 24 wrz 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"),   // Polish
        ("pl", "sob, 24 listopada 2018 10:00:00 +0100", "2018-11-24T09:00:00Z"),
        (nil, "Пн, 24 сен 2018 19:42:40 +0300", "2018-09-24T16:42:40Z"),     // Russian
        (nil, "Чт, 03 мая 2018 10:00:00 +0300", "2018-05-03T07:00:00Z"),
        ("sv", "mån, 24 sep 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"),   // Swedish
        ("sv", "tis, 01 maj 2018 10:00:00 +0200", "2018-05-01T08:00:00Z"),
        (nil, "Po, 24. září 2018 19:42:40 +0200", "2018-09-24T17:42:40Z"),   // Czech
        ("cs", "Út, 13 lis 2018 10:00:00 +0100", "2018-11-13T09:00:00Z"),
        (nil, "Pzt, 24 Eyl 2018 19:42:40 +0300", "2018-09-24T16:42:40Z"),    // Turkish
        (nil, "Cum, 07 Ağu 2020 10:00:00 +0300", "2020-08-07T07:00:00Z"),
        (nil, "Τρι, 29 Ιούν 2004 12:53:00 GMT", "2004-06-29T12:53:00Z"),    // Greek, as feedparser's test has it
        (nil, "H, 24 szept 2018 10:00:00 +0200", "2018-09-24T08:00:00Z"),   // Hungarian
        (nil, "ma, 24 marras 2018 10:00:00 +0200", "2018-11-24T08:00:00Z"), // Finnish November, not "Mar"ch
        (nil, "월, 24  9월 2018 19:42:40 +0900", "2018-09-24T10:42:40Z"),    // Korean
        ("en", "Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40Z"),   // a feed that says English but is not
    ] as [(String?, String, String)])
    func readsTheMonthInItsLanguage(_ language: String?, _ text: String, _ expected: String) {
        #expect(iso(FeedDateParser.parse(text, language: language)) == expected)
    }

    /// Words that name another month somewhere, or no month Lectern knows: no date at all.
    @Test(arguments: [
        (nil, "Luan, 24 MFómh 2018 10:00:00 +0100"),  // Irish, which Lectern does not read
        (nil, "sob, 24 lis 2018 10:00:00 +0100"),     // Polish and Czech November, Croatian October
        ("hr", "sub, 24 lis 2018 10:00:00 +0100"),    // … and the feed says Croatian
        (nil, "Mo, 24 Mai"),                          // no year
        (nil, "Mo, 24 Bogus 2018 10:00:00 +0200"),
        (nil, "Juni 2018"),
    ] as [(String?, String)])
    func neverGuesses(_ language: String?, _ text: String) {
        #expect(FeedDateParser.parse(text, language: language) == nil)
    }

    @Test func aPortugueseFeedsDatesAreItsArticlesDates() throws {
        let feed = try parseFixture("rss/dates-pt-br.xml")
        #expect(feed.entries.map { iso($0.published) } == ["2018-09-24T22:42:40Z", "2018-10-02T11:05:00Z", "2019-02-02T01:59:59Z"])
        #expect(iso(feed.updated) == "2018-12-15T12:00:00Z")
        #expect(feed.warnings.isEmpty, "\(feed.warnings)")
    }

    @Test func aDateInAnUnknownLanguageIsLeftOutAndSaid() throws {
        let feed = try parseFixture("rss/dates-many-languages.xml")
        let dates = Dictionary(uniqueKeysWithValues: feed.entries.map { ($0.title ?? "", iso($0.published)) })
        #expect(dates["de"] == "2018-09-24T17:42:40Z")
        #expect(dates["fr"] == "2018-09-24T17:42:40Z")
        #expect(dates["es"] == "2018-09-25T17:42:40Z")
        #expect(dates["ru"] == "2018-09-24T16:42:40Z")
        #expect(dates["ar"] == "2018-09-24T16:42:40Z")
        #expect(dates["ja"] == "2018-09-24T10:42:40Z")
        #expect(dates["fi"] == "2018-09-24T16:42:40Z")
        #expect(dates["ga"] == .some(nil))
        #expect(feed.warnings == ["1 date not understood, such as \"Luan, 24 MFómh 2018 19:42:40 +0100\": left without a date"])
    }
}
