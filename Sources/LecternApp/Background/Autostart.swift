import CGtk4
import Foundation
import GtkBridge
import Localization

/// Starting Lectern at login in the background: outside a sandbox, an XDG autostart entry
/// (`~/.config/autostart/dev.lectern.Lectern.desktop` running `lectern --background`); inside
/// one, where that folder is not ours, the Background portal is asked instead.
@MainActor
enum Autostart {
    /// `$XDG_CONFIG_HOME`.
    static var configHome: URL { URL(filePath: String(cString: g_get_user_config_dir()), directoryHint: .isDirectory) }

    static func entry(in configHome: URL) -> URL {
        configHome.appending(path: "autostart/\(LecternVersion.applicationID).desktop")
    }

    /// Turns starting at login on or off; a message in plain words when that failed.
    static func set(_ enabled: Bool, configHome: URL = configHome) -> String? {
        if BackgroundPortal.isSandboxed { return BackgroundPortal.request(autostart: enabled) }
        let entry = entry(in: configHome)
        return enabled ? write(entry) : remove(entry)
    }

    /// The entry's text: this very program, so a build run from a checkout starts itself.
    static func desktopEntry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Lectern
        Comment=Keeps your feeds refreshed and tells you about new articles
        Exec=\(quoted(executable)) --background
        Icon=\(LecternVersion.applicationID)
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    /// The Exec key's quoting: inside double quotes, `"`, `` ` ``, `$` and `\` are escaped.
    private static func quoted(_ path: String) -> String {
        var escaped = ""
        for character in path {
            if "\"`$\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"\(escaped)\""
    }

    private static func write(_ entry: URL) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        do {
            try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
            try desktopEntry(executable: executable).write(to: entry, atomically: true, encoding: .utf8)
            return nil
        } catch {
            return tr("Lectern could not add itself to the programs started at login ({path}): {error}",
                      ["path": entry.path, "error": error.localizedDescription])
        }
    }

    private static func remove(_ entry: URL) -> String? {
        guard FileManager.default.fileExists(atPath: entry.path) else { return nil }
        do {
            try FileManager.default.removeItem(at: entry)
            return nil
        } catch {
            return tr("Lectern could not remove itself from the programs started at login ({path}): {error}",
                      ["path": entry.path, "error": error.localizedDescription])
        }
    }
}
