import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Adding subscriptions from the window: an address (a feed, or a page whose feed is found),
/// an OPML file through the desktop's file chooser, the sample feeds.
extension SubscriptionsFeature {
    func subscribe(_ address: String, done: @escaping @MainActor (Result<[DiscoveredFeed], AddFeedFailure>) -> Void) {
        guard let service = library.service else { return done(.failure(AddFeedFailure(message: tr("The library is not available.")))) }
        Task { @MainActor [weak self] in
            do {
                switch try await Subscriber(store: service.store, policy: service.policy).subscribe(url: address) {
                case .subscribed: done(.success([]))
                case .choices(let found): done(.success(found))
                }
                self?.shell.libraryDidChange()
            } catch {
                done(.failure(AddFeedFailure(message: "\(error)")))
            }
        }
    }

    func trySamples() {
        guard let service = library.service, let samples = DataLocations.samplesOPML else { return }
        Task { @MainActor [weak self] in
            let report = await service.perform(LibraryRequest(importOPML: [samples.path], refresh: true)) { _ in }
            self?.shell.libraryDidChange()
            if !report.failures.isEmpty {
                self?.shell.notify(tr("The sample feeds could not be added: {failures}", ["failures": report.failures.joined(separator: "; ")]))
            }
        }
    }

    /// Import or Export OPML with the desktop's own file chooser (portal-aware).
    func chooseOPML(export: Bool) {
        let parent: UnsafeMutablePointer<GtkWindow>? = shell.mainWindow.map { cast($0.window) }
        let chooser = lectern_file_chooser_native_new(export ? tr("Export Subscriptions") : tr("Import Subscriptions"), parent,
                                                       export ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       export ? tr("_Export") : tr("_Import"), tr("_Cancel"))
        let owned = Object(adopting: created(chooser))
        if export { gtk_file_chooser_set_current_name(owned.opaquePointer, "lectern-subscriptions.opml") }
        let filter = Object(adopting: created(gtk_file_filter_new()))
        gtk_file_filter_set_name(filter.opaquePointer, tr("OPML files"))
        gtk_file_filter_add_pattern(filter.opaquePointer, "*.opml")
        gtk_file_filter_add_pattern(filter.opaquePointer, "*.xml")
        gtk_file_chooser_add_filter(owned.opaquePointer, filter.opaquePointer)
        let dialog = owned.opaquePointer
        var owner: Object? = owned   // kept alive until the user answers
        owned.connect(.response) { [unowned self] response in
            defer { if owner != nil { owner = nil } }   // the dialog is done: let it go
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(dialog).map({ Object(adopting: $0) }),
                  let path = takeString(g_file_get_path(file.opaquePointer)) else { return }
            runLibraryRequest(export ? LibraryRequest(exportOPML: path) : LibraryRequest(importOPML: [path]))
        }
        gtk_native_dialog_show(owned.as(GtkNativeDialog.self))
    }

    /// Runs library work for the window and reports problems in the banner.
    private func runLibraryRequest(_ request: LibraryRequest) {
        guard let service = library.service else { return }
        Task { @MainActor [weak self] in
            let report = await service.perform(request) { _ in }
            self?.shell.libraryDidChange()
            if !report.failures.isEmpty { self?.shell.notify(report.failures.joined(separator: "\n")) }
        }
    }
}
