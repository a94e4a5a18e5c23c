import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Localization
import Theming

/// The theme editor: a user theme's name, its descriptions and every colour with its light and
/// its dark value side by side, the contrast of each pair a colour is part of (in the variant
/// being edited) with the checker's colour one click away. Every change is worn by the whole
/// app at once, in that variant. Undo, Redo, Revert and Save (through the `app.` actions the
/// feature owns); a theme that fails a contrast check is saved as a draft.
@MainActor
final class ThemeEditor {
    let window: WidgetPointer
    let file: URL
    private(set) var draft: ThemeDraft
    /// The variant the app shows while editing.
    private(set) var scheme: ColorScheme
    /// The theme to wear now, in the variant edited (nil while the theme cannot be read).
    var onChange: (@MainActor (Theme?, ColorScheme) -> Void)?
    /// The window is gone: the app wears the settings' theme again.
    var onClosed: (@MainActor () -> Void)?
    private var buttons: [ColorToken: [ColorScheme: WidgetPointer]] = [:]
    private var pairBoxes: [ColorToken: WidgetPointer] = [:]
    private let nameEntry: WidgetPointer
    private var descriptionEntries: [ColorScheme: WidgetPointer] = [:]
    private let status: WidgetPointer
    private let title: WidgetPointer
    private let undoButton: WidgetPointer
    private let redoButton: WidgetPointer
    private var spins: [(path: [String], spin: WidgetPointer)] = []
    private var familyEntries: [(key: String, entry: WidgetPointer)] = []
    /// While the controls are set from the draft, their signals are not edits.
    private var showing = false
    private var closeConfirmed = false

