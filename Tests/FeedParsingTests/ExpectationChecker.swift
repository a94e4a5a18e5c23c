import Foundation

/// Checks one line of the shared corpus's expectations.jsonl against FeedJSON output,
/// with the same rules as oracle_check.py: `==` (strings trimmed, ints exact),
/// `exists`, `absent` and `count`, over paths like `entries[0].authors[1].email`.
struct Expectation: Decodable {
    let file: String
    let path: String
    let op: String
    let value: JSONValue?

    /// The test group: `entities`, `wellformed/rss`, ... (the folder under tests/).
    var group: String {
        let parts = file.split(separator: "/")
        guard let tests = parts.firstIndex(of: "tests"), tests + 1 < parts.count else { return "other" }
        let first = parts[tests + 1]
        if first == "wellformed" || first == "illformed", tests + 2 < parts.count - 1 {
            return first == "wellformed" ? "\(first)/\(parts[tests + 2])" : String(first)
        }
        return String(first)
    }

    func holds(in document: Any) -> Bool {
        let found = ExpectationChecker.resolve(path, in: document)
        switch op {
        case "exists": return !ExpectationChecker.isEmpty(found)
        case "absent": return ExpectationChecker.isEmpty(found)
        case "count":
            guard case .int(let wanted)? = value, let list = found as? [Any] else { return false }
            return list.count == wanted
        case "==":
            switch value {
            case .string(let wanted)?:
                guard let text = found as? String else { return false }
                return text.trimmingCharacters(in: .whitespacesAndNewlines) == wanted.trimmingCharacters(in: .whitespacesAndNewlines)
            case .int(let wanted)?:
                guard let number = found as? NSNumber, !(found is Bool) else { return false }
                return number.intValue == wanted && Double(wanted) == number.doubleValue
            default:
                return false
            }
        default:
            return false
        }
    }
}

/// The expected values that occur in the file: strings and integers.
enum JSONValue: Decodable {
    case string(String), int(Int), other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { self = .string(text) }
        else if let number = try? container.decode(Int.self) { self = .int(number) }
        else { self = .other }
    }
}

enum ExpectationChecker {
    /// Walks `a.b[2].c` through dictionaries and arrays; nil when any step is missing.
    static func resolve(_ path: String, in document: Any) -> Any? {
        var current: Any? = document
        for token in tokens(path) {
            switch token {
            case .key(let key): current = (current as? [String: Any])?[key]
            case .index(let index):
                guard let list = current as? [Any], index < list.count else { return nil }
                current = list[index]
            }
            if current == nil { return nil }
        }
        return current
    }

    static func isEmpty(_ value: Any?) -> Bool {
        switch value {
        case nil, is NSNull: return true
        case let text as String: return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case let list as [Any]: return list.isEmpty
        default: return false
        }
    }

    enum Token { case key(String), index(Int) }

    static func tokens(_ path: String) -> [Token] {
        var result: [Token] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { result.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { result.append(.index(index)) }
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                result.append(.key(String(rest)))
            }
        }
        return result
    }
}
