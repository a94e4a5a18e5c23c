import Foundation
import GtkBridge
import Library
import Localization

/// The library in the primary instance: opened on first use, and — when its schema must be
/// upgraded first — opened off the main thread while the window is already on screen. Every
/// feature reaches the store through here.
@MainActor
final class LibraryOwner {
    /// Where the library is.
    private enum State {
        /// Not asked for yet (quitting then does not open it).
        case closed
        /// Being upgraded and opened off the main thread; work waiting for it.
        case opening(waiting: [@MainActor (LibraryService?) -> Void])
        case open(LibraryService, StoreAccess)
        /// It could not be opened; the user was told why.
        case failed
    }

    private var state = State.closed
    /// Told what failed (the banner, once).
    private let notify: @MainActor (String) -> Void

    init(notify: @escaping @MainActor (String) -> Void) {
        self.notify = notify
    }

    /// The library, opened now if nobody asked before; nil while an upgrade runs or when it
    /// cannot be opened.
    var service: LibraryService? {
        openIfClosed()
        if case .open(let service, _) = state { return service }
        return nil
    }

    /// The window's way to the store (failures shown in the banner); nil as `service`.
    var access: StoreAccess? {
        openIfClosed()
        if case .open(_, let access) = state { return access }
        return nil
    }

    /// Runs `body` with the library once it is open (at once, unless an upgrade is running);
    /// nil when it cannot be opened.
    func withLibrary(_ body: @escaping @MainActor (LibraryService?) -> Void) {
        openIfClosed()
        switch state {
        case .opening(let waiting): state = .opening(waiting: waiting + [body])
        case .open(let service, _): body(service)
        case .closed, .failed: body(nil)
        }
    }

    /// Opens the library for the window: at once when its schema is current; otherwise off
    /// the main thread, with the window showing an upgrade notice if it takes more than
    /// half a second. `ready` runs when the library is open (or could not be).
    func open(for window: MainWindow, ready: @escaping @MainActor (StoreAccess?) -> Void) {
        let file = DataLocations.libraryFile
        guard case .closed = state, let upgrade = LibraryStore.pendingUpgrade(at: file.path) else {
            return ready(access)
        }
        state = .opening(waiting: [])
        let notice = MainLoop.timeout(milliseconds: 500) {
            window.showUpgrade(articles: upgrade.articles)
            return false
        }
        Task { @MainActor [weak self] in
            let result = await Self.open(file)
            notice.remove()
            guard let self else { return }
            settle(result)
            ready(access)
        }
    }

    private func openIfClosed() {
        guard case .closed = state else { return }
        settle(Result { () throws(StorageError) in try DataLocations.openLibrary(at: DataLocations.libraryFile) })
    }

    /// Opens (and upgrades) the library off the main thread.
    private nonisolated static func open(_ file: URL) async -> Result<LibraryService, StorageError> {
        Result { () throws(StorageError) in try DataLocations.openLibrary(at: file) }
    }

    private func settle(_ result: Result<LibraryService, StorageError>) {
        let waiting: [@MainActor (LibraryService?) -> Void]
        if case .opening(let list) = state { waiting = list } else { waiting = [] }
        switch result {
        case .success(let service):
            let access = StoreAccess(store: service.store)
            access.onFailure = { [notify] message in notify(message) }
            state = .open(service, access)
            // What a command-line sync stored, or an indexer cut off at quit, becomes searchable.
            service.store.indexInBackground()
            waiting.forEach { $0(service) }
        case .failure(let error):
            state = .failed
            notify(tr("The library at {path} could not be opened: {error}",
                      ["path": DataLocations.libraryFile.path, "error": String(describing: error)]))
            waiting.forEach { $0(nil) }
        }
    }

    /// Folds the write-ahead log into the library file at quit, if the library was opened.
    func close() {
        guard case .open(let service, _) = state else { return }
        do {
            try service.store.checkpoint()
        } catch {
            // Nothing is lost: the changes stay in the write-ahead log for the next start.
            Log.warning("The library's log could not be folded into \(DataLocations.libraryFile.path): \(error)")
        }
    }
}
