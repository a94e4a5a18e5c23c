import CGtk4
import GtkBridge
import Library
import Localization

/// An article's own menu (a right click, a long press, or the Menu key and Shift+F10 on its row):
/// what the reading keys do to the selected article, done to the one pointed at, without
/// opening it (opening would mark it read). Actions: `app.set-article-read('ID:1')`,
/// `app.set-article-starred('ID:1')`, `app.open-article-in-browser('ID')`, `app.copy-article-link('ID')`;
/// an episode's row offers Play too (`app.play-attachment`).
extension ReadingSession {
    /// The menu of `row`.
    static func menu(for row: ArticleRow) -> Menu {
        let menu = Menu()
        if let episode = row.episode {
            menu.append(tr("Play"), action: "app.play-attachment", target: PlayButton.target(articleID: row.id, url: episode.url))
        }
        menu.append(row.read ? tr("Mark as Unread") : tr("Mark as Read"), action: "app.set-article-read",
                    target: "\(row.id):\(row.read ? 0 : 1)")
        menu.append(row.starred ? tr("Unstar") : tr("Star"), action: "app.set-article-starred", target: "\(row.id):\(row.starred ? 0 : 1)")
        menu.append(tr("Open in Browser"), action: "app.open-article-in-browser", target: "\(row.id)")
        menu.append(tr("Copy Link"), action: "app.copy-article-link", target: "\(row.id)")
        return menu
    }

    func setRead(articleID id: Int64, _ read: Bool) {
        guard access.write(read ? tr("mark the article as read") : tr("mark the article as unread"), { _ = try $0.setRead([id], read) })
        else { return }
        list.update(articleIDs: [id]) { $0.read = read }
        sidebar.refreshCounts()
    }

    func setStarred(articleID id: Int64, _ starred: Bool) {
        guard access.write(tr("change the star"), { _ = try $0.setStarred([id], starred) }) else { return }
        list.update(articleIDs: [id]) { $0.starred = starred }
        if reader.article?.id == id { reader.setStarred(starred) }
        sidebar.refreshCounts()
    }

    func openInBrowser(articleID id: Int64) {
        guard let link = access.read(tr("open the article"), fallback: nil, { try $0.article(id: id) })?.link else { return }
        ExternalLinks.open(link) { [weak self] in self?.onNotice?($0) }
    }

    /// The article's address to the clipboard, as the desktop's other apps paste it.
    func copyLink(articleID id: Int64) {
        guard let link = access.read(tr("open the article"), fallback: nil, { try $0.article(id: id) })?.link,
              let display = gdk_display_get_default() else { return }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), link)
    }
}
