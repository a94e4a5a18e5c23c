import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Changing what is subscribed: folders, names, moves, unsubscribing, saved searches, and
/// the feed settings dialog.
extension SubscriptionsFeature {
    func newFolder() {
        Prompts.text(parent: shell.mainWindow?.window, title: tr("New Folder"), label: tr("Name of the new folder"),
                     initial: "", accept: tr("Create")) { [unowned self] name in
            change(tr("create the folder")) { try $0.folder(named: name) }
        }
    }

    /// The feed's settings dialog; a new address is fetched before it is kept.
    func showFeedSettings(_ id: Int64) {
        guard let access = library.access, let service = library.service,
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        let folders = access.read(tr("read your folders"), fallback: []) { try $0.folders() }
        let health = access.read(tr("read the feed's health"), fallback: FeedHealth(articlesPerWeek: 0, articles: 0)) { try $0.health(ofFeed: id) }
        let dialog = FeedSettingsDialog(parent: shell.mainWindow?.window, feed: feed, folders: folders, health: health, checkAddress: { address, answer in
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
            self?.shell.libraryDidChange()
            return nil
        })
        feedSettingsDialog = dialog
        dialog.present()
    }

    /// "Save Search": target "all:WORDS" or "unread:WORDS"; the new view is selected.
    func saveSearch(_ target: String) {
        guard let colon = target.firstIndex(of: ":") else { return }
        let query = String(target[target.index(after: colon)...])
        var saved: SavedSearch?
        change(tr("save the search")) { saved = try $0.saveSearch(query, unreadOnly: target.hasPrefix("unread:")) }
        if let saved { shell.mainWindow?.session?.sidebar.select(savedSearch: saved.id) }
    }

    func rename(_ target: String) {
        guard let access = library.access, let (kind, id) = Self.parse(target) else { return }
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
        Prompts.text(parent: shell.mainWindow?.window, title: title,
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

    func moveFeed(_ target: String) {
        let parts = target.split(separator: ":")
        guard parts.count == 2, let feedID = Int64(parts[0]) else { return }
        change(tr("move the feed")) { try $0.moveFeed(feedID, toFolder: Int64(parts[1])) }
    }

    func unsubscribe(_ target: String) {
        guard let access = library.access, let (_, id) = Self.parse(target),
              let feed = access.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        Prompts.confirm(parent: shell.mainWindow?.window, message: tr("Unsubscribe from “{feed}”?", ["feed": feed.title ?? feed.url]),
                        detail: tr("Its articles leave your library, starred ones included. You can subscribe again later."),
                        accept: tr("Unsubscribe")) { [unowned self] in
            change(tr("unsubscribe from the feed")) { try $0.deleteFeed(id) }
        }
    }

    func deleteFolder(_ target: String) {
        guard let (_, id) = Self.parse(target) else { return }
        Prompts.confirm(parent: shell.mainWindow?.window, message: tr("Delete this folder?"),
                        detail: tr("Its feeds stay subscribed and move out of the folder."), accept: tr("Delete")) { [unowned self] in
            change(tr("delete the folder")) { try $0.deleteFolder(id) }
        }
    }

    private static func parse(_ target: String) -> (String, Int64)? {
        let parts = target.split(separator: ":")
        guard parts.count == 2, let id = Int64(parts[1]) else { return nil }
        return (String(parts[0]), id)
    }
}
