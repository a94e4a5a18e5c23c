import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Theming
import Localization

/// The theme picker: a grid of theme cards, each previewing its theme in the current
/// scheme, above the appearance controls. Choosing a card sets the theme in the settings
/// model; the whole app — this window too — restyles at once. Arrow keys move between
/// cards, Enter chooses, Escape closes.
@MainActor
final class ThemePicker {
    let window: WidgetPointer
    private let settings: Settings
    private let themeController: ThemeController
    private let previews = CSSProvider()
    private let flowBox: WidgetPointer
    private var entries: [ThemeEntry] = []
    private let controls: PickerControls
    private var widthWatch: WidthWatch?
    /// What the cards now show; a refresh that would show the same keeps them.
    private var shown: CardsShown?
    /// How many times the cards were built (for the tests).
    private(set) var cardBuilds = 0

    /// What the cards show: each theme as the catalog has it, in the scheme, and which is worn.
    /// A text size or a reading font changes the app's reading text and the controls, not this.
    private struct CardsShown: Equatable {
        struct Entry: Equatable {
            let name: String, origin: ThemeOrigin, theme: Theme?, error: String?, warnings: [String]
        }
        let entries: [Entry]
        let scheme: ColorScheme
        let current: String?
    }

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings, themeController: ThemeController) {
        self.settings = settings
        self.themeController = themeController
        window = gtk_window_new()
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        // Every switch repaints the whole picker: its frames keep their shared memory on X11.
        lectern_keep_frame_memory(gtkWindow)
        gtk_window_set_application(gtkWindow, application)
        gtk_window_set_title(gtkWindow, tr("Themes"))
        gtk_window_set_default_size(gtkWindow, 1160, 790)
        gtk_window_set_hide_on_close(gtkWindow, 1)
        Widgets.addClasses(window, ["theme-picker"])

        let header = created(gtk_header_bar_new())
        // Icons, so that the picker fits a phone's 360 px.
        for (icon, label, action) in [("folder-open-symbolic", tr("Open Themes Folder"), "app.open-themes-folder"),
                                      ("view-refresh-symbolic", tr("Reload"), "app.reload-themes")] {
            let button = Widgets.iconButton(icon, tooltip: label, action: action)
            Accessibility.name(button, label)
            gtk_header_bar_pack_start(OpaquePointer(header), button)
        }
        gtk_window_set_titlebar(gtkWindow, header)

        flowBox = gtk_flow_box_new()
        let flow = OpaquePointer(flowBox)
        gtk_flow_box_set_selection_mode(flow, GTK_SELECTION_SINGLE)
        gtk_flow_box_set_homogeneous(flow, 1)
        Self.setCardsPerLine(flow, forWidth: 1160)
        gtk_flow_box_set_column_spacing(flow, 14)
        gtk_flow_box_set_row_spacing(flow, 14)
        Widgets.addClasses(flowBox, ["theme-grid"])
        Accessibility.setLabel(flowBox, tr("Themes"))

        controls = PickerControls(settings: settings)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["theme-picker-content"], [
            controls.widget, Widgets.label(tr("Themes"), classes: ["theme-picker-heading"]), flowBox,
        ])
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(content))
        previews.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 2)

        connect(flowBox, .childActivated) { [weak self] child in
            self?.choose(at: Int(gtk_flow_box_child_get_index(child)))
        }
        Keyboard.onEscape(window) { gtk_window_close(gtkWindow) }
        widthWatch = WidthWatch(window) { [flowBox] width in Self.setCardsPerLine(OpaquePointer(flowBox), forWidth: width) }
        acceptDroppedThemes()
        refresh()
    }

    func present(transientFor parent: WidgetPointer?) {
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
    }

    /// Shows the settings in the controls, and rebuilds the cards and their preview CSS when what
    /// they show changed (a theme, the scheme, the catalog): every apply calls it, and a text
    /// size dragged along its scale rebuilt a dozen cards at each step.
    func refresh() {
        entries = themeController.catalog.entries
        let scheme = themeController.scheme
        let valid = entries.compactMap(\.theme)
        let current = themeController.current().theme
        defer {
            controls.update(themes: valid.filter { !$0.isDraft }.map(\.name), themeReadingFont: current.flatMap(themeController.readingFont(of:)))
        }
        let currentName = current?.name
        let now = CardsShown(entries: entries.map {
            .init(name: $0.name, origin: $0.origin, theme: $0.theme, error: $0.error.map { String(describing: $0) }, warnings: $0.warnings)
        }, scheme: scheme, current: currentName)
        guard now != shown else { return }
        shown = now
        cardBuilds += 1
        previews.load(PreviewCSS.css(for: valid, scheme: scheme))
        let flow = OpaquePointer(flowBox)
        gtk_flow_box_remove_all_children(flowBox)
        var validIndex = 0
        for entry in entries {
            let previewClass = entry.isValid ? PreviewCSS.className(at: validIndex) : "theme-preview-invalid"
            if entry.isValid { validIndex += 1 }
            let isCurrent = entry.theme?.name == currentName
            let card = ThemeCard.make(entry: entry, previewClass: previewClass, scheme: scheme, isCurrent: isCurrent)
            gtk_flow_box_append(flow, card)
            Accessibility.labelRow(holding: card, ThemeCard.readout(entry, scheme, isCurrent: isCurrent))
            guard let child = gtk_widget_get_parent(card) else { continue }
            if !entry.isValid { gtk_widget_set_sensitive(child, 0) }
            if entry.theme?.isDraft == true { gtk_widget_add_css_class(card, "draft") }
            if isCurrent { gtk_flow_box_select_child(flow, cast(child)) }
        }
    }

    /// A draft is not worn: its card opens it in the editor instead.
    /// A theme file dropped on the picker is imported (`app.import-theme`).
    private func acceptDroppedThemes() {
        guard let target = gtk_drop_target_new(g_file_get_type(), GDK_ACTION_COPY) else { return }
        connect(target, .drop) { value in
            guard let file = g_value_get_object(value), let path = takeString(g_file_get_path(OpaquePointer(file))) else { return false }
            g_action_group_activate_action(OpaquePointer(g_application_get_default()), "import-theme", g_variant_new_string(path))
            return true
        }
        gtk_widget_add_controller(window, target)
    }

    private func choose(at index: Int) {
        guard entries.indices.contains(index), let theme = entries[index].theme else { return }
        if theme.isDraft {
            g_action_group_activate_action(OpaquePointer(g_application_get_default()), "edit-theme", g_variant_new_string(theme.name))
            return
        }
        settings.themeName = theme.name
    }
}

@MainActor
extension ThemePicker {
    /// About 200 px a card, five at most (the picker's own size), one on a phone. A card can be
    /// narrower than that (its lines shorten), so the cards never hold the window wider than it is.
    static func setCardsPerLine(_ flow: OpaquePointer, forWidth width: Int) {
        let cards = guint(min(max((width - 80) / 200, 1), 5))
        gtk_flow_box_set_min_children_per_line(flow, cards)
        gtk_flow_box_set_max_children_per_line(flow, cards)
    }
}

private func gtk_flow_box_remove_all_children(_ flowBox: WidgetPointer) {
    while let child = gtk_widget_get_first_child(flowBox) {
        gtk_flow_box_remove(OpaquePointer(flowBox), child)
    }
}
