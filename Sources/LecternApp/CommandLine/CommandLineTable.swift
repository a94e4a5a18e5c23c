/// The flags Lectern accepts. Each issue that implements a flag adds its row here.
public enum CommandLineTable {
    public static let options: [CommandLineOption] = [
        .init(name: "screenshot", argument: .file(placeholder: "FILE.png"), group: .diagnostics, handling: .primary,
              summary: "Render the main window to a PNG file after its first frame, then quit"),
        .init(name: "version", argument: .none, group: .diagnostics, handling: .local,
              summary: "Print the version and exit"),
    ]

    /// Flags GApplication itself understands.
    static let builtInNames: Set<String> = ["help", "help-all", "help-gapplication", "gapplication-service"]
    static let builtInShortFlags: Set<String> = ["-h", "-?"]

    public static func option(named name: String) -> CommandLineOption? {
        options.first { $0.name == name }
    }
}
