import CGtk4
import GtkBridge
import Localization
import Playback

/// The video of the episode playing, at the top of the reader at the reading column's width
/// (it stays while other articles are read, as the player bar does), never taller than
/// `maximumHeight` of the window: the article keeps the rest. A button over its corner, F11 or
/// a double click shows it full screen (`VideoFullScreen`). Hidden for a sound-only episode.
/// Semantic classes only (`reader-video`, `video-picture`).
@MainActor
final class VideoView {
    /// The part of the window's height the video may take, at most.
    static let maximumHeight = 0.45

    let widget: WidgetPointer
    private let column = ReadingColumn(classes: ["reader-video"])
    private let picture: WidgetPointer
    private let frame: WidgetPointer
    private var texture: OpaquePointer?
    private var fullScreen: VideoFullScreen?
    private var title = ""

    init() {
        picture = created(gtk_picture_new())
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        Widgets.addClasses(picture, ["video-picture"])
        // Never taller than its share of the window: the scroller takes the picture's natural
        // height up to that, and the picture keeps its proportions within it.
        frame = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(frame), GTK_POLICY_NEVER, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(frame), 1)
        gtk_scrolled_window_set_child(OpaquePointer(frame), picture)
        let enlarge = Widgets.iconButton("view-fullscreen-symbolic", tooltip: "", action: "app.video-full-screen",
                                         classes: ["osd", "circular", "video-full-screen-button"])
        Accessibility.name(enlarge, tr("Full Screen"), tooltip: tr("Full Screen (F11)"))
        gtk_box_append(cast(column.content), Self.overlaying(frame, with: enlarge, at: GTK_ALIGN_END, margin: 8))
        widget = column.widget
        gtk_widget_set_visible(widget, 0)
        let clicks = created(gtk_gesture_click_new())
        connect(clicks, .pressed) { [weak self] count, _, _ in
            if count == 2 { self?.toggleFullScreen() }
        }
        gtk_widget_add_controller(picture, clicks)
    }

    /// Whether the video shows (a video episode open in the player).
    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Follows the player: shown while a video episode is open, its title read out.
    func follow(_ player: MediaPlayer?, title: String?) {
        var shown = false
        if let player, player.videoSize != nil, let title {
            switch player.state {
            case .idle, .failed: break
            default: shown = true
            }
            if shown, !isShown || title != self.title {
                self.title = title
                // Translators: names the video playing for a screen reader: {title} is the episode's.
                Accessibility.setLabel(picture, tr("Video: {title}", ["title": title]))
            }
        }
        if shown {
            fitHeight()
            if !isShown { gtk_widget_set_visible(widget, 1) }
        } else if isShown {
            leaveFullScreen()
            gtk_widget_set_visible(widget, 0)
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
            texture = nil
        }
    }

    /// Shows `frame`, here and full screen.
    func present(_ frame: VideoFrame) {
        guard isShown || fullScreen != nil else { return }
        let made = gdk_memory_texture_new(Int32(frame.width), Int32(frame.height), GDK_MEMORY_R8G8B8A8, frame.bytes,
                                          gsize(frame.stride))
        gtk_picture_set_paintable(OpaquePointer(picture), made)
        if let made { fullScreen?.show(made) }
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        texture = made
    }

    /// The reading column's measure (the font of the article shown), so the video is as wide as the text.
    func measure(by reference: WidgetPointer?) {
        column.measure(by: reference)
    }

    func toggleFullScreen() {
        if fullScreen != nil { return leaveFullScreen() }
        guard isShown, let root = gtk_widget_get_root(widget) else { return }
        let shown = VideoFullScreen(parent: WidgetPointer(root), title: title)
        shown.onLeave = { [weak self] in self?.fullScreen = nil }
        if let texture { shown.show(texture) }
        fullScreen = shown
    }

    private func leaveFullScreen() {
        fullScreen?.close()
        fullScreen = nil
    }

    /// `child` with `corner` over its end corner (the top or bottom one, `valign`), `margin` in from its edges.
    static func overlaying(_ child: WidgetPointer, with corner: WidgetPointer, at valign: GtkAlign, margin: Int32) -> WidgetPointer {
        gtk_widget_set_halign(corner, GTK_ALIGN_END)
        gtk_widget_set_valign(corner, valign)
        gtk_widget_set_margin_end(corner, margin)
        if valign == GTK_ALIGN_START { gtk_widget_set_margin_top(corner, margin) } else { gtk_widget_set_margin_bottom(corner, margin) }
        let overlay = created(gtk_overlay_new())
        gtk_overlay_set_child(OpaquePointer(overlay), child)
        gtk_overlay_add_overlay(OpaquePointer(overlay), corner)
        return overlay
    }

    /// The video's share of the window's height, as it is when the video shows.
    private func fitHeight() {
        guard let root = gtk_widget_get_root(widget) else { return }
        let height = Double(gtk_widget_get_height(WidgetPointer(root)))
        gtk_scrolled_window_set_max_content_height(OpaquePointer(frame), Int32(max(120, height * Self.maximumHeight)))
    }
}
