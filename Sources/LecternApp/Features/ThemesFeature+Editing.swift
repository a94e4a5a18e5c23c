import CGtk4
import Foundation
import GtkBridge
import Localization
import Theming

/// The theme editor, opened from a card of the picker: "Edit a Copy…" of a built-in theme (the
/// copy is a user theme; a built-in file is never written) or "Edit…" of the user's own. While it
/// is open the whole app wears the theme being edited, in the variant being edited. Actions:
/// `app.edit-theme` (a theme's name), `app.set-theme-color` ("token:light|dark:#RRGGBB"),
/// `app.theme-undo`, `app.theme-redo`, `app.revert-theme`, `app.save-theme`, `app.export-theme`
/// (a file chooser) — the editor's buttons and keys go through them, and so can scripts and the
/// tests, over D-Bus — and `app.import-theme` (a theme file's path; a file dropped on the picker).
extension ThemesFeature {
    func installEditingActions() {
        let map = shell.actionMap
        Actions.add("edit-theme", to: map, string: { [unowned self] name in edit(name) })
        Actions.add("set-theme-color", to: map, string: { [unowned self] target in setColor(target) })
        Actions.add("theme-undo", to: map) { [unowned self] in editor?.undo() }
        Actions.add("theme-redo", to: map) { [unowned self] in editor?.redo() }
        Actions.add("revert-theme", to: map) { [unowned self] in editor?.revert() }
        Actions.add("save-theme", to: map) { [unowned self] in save() }
        Actions.add("export-theme", to: map) { [unowned self] in chooseExport() }
        Actions.add("import-theme", to: map, string: { [unowned self] path in importTheme(URL(filePath: path)) })
    }

    /// A theme file from elsewhere, checked, copied into the user's themes under a name of its own.
    private func importTheme(_ source: URL) {
        setUp()
        guard let controller else { return }
        let theme: Theme
        do { theme = try ThemeFile.load(source) } catch {
            return shell.notify(tr("{file} is not a theme Lectern can use: {error}", ["file": source.lastPathComponent, "error": String(describing: error)]))
        }
        let name = unusedName([theme.name] + (2...99).map { "\(theme.name) \($0)" }, in: controller.catalog) ?? theme.name
        do {
            _ = try ThemeDraft.copy(of: source, as: name, into: DataLocations.userThemesDirectory)
        } catch {
            return shell.notify(tr("The theme could not be imported: {error}", ["error": String(describing: error)]))
        }
        reload()
        // Translators: a theme file was imported; {theme} is its name in the picker.
        shell.notify(tr("Imported the theme “{theme}”.", ["theme": name]))
    }

    /// Export…: the theme as it stands in the editor, to a file the user picks.
    private func chooseExport() {
        guard let editor else { return }
        let chooser = lectern_file_chooser_native_new(tr("Export Theme"), cast(editor.window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                      tr("_Export"), tr("_Cancel"))
        let owned = Object(adopting: created(chooser))
        gtk_file_chooser_set_current_name(owned.opaquePointer, editor.file.lastPathComponent)
        var owner: Object? = owned   // kept alive until the user answers
        owned.connect(.response) { [unowned self, unowned owned] response in
            defer { if owner != nil { owner = nil } }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(owned.opaquePointer).map({ Object(adopting: $0) }),
                  let path = takeString(g_file_get_path(file.opaquePointer)) else { return }
            if let problem = self.editor?.export(to: URL(filePath: path)) { shell.notify(problem) }
        }
        gtk_native_dialog_show(owned.as(GtkNativeDialog.self))
    }

    /// Opens the editor on the theme called `name`, first copying a built-in one.
    private func edit(_ name: String) {
        setUp()
        guard let controller, let entry = controller.catalog.entry(named: name), entry.theme != nil else {
            return shell.notify(tr("There is no usable theme named “{name}”.", ["name": name]))
        }
        var file = entry.file
        if entry.origin == .builtIn {
            // Translators: the name of a user's copy of a built-in theme, e.g. "Paper Copy"; {number} counts further copies.
            let copyName = unusedName([tr("{theme} Copy", ["theme": entry.name])]
                                      // Translators: a further copy of a built-in theme, e.g. "Paper Copy 2".
                                      + (2...99).map { tr("{theme} Copy {number}", ["theme": entry.name, "number": $0]) },
                                      in: controller.catalog) ?? entry.name
            do {
                file = try ThemeDraft.copy(of: entry.file, as: copyName, into: DataLocations.userThemesDirectory)
            } catch {
                return shell.notify(tr("The theme could not be copied: {error}", ["error": String(describing: error)]))
            }
            reload()
        }
        open(file)
    }

    private func open(_ file: URL) {
        guard let controller else { return }
        let draft: ThemeDraft
        do { draft = try ThemeDraft(contentsOf: file) } catch {
            return shell.notify(tr("The theme could not be opened: {error}", ["error": String(describing: error)]))
        }
        if let editor { gtk_window_destroy(cast(editor.window)) }
        let editor = ThemeEditor(application: shell.gtkApplication, file: file, draft: draft, scheme: controller.scheme)
        editor.onChange = { [unowned controller] theme, scheme in
            // One restyle a frame at most: the last change wins.
            if let theme { controller.preview = (theme, scheme) }
        }
        editor.onClosed = { [unowned self, unowned controller] in
            controller.preview = nil
            self.editor = nil
        }
        self.editor = editor
        editor.present(transientFor: pickerWindow ?? shell.mainWindow?.window)
    }

    /// The first of `candidates` no theme of `catalog` has (compared without regard to case).
    private func unusedName(_ candidates: [String], in catalog: ThemeCatalog) -> String? {
        let names = Set(catalog.entries.map { $0.name.lowercased() })
        return candidates.first { !names.contains($0.lowercased()) }
    }

    /// "bg_primary:light:#RRGGBB": one colour of the theme being edited.
    private func setColor(_ target: String) {
        let parts = target.split(separator: ":").map(String.init)
        guard parts.count == 3, let token = ColorToken(rawValue: parts[0]), let scheme = ColorScheme(rawValue: parts[1]),
              let color = Color(hex: parts[2]) else { return }
        editor?.set(color, for: token, scheme: scheme)
    }

    private func save() {
        guard let editor, let controller else { return }
        // Another theme's name would shadow this one or be shadowed by it.
        let others = controller.catalog.entries.filter { $0.file.standardizedFileURL != editor.file.standardizedFileURL }.map(\.name)
        let message = editor.save(otherNames: others)
        reload()
        shell.notify(message)
    }
}