    init(application: UnsafeMutablePointer<GtkApplication>?, file: URL, draft: ThemeDraft, scheme: ColorScheme) {
        self.file = file
        self.draft = draft
        self.scheme = scheme
        window = gtk_window_new()
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        // A colour edited repaints the whole editor (it wears the theme): its frames keep their shared memory on X11.
        lectern_keep_frame_memory(gtkWindow)
        gtk_window_set_application(gtkWindow, application)
        // Translators: the theme editor's title; {theme} is the theme's name.
        gtk_window_set_title(gtkWindow, tr("Edit “{theme}”", ["theme": draft.name]))
        gtk_window_set_default_size(gtkWindow, 640, 760)
        Widgets.addClasses(window, ["theme-editor"])
        undoButton = Widgets.iconButton("edit-undo-symbolic", tooltip: tr("Undo (Ctrl+Z)"), action: "app.theme-undo")
        Accessibility.name(undoButton, tr("Undo"))
        redoButton = Widgets.iconButton("edit-redo-symbolic", tooltip: tr("Redo (Shift+Ctrl+Z)"), action: "app.theme-redo")
        Accessibility.name(redoButton, tr("Redo"))
        let header = created(gtk_header_bar_new())
        // A title that shortens, so that the window fits a phone's 360 px.
        title = Widgets.label("", classes: ["title"])
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(OpaquePointer(title), 1)
        gtk_header_bar_set_title_widget(OpaquePointer(header), title)
        // Undo, Redo and Save only: with Revert too, "Enregistrer" or "Speichern" on the Save
        // button held the window wider than a phone's 360 px. Revert is at the foot, by Export.
        gtk_header_bar_pack_start(OpaquePointer(header), undoButton)
        gtk_header_bar_pack_start(OpaquePointer(header), redoButton)
        gtk_header_bar_pack_end(OpaquePointer(header), Widgets.textButton(tr("Save"), action: "app.save-theme", classes: ["primary"]))
        gtk_window_set_titlebar(gtkWindow, header)

        nameEntry = gtk_entry_new()
        status = Widgets.label("", classes: ["theme-editor-status"], wrap: true)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["theme-editor-content"],
                                  [details(), variantChoice(), status] + EditorTokens.groups.map(group) + [fonts()]
                                      + EditorTokens.numbers.map(numberGroup) + [footButtons()])
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(content))
        connectDetails()
        connect(window, .closeRequest) { [weak self] in self?.closeRequested() ?? false }
        editingKeys()
        show()
    }

    func present(transientFor parent: WidgetPointer?) {
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
        onChange?(draft.theme, scheme)
    }

    // MARK: Editing

    func set(_ color: Color, for token: ColorToken, scheme: ColorScheme) {
        draft.setColor(color, for: token, scheme: scheme)
        changed()
    }

    func undo() { draft.undo(); changed() }
    func redo() { draft.redo(); changed() }
    func revert() { draft.revert(); changed() }

    /// Saves over the user's file (atomically); the message, also shown in the editor.
    func save(otherNames: [String] = []) -> String {
        let message = saving(otherNames)
        say(message, failing: draft.isChanged)
        return message
    }

    private func saving(_ otherNames: [String]) -> String {
        do {
            let isDraft = try draft.save(to: file, otherNames: otherNames)
            show()
            return isDraft
                ? tr("Saved “{theme}” as a draft: it is listed in the theme picker to be finished, and worn once every pair passes.",
                     ["theme": draft.name])
                : tr("Saved “{theme}”.", ["theme": draft.name])
        } catch {
            return tr("The theme could not be saved: {error}", ["error": String(describing: error)])
        }
    }

    /// Writes the theme as it stands to `url` (the editor's file stays as it was); what went wrong, if anything.
    func export(to url: URL) -> String? {
        var copy = draft
        do {
            try copy.save(to: url)
            return nil
        } catch {
            return tr("The theme could not be exported: {error}", ["error": String(describing: error)])
        }
    }

    private func changed() {
        show()
        onChange?(draft.theme, scheme)
    }

    // MARK: Showing the draft

    private func show() {
        showing = true
        defer { showing = false }
        if string(gtk_editable_get_text(OpaquePointer(nameEntry))) != draft.name { gtk_editable_set_text(OpaquePointer(nameEntry), draft.name) }
        gtk_window_set_title(cast(window), tr("Edit “{theme}”", ["theme": draft.name]))
        gtk_label_set_text(OpaquePointer(title), tr("Edit “{theme}”", ["theme": draft.name]))
        for (variant, entry) in descriptionEntries where string(gtk_editable_get_text(OpaquePointer(entry))) != draft.description(for: variant) {
            gtk_editable_set_text(OpaquePointer(entry), draft.description(for: variant))
        }
        for (path, spin) in spins {
            if let value = draft.number(at: path), gtk_spin_button_get_value(OpaquePointer(spin)) != value {
                gtk_spin_button_set_value(OpaquePointer(spin), value)
            }
        }
        for (key, entry) in familyEntries {
            let text = draft.families(key).joined(separator: ", ")
            if string(gtk_editable_get_text(OpaquePointer(entry))) != text { gtk_editable_set_text(OpaquePointer(entry), text) }
        }
        gtk_widget_set_sensitive(undoButton, draft.canUndo ? 1 : 0)
        gtk_widget_set_sensitive(redoButton, draft.canRedo ? 1 : 0)
        guard let theme = draft.theme else {
            if case .failure(let error) = draft.result { say(String(describing: error), failing: true) }
            return
        }
        for (token, variants) in buttons {
            for (variant, button) in variants {
                var rgba = Self.rgba(theme.color(token, for: variant))
                gtk_color_chooser_set_rgba(OpaquePointer(button), &rgba)
            }
            showPairs(of: token)
        }
        let failing = draft.findings.count
        if failing == 0 {
            say(tr("Every pair of colours passes the contrast checks (WCAG AA)."), failing: false)
        } else {
            say(tr("{count} pair of colours fails the contrast checks. Saved like this, the theme is a draft: listed in the picker to be finished, never worn.",
                   plural: "{count} pairs of colours fail the contrast checks. Saved like this, the theme is a draft: listed in the picker to be finished, never worn.",
                   count: failing), failing: true)
        }
    }

    private func say(_ text: String, failing: Bool) {
        gtk_label_set_text(OpaquePointer(status), text)
        if failing { gtk_widget_add_css_class(status, "error-text") } else { gtk_widget_remove_css_class(status, "error-text") }
    }

    /// The pairs `token` is part of, in the variant edited: each failing one with its ratio, what
    /// it needs and the checker's colour for its foreground; the passing ones in a line, by the
    /// lowest ratio and the level it reaches.
    private func showPairs(of token: ColorToken) {
        guard let box = pairBoxes[token] else { return }
        while let child = gtk_widget_get_first_child(box) { gtk_box_remove(cast(box), child) }
        let pairs = draft.pairs(of: token, in: scheme)
        let other = { (pair: ContrastFinding) in EditorTokens.title(pair.foreground == token ? pair.background : pair.foreground) }
        let ratio = { (pair: ContrastFinding) in LocaleFormats.decimal(pair.ratio, fractionDigits: 2) }
        if let lowest = pairs.filter(\.passes).min(by: { $0.ratio / $0.required < $1.ratio / $1.required }) {
            let count = pairs.filter(\.passes).count
            let level = lowest.rule.kind == .body && lowest.ratio >= 7 ? "AAA" : "AA"
            // Translators: the contrast pairs of a colour that pass, in the theme editor; the lowest is named.
            let words = tr("Passes with {count} colour ({level}; {ratio}:1 with {other})",
                           plural: "Passes with {count} colours ({level}; lowest {ratio}:1, with {other})", count: count,
                           ["level": level, "ratio": ratio(lowest), "other": other(lowest)])
            gtk_box_append(cast(box), Widgets.label(words, classes: ["pair-passes"], wrap: true))
        }
        for pair in pairs where !pair.passes {
            // Translators: a failing contrast pair in the theme editor: "1.56:1 with Main background: needs 4.5:1".
            let words = tr("{ratio}:1 with {other}: needs {required}:1",
                           ["ratio": ratio(pair), "other": other(pair), "required": LocaleFormats.decimal(pair.required, fractionDigits: 1)])
            let label = Widgets.label(words, classes: ["pair-fails"], wrap: true)
            var row = [label]
            if let suggestion = pair.suggestion {
                let use = Widgets.textButton(tr("Use {colour}", ["colour": suggestion.hex]), action: "app.set-theme-color", classes: ["ghost"])
                gtk_actionable_set_action_target_value(OpaquePointer(use),
                                                       g_variant_new_string("\(pair.foreground.rawValue):\(scheme.rawValue):\(suggestion.hex)"))
                // Translators: a button that gives a colour the contrast checker's suggestion.
                Accessibility.setLabel(use, tr("Use {colour} for {token}", ["colour": suggestion.hex, "token": EditorTokens.title(pair.foreground)]))
                row.append(use)
            }
            gtk_box_append(cast(box), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, row))
        }
    }

    // MARK: Building

    private func details() -> WidgetPointer {
        let grid = created(gtk_grid_new())
        gtk_grid_set_row_spacing(cast(grid), 8)
        gtk_grid_set_column_spacing(cast(grid), 12)
        var rows: [(String, WidgetPointer)] = [(tr("Name"), nameEntry)]
        for variant in ColorScheme.allCases {
            let entry = gtk_entry_new()!
            descriptionEntries[variant] = entry
            rows.append((variant == .light ? tr("Description, light") : tr("Description, dark"), entry))
        }
        for (index, row) in rows.enumerated() {
            gtk_grid_attach(cast(grid), Widgets.label(row.0, classes: ["control-label"]), 0, Int32(index), 1, 1)
            Widgets.expand(row.1, vertical: false)
            gtk_grid_attach(cast(grid), row.1, 1, Int32(index), 1, 1)
            Accessibility.setLabel(row.1, row.0)
        }
        return grid
    }

    private func connectDetails() {
        connect(nameEntry, .notify("text")) { [weak self] in
            guard let self, !showing else { return }
            draft.setName(string(gtk_editable_get_text(OpaquePointer(nameEntry))) ?? "")
            changed()
        }
        for (variant, entry) in descriptionEntries {
            connect(entry, .notify("text")) { [weak self] in
                guard let self, !showing else { return }
                draft.setDescription(string(gtk_editable_get_text(OpaquePointer(entry))) ?? "", for: variant)
                changed()
            }
        }
    }

    /// Export…, after everything (the header keeps what fits a phone's width).
    /// Export and Revert, at the foot of the editor.
    private func footButtons() -> WidgetPointer {
        let export = Widgets.textButton(tr("Export to a File…"), action: "app.export-theme", classes: ["secondary"])
        let revert = Widgets.textButton(tr("Revert"), action: "app.revert-theme", classes: ["secondary"])
        return WrapBox.make(spacing: 12, lineSpacing: 8, [export, revert])
    }

    /// Light / Dark: the variant the app wears while editing.
    private func variantChoice() -> WidgetPointer {
        var group: UnsafeMutablePointer<GtkToggleButton>?
        var toggles: [WidgetPointer] = []
        for variant in ColorScheme.allCases {
            let button = created(gtk_toggle_button_new_with_label(variant == .light ? tr("Light") : tr("Dark")))
            if let group { gtk_toggle_button_set_group(cast(button), group) } else { group = cast(button) }
            gtk_toggle_button_set_active(cast(button), variant == scheme ? 1 : 0)
            connect(button, .toggled) { [weak self] in
                guard let self, gtk_toggle_button_get_active(cast(button)) != 0, self.scheme != variant else { return }
                self.scheme = variant
                changed()
            }
            toggles.append(button)
        }
        let linked = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked"], toggles)
        // Translators: before the Light / Dark choice of the variant the app shows while a theme is edited.
        let label = Widgets.label(tr("Variant shown"), classes: ["control-label"])
        Accessibility.setLabel(linked, tr("Variant shown"))
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label, linked])
    }

    private func group(_ group: (title: String, tokens: [ColorToken])) -> WidgetPointer {
        let rows = group.tokens.map(row)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["theme-editor-group"],
                           [Widgets.label(group.title, classes: ["preference-heading"])] + rows)
    }

    private func row(_ token: ColorToken) -> WidgetPointer {
        let title = EditorTokens.title(token)
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [
            Widgets.label(title, classes: ["preference-title"], wrap: true), Widgets.label(token.rawValue, classes: ["dim-label", "mono"]),
        ])
        Widgets.expand(text, vertical: false)
        var children = [text]
        for variant in ColorScheme.allCases {
            let button = gtk_color_button_new()!
            gtk_color_chooser_set_use_alpha(OpaquePointer(button), token == .shadow ? 1 : 0)
            // Translators: a colour button of the theme editor: "Main background, light".
            let name = variant == .light ? tr("{token}, light", ["token": title]) : tr("{token}, dark", ["token": title])
            Accessibility.name(button, name, tooltip: name)
            // The button a screen reader reaches is the colour button's own child.
            if let inner = gtk_widget_get_first_child(button) { Accessibility.setLabel(inner, name) }
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            connect(button, .colorSet) { [weak self] in
                var rgba = GdkRGBA()
                gtk_color_chooser_get_rgba(OpaquePointer(button), &rgba)
                self?.set(Self.color(rgba), for: token, scheme: variant)
            }
            buttons[token, default: [:]][variant] = button
            children.append(button)
        }
        let pairs = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["theme-editor-pairs"])
        pairBoxes[token] = pairs
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["theme-editor-row"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children), pairs,
        ])
    }

    /// The font lists, first choice first; a list is taken on Enter or when the focus leaves it
    /// (a new font restyles the whole app: not at every key). Beside each, Choose… picks a family
    /// among the fonts installed (GTK's font chooser), put first with the rest kept behind it.
    private func fonts() -> WidgetPointer {
        var rows = [Widgets.label(tr("Fonts"), classes: ["preference-heading"])]
        for (key, title) in EditorTokens.fontFamilies {
            let entry = gtk_entry_new()!
            Accessibility.setLabel(entry, title)
            Widgets.expand(entry, vertical: false)
            let take: @MainActor () -> Void = { [weak self] in
                guard let self, !showing else { return }
                let families = (string(gtk_editable_get_text(OpaquePointer(entry))) ?? "").split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard families != draft.families(key) else { return }
                draft.setFamilies(families, for: key)
                changed()
            }
            connect(entry, .activate, take)
            let focus = created(gtk_event_controller_focus_new())
            connect(focus, .leave, take)
            gtk_widget_add_controller(entry, focus)
            familyEntries.append((key, entry))
            let choose = Widgets.iconButton("preferences-desktop-font-symbolic", tooltip: "", classes: ["flat"])
            // Translators: {fonts} is one of the font lists ("Reading fonts").
            Accessibility.name(choose, tr("Choose a Font for {fonts}…", ["fonts": title]))
            connect(choose, .clicked) { [weak self] in self?.openFontChooser(for: key, title: title) }
            rows.append(Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [Widgets.label(title, classes: ["control-label"]), entry, choose]))
        }
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["theme-editor-group"], rows)
    }

    /// GTK's font chooser for the list `key`, at families (a theme's fonts have no size or style).
    @discardableResult
    func openFontChooser(for key: String, title: String) -> WidgetPointer {
        let dialog = created(gtk_font_chooser_dialog_new(title, cast(window)))
        gtk_font_chooser_set_level(OpaquePointer(dialog), GTK_FONT_CHOOSER_LEVEL_FAMILY)
        if let first = draft.families(key).first { gtk_font_chooser_set_font(OpaquePointer(dialog), first) }
        gtk_window_set_modal(cast(dialog), 1)
        connect(dialog, .response) { [weak self] response in
            if response == GTK_RESPONSE_OK.rawValue, let family = gtk_font_chooser_get_font_family(OpaquePointer(dialog)),
               let name = string(pango_font_family_get_name(family)) {
                self?.choose(family: name, for: key)
            }
            gtk_window_destroy(cast(dialog))
        }
        gtk_window_present(cast(dialog))
        return dialog
    }

    /// `family` first in the list `key`, the others kept behind it (once each).
    func choose(family: String, for key: String) {
        let rest = draft.families(key).filter { $0.caseInsensitiveCompare(family) != .orderedSame }
        guard draft.families(key) != [family] + rest else { return }
        draft.setFamilies([family] + rest, for: key)
        changed()
    }

    private func numberGroup(_ group: (title: String, numbers: [EditorTokens.Number])) -> WidgetPointer {
        var rows = [Widgets.label(group.title, classes: ["preference-heading"])]
        for number in group.numbers {
            let spin = gtk_spin_button_new_with_range(number.range.lowerBound, number.range.upperBound, number.step)!
            gtk_spin_button_set_digits(OpaquePointer(spin), number.step < 1 ? 2 : 0)
            Accessibility.setLabel(spin, number.title)
            connect(spin, .valueChanged) { [weak self] in
                guard let self, !showing else { return }
                draft.setNumber(gtk_spin_button_get_value(OpaquePointer(spin)), at: number.path)
                changed()
            }
            spins.append((number.path, spin))
            let label = Widgets.label(number.title, classes: ["control-label"])
            Widgets.expand(label, vertical: false)
            rows.append(Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label, spin]))
        }
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["theme-editor-group"], rows)
    }

    /// Ctrl+Z and Shift+Ctrl+Z in this window undo and redo its edits (not the main window's undo bar).
    private func editingKeys() {
        let keys = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connect(keys, .keyPressed) { [weak self] keyval, _, state in
            let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0, shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard control, let self, keyval == UInt32(GDK_KEY_z) || keyval == UInt32(GDK_KEY_Z) else { return false }
            if shift { redo() } else { undo() }
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Closing with unsaved changes asks first.
    private func closeRequested() -> Bool {
        guard draft.isChanged, !closeConfirmed else {
            onClosed?()
            return false
        }
        Prompts.confirm(parent: window, message: tr("Close without saving?"),
                        detail: tr("The changes to “{theme}” are lost; the theme stays as it was saved.", ["theme": draft.name]),
                        accept: tr("Close Without Saving")) { [weak self] in
            guard let self else { return }
            closeConfirmed = true
            gtk_window_close(cast(window))
        }
        return true
    }

    static func rgba(_ color: Color) -> GdkRGBA {
        GdkRGBA(red: Float(color.r), green: Float(color.g), blue: Float(color.b), alpha: Float(color.alpha))
    }

    static func color(_ rgba: GdkRGBA) -> Color {
        Color(r: Double(rgba.red), g: Double(rgba.green), b: Double(rgba.blue), alpha: Double(rgba.alpha)).quantized
    }
}
