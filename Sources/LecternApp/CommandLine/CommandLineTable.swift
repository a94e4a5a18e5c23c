import Localization

/// The flags Lectern accepts. Each issue that implements a flag adds its row here.
public enum CommandLineTable {
    public static let options: [CommandLineOption] = [
        .init(name: "theme", argument: .text(placeholder: Placeholder.name), group: .appearance, handling: .primary,
              summary: tr("Use this theme now and remember it")),
        .init(name: "color-scheme", argument: .text(placeholder: "system|light|dark"), group: .appearance,
              handling: .primary, summary: tr("Override the desktop's light/dark preference and remember it")),
        .init(name: "accent", argument: .text(placeholder: "theme|desktop"), group: .appearance, handling: .primary,
              summary: tr("Wear the theme's own accent colour or the desktop's (fitted for contrast), and remember it")),
        .init(name: "list-themes", argument: .none, group: .appearance, handling: .local,
              summary: tr("Print the themes (name, origin, light and dark descriptions) and exit")),
        .init(name: "validate-theme", argument: .file(placeholder: Placeholder.file), group: .appearance, handling: .local,
              summary: tr("Check a theme file (format and contrast); exit 0 when valid, 1 when not")),
        .init(name: "fix-contrast", argument: .file(placeholder: Placeholder.file), group: .appearance, handling: .local,
              summary: tr("Write a copy of a theme file whose failing colours are corrected, beside it, and exit")),
        .init(name: "print-css", argument: .none, group: .appearance, handling: .local,
              summary: tr("Print the CSS generated for the chosen theme and scheme, and exit")),
        .init(name: "theme-picker", argument: .none, group: .appearance, handling: .primary,
              summary: tr("Open the theme picker at launch (with --screenshot, capture the picker)")),
        .init(name: "add-feed", argument: .text(placeholder: Placeholder.url), group: .library, handling: .primary,
              summary: tr("Subscribe to a feed (a web page's feed is found for you)")),
        .init(name: "import-opml", argument: .file(placeholder: Placeholder.file), group: .library, handling: .primary,
              summary: tr("Import subscriptions and folders from an OPML file")),
        .init(name: "export-opml", argument: .file(placeholder: Placeholder.file), group: .library, handling: .primary,
              summary: tr("Export subscriptions and folders to an OPML file")),
        .init(name: "refresh", argument: .none, group: .library, handling: .primary,
              summary: tr("Refresh every feed")),
        .init(name: "background", argument: .none, group: .library, handling: .primary,
              summary: tr("Start without a window, refreshing and notifying in the background (autostart uses it)")),
        .init(name: "batch", argument: .none, group: .library, handling: .local,
              summary: tr("Do the library flags without a window: progress on stderr, exit 1 if some feed failed")),
        .init(name: "add-account", argument: .text(placeholder: "greader|ttrss|miniflux|nextcloud|feedbin"), group: .accounts, handling: .local,
              summary: tr("Add a sync account (with --server, --user and --password-stdin); the credentials are checked first")),
        .init(name: "server", argument: .text(placeholder: Placeholder.url), group: .accounts, handling: .local,
              summary: tr("With --add-account: the server's address (FreshRSS: https://host/api/greader.php; Feedbin needs none)")),
        .init(name: "user", argument: .text(placeholder: Placeholder.name), group: .accounts, handling: .local,
              summary: tr("With --add-account: the user name on the server")),
        .init(name: "password-stdin", argument: .none, group: .accounts, handling: .local,
              summary: tr("With --add-account or --sign-in: read the password from standard input (never from an argument)")),
        .init(name: "account", argument: .text(placeholder: Placeholder.id), group: .accounts, handling: .local,
              summary: tr("With --add-feed: subscribe on this account's server, which then brings the feed (the account is synced at once)")),
        .init(name: "sign-in", argument: .text(placeholder: Placeholder.id), group: .accounts, handling: .local,
              summary: tr("Sign an account in again after its password changed (with --password-stdin); checked with the server first")),
        .init(name: "list-accounts", argument: .none, group: .accounts, handling: .local,
              summary: tr("Print the sync accounts (id, kind, server, user, last sync) and exit")),
        .init(name: "remove-account", argument: .text(placeholder: Placeholder.id), group: .accounts, handling: .local,
              summary: tr("Remove a sync account with what it brought into the library, and its password")),
        .init(name: "sync", argument: .none, group: .accounts, handling: .primary,
              summary: tr("Sync every account (with --batch: progress on stderr, exit 1 if an account failed)")),
        .init(name: "inspect-feed", argument: .text(placeholder: Placeholder.fileOrURL), group: .diagnostics, handling: .local,
              summary: tr("Parse one feed and print it as JSON (see docs/inspect-feed.md), and exit")),
        .init(name: "extract-article", argument: .text(placeholder: Placeholder.fileOrURL), group: .diagnostics, handling: .local,
              summary: tr("Find the article in one web page and print it as JSON (see docs/extract-article.md), and exit")),
        .init(name: "base-url", argument: .text(placeholder: Placeholder.url), group: .diagnostics, handling: .local,
              summary: tr("With --extract-article FILE: the address the file came from (relative links resolve against it)")),
        .init(name: "screenshot", argument: .file(placeholder: Placeholder.png), group: .diagnostics, handling: .primary,
              summary: tr("Render the main window to a PNG file after its first frame, then quit")),
        .init(name: "version", argument: .none, group: .diagnostics, handling: .local,
              summary: tr("Print the version and exit")),
    ]

