import Foundation
import GtkBridge
import Theming
import Localization

/// Loads and saves `Settings` at `$XDG_CONFIG_HOME/lectern/settings.ini` with GKeyFile.
///
/// - The keyfile read at start-up is kept, so groups, keys and comments a user added
///   survive every save; saves are atomic (a temporary file renamed into place).
/// - Each value is validated on load; a bad one falls back to its default alone, with a
///   warning naming the key.
/// - A file that is not a keyfile at all is moved aside to `settings.ini.corrupt-<time>`
///   and Lectern starts on defaults, saying so once; it is never silently overwritten.
@MainActor
final class SettingsStore {
    let file: URL
    private var keyFile = KeyFile()
    /// Problems found while loading, each naming the key or the file.
    private(set) var warnings: [String] = []

    init(file: URL = DataLocations.settingsFile) {
        self.file = file
    }

    /// The largest settings file read: Lectern writes about a kilobyte.
    static let maximumFileBytes = 64 * 1024

    /// Reads the file into `settings`. A missing file leaves the defaults; one larger than any
    /// settings file is moved aside unread.
    func load(into settings: Settings) {
        if let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int, size > Self.maximumFileBytes {
            return moveAside(reason: tr("it is {size} KB, larger than any settings file (at most {limit} KB)",
                                        ["size": size >> 10, "limit": Self.maximumFileBytes >> 10]))
        }
        guard let data = try? Data(contentsOf: file) else { return }
        switch Self.read(String(decoding: data, as: UTF8.self), into: settings, keyFile: keyFile) {
        case .success(let found): warnings += found
        case .failure(let broken): moveAside(reason: broken.reason)
        }
    }

    /// Why a settings file is not a keyfile at all.
    struct Broken: Error { let reason: String }

    /// Reads settings.ini's `text` into `settings` through `keyFile`: the warnings to show, or,
    /// for text that is not a keyfile, why not (cut short: GLib quotes the offending line).
    static func read(_ text: String, into settings: Settings, keyFile: KeyFile) -> Result<[String], Broken> {
        do {
            try keyFile.load(text: text)
        } catch {
            return .failure(Broken(reason: error.briefMessage))
        }
        let reader = KeyFileReader(keyFile: keyFile)
        SettingsSchema.read(reader, into: settings)
        return .success(reader.warnings)
    }

    /// Writes `settings` over the keyfile's own values and saves atomically.
    func save(_ settings: Settings) throws(BridgeError) {
        SettingsSchema.write(settings, to: keyFile)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                 withIntermediateDirectories: true)
        try keyFile.save(to: file.path)
    }

    private func moveAside(reason: String) {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = file.deletingLastPathComponent().appending(path: "\(file.lastPathComponent).corrupt-\(stamp)")
        keyFile = KeyFile()
        do {
            try FileManager.default.moveItem(at: file, to: aside)
            warnings.append(tr("Your settings file could not be read ({reason}). It was kept as {file} and Lectern started with default settings.",
                               ["reason": reason, "file": aside.lastPathComponent]))
        } catch {
            warnings.append(tr("Your settings file could not be read ({reason}) nor moved aside; Lectern uses default settings and will not overwrite it.",
                               ["reason": reason]))
            readOnly = true
        }
    }

    /// Set when a broken file could not be moved aside: saving would destroy it.
    private(set) var readOnly = false
}
