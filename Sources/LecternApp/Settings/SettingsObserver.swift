import Observation
import GtkBridge

/// Watches the settings model (Swift Observation) and, after any change, re-applies the
/// appearance and saves the keyfile — once per main-loop turn, however many properties
/// changed together. Whoever changes a setting (picker, command line, forwarded launch,
/// keyboard) only touches the model.
@MainActor
final class SettingsObserver {
    private let settings: Settings

    init(settings: Settings, onAppearanceChange: @escaping @MainActor () -> Void,
         onBackgroundChange: @escaping @MainActor () -> Void, onAnyChange: @escaping @MainActor () -> Void) {
        self.settings = settings
        observe({ [settings] in Self.readAppearance(settings) }, then: Coalesced(onAppearanceChange))
        observe({ [settings] in _ = settings.refreshInBackground }, then: Coalesced(onBackgroundChange))
        observe({ [settings] in
            Self.readAppearance(settings)
            _ = (settings.showImages, settings.markReadOnOpen, settings.refreshIntervalMinutes, settings.retentionDays,
                 settings.syncWindowDays, settings.notifyNewArticles, settings.refreshInBackground, settings.markReadOnScroll,
                 settings.playbackRate, settings.playbackVolume)
        }, then: Coalesced(onAnyChange))
    }

    private static func readAppearance(_ settings: Settings) {
        _ = (settings.themeName, settings.darkThemeName, settings.colorScheme, settings.accent, settings.textScale, settings.readingFont)
    }

    /// Runs `action` after any property read by `read` changes, and keeps watching.
    private func observe(_ read: @escaping @MainActor () -> Void, then action: Coalesced) {
        withObservationTracking(read) { [weak self] in
            Task { @MainActor in
                self?.observe(read, then: action)
                action.schedule()
            }
        }
    }

    /// An action that runs once on the next idle, however often it is scheduled before then.
    @MainActor private final class Coalesced {
        private let action: @MainActor () -> Void
        private var queued = false

        init(_ action: @escaping @MainActor () -> Void) { self.action = action }

        func schedule() {
            guard !queued else { return }
            queued = true
            MainLoop.idleOnce { [self] in
                queued = false
                action()
            }
        }
    }
}