    /// The names of option values in `--help`, in capitals as is the custom.
    private enum Placeholder {
        // Translators: the value of an option in `lectern --help`, e.g. --theme NAME.
        static var name: String { tr(context: "command-line argument", "NAME") }
        static var file: String { tr(context: "command-line argument", "FILE") }
        static var url: String { tr(context: "command-line argument", "URL") }
        // Translators: the number of a sync account, as --list-accounts prints it.
        static var id: String { tr(context: "command-line argument", "ID") }
        static var fileOrURL: String { tr(context: "command-line argument", "FILE|URL") }
        // Translators: keep ".png"; the option writes a PNG image.
        static var png: String { tr(context: "command-line argument", "FILE.png") }
    }

    /// The flags that work on the library (with or without `--batch`).
    static let libraryNames: Set<String> = ["add-feed", "import-opml", "export-opml", "refresh", "sync"]

    /// The account flags, done in the launching process with or without `--batch`.
    static let accountNames: Set<String> = ["add-account", "server", "user", "password-stdin", "account", "sign-in",
                                            "list-accounts", "remove-account"]

    /// Flags GApplication itself understands.
    static let builtInNames: Set<String> = ["help", "help-all", "help-gapplication", "gapplication-service"]
    static let builtInShortFlags: Set<String> = ["-h", "-?"]

    /// The flags by group, for the end of `--help`; which flags run without a window.
    public static var helpDescription: String {
        var lines: [String] = []
        for group in CommandLineOption.Group.allCases {
            let names = options.filter { $0.group == group }.map { "--\($0.name)" }
            guard !names.isEmpty else { continue }
            // Translators: a line at the end of `lectern --help`: a group of options, then its options.
            lines.append(tr("{group}: {options}", ["group": group.title, "options": names.joined(separator: ", ")]))
        }
        let local = options.filter { $0.handling == .local }.map { "--\($0.name)" }
        lines.append("")
        // Translators: {options} is a list of command-line options such as "--list-themes, --version".
        lines.append(tr("{options} print and exit without a window or a running Lectern.",
                        ["options": local.joined(separator: ", ")]))
        lines.append(tr("Other flags are carried out by the running Lectern when there is one."))
        lines.append(tr("Usage errors exit with status 2. See lectern(1)."))
        return lines.joined(separator: "\n")
    }

    public static func option(named name: String) -> CommandLineOption? {
        options.first { $0.name == name }
    }
}
