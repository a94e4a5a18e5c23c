import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// What the search provider asks of the application: the library, and showing what the
/// user picked in the Shell.
@MainActor
protocol ShellSearchHost: AnyObject {
    /// The library to search, opened on first use; nil when it cannot be opened.
    var searchableStore: LibraryStore? { get }
    /// Brings the window up with the article `id` open (the search's words in the list when
    /// the article is not among the feed's first pages).
    func showArticle(id: Int64, searchingFor text: String, timestamp: UInt32)
    /// Brings the window up with `text` in its search field.
    func showSearch(_ text: String, timestamp: UInt32)
}

/// GNOME Shell's search finds articles in Lectern: `org.gnome.Shell.SearchProvider2` at
/// `objectPath`, under the bus name `busName`, which GNOME Shell learns from
/// data/dev.lectern.Lectern.search-provider.ini and D-Bus starts (`lectern
/// --gapplication-service`) when Lectern is not running. Results are the library's full-text
/// search, best first; each result reads as the article's title over its feed and date, as
/// in the article list. The name is owned only once the object is registered, so the first
/// call after D-Bus starts Lectern finds it. docs/packaging.md says how it is installed.
@MainActor
final class ShellSearchProvider {
    static let busName = "dev.lectern.Lectern.SearchProvider"
    static let objectPath = "/dev/lectern/Lectern/SearchProvider"
    /// How many results one search returns: GNOME Shell shows the first few.
    nonisolated static let resultLimit = 20
    /// The shortest term searched (see `search`).
    static let shortestTerm = 2

    private weak var host: ShellSearchHost?
    private let application: UnsafeMutablePointer<GApplication>
    private var object: ExportedObject?
    private var name: OwnedBusName?

    /// Serves the provider on the application's own connection; nothing when it has none
    /// (no session bus), or when the object cannot be registered (logged).
    init(host: ShellSearchHost, application: UnsafeMutablePointer<GApplication>) {
        self.host = host
        self.application = application
        guard let connection = g_application_get_dbus_connection(application) else { return }
        do {
            object = try ExportedObject(connection: connection, path: Self.objectPath, introspection: Self.introspection) {
                [weak self] call in self?.answer(call)
            }
            name = OwnedBusName(Self.busName, on: connection)
        } catch {
            Log.warning("GNOME Shell's search will not find articles: \(error)")
        }
    }

    private func answer(_ call: MethodCall) {
        let arguments = call.parameters
        switch call.method {
        case "GetInitialResultSet":
            search(arguments.child(0)?.strings ?? [], for: call)
        case "GetSubsearchResultSet":
            // A fresh search is as fast as narrowing the previous results, and ranks them anew.
            search(arguments.child(1)?.strings ?? [], for: call)
        case "GetResultMetas":
            describe((arguments.child(0)?.strings ?? []).compactMap { Int64($0) }, for: call)
        case "ActivateResult":
            call.reply([])
            guard let id = arguments.child(0)?.string.flatMap({ Int64($0) }) else { return }
            host?.showArticle(id: id, searchingFor: Self.text(arguments.child(1)?.strings),
                              timestamp: arguments.child(2)?.uint32 ?? 0)
        case "LaunchSearch":
            call.reply([])
            host?.showSearch(Self.text(arguments.child(0)?.strings), timestamp: arguments.child(1)?.uint32 ?? 0)
        default:
            call.fail("org.freedesktop.DBus.Error.UnknownMethod", "\(call.method) is not a method of the search provider")
        }
    }

    private static func text(_ terms: [String]?) -> String { (terms ?? []).joined(separator: " ") }

    /// The ids of the articles matching every term, best first. The Shell asks again at every
    /// key, from the first: a one-letter term would match most of a large library (and costs
    /// up to a tenth of a second on 100 000 articles, where two letters take milliseconds), so
    /// terms of one character are left out until a longer one comes; none left, no results.
    private func search(_ terms: [String], for call: MethodCall) {
        let text = Self.text(terms.filter { $0.count >= Self.shortestTerm })
        // No words means no search (the library would list everything).
        guard text.contains(where: { !$0.isWhitespace }) else { return call.reply([Variant.strings([])]) }
        withStore(for: call) { store throws(StorageError) in
            let rows = try store.articles(ArticleQuery(view: .all, search: text, limit: Self.resultLimit))
            return [Variant.strings(rows.map { String($0.id) })]
        }
    }

    /// Each article's id, title, and feed and date (with the feed's icon when Lectern has it).
    private func describe(_ ids: [Int64], for call: MethodCall) {
        withStore(for: call) { store throws(StorageError) in
            let now = Date()
            let rows = try store.rows(ids: ids)
            var icons: [Int64: String] = [:]
            for feedID in Set(rows.map(\.feedID)) {
                if let feed = try store.feed(id: feedID), let file = FeedIconCache.cachedFile(forFeedURL: feed.url) {
                    icons[feedID] = file.path
                }
            }
            let metas = rows.map { row in
                var entries: [(key: String, value: OpaquePointer)] = [
                    ("id", Variant.string(String(row.id))),
                    ("name", Variant.string(row.title ?? tr("Untitled"))),
                    ("description", Variant.string(WritingDirection.isolating([row.feedTitle, RelativeDate.text(row.date, now: now)],
                                                                             separator: " · "))),
                ]
                if let icon = icons[row.feedID] { entries.append(("gicon", Variant.string(icon))) }
                return Variant.dictionary(entries)
            }
            return [Variant.array(of: "a{sv}", metas)]
        }
    }

    /// Runs `work` on the library off the main thread and answers `call` with its values, or
    /// with the error. Lectern stays running until then (a D-Bus-started Lectern quits once
    /// it has been idle for a while).
    private func withStore(for call: MethodCall,
                           _ work: @escaping @Sendable (LibraryStore) throws(StorageError) -> [OpaquePointer]) {
        guard let store = host?.searchableStore else {
            return call.fail("org.freedesktop.DBus.Error.Failed", tr("Lectern’s library could not be opened"))
        }
        g_application_hold(application)
        Task { @MainActor [application] in
            let result = await Task.detached(priority: .userInitiated) { () -> Result<ReplyValues, StorageError> in
                Result { () throws(StorageError) in ReplyValues(try work(store)) }
            }.value
            switch result {
            case .success(let values): call.reply(values.pointers)
            case .failure(let error): call.fail("org.freedesktop.DBus.Error.Failed", String(describing: error))
            }
            g_application_release(application)
        }
    }

    static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """
}

/// Floating GVariants made off the main thread and handed to it for the reply (nothing else
/// touches them in between).
private struct ReplyValues: @unchecked Sendable {
    let pointers: [OpaquePointer]
    init(_ pointers: [OpaquePointer]) { self.pointers = pointers }
}
