import Foundation
import Testing
@testable import Localization

/// Placeholders, the locale's dates and numbers, and the direction of a text — without a
/// catalog (the tests run in the C locale, so every text is its English self).
struct PlaceholderTests {
    @Test func namedPlaceholdersAreFilledInAnyOrder() {
        #expect(fill("{feed} failed: {error}", [("error", "timeout"), ("feed", "Alpha")]) == "Alpha failed: timeout")
        #expect(tr("Could not reach {server}", ["server": "example.org"]) == "Could not reach example.org")
    }

    @Test func doubledBracesAreBracesAndUnknownNamesStay() {
        #expect(fill("{{literal}} {missing} {name}", [("name", "x")]) == "{literal} {missing} x")
    }

    @Test func countsAreWrittenTheLocalesWay() {
        #expect(tr("{count} article", plural: "{count} articles", count: 1) == "1 article")
        #expect(tr("{count} article", plural: "{count} articles", count: 1234) == "1,234 articles")
        #expect(LocaleFormats.count(1234, locale: Locale(identifier: "de_DE")) == "1.234")
        #expect(LocaleFormats.count(1234, locale: Locale(identifier: "ar_EG")) == "١٬٢٣٤")
    }
}

struct LocaleFormatTests {
    let march1st = Date(timeIntervalSince1970: 1_551_452_400)   // 2019-03-01 15:00 UTC
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func aGermanDateReadsAsGermansWriteIt() {
        #expect(LocaleFormats.dateAndTime(march1st, locale: Locale(identifier: "de_DE"), timeZone: berlin) == "1. März 2019 um 16:00")
        #expect(LocaleFormats.timeOfDay(march1st, locale: Locale(identifier: "de_DE"), timeZone: berlin) == "16:00")
    }

    @Test func otherLanguagesToo() {
        #expect(LocaleFormats.dateAndTime(march1st, locale: Locale(identifier: "fr_FR"), timeZone: berlin) == "1 mars 2019 à 16:00")
        #expect(LocaleFormats.dateAndTime(march1st, locale: Locale(identifier: "ja_JP"), timeZone: berlin) == "2019年3月1日 16:00")
    }

    @Test func posixLocaleNamesBecomeLocales() {
        #expect(LocaleFormats.posixLocaleIdentifier("de_DE.UTF-8") == "de_DE")
        #expect(LocaleFormats.posixLocaleIdentifier("sr_RS.UTF-8@latin") == "sr_RS")
        #expect(LocaleFormats.posixLocaleIdentifier("C") == "en_US")
        #expect(LocaleFormats.posixLocaleIdentifier("POSIX") == "en_US")
    }
}

struct WritingDirectionTests {
    @Test func theFirstLetterDecides() {
        #expect(WritingDirection.of("لماذا نقرأ الأخبار ببطء") == .rightToLeft)
        #expect(WritingDirection.of("שלום עולם") == .rightToLeft)
        #expect(WritingDirection.of("2019: لماذا") == .rightToLeft)
        #expect(WritingDirection.of("Swift 6 في لينكس") == .leftToRight)
        #expect(WritingDirection.of("2019 — 42") == nil)
        #expect(WritingDirection.of(first: ["", "123", "Hello"]) == .leftToRight)
    }

    @Test func languageTagsSayTheirDirection() {
        #expect(WritingDirection.of(languageTag: "ar") == .rightToLeft)
        #expect(WritingDirection.of(languageTag: "he-IL") == .rightToLeft)
        #expect(WritingDirection.of(languageTag: "fa_IR") == .rightToLeft)
        #expect(WritingDirection.of(languageTag: "de-DE") == .leftToRight)
        #expect(WritingDirection.of(languageTag: "") == nil)
    }

    @Test func isolatesKeepEachPartInItsOwnOrder() {
        #expect(WritingDirection.isolating(["مدونة", "1. März 2019"], separator: " · ") == "\u{2068}مدونة\u{2069} · \u{2068}1. März 2019\u{2069}")
        #expect(WritingDirection.isolating(["Notes", "1. März 2019"], separator: " · ") == "Notes · 1. März 2019")
    }
}
