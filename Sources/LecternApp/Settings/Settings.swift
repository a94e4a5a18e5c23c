import Observation

/// The settings model: the single source of truth for what Lectern remembers. The GTK
/// side observes it; `SettingsStore` loads and saves it as a keyfile.
@Observable @MainActor
final class Settings {
    static let defaultWindowWidth = 1180
    static let defaultWindowHeight = 760
    static let windowSizeRange = 360...16384

    var windowWidth = Settings.defaultWindowWidth
    var windowHeight = Settings.defaultWindowHeight
    var windowMaximized = false
}
