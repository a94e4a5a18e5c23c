import Observation
import Theming

/// Whose accent colour a theme wears (`[appearance] accent`, `--accent`).
enum AccentChoice: String, CaseIterable, Sendable {
    /// The theme's own.
    case theme
    /// The desktop's (GNOME 47's accent colour, through the settings portal), fitted to the
    /// theme's surfaces; the theme's own where the desktop has none.
    case desktop
}

/// The settings model: the single source of truth for what Lectern remembers. The GTK
/// side observes it (`SettingsObserver`); `SettingsStore` loads and saves it as a keyfile.
@Observable @MainActor
final class Settings {
    static let defaultWindowWidth = 1180
    static let defaultWindowHeight = 760
    static let windowSizeRange = 360...16384
    static let textScaleRange = CSSGenerator.textScaleRange
    static let refreshIntervalRange = 5...1440
    static let retentionRange = 1...3650
    static let syncWindowRange = 1...365
    static let paneRange = 120...2000

    // Appearance
    /// The theme the user chose; nil until they choose one (Paper, or High Contrast when
    /// the desktop asks for it).
    var themeName: String?
    /// A different theme while the scheme is dark ("Paper by day, Midnight by night").
    var darkThemeName: String?
    /// The user's override of the desktop's light/dark preference.
    var colorScheme = ColorSchemeOverride.system
    /// Whose accent colour the theme wears: its own, or the desktop's (where the desktop has one).
    var accent = AccentChoice.theme
    /// Multiplies the reading text size.
    var textScale = 1.0
    /// A reading font family replacing the theme's, or nil for the theme's own.
    var readingFont: String?

    // Reading and library
    var showImages = true
    var markReadOnOpen = true
    /// Articles scrolled past in the list are marked read (off unless chosen).
    var markReadOnScroll = false
    var refreshIntervalMinutes = 60
    var retentionDays = 90
    /// How many days of articles an account's first sync brings (starred ones always).
    var syncWindowDays = 30
    /// A notification after a refresh that brings new articles (a feed's own setting overrides it).
    var notifyNewArticles = true
    /// Closing the window leaves Lectern running: it keeps refreshing and notifying.
    var refreshInBackground = false

    // Listening
    /// The speed episodes play at (the pitch kept), and their volume, as last chosen.
    var playbackRate = 1.0
    var playbackVolume = 1.0
    static let playbackRateRange = 0.75...2.0
    static let playbackVolumeRange = 0.0...1.0
    /// Downloads for offline listening: the largest one file may be, all of them together, and the
    /// days a played one is kept.
    var episodeSizeLimitMB = 500
    var downloadsLimitMB = 5000
    var keepPlayedDownloadsDays = 7
    static let downloadLimitRange = 1...1_000_000
    static let keepDaysRange = 0...3650

    // Window
    var windowWidth = Settings.defaultWindowWidth
    var windowHeight = Settings.defaultWindowHeight
    var windowMaximized = false
    var sidebarWidth = 240
    var articleListWidth = 380
    /// The pane a narrow window shows (one at a time).
    var windowPane = NarrowPane.list
}
