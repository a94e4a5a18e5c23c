import GtkBridge

/// settings.ini's text read as a launch reads it, for the `settings` fuzz target (`make fuzz`):
/// the messages the user would be shown about it.
public enum SettingsFileCheck {
    @MainActor
    public static func messages(reading text: String) -> [String] {
        switch SettingsStore.read(text, into: Settings(), keyFile: KeyFile()) {
        case .success(let warnings): warnings
        case .failure(let broken): [broken.reason]
        }
    }
}
