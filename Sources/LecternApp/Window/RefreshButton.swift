import CGtk4
import GtkBridge
import Localization

/// The header bar's refresh control: a button that becomes Stop while a refresh runs,
/// with a spinner and "done / total" beside it.
@MainActor
final class RefreshButton {
    let widget: WidgetPointer
    private let button: WidgetPointer
    private let spinner: WidgetPointer
    private let progress: WidgetPointer
    private let offline: WidgetPointer
    private var running = false
    private var isOffline = false

    init() {
        button = Widgets.iconButton("view-refresh-symbolic", tooltip: tr("Refresh All Feeds (r)"), action: "app.refresh")
        spinner = gtk_spinner_new()
        progress = Widgets.label("", classes: ["refresh-progress", "numeric"])
        offline = Widgets.label(tr("Offline"), classes: ["offline-state", "dim-label"])
        gtk_widget_set_tooltip_text(offline, tr("No network: Lectern refreshes by itself when it is back."))
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [button, spinner, progress, offline])
        setRunning(false)
    }

    /// The quiet offline state: "Offline" beside the button, which still tries when pressed.
    func setOffline(_ offline: Bool) {
        isOffline = offline
        gtk_widget_set_visible(self.offline, offline && !running ? 1 : 0)
        if !running { showIdle() }
    }

    private func showIdle() {
        gtk_button_set_icon_name(cast(button), isOffline ? "network-offline-symbolic" : "view-refresh-symbolic")
        Accessibility.name(button, isOffline ? tr("Refresh Anyway") : tr("Refresh All Feeds"),
                           tooltip: isOffline ? tr("Offline — Try Refreshing Anyway (r)") : tr("Refresh All Feeds (r)"))
    }

    func setRunning(_ running: Bool) {
        self.running = running
        gtk_widget_set_visible(offline, isOffline && !running ? 1 : 0)
        if running {
            gtk_button_set_icon_name(cast(button), "process-stop-symbolic")
            Accessibility.name(button, tr("Stop Refreshing"))
        } else {
            showIdle()
        }
        gtk_actionable_set_action_name(OpaquePointer(button), running ? "app.cancel-refresh" : "app.refresh")
        gtk_widget_set_visible(spinner, running ? 1 : 0)
        gtk_widget_set_visible(progress, running ? 1 : 0)
        if running { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
        if !running { gtk_label_set_text(OpaquePointer(progress), "") }
    }

    func setProgress(done: Int, total: Int) {
        // Translators: a refresh's progress, feeds done out of all feeds: "3 / 12".
        gtk_label_set_text(OpaquePointer(progress), tr("{done} / {total}", ["done": done, "total": total]))
    }
}
