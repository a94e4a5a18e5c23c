/// The flags Lectern accepts. Each issue that implements a flag adds its row here.
public enum CommandLineTable {
    public static let options: [CommandLineOption] = [
        .init(name: "theme", argument: .text(placeholder: "NAME"), group: .appearance, handling: .primary,
              summary: "Use this theme now and remember it"),
        .init(name: "color-scheme", argument: .text(placeholder: "system|light|dark"), group: .appearance,
              handling: .primary, summary: "Override the desktop's light/dark preference and remember it"),
        .init(name: "list-themes", argument: .none, group: .appearance, handling: .local,
              summary: "Print the themes (name, origin, light and dark descriptions) and exit"),
        .init(name: "validate-theme", argument: .file(placeholder: "FILE"), group: .appearance, handling: .local,
              summary: "Check a theme file (format and contrast); exit 0 when valid, 1 when not"),
        .init(name: "fix-contrast", argument: .file(placeholder: "FILE"), group: .appearance, handling: .local,
              summary: "Write a copy of a theme file whose failing colours are corrected, beside it, and exit"),
        .init(name: "print-css", argument: .none, group: .appearance, handling: .local,
              summary: "Print the CSS generated for the chosen theme and scheme, and exit"),
        .init(name: "theme-picker", argument: .none, group: .appearance, handling: .primary,
              summary: "Open the theme picker at launch (with --screenshot, capture the picker)"),
        .init(name: "add-feed", argument: .text(placeholder: "URL"), group: .library, handling: .primary,
              summary: "Subscribe to a feed (a web page's feed is found for you)"),
        .init(name: "import-opml", argument: .file(placeholder: "FILE"), group: .library, handling: .primary,
              summary: "Import subscriptions and folders from an OPML file"),
        .init(name: "export-opml", argument: .file(placeholder: "FILE"), group: .library, handling: .primary,
              summary: "Export subscriptions and folders to an OPML file"),
        .init(name: "refresh", argument: .none, group: .library, handling: .primary,
              summary: "Refresh every feed"),
        .init(name: "background", argument: .none, group: .library, handling: .primary,
              summary: "Start without a window, refreshing and notifying in the background (autostart uses it)"),
        .init(name: "batch", argument: .none, group: .library, handling: .local,
              summary: "Do the library flags without a window: progress on stderr, exit 1 if some feed failed"),
        .init(name: "add-account", argument: .text(placeholder: "greader|ttrss"), group: .accounts, handling: .local,
              summary: "Add a sync account (with --server, --user and --password-stdin); the credentials are checked first"),
        .init(name: "server", argument: .text(placeholder: "URL"), group: .accounts, handling: .local,
              summary: "With --add-account: the server's address (FreshRSS: https://host/api/greader.php)"),
        .init(name: "user", argument: .text(placeholder: "NAME"), group: .accounts, handling: .local,
              summary: "With --add-account: the user name on the server"),
        .init(name: "password-stdin", argument: .none, group: .accounts, handling: .local,
              summary: "With --add-account: read the password from standard input (never from an argument)"),
        .init(name: "list-accounts", argument: .none, group: .accounts, handling: .local,
              summary: "Print the sync accounts (id, kind, server, user, last sync) and exit"),
        .init(name: "remove-account", argument: .text(placeholder: "ID"), group: .accounts, handling: .local,
              summary: "Remove a sync account with what it brought into the library, and its password"),
        .init(name: "sync", argument: .none, group: .accounts, handling: .primary,
              summary: "Sync every account (with --batch: progress on stderr, exit 1 if an account failed)"),
        .init(name: "inspect-feed", argument: .text(placeholder: "FILE|URL"), group: .diagnostics, handling: .local,
              summary: "Parse one feed and print it as JSON (see docs/inspect-feed.md), and exit"),
        .init(name: "extract-article", argument: .text(placeholder: "FILE|URL"), group: .diagnostics, handling: .local,
              summary: "Find the article in one web page and print it as JSON (see docs/extract-article.md), and exit"),
        .init(name: "base-url", argument: .text(placeholder: "URL"), group: .diagnostics, handling: .local,
              summary: "With --extract-article FILE: the address the file came from (relative links resolve against it)"),
        .init(name: "screenshot", argument: .file(placeholder: "FILE.png"), group: .diagnostics, handling: .primary,
              summary: "Render the main window to a PNG file after its first frame, then quit"),
        .init(name: "version", argument: .none, group: .diagnostics, handling: .local,
              summary: "Print the version and exit"),
    ]

    /// The flags that work on the library (with or without `--batch`).
    static let libraryNames: Set<String> = ["add-feed", "import-opml", "export-opml", "refresh", "sync"]

    /// The account flags, done in the launching process with or without `--batch`.
    static let accountNames: Set<String> = ["add-account", "server", "user", "password-stdin", "list-accounts", "remove-account"]

    /// Flags GApplication itself understands.
    static let builtInNames: Set<String> = ["help", "help-all", "help-gapplication", "gapplication-service"]
    static let builtInShortFlags: Set<String> = ["-h", "-?"]

    /// The flags by group, for the end of `--help`; which flags run without a window.
    public static var helpDescription: String {
        var lines: [String] = []
        for group in CommandLineOption.Group.allCases {
            let names = options.filter { $0.group == group }.map { "--\($0.name)" }
            guard !names.isEmpty else { continue }
            lines.append("\(group.rawValue): \(names.joined(separator: ", "))")
        }
        let local = options.filter { $0.handling == .local }.map { "--\($0.name)" }
        lines.append("")
        lines.append("\(local.joined(separator: ", ")) print and exit without a window or a running Lectern.")
        lines.append("Other flags are carried out by the running Lectern when there is one.")
        lines.append("Usage errors exit with status 2. See lectern(1).")
        return lines.joined(separator: "\n")
    }

    public static func option(named name: String) -> CommandLineOption? {
        options.first { $0.name == name }
    }
}
