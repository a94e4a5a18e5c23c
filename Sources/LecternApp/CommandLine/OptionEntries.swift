import CGtk4
import Glibc
import GtkBridge
import Library
import Localization

/// Turns `CommandLineTable` into GApplication option entries. GLib keeps pointers to the
/// entries and their strings while it parses, so both are allocated once and live for the
/// whole process.
enum OptionEntries {
    /// Kept for the life of the process, and reachable (so leak checkers see it is in use).
    @MainActor private static var installed: UnsafeMutablePointer<GOptionEntry>?

    @MainActor
    static func install(on application: UnsafeMutablePointer<GApplication>) {
        let options = CommandLineTable.options
        let entries = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: options.count + 2)
        for (index, option) in options.enumerated() {
            var entry = GOptionEntry()
            entry.long_name = UnsafePointer(strdup(option.name))
            entry.short_name = 0
            entry.flags = 0
            switch option.argument {
            case .none:
                entry.arg = G_OPTION_ARG_NONE
            case .text(let placeholder):
                entry.arg = G_OPTION_ARG_STRING
                entry.arg_description = UnsafePointer(strdup(placeholder))
            case .file(let placeholder):
                entry.arg = G_OPTION_ARG_FILENAME
                entry.arg_description = UnsafePointer(strdup(placeholder))
            }
            entry.arg_data = nil   // GApplication packs the value into its options dict
            entry.description = UnsafePointer(strdup(option.summary))
            entries[index] = entry
        }
        // G_OPTION_REMAINING: positional feed addresses and OPML files, packed under "".
        var remaining = GOptionEntry()
        remaining.long_name = UnsafePointer(strdup(""))
        remaining.arg = G_OPTION_ARG_FILENAME_ARRAY
        // Translators: what `lectern --help` says may follow the options; keep ".opml".
        remaining.arg_description = UnsafePointer(strdup(tr(context: "command-line argument", "[URL|FILE.opml…]")))
        entries[options.count] = remaining
        entries[options.count + 1] = GOptionEntry()   // the terminator
        installed = entries
        g_application_add_main_option_entries(application, entries)
        g_application_set_option_context_parameter_string(application, nil)
        g_application_set_option_context_summary(application,
            tr("Lectern — a calm, themeable feed reader for GNOME."))
        g_application_set_option_context_description(application, CommandLineTable.helpDescription)
    }
}

/// The options of one launch, read from GApplication's options dict (local or forwarded).
struct LaunchOptions: Sendable, Equatable {
    var screenshot: String?
    var version = false
    var theme: String?
    var colorScheme: String?
    var accent: String?
    var listThemes = false
    var validateTheme: String?
    var fixContrast: String?
    var printCSS = false
    var themePicker = false
    var batch = false
    /// `--sync`: every account, after the launch's library work.
    var sync = false
    /// `--background`: no window; keep refreshing and notifying (autostart starts Lectern so).
    var background = false
    var library = LibraryRequest()
    var inspectFeed: String?
    var extractArticle: String?
    var baseURL: String?
    var account = AccountCommands.Request()

    /// Reads the dict GApplication filled from the table's entries.
    @MainActor
    init(dict: UnsafeMutablePointer<GVariantDict>) {
        version = g_variant_dict_contains(dict, "version") != 0
        screenshot = Self.path(dict, "screenshot")
        theme = Self.text(dict, "theme")
        colorScheme = Self.text(dict, "color-scheme")
        accent = Self.text(dict, "accent")
        listThemes = g_variant_dict_contains(dict, "list-themes") != 0
        validateTheme = Self.path(dict, "validate-theme")
        fixContrast = Self.path(dict, "fix-contrast")
        printCSS = g_variant_dict_contains(dict, "print-css") != 0
        themePicker = g_variant_dict_contains(dict, "theme-picker") != 0
        batch = g_variant_dict_contains(dict, "batch") != 0
        background = g_variant_dict_contains(dict, "background") != 0
        library.importOPML = Self.path(dict, "import-opml").map { [$0] } ?? []
        library.addFeeds = Self.text(dict, "add-feed").map { [$0] } ?? []
        library.refresh = g_variant_dict_contains(dict, "refresh") != 0
        library.exportOPML = Self.path(dict, "export-opml")
        library.addPositional(Self.paths(dict, ""))
        inspectFeed = Self.text(dict, "inspect-feed")
        extractArticle = Self.text(dict, "extract-article")
        baseURL = Self.text(dict, "base-url")
        account.addKind = Self.text(dict, "add-account")
        account.server = Self.text(dict, "server")
        account.user = Self.text(dict, "user")
        account.passwordFromStdin = g_variant_dict_contains(dict, "password-stdin") != 0
        account.list = g_variant_dict_contains(dict, "list-accounts") != 0
        account.removeID = Self.text(dict, "remove-account")
        account.signInID = Self.text(dict, "sign-in")
        account.subscribeAccountID = Self.text(dict, "account")
        if account.subscribeAccountID != nil { account.subscribeTo = library.addFeeds }
        sync = g_variant_dict_contains(dict, "sync") != 0
    }

    init() {}

    private static func path(_ dict: UnsafeMutablePointer<GVariantDict>, _ key: String) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard lectern_variant_dict_lookup_path(dict, key, &value) != 0 else { return nil }
        return takeString(value)
    }

    private static func paths(_ dict: UnsafeMutablePointer<GVariantDict>, _ key: String) -> [String] {
        var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard lectern_variant_dict_lookup_pathv(dict, key, &values) != 0, let values else { return [] }
        defer { g_strfreev(values) }
        var result: [String] = []
        var index = 0
        while let value = values[index] {
            result.append(String(cString: value))
            index += 1
        }
        return result
    }

    private static func text(_ dict: UnsafeMutablePointer<GVariantDict>, _ key: String) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard lectern_variant_dict_lookup_string(dict, key, &value) != 0 else { return nil }
        return takeString(value)
    }
}
