#if canImport(Glibc)
import Glibc
#endif
import CIntl
import Foundation

/// Lectern's text domain: `po/lectern.pot`, and `<locale dir>/<lang>/LC_MESSAGES/lectern.mo`.
public let textDomain = "lectern"

/// The text shown for `message` in the user's language (glibc's `gettext`).
///
/// `message` is a literal, so `make pot` can find it (`scripts/pot.py`). Placeholders are
/// named in braces, `{feed}`, and filled from `values`; a number is written the locale's way.
/// A literal `{` or `}` is written `{{` or `}}`.
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, any Sendable> = [:]) -> String {
    fill(lookUp(message.description), values)
}

/// Like `tr`, with a context that tells two uses of the same English words apart (`pgettext`).
public func tr(context: StaticString, _ message: StaticString,
               _ values: KeyValuePairs<String, any Sendable> = [:]) -> String {
    let key = context.description + "\u{4}" + message.description
    let found = lookUp(key)
    return fill(found == key ? message.description : found, values)
}

/// The singular or the plural form for `count` in the user's language (`ngettext`); `{count}`
/// is filled with `count`, written the locale's way.
public func tr(_ singular: StaticString, plural: StaticString, count: Int,
               _ values: KeyValuePairs<String, any Sendable> = [:]) -> String {
    let form = singular.description.withCString { one in
        plural.description.withCString { many in
            String(cString: dngettext(textDomain, one, many, UInt(max(count, 0))))
        }
    }
    return fill(form, [("count", count)] + values.map { ($0.key, $0.value) })
}

/// The translation of a text that is not in Lectern's sources but in its catalog all the same —
/// a built-in theme's descriptions, which `make pot` reads from `Themes/` — or the text itself.
public func translated(_ text: String) -> String {
    text.isEmpty ? text : lookUp(text)
}

private func lookUp(_ message: String) -> String {
    message.withCString { String(cString: dgettext(textDomain, $0)) }
}

private func fill(_ template: String, _ values: KeyValuePairs<String, any Sendable>) -> String {
    fill(template, values.map { ($0.key, $0.value) })
}

/// Replaces each `{name}` with its value; `{{` and `}}` stand for braces. An unknown name is
/// left as it is, so a mistake in a translation shows rather than losing text.
func fill(_ template: String, _ values: [(String, any Sendable)]) -> String {
    guard template.contains("{") || template.contains("}") else { return template }
    var result = ""
    var index = template.startIndex
    while index < template.endIndex {
        let character = template[index]
        let next = template.index(after: index)
        if character == "{", next < template.endIndex, template[next] == "{" {
            result.append("{"); index = template.index(after: next); continue
        }
        if character == "}", next < template.endIndex, template[next] == "}" {
            result.append("}"); index = template.index(after: next); continue
        }
        if character == "{", let close = template[next...].firstIndex(of: "}") {
            let name = String(template[next..<close])
            if let value = values.first(where: { $0.0 == name })?.1 {
                result += LocaleFormats.text(of: value)
                index = template.index(after: close)
                continue
            }
        }
        result.append(character)
        index = next
    }
    return result
}
