import CGtk4
import Foundation
import GtkBridge
import Library
import Localization
import Sync

/// Subscriptions: adding them (the Add Feed popover, OPML, the sample feeds), and managing
/// them from the sidebar without drag and drop — a menu on each feed and folder (rename, move to
/// a folder, always show the full article, notifications, settings, unsubscribe with
/// confirmation, delete folder), on saved searches, and New Folder… in the main menu; the feed
/// settings dialog (kept while it is open). An account's feed is renamed, moved and unsubscribed
/// on its server too. Targets travel as strings: "feed:12", "folder:3", and for moves "12:3"
/// (feed 12 into folder 3) or "12:none". Actions: `app.add-feed`, `app.import-opml`,
/// `app.export-opml`, `app.try-samples`, `app.new-folder`, `app.rename`, `app.move-feed`,
/// `app.unsubscribe`, `app.delete-folder`, `app.save-search`, `app.delete-saved-search`,
/// `app.feed-settings`, `app.selected-feed-settings` (Alt+Return), `app.always-full-article`,
/// `app.feed-notifications`, `app.library-changed`.
@MainActor
final class SubscriptionsFeature {
    unowned let shell: AppShell
    let library: LibraryOwner
    let accounts: AccountsFeature
    /// Kept while it is open (its callbacks hold it weakly).
    var feedSettingsDialog: FeedSettingsDialog?
    /// `app.always-full-article`, whose state shows the context menu's feed switch.
    private var alwaysFullArticleAction: OpaquePointer?
    /// `app.feed-notifications`, the same kind of switch for a feed's notifications.
    private var feedNotificationsAction: OpaquePointer?

    init(shell: AppShell, library: LibraryOwner, accounts: AccountsFeature) {
        self.shell = shell
        self.library = library
        self.accounts = accounts
        installActions()
    }

    private func installActions() {
        let map = shell.actionMap
        Actions.add("add-feed", to: map) { [unowned self] in
            shell.activate()
            shell.mainWindow?.addFeed.open()
        }
        Actions.add("import-opml", to: map) { [unowned self] in chooseOPML(export: false) }
        Actions.add("export-opml", to: map) { [unowned self] in chooseOPML(export: true) }
        Actions.add("try-samples", to: map) { [unowned self] in trySamples() }
        Actions.add("new-folder", to: map) { [unowned self] in newFolder() }
        Actions.add("rename", to: map, string: { [unowned self] target in rename(target) })
        Actions.add("move-feed", to: map, string: { [unowned self] target in moveFeed(target) })
        Actions.add("unsubscribe", to: map, string: { [unowned self] target in unsubscribe(target) })
        Actions.add("delete-folder", to: map, string: { [unowned self] target in deleteFolder(target) })
        Actions.add("save-search", to: map, string: { [unowned self] target in saveSearch(target) })
        Actions.add("feed-settings", to: map, string: { [unowned self] target in
            if let id = Int64(target) { showFeedSettings(id) }
        })
        // Alt+Return: the settings of the feed chosen in the sidebar, or of the article shown.
        Actions.add("selected-feed-settings", to: map) { [unowned self] in
            guard let session = shell.mainWindow?.session else { return }
            if case .feed(let feed)? = session.sidebar.selected { return showFeedSettings(feed.id) }
            if let row = session.list.selectedRow { showFeedSettings(row.feedID) }
        }
        Actions.setAccelerators(["<Alt>Return"], for: "app.selected-feed-settings", on: map)
        Actions.add("delete-saved-search", to: map, string: { [unowned self] target in
            guard let id = Int64(target) else { return }
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            change(tr("remove the saved search")) { try $0.deleteSavedSearch(id) }
        })
        // Another Lectern process changed the library (`--batch`, `--add-account`…): show it.
        Actions.add("library-changed", to: map) { [unowned self] in shell.libraryDidChange() }
        // The target is a feed id; the state is the id of the feed whose menu shows (when
        // its switch is on), so the menu item shows the switch as set.
        alwaysFullArticleAction = Actions.addStateful("always-full-article", to: map, string: { [unowned self] target in
            toggleAlwaysFullArticle(target)
        })
        feedNotificationsAction = Actions.addStateful("feed-notifications", to: map, string: { [unowned self] target in
            toggleFeedNotifications(target)
        })
    }

    /// Wires a new main window's Add Feed popover.
    func attach(to window: MainWindow) {
        window.addFeed.onSubscribe = { [unowned self] address, account, done in
            if let account { accounts.subscribe(address, in: account, done: done) } else { subscribe(address, done: done) }
        }
        window.addFeed.accounts = { [weak self] in self?.accounts.list() ?? [] }
    }

