import CGtk4
import Foundation
import GtkBridge
import Library
import Localization
import Playback

/// The player at the bottom of the window, while an episode is open: back 15 s, play/pause,
/// forward 30 s, the episode and its show (and the chapter playing), its chapters, the speed and
/// the volume, a close button, and below
/// them the seek bar between the time played and the time left. A failure takes the seek bar's
/// place with what failed and what to do. Space plays and pauses while the focus is in the bar.
/// Semantic classes only (`player-bar`, `player-title`, `player-show`, `player-time`,
/// `player-note`, `player-error`).
@MainActor
final class PlayerBar {
    let widget: WidgetPointer
    private let playButton: WidgetPointer
    private let title = Widgets.label("", classes: ["player-title"])
    private let show = Widgets.label("", classes: ["player-show"])
    private let elapsed = Widgets.label("", classes: ["player-time"])
    private let remaining = Widgets.label("", classes: ["player-time"], xalign: 1)
    private let seekBar: WidgetPointer
    private let seekRow: WidgetPointer
    private let note = Widgets.label("", classes: ["player-note"], wrap: true)
    private let error = Widgets.label("", classes: ["player-error"], wrap: true)
    private let speedButton: WidgetPointer
    private let chaptersButton: WidgetPointer
    /// The chapters the chapters menu lists now (rebuilt only when they change).
    private var listedChapters: [Chapter] = []
    private let volumeButton: WidgetPointer
    /// The episode's title and show: between the buttons, or in a row of their own above them
    /// in a narrow window, where the buttons leave them no room.
    private let words: WidgetPointer
    private let controls: WidgetPointer
    private var narrow = false
    /// True while the bar sets the seek bar itself (not the user moving it).
    private var updating = false
    private var pendingSeek: MainLoop.Source?
    /// Seeks the user asked for with the seek bar.
    var onSeek: (@MainActor (Double) -> Void)?
    var onVolume: (@MainActor (Double) -> Void)?

