import CGtk4
import Foundation
import GtkBridge
import Localization

/// Where an episode's download stands.
enum DownloadState: Equatable {
    case none
    case downloading(received: Int, total: Int?)
    case downloaded(bytes: Int)
    case failed(String)
}

/// Beside an episode in the reader: Download; while it comes, how far and Cancel; once kept,
/// its size and Delete Download; after a failure, why and Try Again.
@MainActor
final class DownloadControl {
    let widget: WidgetPointer
    private let button = Widgets.textButton("", classes: ["attachment-download"])
    private let label = Widgets.label("", classes: ["attachment-details", "download-state"])
    private let target: String
    private var shown: DownloadState?

    init(articleID: Int64, url: String) {
        target = "\(articleID) \(url)"
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["attachment-download-row"], [button, label])
    }

    func show(_ state: DownloadState) {
        guard state != shown else { return }
        shown = state
        let (title, action, words): (String, String, String)
        switch state {
        case .none:
            (title, action, words) = (tr("Download"), "app.download-episode", "")
        case .downloading(let received, let total):
            let done = total.map { tr("Downloading, {percent} %", ["percent": min(100, received * 100 / max(1, $0))]) }
                ?? tr("Downloading, {size}", ["size": ReaderController.size(received)])
            (title, action, words) = (tr("Cancel"), "app.cancel-download", done)
        case .downloaded(let bytes):
            (title, action, words) = (tr("Delete Download"), "app.delete-download",
                                      tr("Downloaded, {size}", ["size": ReaderController.size(bytes)]))
        case .failed(let reason):
            (title, action, words) = (tr("Try Again"), "app.download-episode", tr("The download failed: {reason}", ["reason": reason]))
        }
        gtk_button_set_label(cast(button), title)
        gtk_actionable_set_action_name(OpaquePointer(button), action)
        gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_string(target))
        gtk_label_set_text(OpaquePointer(label), words)
        gtk_widget_set_visible(label, words.isEmpty ? 0 : 1)
    }
}
