import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

extension LecternApplication {
    /// Import or Export OPML with the desktop's own file chooser (portal-aware).
    func chooseOPML(export: Bool) {
        let parent: UnsafeMutablePointer<GtkWindow>? = mainWindow.map { cast($0.window) }
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
    func runLibraryRequest(_ request: LibraryRequest) {
        guard let service = libraryService else { return }
        Task { @MainActor [weak self] in
            let report = await service.perform(request) { _ in }
            self?.libraryDidChange()
            if !report.failures.isEmpty { self?.notify(report.failures.joined(separator: "\n")) }
        }
    }
}
