import Foundation
import Localization

/// A parsed JSON value. Theme files are read into this first so that every problem can
/// be reported with its exact token path and the type actually found.
enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `data`, which must hold a JSON object at the top.
    static func parseObject(_ data: Data, file: String) throws(ThemeError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            guard let underlying = context.underlyingError else {
                throw .notJSON(file: file, reason: tr("the text is not valid JSON"))
            }
            throw .notJSON(file: file, reason: tr("the text is not valid JSON ({error})", ["error": String(describing: underlying)]))
        } catch {
            throw .notJSON(file: file, reason: tr("the text is not valid JSON"))
        }
        guard case let .object(object) = value else {
            throw .notJSON(file: file, reason: tr("expected a JSON object at the top, found {found}", ["found": value.kind]))
        }
        return object
    }

    /// The value's type, as an error message names it.
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return tr("true/false")
        case .number: return tr("a number")
        case .string: return tr("a string")
        case .array: return tr("a list")
        case .object: return tr("an object")
        }
    }
}
