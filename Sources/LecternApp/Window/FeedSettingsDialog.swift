import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// A feed's settings: its name, address (a new one is fetched before it is kept, and a
/// permanent redirect offered), folder, refresh interval, notifications, its remote images,
/// where its articles open and full articles; and its health — when it last worked, its last error in plain words,
/// its HTTP status, how often the server said nothing changed, how much it brings a week.
@MainActor
final class FeedSettingsDialog {
    /// Fetches a new address: the address to keep (a permanent redirect's target), or why not.
    typealias CheckAddress = @MainActor (String, _ answer: @escaping @MainActor (Result<String, AddFeedFailure>) -> Void) -> Void
    /// Saves the settings and, when it changed, the checked address; the error in words, or nil.
    typealias Save = @MainActor (FeedSettings, _ address: String?) -> String?

    static let refreshChoices: [(String, Int?)] = [
        // Translators: the feed follows the setting in Preferences.
        (tr("As in Preferences"), nil),
        // Translators: how often the feed is refreshed.
        (tr("Every {count} minute", plural: "Every {count} minutes", count: 15), 15),
        (tr("Every {count} minute", plural: "Every {count} minutes", count: 30), 30),
        (tr("Every hour"), 60),
        // Translators: how often the feed is refreshed.
        (tr("Every {count} hour", plural: "Every {count} hours", count: 2), 120),
        (tr("Every {count} hour", plural: "Every {count} hours", count: 6), 360),
        (tr("Once a day"), 1440),
        // Translators: the feed is never refreshed.
        (tr(context: "refresh", "Never"), 0),
    ]
    static let notifyChoices: [(String, Bool?)] = [
        (tr("As in Preferences"), nil),
        // Translators: whether to notify about the feed's new articles.
        (tr(context: "notifications", "On"), true), (tr(context: "notifications", "Off"), false),
    ]

    static let imageChoices: [(String, Bool?)] = [
        (tr("As in Preferences"), nil),
        // Translators: whether the pictures of the feed's articles are loaded from their sites.
        (tr(context: "images", "Load"), true), (tr(context: "images", "Don’t load"), false),
    ]

    let window: WidgetPointer
    let nameEntry: WidgetPointer
    let addressEntry: WidgetPointer
    let folderDropDown: WidgetPointer
    let refreshDropDown: WidgetPointer
    let notifyDropDown: WidgetPointer
    let imagesDropDown: WidgetPointer
    let browserSwitch: WidgetPointer
    let fullArticleSwitch: WidgetPointer
    let downloadSwitch: WidgetPointer
    let status: WidgetPointer
    let saveButton: WidgetPointer
    private let feed: Feed
    /// The folder choices: none first, then the feed's library's folders.
    private let folders: [Folder?]
    private let checkAddress: CheckAddress
    private let save: Save
    /// An address fetched and found good (the one to keep without asking again).
    private var checkedAddress: String?

