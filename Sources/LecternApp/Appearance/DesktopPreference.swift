import CGtk4
import Foundation
import GtkBridge
import Theming

/// What the desktop asks for: light or dark, high contrast, and its accent colour. Read from the XDG settings
/// portal (live, through `SettingChanged`); without a portal, from GNOME's `color-scheme`
/// key when that schema is installed; then from `GTK_THEME` / the GTK theme name. Never
/// blocks start-up: the answer arrives asynchronously and `onChange` reports it.
@MainActor
final class DesktopPreference {
    private(set) var colorScheme = SystemColorScheme.noPreference
    private(set) var highContrast = false
    /// The desktop's accent colour (GNOME 47 and later); nil when it has none.
    private(set) var accent: Color?
    /// True once the portal has answered (or is known to be absent).
    private(set) var isSettled = false
    var onChange: (@MainActor () -> Void)?
    private var settledWaiters: [@MainActor () -> Void] = []
    private let portal = SettingsPortal()
    private var gnomeSettings: Object?

    static let namespace = "org.freedesktop.appearance"

    func start() {
        colorScheme = Self.gtkThemePreference()
        var pendingReads = 3
        let readDone: @MainActor () -> Void = { [weak self] in
            pendingReads -= 1
            if pendingReads == 0 { self?.settle() }
        }
        portal.read(Self.namespace, "color-scheme") { [weak self] value in
            if let value = value?.uint32 {
                self?.update(scheme: SystemColorScheme(portalValue: value))
            } else {
                self?.followGnomeSettings()
            }
            readDone()
        }
        portal.read(Self.namespace, "contrast") { [weak self] value in
            if let value = value?.uint32 { self?.update(highContrast: value == 1) }
            readDone()
        }
        portal.read(Self.namespace, "accent-color") { [weak self] value in
            self?.update(accent: value.flatMap(Self.accent))
            readDone()
        }
        portal.onChange { [weak self] namespace, key, value in
            guard namespace == Self.namespace else { return }
            switch key {
            case "color-scheme": value.uint32.map { self?.update(scheme: SystemColorScheme(portalValue: $0)) }
            case "contrast": value.uint32.map { self?.update(highContrast: $0 == 1) }
            case "accent-color": self?.update(accent: Self.accent(value))
            default: break
            }
        }
    }

    /// Runs `body` once the first answer is in, or after `timeout` seconds at most.
    func whenSettled(timeout seconds: Double = 2, _ body: @escaping @MainActor () -> Void) {
        if isSettled { return body() }
        var ran = false
        let once: @MainActor () -> Void = { if !ran { ran = true; body() } }
        settledWaiters.append(once)
        MainLoop.timeout(milliseconds: UInt32(seconds * 1000)) { once(); return false }
    }

    private func settle() {
        isSettled = true
        let waiters = settledWaiters
        settledWaiters = []
        waiters.forEach { $0() }
    }

    private func update(scheme: SystemColorScheme) {
        guard scheme != colorScheme else { return }
        colorScheme = scheme
        onChange?()
    }

    private func update(accent: Color?) {
        guard accent != self.accent else { return }
        self.accent = accent
        onChange?()
    }

    /// The portal's `(ddd)` accent: sRGB in 0…1, anything outside meaning "no accent".
    static func accent(_ value: Variant) -> Color? {
        guard let (r, g, b) = value.doubleTriple, [r, g, b].allSatisfy({ (0...1).contains($0) }) else { return nil }
        return Color(r: r, g: g, b: b)
    }

    private func update(highContrast: Bool) {
        guard highContrast != self.highContrast else { return }
        self.highContrast = highContrast
        onChange?()
    }

    /// GNOME's own key, used only when the portal is absent and the schema is installed
    /// (looking it up first: a missing schema would otherwise abort the process).
    private func followGnomeSettings() {
        guard gnomeSettings == nil, let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1) else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "color-scheme") != 0,
              let settings = g_settings_new("org.gnome.desktop.interface") else { return }
        let object = Object(adopting: settings)
        gnomeSettings = object
        let read: @MainActor () -> Void = { [weak self] in
            let value = takeString(g_settings_get_string(settings, "color-scheme")) ?? "default"
            self?.update(scheme: value == "prefer-dark" ? .preferDark : value == "prefer-light" ? .preferLight : .noPreference)
        }
        object.connect(.settingChanged("color-scheme"), read)
        read()
    }

    /// `GTK_THEME=Adwaita:dark` or a GTK theme named `…-dark`.
    static func gtkThemePreference() -> SystemColorScheme {
        if let theme = ProcessInfo.processInfo.environment["GTK_THEME"]?.lowercased(),
           theme.hasSuffix(":dark") || theme.hasSuffix("-dark") {
            return .preferDark
        }
        guard let settings = gtk_settings_get_default() else { return .noPreference }
        var value = GValue()
        g_value_init(&value, lectern_type_string())
        defer { g_value_unset(&value) }
        g_object_get_property(cast(settings), "gtk-theme-name", &value)
        let name = string(g_value_get_string(&value))?.lowercased() ?? ""
        return name.hasSuffix("-dark") || name.hasSuffix(":dark") ? .preferDark : .noPreference
    }
}
