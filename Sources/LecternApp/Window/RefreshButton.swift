import CGtk4
import GtkBridge

/// The header bar's refresh control: a button that becomes Stop while a refresh runs,
/// with a spinner and "done / total" beside it.
@MainActor
final class RefreshButton {
    let widget: WidgetPointer
    private let button: WidgetPointer
    private let spinner: WidgetPointer
    private let progress: WidgetPointer

    init() {
        button = Widgets.iconButton("view-refresh-symbolic", tooltip: "Refresh All Feeds (r)", action: "app.refresh")
        spinner = gtk_spinner_new()
        progress = Widgets.label("", classes: ["refresh-progress", "numeric"])
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [button, spinner, progress])
        setRunning(false)
    }

    func setRunning(_ running: Bool) {
        gtk_button_set_icon_name(cast(button), running ? "process-stop-symbolic" : "view-refresh-symbolic")
        gtk_widget_set_tooltip_text(button, running ? "Stop Refreshing" : "Refresh All Feeds (r)")
        gtk_actionable_set_action_name(OpaquePointer(button), running ? "app.cancel-refresh" : "app.refresh")
        gtk_widget_set_visible(spinner, running ? 1 : 0)
        gtk_widget_set_visible(progress, running ? 1 : 0)
        if running { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
        if !running { gtk_label_set_text(OpaquePointer(progress), "") }
    }

    func setProgress(done: Int, total: Int) {
        gtk_label_set_text(OpaquePointer(progress), "\(done) / \(total)")
    }
}
