import Localization

/// One row of Lectern's command-line table (ARCHITECTURE.md §3). The table is the one
/// place a flag is described: it feeds GApplication's option entries (and so `--help`),
/// the up-front check for unknown flags, and the man page and completions.
public struct CommandLineOption: Sendable, Equatable {
    public enum Argument: Sendable, Equatable {
        case none
        /// A text value, e.g. a theme name or a URL.
        case text(placeholder: String)
        /// A path, resolved against the launching process's working directory.
        case file(placeholder: String)
    }

    public enum Group: Sendable, CaseIterable {
        case appearance
        case library
        case accounts
        case diagnostics

        /// The group's heading at the end of `--help`.
        public var title: String {
            switch self {
            case .appearance: tr("Appearance")
            case .library: tr("Library")
            case .accounts: tr("Sync accounts")
            case .diagnostics: tr("Diagnostics")
            }
        }
    }

    /// How a flag is carried out: in the launching process without a window (`local`),
    /// or by the primary instance (forwarded when Lectern already runs).
    public enum Handling: Sendable, Equatable { case local, primary }

    public let name: String
    public let argument: Argument
    public let group: Group
    public let handling: Handling
    public let summary: String

    public var takesValue: Bool { argument != .none }
}
