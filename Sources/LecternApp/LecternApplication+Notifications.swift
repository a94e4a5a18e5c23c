import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// The notification about new articles: one per refresh that brought news (an `ArrivalWatch`
/// decides what is news), none while the window is in front showing them. Clicking it opens
/// the article (one) or the Unread view (several); "Mark as Read" marks exactly those articles.
extension LecternApplication {
    static let arrivalsNotificationID = "new-articles"

    func installNotificationActions() {
        let map = UnsafeMutableRawPointer(application.pointer)
        Actions.add("show-article", to: map, string: { [unowned self] target in
            guard let id = Int64(target) else { return }
            activate()
            showArticle(id: id)
        })
        Actions.add("show-unread", to: map) { [unowned self] in
            activate()
            mainWindow?.session?.sidebar.select(.unread)
        }
        Actions.add("mark-articles-read", to: map, string: { [unowned self] target in
            let ids = target.split(separator: ",").compactMap { Int64($0) }
            guard !ids.isEmpty, storeAccess?.write(tr("mark the articles read"), { _ = try $0.setRead(ids, true) }) == true else { return }
            DesktopNotification.withdraw(from: application.as(GApplication.self), id: Self.arrivalsNotificationID)
            libraryDidChange()
        })
    }

    /// Before a refresh: what is in the library now, to tell the news from it afterwards.
    func watchArrivals() -> ArrivalWatch? {
        guard let store = libraryService?.store else { return nil }
        do {
            return try ArrivalWatch(store: store, notifyByDefault: settings.notifyNewArticles)
        } catch {
            Log.warning("New articles will not be announced: the library could not be read (\(error))")
            return nil
        }
    }

    /// After a refresh: one notification about what it brought, if anything.
    func announceArrivals(since watch: ArrivalWatch?) {
        guard let watch, let store = libraryService?.store else { return }
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
        notification.send(from: application.as(GApplication.self), id: Self.arrivalsNotificationID)
    }

    /// True when the window is in front and its list holds every one of `arrivals`.
    private func windowShows(_ arrivals: [ArticleRow]) -> Bool {
        guard let window = mainWindow, gtk_window_is_active(cast(window.window)) != 0,
              let view = window.session?.sidebar.selected?.view else { return false }
        let feedIDs = Set(arrivals.map(\.feedID))
        switch view {
        case .all, .unread: return true
        case .feed(let id): return feedIDs == [id]
        case .folder(let id), .account(let id):
            let feeds = storeAccess?.read(tr("read your subscriptions"), fallback: []) { try $0.feeds() } ?? []
            let inView = Set(feeds.filter { view == .folder(id) ? $0.folderID == id : $0.accountID == id }.map(\.id))
            return feedIDs.isSubset(of: inView)
        default: return false
        }
    }
}
