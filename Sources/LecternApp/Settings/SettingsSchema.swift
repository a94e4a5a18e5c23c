import GtkBridge
import Theming

/// Where each setting lives in the keyfile, and its bounds. One place for the mapping
/// between the model and `settings.ini`.
@MainActor
enum SettingsSchema {
    static func read(_ file: KeyFileReader, into settings: Settings) {
        settings.themeName = file.text("appearance", "theme") ?? settings.themeName
        settings.darkThemeName = file.text("appearance", "dark-theme") ?? settings.darkThemeName
        settings.colorScheme = file.choice("appearance", "color-scheme") ?? settings.colorScheme
        settings.accent = file.choice("appearance", "accent") ?? settings.accent
        settings.textScale = file.number("appearance", "text-scale", in: Settings.textScaleRange) ?? settings.textScale
        settings.readingFont = file.text("appearance", "reading-font") ?? settings.readingFont
        settings.showImages = file.flag("reading", "show-images") ?? settings.showImages
        settings.markReadOnOpen = file.flag("reading", "mark-read-on-open") ?? settings.markReadOnOpen
        settings.markReadOnScroll = file.flag("reading", "mark-read-on-scroll") ?? settings.markReadOnScroll
        settings.refreshIntervalMinutes = file.integer("library", "refresh-interval-minutes",
                                                       in: Settings.refreshIntervalRange) ?? settings.refreshIntervalMinutes
        settings.retentionDays = file.integer("library", "retention-days", in: Settings.retentionRange) ?? settings.retentionDays
        settings.syncWindowDays = file.integer("sync", "window-days", in: Settings.syncWindowRange) ?? settings.syncWindowDays
        settings.notifyNewArticles = file.flag("notifications", "new-articles") ?? settings.notifyNewArticles
        settings.refreshInBackground = file.flag("background", "enabled") ?? settings.refreshInBackground
        settings.playbackRate = file.number("listening", "speed", in: Settings.playbackRateRange) ?? settings.playbackRate
        settings.playbackVolume = file.number("listening", "volume", in: Settings.playbackVolumeRange) ?? settings.playbackVolume
        settings.episodeSizeLimitMB = file.integer("listening", "episode-size-limit-mb", in: Settings.downloadLimitRange)
            ?? settings.episodeSizeLimitMB
        settings.downloadsLimitMB = file.integer("listening", "downloads-limit-mb", in: Settings.downloadLimitRange) ?? settings.downloadsLimitMB
        settings.keepPlayedDownloadsDays = file.integer("listening", "keep-played-days", in: Settings.keepDaysRange)
            ?? settings.keepPlayedDownloadsDays
        settings.windowWidth = file.integer("window", "width", in: Settings.windowSizeRange) ?? settings.windowWidth
        settings.windowHeight = file.integer("window", "height", in: Settings.windowSizeRange) ?? settings.windowHeight
        settings.windowMaximized = file.flag("window", "maximized") ?? settings.windowMaximized
        settings.sidebarWidth = file.integer("window", "sidebar-width", in: Settings.paneRange) ?? settings.sidebarWidth
        settings.articleListWidth = file.integer("window", "article-list-width", in: Settings.paneRange) ?? settings.articleListWidth
        settings.windowPane = file.choice("window", "pane") ?? settings.windowPane
    }

    static func write(_ settings: Settings, to file: KeyFile) {
        set(file, "appearance", "theme", settings.themeName)
        set(file, "appearance", "dark-theme", settings.darkThemeName)
        file.setString("appearance", "color-scheme", settings.colorScheme.rawValue)
        file.setString("appearance", "accent", settings.accent.rawValue)
        file.setDouble("appearance", "text-scale", settings.textScale)
        set(file, "appearance", "reading-font", settings.readingFont)
        file.setBool("reading", "show-images", settings.showImages)
        file.setBool("reading", "mark-read-on-open", settings.markReadOnOpen)
        file.setBool("reading", "mark-read-on-scroll", settings.markReadOnScroll)
        file.setInteger("library", "refresh-interval-minutes", settings.refreshIntervalMinutes)
        file.setInteger("library", "retention-days", settings.retentionDays)
        file.setInteger("sync", "window-days", settings.syncWindowDays)
        file.setBool("notifications", "new-articles", settings.notifyNewArticles)
        file.setBool("background", "enabled", settings.refreshInBackground)
        file.setDouble("listening", "speed", settings.playbackRate)
        file.setDouble("listening", "volume", settings.playbackVolume)
        file.setInteger("listening", "episode-size-limit-mb", settings.episodeSizeLimitMB)
        file.setInteger("listening", "downloads-limit-mb", settings.downloadsLimitMB)
        file.setInteger("listening", "keep-played-days", settings.keepPlayedDownloadsDays)
        file.setInteger("window", "width", settings.windowWidth)
        file.setInteger("window", "height", settings.windowHeight)
        file.setBool("window", "maximized", settings.windowMaximized)
        file.setInteger("window", "sidebar-width", settings.sidebarWidth)
        file.setInteger("window", "article-list-width", settings.articleListWidth)
        file.setString("window", "pane", settings.windowPane.rawValue)
    }

    /// An optional string: written when set, removed when nil.
    private static func set(_ file: KeyFile, _ group: String, _ key: String, _ value: String?) {
        if let value { file.setString(group, key, value) } else { file.removeKey(group, key) }
    }
}
