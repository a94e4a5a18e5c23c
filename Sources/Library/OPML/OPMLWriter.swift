import Foundation
import FeedParsing

/// Writes OPML 2.0: folders as outline groups, feeds as `type="rss"` outlines.
enum OPMLWriter {
    static func write(folders: [Folder], feeds: [Feed], title: String, now: Date = Date()) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<opml version=\"2.0\" xmlns:lectern=\"\(OPMLEntry.lecternNamespace)\">",
            "  <head>",
            "    <title>\(escape(title))</title>",
            "    <dateCreated>\(rfc822(now))</dateCreated>",
            "  </head>",
            "  <body>",
        ]
        let known = Set(folders.map(\.id))
        for feed in feeds where feed.folderID.map({ !known.contains($0) }) ?? true {
            lines.append("    " + outline(feed))
        }
        for folder in folders {
            let members = feeds.filter { $0.folderID == folder.id }
            lines.append("    <outline text=\"\(escape(folder.title))\" title=\"\(escape(folder.title))\">")
            for feed in members { lines.append("      " + outline(feed)) }
            lines.append("    </outline>")
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    private static func outline(_ feed: Feed) -> String {
        let title = escape(feed.displayTitle)
        var text = "<outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escape(feed.url))\""
        if let site = feed.siteURL { text += " htmlUrl=\"\(escape(site))\"" }
        // Lectern's own settings, only where they differ from the defaults.
        if let minutes = feed.refreshMinutes { text += " lectern:refreshMinutes=\"\(minutes)\"" }
        if let notify = feed.notify { text += " lectern:notify=\"\(notify)\"" }
        if feed.opensInBrowser { text += " lectern:openInBrowser=\"true\"" }
        if feed.alwaysFullArticle { text += " lectern:fullArticle=\"true\"" }
        if let images = feed.loadsImages { text += " lectern:loadImages=\"\(images)\"" }
        if feed.downloadsEpisodes { text += " lectern:downloadEpisodes=\"true\"" }
        return text + "/>"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: out.append(character)
            }
        }
        return out
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