    /// The feed's notifications switch: its own setting when it has one, the app's otherwise;
    /// toggling it gives the feed its own setting.
    private func toggleFeedNotifications(_ target: String) {
        guard let id = Int64(target), let access = library.access,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        let notifies = !(feed.notify ?? shell.settings.notifyNewArticles)
        guard access.write(tr("change the feed's notifications"), { try $0.setNotify(notifies, feedID: id) }) else { return }
        if let feedNotificationsAction { Actions.setState(feedNotificationsAction, notifies ? target : "") }
    }

    private func toggleAlwaysFullArticle(_ target: String) {
        guard let id = Int64(target), let access = library.access,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        guard access.write(tr("change the feed's full-article setting"), { try $0.setAlwaysFullArticle(!feed.alwaysFullArticle, feedID: id) })
        else { return }
        if let alwaysFullArticleAction { Actions.setState(alwaysFullArticleAction, feed.alwaysFullArticle ? "" : target) }
    }

    /// The context menu for a sidebar row.
    func showContextMenu(for item: SidebarItem, at row: WidgetPointer) {
        guard let access = library.access else { return }
        let menu = Menu()
        switch item {
        case .feed(let feed):
            // Some servers' APIs cannot rename or move a feed (Tiny Tiny RSS's): their web pages do that.
            let account = feed.accountID.flatMap { id in access.read(tr("read the feed's account"), fallback: nil, { try $0.account(id: id) }) }
            if account.map({ SyncProtocol.of($0.kind).editsFeeds }) ?? true {
                menu.append(tr("Rename…"), action: "app.rename", target: "feed:\(feed.id)")
                let move = Menu()
                if account == nil { move.append(tr("No Folder"), action: "app.move-feed", target: "\(feed.id):none") }
                for folder in access.read(tr("read your folders"), fallback: [], { try $0.folders() }) where folder.accountID == feed.accountID {
                    move.append(folder.title, action: "app.move-feed", target: "\(feed.id):\(folder.id)")
                }
                menu.appendSubmenu(tr("Move to Folder"), move)
            }
            // Where the server's API can fetch one feed on request (Miniflux, Tiny Tiny RSS).
            if let account, SyncProtocol.of(account.kind).refreshesFeeds {
                menu.append(tr("Refresh on the Server"), action: "app.refresh-on-server", target: "\(feed.id)")
            }
            let current = access.read(tr("read the feed's settings"), fallback: nil, { try $0.feed(id: feed.id) }) ?? feed
            if let alwaysFullArticleAction { Actions.setState(alwaysFullArticleAction, current.alwaysFullArticle ? "\(feed.id)" : "") }
            menu.append(tr("Always Show Full Article"), action: "app.always-full-article", target: "\(feed.id)")
            if let feedNotificationsAction {
                Actions.setState(feedNotificationsAction, current.notify ?? shell.settings.notifyNewArticles ? "\(feed.id)" : "")
            }
            menu.append(tr("Notify About New Articles"), action: "app.feed-notifications", target: "\(feed.id)")
            menu.append(tr("Settings…"), action: "app.feed-settings", target: "\(feed.id)")
            menu.append(tr("Unsubscribe…"), action: "app.unsubscribe", target: "feed:\(feed.id)")
        case .folder(let folder):
            // An account's folder is renamed and deleted on its server, where its API can do that.
            if let id = folder.accountID {
                let account = access.read(tr("read the folder's account"), fallback: nil, { try $0.account(id: id) })
                guard let account, SyncProtocol.of(account.kind).editsFeeds else { return }
            }
            menu.append(tr("Rename…"), action: "app.rename", target: "folder:\(folder.id)")
            menu.append(tr("Delete Folder…"), action: "app.delete-folder", target: "folder:\(folder.id)")
        case .account(let account):
            menu.append(tr("Sync Now"), action: "app.refresh")
            menu.append(tr("Sign In Again…"), action: "app.sign-in-account", target: "\(account.id)")
            menu.append(tr("Remove Account…"), action: "app.remove-account", target: "\(account.id)")
        case .savedSearch(let saved):
            menu.append(tr("Rename…"), action: "app.rename", target: "saved:\(saved.id)")
            menu.append(tr("Remove Saved Search"), action: "app.delete-saved-search", target: "\(saved.id)")
        case .smart, .label:   // a label's menu is the labels feature's
            return
        }
        ContextMenus.popUp(menu, at: row)
    }

    /// Runs a library change and shows its result (or its error, in plain words).
    func change(_ purpose: String, _ body: (LibraryStore) throws -> Void) {
        guard library.access?.write(purpose, body) == true else { return }
        shell.libraryDidChange()
        accounts.sendSubscriptionChanges()
    }
}
