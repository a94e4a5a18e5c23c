import Foundation
import GtkBridge
import Localization

/// Typed, validated reads from a keyfile. A value of the wrong type or out of range is
/// skipped (the caller keeps its default) and a warning names the key.
@MainActor
final class KeyFileReader {
    private let keyFile: KeyFile
    private(set) var warnings: [String] = []

    init(keyFile: KeyFile) { self.keyFile = keyFile }

    /// The longest text value any setting takes (a theme's name, a font): a longer one is a
    /// broken or hostile file, refused without being quoted.
    static let maximumTextLength = 200

    func text(_ group: String, _ key: String) -> String? {
        guard let value = keyFile.string(group, key)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard value.count <= Self.maximumTextLength else {
            // Translators: a setting in settings.ini ([group] key) whose value is far too long to be real.
            warnings.append(tr("[{group}] {key} is {count} characters long, more than any value it takes (at most {limit}); using the default",
                               ["group": group, "key": key, "count": value.count, "limit": Self.maximumTextLength]))
            return nil
        }
        return value
    }

    func integer(_ group: String, _ key: String, in range: ClosedRange<Int>) -> Int? {
        checked(group, key, range) { () throws(BridgeError) in try keyFile.integer(group, key) }
    }

    func number(_ group: String, _ key: String, in range: ClosedRange<Double>) -> Double? {
        checked(group, key, range) { () throws(BridgeError) in try keyFile.double(group, key) }
    }

    func flag(_ group: String, _ key: String) -> Bool? {
        do {
            return try keyFile.bool(group, key)
        } catch {
            warnings.append(Self.unreadable(group, key, error.briefMessage))
            return nil
        }
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ group: String, _ key: String) -> Value?
    where Value.RawValue == String {
        guard let text = text(group, key) else { return nil }
        guard let value = Value(rawValue: text) else {
            let accepted = Value.allCases.map(\.rawValue).joined(separator: ", ")
            // Translators: a setting in settings.ini ([group] key) whose value is not one of those accepted.
            warnings.append(tr("[{group}] {key} = {value} is not one of {accepted}; using the default",
                               ["group": group, "key": key, "value": String(text.prefix(40)), "accepted": accepted]))
            return nil
        }
        return value
    }

    private func checked<Value: Comparable>(_ group: String, _ key: String, _ range: ClosedRange<Value>,
                                            _ read: () throws(BridgeError) -> Value?) -> Value? {
        do {
            guard let value = try read() else { return nil }
            guard range.contains(value) else {
                // Translators: a setting in settings.ini ([group] key) whose value is out of range.
                warnings.append(tr("[{group}] {key} = {value} is outside {lowest}…{highest}; using the default",
                                   ["group": group, "key": key, "value": "\(value)",
                                    "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)"]))
                return nil
            }
            return value
        } catch {
            warnings.append(Self.unreadable(group, key, error.briefMessage))
            return nil
        }
    }

    private static func unreadable(_ group: String, _ key: String, _ reason: String) -> String {
        // Translators: a setting in settings.ini ([group] key) that could not be read, and why.
        tr("[{group}] {key}: {error}; using the default", ["group": group, "key": key, "error": reason])
    }
}
