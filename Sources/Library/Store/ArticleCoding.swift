import ArticleModel
import FeedParsing
import Foundation

/// How list-valued article fields are stored: small JSON arrays in TEXT columns
/// (authors as `{"name","email","uri"}`, enclosures as `{"url","type","length"}`,
/// categories as strings). Nil when the list is empty.
enum ArticleCoding {
    static func encode(authors: [Person]) -> String? {
        guard !authors.isEmpty else { return nil }
        let objects: [[String: String]] = authors.map { person in
            var object: [String: String] = [:]
            object["name"] = person.name
            object["email"] = person.email
            object["uri"] = person.uri
            return object
        }
        return json(objects)
    }

    static func decodeAuthors(_ text: String?) -> [Person] {
        guard let array = parse(text) as? [[String: String]] else { return [] }
        return array.map { Person(name: $0["name"], email: $0["email"], uri: $0["uri"]) }
    }

    static func encode(categories: [String]) -> String? {
        categories.isEmpty ? nil : json(categories)
    }

    static func decodeCategories(_ text: String?) -> [String] {
        parse(text) as? [String] ?? []
    }

    static func encode(enclosures: [Enclosure]) -> String? {
        guard !enclosures.isEmpty else { return nil }
        let objects: [[String: Any]] = enclosures.map { enclosure in
            var object: [String: Any] = ["url": enclosure.url]
            object["type"] = enclosure.type
            object["length"] = enclosure.length
            return object
        }
        return json(objects)
    }

    static func decodeEnclosures(_ text: String?) -> [Enclosure] {
        guard let array = parse(text) as? [[String: Any]] else { return [] }
        return array.compactMap { object in
            guard let url = object["url"] as? String else { return nil }
            return Enclosure(url: url, type: object["type"] as? String, length: object["length"] as? Int)
        }
    }

    /// Author names for the list and the search index ("Ann, Bob").
    static func displayAuthor(_ authors: [Person]) -> String? {
        let names = authors.compactMap { $0.name ?? $0.email }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    private static func json(_ object: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func parse(_ text: String?) -> Any? {
        guard let text, let data = text.data(using: .utf8) else { return nil }
        return try? JSONSerialization.jsonObject(with: data)
    }
}