    init() {
        playButton = Widgets.iconButton("media-playback-start-symbolic", tooltip: "", action: "app.play-pause",
                                        classes: ["player-play", "circular"])
        let back = Widgets.iconButton("media-seek-backward-symbolic", tooltip: "", action: "app.skip-back", classes: ["flat"])
        let forward = Widgets.iconButton("media-seek-forward-symbolic", tooltip: "", action: "app.skip-forward", classes: ["flat"])
        // Translators: {seconds} is 15; {key} the key that does the same (a comma).
        Accessibility.name(back, tr("Back {seconds} Seconds", ["seconds": "15"]), tooltip: tr("Back {seconds} Seconds ({key})", ["seconds": "15", "key": ","]))
        Accessibility.name(forward, tr("Forward {seconds} Seconds", ["seconds": "30"]), tooltip: tr("Forward {seconds} Seconds ({key})", ["seconds": "30", "key": "."]))
        let close = Widgets.iconButton("window-close-symbolic", tooltip: "", action: "app.stop-playing", classes: ["flat"])
        Accessibility.name(close, tr("Close the Player"))

        let speeds = Menu()
        for rate in MediaPlayer.rates { speeds.append(Self.rateText(rate), action: "app.playback-speed", target: Self.rateTarget(rate)) }
        speedButton = created(gtk_menu_button_new())
        gtk_menu_button_set_menu_model(OpaquePointer(speedButton), speeds.model)
        gtk_menu_button_set_label(OpaquePointer(speedButton), Self.rateText(1))
        Widgets.addClasses(speedButton, ["flat", "player-speed"])
        Accessibility.name(speedButton, tr("Playback Speed"))
        chaptersButton = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(OpaquePointer(chaptersButton), "view-list-symbolic")
        Widgets.addClasses(chaptersButton, ["flat", "player-chapters"])
        Accessibility.name(chaptersButton, tr("Chapters"))
        gtk_widget_set_visible(chaptersButton, 0)
        volumeButton = created(gtk_volume_button_new())
        gtk_scale_button_set_value(cast(volumeButton), 1)
        Accessibility.setLabel(volumeButton, tr("Volume"))
        // The scale button's focus is on its inner button: it needs the name too.
        if let inner = gtk_widget_get_first_child(volumeButton) { Accessibility.name(inner, tr("Volume")) }

        words = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["player-episode"], [title, show])
        Widgets.expand(words, vertical: false)
        gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
        controls = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, classes: ["player-controls"],
                               [back, playButton, forward, words, chaptersButton, speedButton, volumeButton, close])

        seekBar = created(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1))
        gtk_scale_set_draw_value(cast(seekBar), 0)
        Widgets.expand(seekBar, vertical: false)
        Accessibility.setLabel(seekBar, tr("Position"))
        gtk_label_set_width_chars(OpaquePointer(elapsed), 5)
        gtk_label_set_width_chars(OpaquePointer(remaining), 6)
        seekRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["player-seek"], [elapsed, seekBar, remaining])
        gtk_widget_set_visible(error, 0)
        gtk_widget_set_visible(note, 0)

        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["player-bar"], [controls, seekRow, error, note])
        Accessibility.setLabel(widget, tr("Player"))
        gtk_widget_set_visible(widget, 0)

        connect(seekBar, .valueChanged) { [weak self] in self?.seekBarMoved() }
        connect(volumeButton, .valueChanged) { [weak self] in
            guard let self, !updating else { return }
            onVolume?(gtk_scale_button_get_value(cast(volumeButton)))
        }
        spaceToggles()
    }

    /// A narrow window (one pane at a time): the title and show go above the buttons, whole.
    func fit(narrow: Bool) {
        guard narrow != self.narrow else { return }
        self.narrow = narrow
        _ = g_object_ref(UnsafeMutableRawPointer(words))
        defer { g_object_unref(UnsafeMutableRawPointer(words)) }
        gtk_box_remove(cast(gtk_widget_get_parent(words)), words)
        if narrow {
            gtk_box_prepend(cast(widget), words)
        } else {
            gtk_box_insert_child_after(cast(controls), words, gtk_widget_get_prev_sibling(chaptersButton))
        }
        // Without the words between them, the buttons gather in the middle.
        gtk_widget_set_halign(controls, narrow ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL)
    }

    /// Shows the player's state: hidden when nothing is open.
    func show(_ player: MediaPlayer?, episode: ListeningFeature.Episode?) {
        guard let player, let episode, player.state != .idle else { return gtk_widget_set_visible(widget, 0) }
        gtk_widget_set_visible(widget, 1)
        gtk_label_set_text(OpaquePointer(title), episode.title)
        let chapter = Chapter.at(player.position, in: episode.chapters)?.title
        let subtitle = [episode.show, chapter].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        gtk_label_set_text(OpaquePointer(show), subtitle)
        gtk_widget_set_visible(show, subtitle.isEmpty ? 0 : 1)
        listChapters(episode.chapters)
        let playing = player.state == .playing || player.state == .loading
        gtk_button_set_icon_name(cast(playButton), playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        Accessibility.name(playButton, playing ? tr("Pause") : tr("Play"), tooltip: playing ? tr("Pause (p)") : tr("Play (p)"))
        gtk_menu_button_set_label(OpaquePointer(speedButton), Self.rateText(player.rate))
        updating = true
        defer { updating = false }
        gtk_scale_button_set_value(cast(volumeButton), player.volume)
        if case .failed(let failure) = player.state {
            gtk_label_set_text(OpaquePointer(error), failure.message + " " + failure.advice)
            gtk_widget_set_visible(error, 1)
            gtk_widget_set_visible(seekRow, 0)
        } else {
            gtk_widget_set_visible(error, 0)
            gtk_widget_set_visible(seekRow, 1)
            showPosition(player)
        }
        let notes = [
            player.noSoundDevice ? tr("No sound device was found: the episode plays silently.") : nil,
            // Translators: {kind} is what of the episode has no decoder ("H.265 video"); the rest of it plays.
            player.unplayablePart.map { tr("Lectern cannot play the episode's {kind}: no decoder for it is installed (gstreamer1.0-libav has most). The rest plays.", ["kind": $0]) },
        ].compactMap { $0 }
        gtk_label_set_text(OpaquePointer(note), notes.joined(separator: " "))
        gtk_widget_set_visible(note, notes.isEmpty ? 0 : 1)
    }

    /// The chapters menu: each chapter's start and title, going there when chosen.
    private func listChapters(_ chapters: [Chapter]) {
        guard chapters != listedChapters else { return }
        listedChapters = chapters
        let menu = Menu()
        for chapter in chapters {
            menu.append("\(Self.time(chapter.start))  \(chapter.title)", action: "app.seek-to", target: String(chapter.start))
        }
        gtk_menu_button_set_menu_model(OpaquePointer(chaptersButton), menu.model)
        gtk_widget_set_visible(chaptersButton, chapters.isEmpty ? 0 : 1)
    }

    private func showPosition(_ player: MediaPlayer) {
        let position = player.position
        gtk_label_set_text(OpaquePointer(elapsed), Self.time(position))
        if let duration = player.duration {
            gtk_label_set_text(OpaquePointer(remaining), "−" + Self.time(max(0, duration - position)))
            gtk_widget_set_sensitive(seekBar, 1)
            // Not while the user drags the slider: the drag wins.
            if !isDragged {
                gtk_range_set_range(cast(seekBar), 0, duration)
                gtk_range_set_value(cast(seekBar), position)
            }
        } else {
            // A stream without end, or a length not known yet.
            gtk_label_set_text(OpaquePointer(remaining), "")
            gtk_widget_set_sensitive(seekBar, 0)
        }
    }

    private var isDragged: Bool {
        Widgets.descendants(of: seekBar).contains { gtk_widget_get_state_flags($0).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0 }
    }

    /// The user moved the seek bar: one seek when the loop is next idle, to where it was left.
    private func seekBarMoved() {
        guard !updating, pendingSeek == nil else { return }
        pendingSeek = MainLoop.idle { [weak self] in
            guard let self else { return false }
            pendingSeek = nil
            onSeek?(gtk_range_get_value(cast(seekBar)))
            return false
        }
    }

    /// Space plays and pauses while the focus is anywhere in the bar (the speed menu's own
    /// popover aside).
    private func spaceToggles() {
        let keys = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connect(keys, .keyPressed) { [weak self] keyval, _, state in
            guard let self, keyval == UInt32(GDK_KEY_space), state.rawValue & GDK_CONTROL_MASK.rawValue == 0,
                  !focusIsInPopover else { return false }
            _ = gtk_widget_activate_action_variant(widget, "app.play-pause", nil)
            return true
        }
        gtk_widget_add_controller(widget, keys)
    }

    private var focusIsInPopover: Bool {
        guard let root = gtk_widget_get_root(widget), var focus = gtk_root_get_focus(root) else { return false }
        while true {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_popover_get_type()) != 0 { return true }
            guard let parent = gtk_widget_get_parent(focus) else { return false }
            focus = parent
        }
    }

    /// "1:05" or "1:02:05".
    static func time(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
    }

    /// "1.5×" in the locale's digits.
    static func rateText(_ rate: Double) -> String {
        // Translators: a playback speed, {rate} times the normal one ("1.5×").
        let digits = rate == rate.rounded() ? 0 : rate * 10 == (rate * 10).rounded() ? 1 : 2
        return tr("{rate}×", ["rate": LocaleFormats.decimal(rate, fractionDigits: digits)])
    }

    /// The speed action's target for `rate` ("0.75", "1", "1.5").
    static func rateTarget(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(rate)
    }
}
