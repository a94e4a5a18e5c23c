#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Dates and numbers written the way the user's locale writes them (`LC_TIME`, `LC_NUMERIC`).
///
/// Foundation on Linux does not read the POSIX locale, so it is read here once, after
/// `Localization.start()` has called `setlocale`, and handed to every format style.
public enum LocaleFormats {
    /// The locale for dates and times (`LC_TIME`).
    public static var time: Locale { categories.time }
    /// The locale for numbers (`LC_NUMERIC`).
    public static var numbers: Locale { categories.numbers }

    private struct Categories: Sendable { var time: Locale; var numbers: Locale }
    nonisolated(unsafe) private static var categories = Categories(time: Locale(identifier: "en_US"),
                                                                  numbers: Locale(identifier: "en_US"))

    /// Reads the locale's categories as `setlocale` has chosen them.
    static func readCategories() {
        categories = Categories(time: locale(of: LC_TIME), numbers: locale(of: LC_NUMERIC))
    }

    /// "de_DE.UTF-8" → de_DE, "C" or "POSIX" → en_US.
    static func locale(of category: Int32) -> Locale {
        guard let name = setlocale(category, nil).map({ String(cString: $0) }) else { return Locale(identifier: "en_US") }
        return Locale(identifier: posixLocaleIdentifier(name))
    }

    static func posixLocaleIdentifier(_ name: String) -> String {
        let language = name.split(separator: ".").first.map(String.init) ?? name
        let bare = language.split(separator: "@").first.map(String.init) ?? language
        return bare.isEmpty || bare == "C" || bare == "POSIX" ? "en_US" : bare
    }

    /// Items of a sentence's list, joined the language's way: "A, B" in English, "A، B" in Arabic,
    /// "A、B" in Japanese.
    public static func list(_ items: [String]) -> String {
        // Translators: what separates the items of a list in a sentence ("From A, B and C"), with its spaces.
        items.joined(separator: tr(context: "list separator", ", "))
    }

    /// A number with `fractionDigits` decimals, in the locale's way ("4.8", "4,8").
    public static func decimal(_ value: Double, fractionDigits: Int, locale: Locale = numbers) -> String {
        value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(locale))
    }

    /// A count with the locale's digits and grouping: 1.234 in German, ١٬٢٣٤ in Arabic.
    public static func count(_ value: Int, locale: Locale = numbers) -> String {
        value.formatted(.number.locale(locale))
    }

    /// "1. März 2019 um 16:00".
    public static func dateAndTime(_ date: Date, locale: Locale = time, timeZone: TimeZone = .current) -> String {
        format(date, Date.FormatStyle(date: .long, time: .shortened), locale, timeZone)
    }

    /// "16:00".
    public static func timeOfDay(_ date: Date, locale: Locale = time, timeZone: TimeZone = .current) -> String {
        format(date, Date.FormatStyle(date: .omitted, time: .shortened), locale, timeZone)
    }

    /// "1. März 2019, 16:00": a date with its time, for lists and messages.
    public static func shortDateAndTime(_ date: Date, locale: Locale = time, timeZone: TimeZone = .current) -> String {
        format(date, Date.FormatStyle(date: .abbreviated, time: .shortened), locale, timeZone)
    }

    private static func format(_ date: Date, _ style: Date.FormatStyle, _ locale: Locale, _ timeZone: TimeZone) -> String {
        var style = style
        style.locale = locale
        style.timeZone = timeZone
        return date.formatted(style)
    }

    /// "1. März" this year, "1. März 2019" before.
    public static func day(_ date: Date, now: Date = Date()) -> String {
        let sameYear = Calendar.current.isDate(date, equalTo: now, toGranularity: .year)
        return date.formatted(.dateTime.day().month(.abbreviated).year(sameYear ? .omitted : .defaultDigits).locale(time))
    }

    /// "vor 3 Stunden", "gestern".
    public static func relative(_ date: Date, to now: Date = Date()) -> String {
        date.formatted(Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: time))
    }

    /// A placeholder's value as text: numbers the locale's way, anything else as it describes itself.
    static func text(of value: any Sendable) -> String {
        switch value {
        case let number as Int: count(number)
        case let text as String: text
        case let text as Substring: String(text)
        default: String(describing: value)
        }
    }
}
