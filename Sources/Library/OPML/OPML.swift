import FeedParsing
import Foundation

/// OPML in and out of a library.
public enum OPML {
    /// The subscriptions an OPML document lists, without touching any library.
    public static func entries(in data: Data) throws(OPMLError) -> [OPMLEntry] {
        try OPMLParser.parse(data)
    }

    /// Imports an OPML document in one transaction: folders are created as needed,
    /// feeds already subscribed are skipped and counted, and an invalid file imports
    /// nothing at all. Relative feed addresses are resolved against `baseURL` (the OPML
    /// file's own location, for a file that travels with its feeds). Only web feeds are
    /// subscribed: a local file is added by the user's own hand, never because a list names
    /// it (`file://…/.ssh/id_rsa`), unless `localFeeds` (Lectern's own sample list).
    @discardableResult
    public static func importDocument(_ data: Data, into store: LibraryStore,
                                      baseURL: URL? = nil, localFeeds: Bool = false) throws(OPMLImportError) -> OPMLImportResult {
        let entries: [OPMLEntry]
        do {
            entries = try OPMLParser.parse(data)
        } catch {
            throw .unreadable(error)
        }
        return try save(entries, in: store, baseURL: baseURL, localFeeds: localFeeds)
    }

    /// Imports the OPML file at `path` (see `importDocument`).
    @discardableResult
    public static func importFile(at path: String, into store: LibraryStore,
                                  localFeeds: Bool = false) throws(OPMLImportError) -> OPMLImportResult {
        let entries: [OPMLEntry]
        do {
            entries = try OPMLParser.parse(fileAt: path)
        } catch {
            throw .unreadable(error)
        }
        return try save(entries, in: store, baseURL: URL(fileURLWithPath: path), localFeeds: localFeeds)
    }

    /// Saves `entries` in one transaction.
    private static func save(_ entries: [OPMLEntry], in store: LibraryStore,
                             baseURL: URL?, localFeeds: Bool) throws(OPMLImportError) -> OPMLImportResult {
        do {
            return try store.storageTransaction { database throws(StorageError) in
                var result = OPMLImportResult()
                var folderIDs: [String: Int64] = [:]
                let before = try database.scalar("SELECT count(*) FROM folders")
                for entry in entries {
                    guard let url = URL(string: entry.url, relativeTo: baseURL)?.absoluteURL,
                          let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
                        result.invalid.append(entry.url)
                        continue
                    }
                    if scheme == "file" && !localFeeds {
                        result.local.append(entry.url)
                        continue
                    }
                    var folderID: Int64?
                    if let name = entry.folder {
                        if let known = folderIDs[name.lowercased()] {
                            folderID = known
                        } else {
                            let folder = try LibraryStore.folder(named: name, in: database)
                            folderIDs[name.lowercased()] = folder.id
                            folderID = folder.id
                        }
                    }
                    let id = try LibraryStore.insertFeed(url: url.absoluteString, title: entry.title, siteURL: entry.siteURL,
                                                         folderID: folderID, in: database)
                    if let id {
                        result.added += 1
                        try LibraryStore.apply(entry.settings, toFeed: id, in: database)
                    } else {
                        result.duplicates += 1
                    }
                }
                result.foldersCreated = Int(try database.scalar("SELECT count(*) FROM folders") - before)
                return result
            }
        } catch {
            throw .storage(error)
        }
    }

    /// The local library's subscriptions as an OPML 2.0 document (an account's live on its
    /// server, which exports them itself).
    public static func export(_ store: LibraryStore, title: String = "Lectern subscriptions") throws(StorageError) -> (text: String, feeds: Int) {
        let feeds = try store.feeds().filter { $0.accountID == nil }
        let folders = try store.folders().filter { $0.accountID == nil }
        return (OPMLWriter.write(folders: folders, feeds: feeds, title: title), feeds.count)
    }
}
