import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Localization

/// Managing subscriptions from the sidebar, without drag and drop: a menu on each feed
/// and folder (rename, move to a folder, always show the full article, unsubscribe with
/// confirmation, delete folder), on each account (sync, remove) and New Folder… in the main
/// menu. An account's feed is renamed, moved and unsubscribed on its server too. Targets travel as
/// strings: "feed:12", "folder:3", and for moves "12:3" (feed 12 into folder 3) or "12:none".
extension LecternApplication {
    func installSubscriptionActions() {
        let map = UnsafeMutableRawPointer(application.pointer)
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
            guard let session = mainWindow?.session else { return }
            if case .feed(let feed)? = session.sidebar.selected { return showFeedSettings(feed.id) }
            if let row = session.list.selectedRow { showFeedSettings(row.feedID) }
        }
        Actions.setAccelerators(["<Alt>Return"], for: "app.selected-feed-settings", on: map)
        Actions.add("delete-saved-search", to: map, string: { [unowned self] target in
            guard let id = Int64(target) else { return }
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            change(tr("remove the saved search")) { try $0.deleteSavedSearch(id) }
        })
        Actions.add("remove-account", to: map, string: { [unowned self] target in removeAccount(target) })
        Actions.add("sign-in-account", to: map, string: { [unowned self] target in
            guard let id = Int64(target), let account = storeAccess?.read(tr("find the account"), fallback: nil, { try $0.account(id: id) })
            else { return }
            showAddAccount(signingIn: account)
        })
        // Another Lectern process changed the library (`--batch`, `--add-account`…): show it.
        Actions.add("library-changed", to: map) { [unowned self] in libraryDidChange() }
        // The target is a feed id; the state is the id of the feed whose menu shows (when
        // its switch is on), so the menu item shows the switch as set.
        alwaysFullArticleAction = Actions.addStateful("always-full-article", to: map, string: { [unowned self] target in
            toggleAlwaysFullArticle(target)
        })
        feedNotificationsAction = Actions.addStateful("feed-notifications", to: map, string: { [unowned self] target in
            toggleFeedNotifications(target)
        })
    }

    /// The feed's notifications switch: its own setting when it has one, the app's otherwise;
    /// toggling it gives the feed its own setting.
    private func toggleFeedNotifications(_ target: String) {
        guard let id = Int64(target), let access = storeAccess,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        let notifies = !(feed.notify ?? settings.notifyNewArticles)
        guard access.write(tr("change the feed's notifications"), { try $0.setNotify(notifies, feedID: id) }) else { return }
        if let feedNotificationsAction { Actions.setState(feedNotificationsAction, notifies ? target : "") }
    }

    private func toggleAlwaysFullArticle(_ target: String) {
        guard let id = Int64(target), let access = storeAccess,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        guard access.write(tr("change the feed's full-article setting"), { try $0.setAlwaysFullArticle(!feed.alwaysFullArticle, feedID: id) })
        else { return }
        if let alwaysFullArticleAction { Actions.setState(alwaysFullArticleAction, feed.alwaysFullArticle ? "" : target) }
    }

    /// The context menu for a sidebar row.
    func showContextMenu(for item: SidebarItem, at row: WidgetPointer) {
        guard let access = storeAccess else { return }
        let menu = Menu()
        switch item {
        case .feed(let feed):
            // Tiny Tiny RSS's API cannot rename or move a feed: its web interface does that.
            let account = feed.accountID.flatMap { id in access.read(tr("read the feed's account"), fallback: nil, { try $0.account(id: id) }) }
            if account?.kind != .tinyTinyRSS {
                menu.append(tr("Rename…"), action: "app.rename", target: "feed:\(feed.id)")
                let move = Menu()
                if account == nil { move.append(tr("No Folder"), action: "app.move-feed", target: "\(feed.id):none") }
                for folder in access.read(tr("read your folders"), fallback: [], { try $0.folders() }) where folder.accountID == feed.accountID {
                    move.append(folder.title, action: "app.move-feed", target: "\(feed.id):\(folder.id)")
                }
                menu.appendSubmenu(tr("Move to Folder"), move)
            }
            let current = access.read(tr("read the feed's settings"), fallback: nil, { try $0.feed(id: feed.id) }) ?? feed
            if let alwaysFullArticleAction { Actions.setState(alwaysFullArticleAction, current.alwaysFullArticle ? "\(feed.id)" : "") }
            menu.append(tr("Always Show Full Article"), action: "app.always-full-article", target: "\(feed.id)")
            if let feedNotificationsAction {
                Actions.setState(feedNotificationsAction, current.notify ?? settings.notifyNewArticles ? "\(feed.id)" : "")
            }
            menu.append(tr("Notify About New Articles"), action: "app.feed-notifications", target: "\(feed.id)")
            menu.append(tr("Settings…"), action: "app.feed-settings", target: "\(feed.id)")
            menu.append(tr("Unsubscribe…"), action: "app.unsubscribe", target: "feed:\(feed.id)")
        case .folder(let folder):
            guard folder.accountID == nil else { return }   // an account's folders are managed on its server
            menu.append(tr("Rename…"), action: "app.rename", target: "folder:\(folder.id)")
            menu.append(tr("Delete Folder…"), action: "app.delete-folder", target: "folder:\(folder.id)")
        case .account(let account):
            menu.append(tr("Sync Now"), action: "app.refresh")
            menu.append(tr("Sign In Again…"), action: "app.sign-in-account", target: "\(account.id)")
            menu.append(tr("Remove Account…"), action: "app.remove-account", target: "\(account.id)")
        case .savedSearch(let saved):
            menu.append(tr("Rename…"), action: "app.rename", target: "saved:\(saved.id)")
            menu.append(tr("Remove Saved Search"), action: "app.delete-saved-search", target: "\(saved.id)")
        case .smart:
            return
        }
        let popover = created(gtk_popover_menu_new_from_model(menu.model))
        gtk_widget_set_parent(popover, row)
        connect(popover, .closed) {
            MainLoop.idleOnce { gtk_widget_unparent(popover) }
        }
        gtk_popover_popup(cast(popover))
    }

    private func newFolder() {
        Prompts.text(parent: mainWindow?.window, title: tr("New Folder"), label: tr("Name of the new folder"),
                     initial: "", accept: tr("Create")) { [unowned self] name in
            change(tr("create the folder")) { try $0.folder(named: name) }
        }
    }

    /// The feed's settings dialog; a new address is fetched before it is kept.
    func showFeedSettings(_ id: Int64) {
        guard let access = storeAccess, let service = libraryService,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        let folders = access.read(tr("read your folders"), fallback: []) { try $0.folders() }
        let health = access.read(tr("read the feed's health"), fallback: FeedHealth(articlesPerWeek: 0, articles: 0)) { try $0.health(ofFeed: id) }
        let dialog = FeedSettingsDialog(parent: mainWindow?.window, feed: feed, folders: folders, health: health, checkAddress: { address, answer in
            Task { @MainActor in
                do {
                    answer(.success(try await Subscriber(store: service.store, policy: service.policy).check(address: address)))
                } catch {
                    answer(.failure(AddFeedFailure(message: "\(error)")))
                }
            }
        }, save: { [weak self] settings, address in
            do {
                if let address { try service.store.changeAddress(feedID: id, to: address) }
                try service.store.apply(settings, toFeed: id)
            } catch {
                return tr("The settings could not be saved: {error}", ["error": String(describing: error)])
            }
            self?.libraryDidChange()
            return nil
        })
        feedSettingsDialog = dialog
        dialog.present()
    }

    /// "Save Search": target "all:WORDS" or "unread:WORDS"; the new view is selected.
    private func saveSearch(_ target: String) {
        guard let colon = target.firstIndex(of: ":") else { return }
        let query = String(target[target.index(after: colon)...])
        var saved: SavedSearch?
        change(tr("save the search")) { saved = try $0.saveSearch(query, unreadOnly: target.hasPrefix("unread:")) }
        if let saved { mainWindow?.session?.sidebar.select(savedSearch: saved.id) }
    }

    private func rename(_ target: String) {
        guard let access = storeAccess, let (kind, id) = Self.parse(target) else { return }
        let current = access.read(tr("read the current name"), fallback: nil) { store in
            switch kind {
            case "feed": try store.feed(id: id)?.title
            case "saved": try store.savedSearches().first { $0.id == id }?.name
            default: try store.folders().first { $0.id == id }?.title
            }
        }
        let (title, purpose) = switch kind {
        case "feed": (tr("Rename Feed"), tr("rename the feed"))
        case "saved": (tr("Rename Saved Search"), tr("rename the saved search"))
        default: (tr("Rename Folder"), tr("rename the folder"))
        }
        Prompts.text(parent: mainWindow?.window, title: title,
                     label: tr("New name"), initial: current ?? "", accept: tr("Rename")) { [unowned self] name in
            change(purpose) { store in
                switch kind {
                case "feed": try store.renameFeed(id, to: name)
                case "saved": try store.renameSavedSearch(id, to: name)
                default: try store.renameFolder(id, to: name)
                }
            }
        }
    }

    private func moveFeed(_ target: String) {
        let parts = target.split(separator: ":")
        guard parts.count == 2, let feedID = Int64(parts[0]) else { return }
        change(tr("move the feed")) { try $0.moveFeed(feedID, toFolder: Int64(parts[1])) }
    }

    private func unsubscribe(_ target: String) {
        guard let access = storeAccess, let (_, id) = Self.parse(target),
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        Prompts.confirm(parent: mainWindow?.window, message: tr("Unsubscribe from “{feed}”?", ["feed": feed.title ?? feed.url]),
                        detail: tr("Its articles leave your library, starred ones included. You can subscribe again later."),
                        accept: tr("Unsubscribe")) { [unowned self] in
            change(tr("unsubscribe from the feed")) { try $0.deleteFeed(id) }
        }
    }

    private func deleteFolder(_ target: String) {
        guard let (_, id) = Self.parse(target) else { return }
        Prompts.confirm(parent: mainWindow?.window, message: tr("Delete this folder?"),
                        detail: tr("Its feeds stay subscribed and move out of the folder."), accept: tr("Delete")) { [unowned self] in
            change(tr("delete the folder")) { try $0.deleteFolder(id) }
        }
    }

    private func removeAccount(_ target: String) {
        guard let id = Int64(target), let service = libraryService,
              let account = storeAccess?.read(tr("find the account"), fallback: nil, { try $0.account(id: id) }) else { return }
        let detail = tr("Its feeds and articles leave this computer and its password leaves the keyring. Everything stays on the server; changes not yet sent are lost.")
        Prompts.confirm(parent: mainWindow?.window, message: tr("Remove the account “{account}”?", ["account": account.title]),
                        detail: detail, accept: tr("Remove")) { [unowned self] in
            Task { @MainActor [weak self] in
                guard let accounts = self?.accounts(service) else { return }
                // The keyring answers over D-Bus: not on the main thread.
                let failure = await Task.detached { () -> String? in
                    do throws(SyncError) { try accounts.removeAccount(id); return nil } catch { return error.description }
                }.value
                if let failure { self?.notify(tr("The account could not be removed: {error}", ["error": failure])) }
                self?.libraryDidChange()
            }
        }
    }

    /// Runs a library change and shows its result (or its error, in plain words).
    private func change(_ purpose: String, _ body: (LibraryStore) throws -> Void) {
        guard storeAccess?.write(purpose, body) == true else { return }
        libraryDidChange()
    }

    private static func parse(_ target: String) -> (String, Int64)? {
        let parts = target.split(separator: ":")
        guard parts.count == 2, let id = Int64(parts[1]) else { return nil }
        return (String(parts[0]), id)
    }
}
