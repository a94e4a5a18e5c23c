import Foundation
import GtkBridge
import Theming

/// Loads and saves `Settings` at `$XDG_CONFIG_HOME/lectern/settings.ini` with GKeyFile.
/// The keyfile read at start-up is kept, so groups, keys and comments a user added
/// survive every save; saves are atomic.
@MainActor
final class SettingsStore {
    let file: URL
    private let keyFile = KeyFile()
    /// Problems found while loading, each naming the key; shown once.
    private(set) var warnings: [String] = []

    init(file: URL = DataLocations.settingsFile) {
        self.file = file
    }

    /// Reads the file into `settings`. A missing file leaves the defaults.
    func load(into settings: Settings) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        do {
            try keyFile.load(text: text)
        } catch {
            warnings.append("\(file.path): \(error.message); using defaults")
            return
        }
        if let name = keyFile.string("appearance", "theme"), !name.isEmpty { settings.themeName = name }
        settings.colorScheme = enumeration("appearance", "color-scheme") ?? settings.colorScheme
        settings.textScale = number("appearance", "text-scale", in: Settings.textScaleRange) ?? settings.textScale
        settings.windowWidth = integer("window", "width", in: Settings.windowSizeRange) ?? settings.windowWidth
        settings.windowHeight = integer("window", "height", in: Settings.windowSizeRange) ?? settings.windowHeight
        settings.windowMaximized = boolean("window", "maximized") ?? settings.windowMaximized
    }

    /// Writes `settings` over the keyfile's own values and saves atomically.
    func save(_ settings: Settings) throws(BridgeError) {
        keyFile.setString("appearance", "theme", settings.themeName)
        keyFile.setString("appearance", "color-scheme", settings.colorScheme.rawValue)
        keyFile.setDouble("appearance", "text-scale", settings.textScale)
        keyFile.setInteger("window", "width", settings.windowWidth)
        keyFile.setInteger("window", "height", settings.windowHeight)
        keyFile.setBool("window", "maximized", settings.windowMaximized)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                 withIntermediateDirectories: true)
        try keyFile.save(to: file.path)
    }

    private func integer(_ group: String, _ key: String, in range: ClosedRange<Int>) -> Int? {
        do {
            guard let value = try keyFile.integer(group, key) else { return nil }
            guard range.contains(value) else {
                warnings.append("[\(group)] \(key) = \(value) is outside \(range.lowerBound)…\(range.upperBound); using the default")
                return nil
            }
            return value
        } catch {
            warnings.append("[\(group)] \(key): \(error.message); using the default")
            return nil
        }
    }

    private func number(_ group: String, _ key: String, in range: ClosedRange<Double>) -> Double? {
        do {
            guard let value = try keyFile.double(group, key) else { return nil }
            guard range.contains(value) else {
                warnings.append("[\(group)] \(key) = \(value) is outside \(range.lowerBound)…\(range.upperBound); using the default")
                return nil
            }
            return value
        } catch {
            warnings.append("[\(group)] \(key): \(error.message); using the default")
            return nil
        }
    }

    private func enumeration<Value: RawRepresentable & CaseIterable>(_ group: String, _ key: String) -> Value?
    where Value.RawValue == String {
        guard let text = keyFile.string(group, key) else { return nil }
        guard let value = Value(rawValue: text) else {
            let accepted = Value.allCases.map(\.rawValue).joined(separator: ", ")
            warnings.append("[\(group)] \(key) = \(text) is not one of \(accepted); using the default")
            return nil
        }
        return value
    }

    private func boolean(_ group: String, _ key: String) -> Bool? {
        do {
            return try keyFile.bool(group, key)
        } catch {
            warnings.append("[\(group)] \(key): \(error.message); using the default")
            return nil
        }
    }
}
