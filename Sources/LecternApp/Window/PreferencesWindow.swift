import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Preferences: reading and library behaviour, and the sync accounts (each with its last sync
/// or its error, and Remove). Appearance lives in the theme picker, reached from here too.
/// Every control writes the settings model only; the model saves.
@MainActor
final class PreferencesWindow {
    static let refreshChoices: [(String, Int)] = [(tr("Every 15 minutes"), 15), (tr("Every 30 minutes"), 30), (tr("Every hour"), 60),
                                                  (tr("Every 2 hours"), 120), (tr("Every 6 hours"), 360), (tr("Once a day"), 1440)]
    // Translators: how long read articles are kept ("Keep read articles: For a week").
    static let retentionChoices: [(String, Int)] = [(tr("For a week"), 7), (tr("For a month"), 30), (tr("For 3 months"), 90),
                                                    (tr("For a year"), 365)]
    // Translators: how far back a new sync account's articles go ("A new sync account brings: The last week").
    static let syncWindowChoices: [(String, Int)] = [(tr("The last week"), 7), (tr("The last 2 weeks"), 14), (tr("The last month"), 30),
                                                     (tr("The last 3 months"), 90)]
    // Translators: whose accent colour the theme wears ("Accent colour: The theme's own").
    static let accentChoices: [(String, AccentChoice)] = [(tr("The theme's own"), .theme), (tr("The desktop's"), .desktop)]
    /// Sizes for the download caps, in MB.
    static let episodeSizeChoices = [100, 250, 500, 1000, 2000].map { (size($0), $0) }
    static let downloadsSizeChoices = [1000, 2000, 5000, 10_000, 20_000, 50_000].map { (size($0), $0) }
    // Translators: how long a played episode's download is kept ("Keep played downloads: For 3 days").
    static let keepPlayedChoices: [(String, Int)] = [(tr("For a day"), 1), (tr("For 3 days"), 3), (tr("For a week"), 7),
                                                     (tr("For a month"), 30)]

    let window: WidgetPointer
    let markReadSwitch: WidgetPointer
    let showImagesSwitch: WidgetPointer
    let markOnScrollSwitch: WidgetPointer
    let notifySwitch: WidgetPointer
    let backgroundSwitch: WidgetPointer
    let refreshDropDown: WidgetPointer
    let retentionDropDown: WidgetPointer
    let syncWindowDropDown: WidgetPointer
    let accentDropDown: WidgetPointer
    let episodeSizeDropDown: WidgetPointer
    let downloadsSizeDropDown: WidgetPointer
    let keepPlayedDropDown: WidgetPointer
    private let settings: Settings
    /// The accounts to list, read each time the window is shown.
    var accounts: @MainActor () -> [Account] = { [] }
    let accountList: WidgetPointer
    let rulesEditor = RulesEditor()

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings) {
        self.settings = settings
        window = gtk_window_new()
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_application(gtkWindow, application)
        gtk_window_set_title(gtkWindow, tr("Preferences"))
        gtk_window_set_default_size(gtkWindow, 520, -1)
        gtk_window_set_hide_on_close(gtkWindow, 1)
        markReadSwitch = gtk_switch_new()
        showImagesSwitch = gtk_switch_new()
        markOnScrollSwitch = gtk_switch_new()
        notifySwitch = gtk_switch_new()
        backgroundSwitch = gtk_switch_new()
        refreshDropDown = Widgets.dropDown(Self.refreshChoices.map(\.0))
        retentionDropDown = Widgets.dropDown(Self.retentionChoices.map(\.0))
        syncWindowDropDown = Widgets.dropDown(Self.syncWindowChoices.map(\.0))
        accentDropDown = Widgets.dropDown(Self.accentChoices.map(\.0))
        episodeSizeDropDown = Widgets.dropDown(Self.episodeSizeChoices.map(\.0))
        downloadsSizeDropDown = Widgets.dropDown(Self.downloadsSizeChoices.map(\.0))
        keepPlayedDropDown = Widgets.dropDown(Self.keepPlayedChoices.map(\.0))
        let rows: [(String, String, WidgetPointer)] = [
            (tr("Mark articles read when opened"),
             // Translators: m is the key that marks an article read or unread; keep it as it is.
             tr("Otherwise press m to mark them."), markReadSwitch),
            (tr("Mark articles read as you scroll past them"), tr("In the list; the undo bar brings them back."), markOnScrollSwitch),
            (tr("Load remote images"), tr("Pictures come from the articles' sites, which learn when you read. When off, Show Images loads one article's; a feed's settings can decide for it."), showImagesSwitch),
            (tr("Refresh feeds"), tr("Lectern also refreshes shortly after it starts."), refreshDropDown),
            (tr("Notify about new articles"), tr("After a refresh that brings some; a feed's menu can say otherwise."), notifySwitch),
            (tr("Keep refreshing in the background"),
             tr("Closing the window leaves Lectern running, and it starts when you log in. Quit from the menu to end it."),
             backgroundSwitch),
            (tr("Keep read articles"), tr("Starred articles are always kept."), retentionDropDown),
            // Translators: followed by a choice such as "The last month".
            (tr("A new sync account brings"), tr("Its articles from this far back; starred ones always."), syncWindowDropDown),
            (tr("Accent colour"), tr("The desktop's is made lighter or darker where the theme needs it to stay readable."), accentDropDown),
        ]
        let grid = Self.grid(rows)
        let podcasts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [
            Widgets.label(tr("Podcasts"), classes: ["preference-heading"]),
            Self.grid([
                (tr("Largest episode to download"), tr("Larger ones are left to play from the network."), episodeSizeDropDown),
                // Translators: {folder} is where downloaded episodes are kept (~/.cache/lectern/episodes).
                (tr("Space for downloaded episodes"), tr("In {folder}. Once it is full, new downloads wait for played ones to go.",
                                                         ["folder": Self.homeRelative(DownloadsFeature.folder.path)]),
                 downloadsSizeDropDown),
                (tr("Keep played downloads"), tr("Then they are deleted; the episodes stay in their feeds."), keepPlayedDropDown),
            ]),
        ])
        let appearance = Widgets.textButton(tr("Themes and Text Size…"), action: "app.themes", classes: ["secondary"])
        gtk_widget_set_halign(appearance, GTK_ALIGN_START)
        accountList = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["account-list"], [])
        let addAccount = Widgets.textButton(tr("Add Sync Account…"), action: "app.add-account", classes: ["secondary"])
        gtk_widget_set_halign(addAccount, GTK_ALIGN_START)
        let sync = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [
            Widgets.label(tr("Sync Accounts"), classes: ["preference-heading"]), accountList, addAccount,
        ])
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 24, classes: ["preferences"],
                                  [grid, appearance, podcasts, rulesEditor.widget, sync])
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(content))
        gtk_window_set_default_size(gtkWindow, 560, 720)
        Keyboard.onEscape(window) { gtk_window_close(gtkWindow) }
        show(settings)
        connectControls()
    }

    func present(transientFor parent: WidgetPointer?) {
        show(settings)
        showAccounts()
        rulesEditor.showRules()
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
    }

    private func show(_ settings: Settings) {
        gtk_switch_set_active(OpaquePointer(markReadSwitch), settings.markReadOnOpen ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(showImagesSwitch), settings.showImages ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(markOnScrollSwitch), settings.markReadOnScroll ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(notifySwitch), settings.notifyNewArticles ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(backgroundSwitch), settings.refreshInBackground ? 1 : 0)
        select(refreshDropDown, Self.refreshChoices.map(\.1), settings.refreshIntervalMinutes)
        select(retentionDropDown, Self.retentionChoices.map(\.1), settings.retentionDays)
        select(syncWindowDropDown, Self.syncWindowChoices.map(\.1), settings.syncWindowDays)
        gtk_drop_down_set_selected(OpaquePointer(accentDropDown), guint(Self.accentChoices.firstIndex { $0.1 == settings.accent } ?? 0))
        select(episodeSizeDropDown, Self.episodeSizeChoices.map(\.1), settings.episodeSizeLimitMB)
        select(downloadsSizeDropDown, Self.downloadsSizeChoices.map(\.1), settings.downloadsLimitMB)
        select(keepPlayedDropDown, Self.keepPlayedChoices.map(\.1), settings.keepPlayedDownloadsDays)
    }

    private func connectControls() {
        let settings = self.settings
        connect(markReadSwitch, .notify("active")) { [markReadSwitch] in
            settings.markReadOnOpen = gtk_switch_get_active(OpaquePointer(markReadSwitch)) != 0
        }
        connect(markOnScrollSwitch, .notify("active")) { [markOnScrollSwitch] in
            settings.markReadOnScroll = gtk_switch_get_active(OpaquePointer(markOnScrollSwitch)) != 0
        }
        connect(showImagesSwitch, .notify("active")) { [showImagesSwitch] in
            settings.showImages = gtk_switch_get_active(OpaquePointer(showImagesSwitch)) != 0
        }
        connect(notifySwitch, .notify("active")) { [notifySwitch] in
            settings.notifyNewArticles = gtk_switch_get_active(OpaquePointer(notifySwitch)) != 0
        }
        connect(backgroundSwitch, .notify("active")) { [backgroundSwitch] in
            settings.refreshInBackground = gtk_switch_get_active(OpaquePointer(backgroundSwitch)) != 0
        }
        Self.choose(refreshDropDown, from: Self.refreshChoices) { settings.refreshIntervalMinutes = $0 }
        Self.choose(retentionDropDown, from: Self.retentionChoices) { settings.retentionDays = $0 }
        Self.choose(syncWindowDropDown, from: Self.syncWindowChoices) { settings.syncWindowDays = $0 }
        Self.choose(accentDropDown, from: Self.accentChoices) { settings.accent = $0 }
        Self.choose(episodeSizeDropDown, from: Self.episodeSizeChoices) { settings.episodeSizeLimitMB = $0 }
        Self.choose(downloadsSizeDropDown, from: Self.downloadsSizeChoices) { settings.downloadsLimitMB = $0 }
        Self.choose(keepPlayedDropDown, from: Self.keepPlayedChoices) { settings.keepPlayedDownloadsDays = $0 }
    }

    /// One row per account: its name, kind and last sync (or its error), and Remove.
    func showAccounts() {
        while let child = gtk_widget_get_first_child(accountList) { gtk_box_remove(cast(accountList), child) }
        let accounts = accounts()
        if accounts.isEmpty {
            let hint = tr("Sync with FreshRSS, Miniflux, The Old Reader or Tiny Tiny RSS to read the same articles on every device.")
            gtk_box_append(cast(accountList), Widgets.label(hint, classes: ["dim-label"], wrap: true))
        }
        for account in accounts {
            let kind = account.kind.displayName
            // Translators: {kind} is a sync service (FreshRSS, Miniflux…); {time} says when, e.g. "2 hours ago".
            let detail = account.lastSync.map { tr("{kind} · synced {time}", ["kind": kind, "time": LocaleFormats.relative($0)]) }
                ?? tr("{kind} · not synced yet", ["kind": kind])
            let status = Widgets.label(account.lastError ?? detail, classes: [account.lastError == nil ? "dim-label" : "error-text"], wrap: true)
            let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [Widgets.label(account.title, classes: ["preference-title"]), status])
            Widgets.expand(text, vertical: false)
            let remove = Widgets.textButton(tr("Remove…"), action: "app.remove-account", classes: ["secondary"])
            gtk_actionable_set_action_target_value(OpaquePointer(remove), g_variant_new_string("\(account.id)"))
            Accessibility.setLabel(remove, tr("Remove the account {account}", ["account": account.title]))
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            gtk_box_append(cast(accountList), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 24, classes: ["account-item"], [text, remove]))
        }
    }

    /// Choosing in `dropDown` sets the value of the choice chosen.
    private static func choose<Value>(_ dropDown: WidgetPointer, from choices: [(String, Value)],
                                      _ apply: @escaping @MainActor (Value) -> Void) {
        connect(dropDown, .notify("selected")) {
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(dropDown)))
            if choices.indices.contains(index) { apply(choices[index].1) }
        }
    }

    /// Rows of a title, its explanation and its control, in two columns.
    private static func grid(_ rows: [(String, String, WidgetPointer)]) -> WidgetPointer {
        let grid = created(gtk_grid_new())
        for (index, row) in rows.enumerated() {
            let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [
                Widgets.label(row.0, classes: ["preference-title"]), Widgets.label(row.1, classes: ["dim-label"], wrap: true),
            ])
            Widgets.expand(text, vertical: false)
            gtk_widget_set_valign(row.2, GTK_ALIGN_CENTER)
            if DialogParts.isSwitch(row.2) { gtk_widget_set_halign(row.2, GTK_ALIGN_END) }
            Accessibility.setLabel(row.2, row.0)
            gtk_grid_attach(cast(grid), text, 0, Int32(index), 1, 1)
            gtk_grid_attach(cast(grid), row.2, 1, Int32(index), 1, 1)
        }
        gtk_grid_set_row_spacing(cast(grid), 18)
        gtk_grid_set_column_spacing(cast(grid), 24)
        return grid
    }

    /// "500 MB", "2 GB" (decimal units, as the file manager counts).
    private static func size(_ megabytes: Int) -> String {
        // Translators: a size in megabytes and in gigabytes ("500 MB", "2 GB").
        megabytes < 1000 ? tr("{size} MB", ["size": LocaleFormats.count(megabytes)])
            : tr("{size} GB", ["size": LocaleFormats.count(megabytes / 1000)])
    }

    /// A path under the home folder written from `~`.
    private static func homeRelative(_ path: String) -> String {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    private func select(_ dropDown: WidgetPointer, _ values: [Int], _ value: Int) {
        let index = values.firstIndex(of: value) ?? values.enumerated().min { abs($0.1 - value) < abs($1.1 - value) }?.0 ?? 0
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(index))
    }
}
