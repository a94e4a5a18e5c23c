import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// The notification about new articles: one per refresh that brought news (an `ArrivalWatch`
/// decides what is news), none while the window is in front showing them. Clicking it opens
/// the article (one) or the Unread view (several); "Mark as Read" marks exactly those articles.
/// Actions: `app.show-article`, `app.show-unread`, `app.mark-articles-read`.
@MainActor
final class ArrivalsFeature {
    static let notificationID = "new-articles"

    private unowned let shell: AppShell
    private let library: LibraryOwner
    private let showArticle: @MainActor (Int64) -> Void

    init(shell: AppShell, library: LibraryOwner, showArticle: @escaping @MainActor (Int64) -> Void) {
        self.shell = shell
        self.library = library
        self.showArticle = showArticle
        let map = shell.actionMap
        Actions.add("show-article", to: map, string: { [unowned self] target in
            guard let id = Int64(target) else { return }
            self.shell.activate()
            self.showArticle(id)
        })
        Actions.add("show-unread", to: map) { [unowned self] in
            self.shell.activate()
            self.shell.mainWindow?.session?.sidebar.select(.unread)
        }
        Actions.add("mark-articles-read", to: map, string: { [unowned self] target in
            let ids = target.split(separator: ",").compactMap { Int64($0) }
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            guard !ids.isEmpty, self.library.access?.write(tr("mark the articles read"), { _ = try $0.setRead(ids, true) }) == true else { return }
            DesktopNotification.withdraw(from: self.shell.gApplication, id: Self.notificationID)
            self.shell.libraryDidChange()
        })
    }

    /// Before a refresh: what is in the library now, to tell the news from it afterwards.
    func watch() -> ArrivalWatch? {
        guard let store = library.service?.store else { return nil }
        do {
            return try ArrivalWatch(store: store, notifyByDefault: shell.settings.notifyNewArticles)
        } catch {
            Log.warning("New articles will not be announced: the library could not be read (\(error))")
            return nil
        }
    }

    /// After a refresh: one notification about what it brought, if anything.
    func announce(since watch: ArrivalWatch?) {
        guard let watch, let store = library.service?.store else { return }
        let arrivals: [ArticleRow]
        do {
            arrivals = try watch.arrivals(in: store)
        } catch {
            return Log.warning("New articles could not be announced: \(error)")
        }
        guard let notice = ArrivalsNotice(arrivals), !windowShows(arrivals) else { return }
        var notification = DesktopNotification(title: notice.title, body: notice.body)
        notification.defaultAction = notice.articleIDs.count == 1 ? ("app.show-article", "\(notice.articleIDs[0])") : ("app.show-unread", nil)
        notification.buttons = [(tr("Mark as Read"), "app.mark-articles-read", notice.articleIDs.map(String.init).joined(separator: ","))]
        notification.send(from: shell.gApplication, id: Self.notificationID)
    }

    /// True when the window is in front and its list holds every one of `arrivals`.
    private func windowShows(_ arrivals: [ArticleRow]) -> Bool {
        guard let window = shell.mainWindow, gtk_window_is_active(cast(window.window)) != 0,
              let view = window.session?.sidebar.selected?.view else { return false }
        let feedIDs = Set(arrivals.map(\.feedID))
        switch view {
        case .all, .unread: return true
        case .feed(let id): return feedIDs == [id]
        case .folder(let id), .account(let id):
            let feeds = library.access?.read(tr("read your subscriptions"), fallback: []) { try $0.feeds() } ?? []
            let inView = Set(feeds.filter { view == .folder(id) ? $0.folderID == id : $0.accountID == id }.map(\.id))
            return feedIDs.isSubset(of: inView)
        default: return false
        }
    }
}
