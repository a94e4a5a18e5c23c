import Observation
import GtkBridge

/// Watches the settings model (Swift Observation) and, after any change, re-applies the
/// appearance and saves the keyfile — once per main-loop turn, however many properties
/// changed together. Whoever changes a setting (picker, command line, forwarded launch,
/// keyboard) only touches the model.
@MainActor
final class SettingsObserver {
    private let settings: Settings
    private let onAppearanceChange: @MainActor () -> Void
    private let onAnyChange: @MainActor () -> Void
    private var appearanceQueued = false
    private var saveQueued = false

    init(settings: Settings, onAppearanceChange: @escaping @MainActor () -> Void,
         onAnyChange: @escaping @MainActor () -> Void) {
        self.settings = settings
        self.onAppearanceChange = onAppearanceChange
        self.onAnyChange = onAnyChange
        trackAppearance()
        trackEverything()
    }

    private func trackAppearance() {
        withObservationTracking {
            _ = (settings.themeName, settings.darkThemeName, settings.colorScheme, settings.textScale, settings.readingFont)
        } onChange: { [weak self] in
            Task { @MainActor in self?.appearanceChanged() }
        }
    }

    private func trackEverything() {
        withObservationTracking {
            _ = (settings.themeName, settings.darkThemeName, settings.colorScheme, settings.textScale, settings.readingFont)
            _ = (settings.showImages, settings.refreshIntervalMinutes, settings.retentionDays)
        } onChange: { [weak self] in
            Task { @MainActor in self?.somethingChanged() }
        }
    }

    private func appearanceChanged() {
        trackAppearance()
        guard !appearanceQueued else { return }
        appearanceQueued = true
        MainLoop.idleOnce { [weak self] in
            self?.appearanceQueued = false
            self?.onAppearanceChange()
        }
    }

    private func somethingChanged() {
        trackEverything()
        guard !saveQueued else { return }
        saveQueued = true
        MainLoop.idleOnce { [weak self] in
            self?.saveQueued = false
            self?.onAnyChange()
        }
    }
}
