import Library
import Localization

/// The window's one way to the library store. Every call says what it was for; a failure
/// is logged each time and shown in the banner once (until the library answers again),
/// with what failed and what to do — never an empty list and no word.
@MainActor
final class StoreAccess {
    let store: LibraryStore
    /// Logs a message and shows it in the window's banner (`LecternApplication.notify`).
    var onFailure: (@MainActor (String) -> Void)?
    /// True from a failure shown until the next call that works.
    private var failing = false

    init(store: LibraryStore) {
        self.store = store
    }

    /// The result of `body`, or `fallback` when the store failed (reported as `purpose`,
    /// translated, e.g. `tr("show the articles")`).
    func read<T>(_ purpose: String, fallback: T, _ body: (LibraryStore) throws -> T) -> T {
        do {
            let value = try body(store)
            failing = false
            return value
        } catch {
            report(error, purpose: purpose)
            return fallback
        }
    }

    /// The value of work done off the main thread, or `fallback` when it failed (reported as
    /// `purpose`, as `read` reports).
    func reported<T>(_ result: Result<T, StorageError>, purpose: String, fallback: T) -> T {
        read(purpose, fallback: fallback) { _ in try result.get() }
    }

    /// Runs a change; false when the store refused it (reported as `purpose`).
    @discardableResult
    func write(_ purpose: String, _ body: (LibraryStore) throws -> Void) -> Bool {
        read(purpose, fallback: false) { store in
            try body(store)
            return true
        }
    }

    private func report(_ error: any Error, purpose: String) {
        // Translators: {action} is what failed, e.g. "open the article"; {error} says why.
        let message = tr("Lectern could not {action}. {error}", ["action": purpose, "error": String(describing: error)])
        if failing { return Log.warning(message) }
        failing = true
        if let onFailure { onFailure(message) } else { Log.warning(message) }
    }
}
