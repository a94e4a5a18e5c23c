import CGtk4
import CLecternWidgets
import GtkBridge
import Localization

/// The video full screen, in a window of its own over Lectern's: the picture on black, and a
/// Leave Full Screen button that shows while the pointer moves (and the pointer with it).
/// Escape, F11, f or a double click leave; space and p play and pause, the arrow keys (and
/// comma and period) skip back and forward as in the player bar.
@MainActor
final class VideoFullScreen {
    /// How long the button and the pointer stay after the pointer stops.
    static let controlsLinger: UInt32 = 2000

    private let window: WidgetPointer
    private let picture: WidgetPointer
    private let controls: WidgetPointer
    private var hideControls: MainLoop.Source?
    private var closing = false
    /// Told once the window is gone (left by a key, the button or the window manager).
    var onLeave: (@MainActor () -> Void)?

    init(parent: WidgetPointer, title: String) {
        window = created(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        // Every video frame repaints the whole screen: its frames keep their shared memory on X11.
        lectern_keep_frame_memory(gtkWindow)
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_transient_for(gtkWindow, cast(parent))
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
        // The application's actions (play, skip) and keys reach it as they reach the main window.
        gtk_window_set_application(gtkWindow, gtk_window_get_application(cast(parent)))
        gtk_window_set_decorated(gtkWindow, 0)
        Widgets.addClasses(window, ["video-full-screen"])
        picture = created(gtk_picture_new())
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        Widgets.expand(picture)
        Accessibility.setLabel(picture, tr("Video: {title}", ["title": title]))
        let leave = Widgets.iconButton("view-restore-symbolic", tooltip: "", action: "app.video-full-screen",
                                       classes: ["osd", "circular"])
        Accessibility.name(leave, tr("Leave Full Screen"), tooltip: tr("Leave Full Screen (Escape)"))
        controls = created(gtk_revealer_new())
        gtk_revealer_set_transition_type(OpaquePointer(controls), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_child(OpaquePointer(controls), leave)
        gtk_window_set_child(gtkWindow, VideoView.overlaying(picture, with: controls, at: GTK_ALIGN_START, margin: 18))

        let keys = created(gtk_event_controller_key_new())
        connect(keys, .keyPressed) { [weak self] keyval, _, _ in self?.pressed(keyval) ?? false }
        gtk_widget_add_controller(window, keys)
        let motion = created(gtk_event_controller_motion_new())
        connect(motion, .motion) { [weak self] _, _ in self?.showControls() }
        gtk_widget_add_controller(window, motion)
        let clicks = created(gtk_gesture_click_new())
        connect(clicks, .pressed) { [weak self] count, _, _ in
            if count == 2 { self?.close() }
        }
        gtk_widget_add_controller(picture, clicks)
        connect(window, .closeRequest) { [weak self] in
            self?.left()
            return false
        }
        gtk_window_fullscreen(gtkWindow)
        gtk_window_present(gtkWindow)
        showControls()
    }

    func show(_ texture: OpaquePointer) {
        gtk_picture_set_paintable(OpaquePointer(picture), texture)
    }

    func close() {
        guard !closing else { return }
        left()
        gtk_window_destroy(cast(window))
    }

    private func left() {
        guard !closing else { return }
        closing = true
        hideControls?.remove()
        hideControls = nil
        onLeave?()
    }

    private func pressed(_ keyval: UInt32) -> Bool {
        // The arrows point where time runs: right to left, Left goes forward.
        let mirrored = Localization.isRightToLeft
        switch Int32(keyval) {
        case GDK_KEY_Escape, GDK_KEY_F11, GDK_KEY_f: close()
        case GDK_KEY_space, GDK_KEY_p: activate("app.play-pause")
        case GDK_KEY_comma: activate("app.skip-back")
        case GDK_KEY_period: activate("app.skip-forward")
        case GDK_KEY_Left: activate(mirrored ? "app.skip-forward" : "app.skip-back")
        case GDK_KEY_Right: activate(mirrored ? "app.skip-back" : "app.skip-forward")
        default: return false
        }
        return true
    }

    private func activate(_ action: String) {
        _ = gtk_widget_activate_action_variant(window, action, nil)
    }

    /// The button and the pointer show, and go again once the pointer rests.
    private func showControls() {
        guard !closing else { return }
        gtk_revealer_set_reveal_child(OpaquePointer(controls), 1)
        gtk_widget_set_cursor_from_name(window, nil)
        hideControls?.remove()
        hideControls = MainLoop.timeout(milliseconds: Self.controlsLinger) { [weak self] in
            guard let self else { return false }
            hideControls = nil
            gtk_revealer_set_reveal_child(OpaquePointer(controls), 0)
            gtk_widget_set_cursor_from_name(window, "none")
            return false
        }
    }
}
