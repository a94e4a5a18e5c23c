import CGtk4
import Foundation
import GtkBridge
import Library

extension LecternApplication {
    /// Import or Export OPML with the desktop's own file chooser (portal-aware).
    func chooseOPML(export: Bool) {
        let parent: UnsafeMutablePointer<GtkWindow>? = mainWindow.map { cast($0.window) }
        let chooser = lectern_file_chooser_native_new(export ? "Export Subscriptions" : "Import Subscriptions", parent,
                                                       export ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       export ? "_Export" : "_Import", "_Cancel")!
        if export { gtk_file_chooser_set_current_name(chooser, "lectern-subscriptions.opml") }
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "OPML files")
        gtk_file_filter_add_pattern(filter, "*.opml")
        gtk_file_filter_add_pattern(filter, "*.xml")
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        var owner: Object? = Object(adopting: chooser)   // kept alive until the user answers
        Signals.connectWithUInt(UnsafeMutableRawPointer(chooser), "response") { [unowned self] response in
            defer { if owner != nil { owner = nil } }   // the dialog is done: let it go
            guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(chooser) else { return }
            let path = takeString(g_file_get_path(file))
            g_object_unref(UnsafeMutableRawPointer(file))
            guard let path else { return }
            runLibraryRequest(export ? LibraryRequest(exportOPML: path) : LibraryRequest(importOPML: [path]))
        }
        gtk_native_dialog_show(cast(chooser))
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