    init(parent: WidgetPointer?, feed: Feed, folders: [Folder], health: FeedHealth,
         checkAddress: @escaping CheckAddress, save: @escaping Save) {
        self.feed = feed
        self.folders = [nil] + folders.filter { $0.accountID == feed.accountID }
        self.checkAddress = checkAddress
        self.save = save
        window = created(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, tr("Feed Settings"))
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_default_size(gtkWindow, 480, -1)
        if let parent { gtk_window_set_transient_for(gtkWindow, cast(parent)) }
        nameEntry = gtk_entry_new()
        addressEntry = gtk_entry_new()
        folderDropDown = Widgets.dropDown(self.folders.map { $0?.title ?? tr("No Folder") })
        refreshDropDown = Widgets.dropDown(Self.refreshChoices.map(\.0))
        notifyDropDown = Widgets.dropDown(Self.notifyChoices.map(\.0))
        imagesDropDown = Widgets.dropDown(Self.imageChoices.map(\.0))
        browserSwitch = gtk_switch_new()
        fullArticleSwitch = gtk_switch_new()
        downloadSwitch = gtk_switch_new()
        status = Widgets.label("", classes: ["feed-settings-status"], wrap: true)
        let cancel = Widgets.textButton(tr("Cancel"), classes: ["secondary"])
        saveButton = Widgets.textButton(tr("Save"), classes: ["primary"])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [cancel, saveButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)

        var rows: [(String, WidgetPointer)] = [(tr("Name"), nameEntry)]
        // An account's feed lives at the address its server gives it, refreshed by the server.
        if feed.accountID == nil { rows.append((tr("Address"), addressEntry)) }
        rows.append((tr("Folder"), folderDropDown))
        // Translators: the label of the choice of how often the feed is refreshed.
        if feed.accountID == nil { rows.append((tr(context: "interval", "Refresh"), refreshDropDown)) }
        rows += [(tr("Notify about new articles"), notifyDropDown), (tr("Remote images"), imagesDropDown),
                 (tr("Open articles in the browser"), browserSwitch), (tr("Always show the full article"), fullArticleSwitch),
                 (tr("Download new episodes"), downloadSwitch)]
        let grid = DialogParts.form(rows)
        let healthBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["feed-health"],
                                    [Widgets.label(tr("Health"), classes: ["preference-heading"])]
                                        + Self.healthLines(feed, health).map { Widgets.label($0, classes: ["dim-label"], wrap: true) })
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 16,
                                                                           classes: ["prompt", "feed-settings"],
                                                                           [grid, healthBox, status, buttons])))
        show(FeedSettings(of: feed))
        connect(saveButton, .clicked) { [weak self] in self?.submit() }
        connect(nameEntry, .activate) { [weak self] in self?.submit() }
        connect(addressEntry, .activate) { [weak self] in self?.submit() }
        connect(cancel, .clicked) { gtk_window_destroy(gtkWindow) }
        Keyboard.onEscape(window) { gtk_window_destroy(gtkWindow) }
    }

    func present() {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(nameEntry)
    }

    /// The health section's lines, in plain words.
    static func healthLines(_ feed: Feed, _ health: FeedHealth, now: Date = Date()) -> [String] {
        let state = feed.fetchState
        func when(_ date: Date) -> String { LocaleFormats.relative(date, to: now) }
        var lines: [String] = []
        if feed.accountID != nil {
            lines.append(tr("Refreshed by its sync server."))
        } else {
            if let success = state.lastSuccess {
                // Translators: {when} is how long ago, "3 hours ago".
                lines.append(tr("Last refreshed: {when}.", ["when": when(success)]))
            } else {
                lines.append(tr("Last refreshed: never."))
            }
            if let attempt = state.lastAttempt {
                // Translators: {when} is how long ago, "3 hours ago"; {error} says what went wrong.
                lines.append(state.lastError.map { tr("Last tried {when}: {error}", ["when": when(attempt), "error": $0]) }
                             ?? tr("Last tried {when}, without a problem.", ["when": when(attempt)]))
            }
            if let status = state.httpStatus {
                lines.append(tr("The server's last answer: HTTP {status}.", ["status": String(status)]))
            }
            // Said only once the server has answered so (a count of none said nothing).
            if state.notModifiedCount > 0 {
                lines.append(tr("Unchanged since the time before (HTTP 304): {count} time.",
                                plural: "Unchanged since the time before (HTTP 304): {count} times.", count: state.notModifiedCount))
            }
        }
        let perWeek = health.articlesPerWeek
        if perWeek == 0 {
            lines.append(tr("No new articles in the last four weeks."))
        } else {
            let number = perWeek.formatted(.number.precision(.fractionLength(1)).locale(LocaleFormats.numbers))
            // Translators: {number} is a number with one decimal, "3.5".
            lines.append(tr("About {number} new articles a week.", ["number": number]))
        }
        return lines
    }

    private func show(_ settings: FeedSettings) {
        gtk_editable_set_text(OpaquePointer(nameEntry), settings.title)
        gtk_editable_set_text(OpaquePointer(addressEntry), feed.url)
        gtk_drop_down_set_selected(OpaquePointer(folderDropDown), guint(folders.firstIndex { $0?.id == settings.folderID } ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(refreshDropDown),
                                   guint(Self.refreshChoices.firstIndex { $0.1 == settings.refreshMinutes } ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(notifyDropDown), guint(Self.notifyChoices.firstIndex { $0.1 == settings.notify } ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(imagesDropDown), guint(Self.imageChoices.firstIndex { $0.1 == settings.loadsImages } ?? 0))
        gtk_switch_set_active(OpaquePointer(browserSwitch), settings.opensInBrowser ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(fullArticleSwitch), settings.alwaysFullArticle ? 1 : 0)
        gtk_switch_set_active(OpaquePointer(downloadSwitch), settings.downloadsEpisodes ? 1 : 0)
    }

    /// The settings as the controls show them.
    var settings: FeedSettings {
        var settings = FeedSettings(of: feed)
        settings.title = text(nameEntry)
        settings.folderID = folders[min(Int(gtk_drop_down_get_selected(OpaquePointer(folderDropDown))), folders.count - 1)]?.id
        settings.refreshMinutes = Self.refreshChoices[min(Int(gtk_drop_down_get_selected(OpaquePointer(refreshDropDown))),
                                                          Self.refreshChoices.count - 1)].1
        settings.notify = Self.notifyChoices[min(Int(gtk_drop_down_get_selected(OpaquePointer(notifyDropDown))), Self.notifyChoices.count - 1)].1
        settings.loadsImages = Self.imageChoices[min(Int(gtk_drop_down_get_selected(OpaquePointer(imagesDropDown))), Self.imageChoices.count - 1)].1
        settings.opensInBrowser = gtk_switch_get_active(OpaquePointer(browserSwitch)) != 0
        settings.alwaysFullArticle = gtk_switch_get_active(OpaquePointer(fullArticleSwitch)) != 0
        settings.downloadsEpisodes = gtk_switch_get_active(OpaquePointer(downloadSwitch)) != 0
        return settings
    }

    /// Save (the button, or Enter in a field): a new address is fetched first.
    func submit() {
        let address = text(addressEntry)
        guard feed.accountID == nil, address != feed.url, address != checkedAddress else {
            return finish(address: feed.accountID == nil && address != feed.url ? address : nil)
        }
        guard !address.isEmpty else { return say(tr("Give the feed's address."), error: true) }
        gtk_widget_set_sensitive(saveButton, 0)
        say(tr("Checking the new address…"), error: false)
        checkAddress(address) { [weak self] result in
            guard let self else { return }
            gtk_widget_set_sensitive(saveButton, 1)
            switch result {
            case .success(let kept) where kept != address:
                // A permanent redirect: offer where the feed lives now.
                checkedAddress = kept
                gtk_editable_set_text(OpaquePointer(addressEntry), kept)
                say(tr("The feed has moved to this address for good. Save again to keep it."), error: false)
            case .success(let kept):
                checkedAddress = kept
                finish(address: kept)
            case .failure(let failure):
                say(failure.message, error: true)
            }
        }
    }

    private func finish(address: String?) {
        if let problem = save(settings, address) { return say(problem, error: true) }
        gtk_window_destroy(cast(window))
    }

    private func text(_ entry: WidgetPointer) -> String { DialogParts.text(entry) }

    private func say(_ message: String, error: Bool) { DialogParts.say(message, in: status, error: error) }
}
