import Localization

/// Checks a command line against `CommandLineTable` before GApplication sees it, so that
/// a usage error is reported in Lectern's words with exit status 2 (GApplication would
/// say "Unknown option" and exit 1).
public enum CommandLineValidator {
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Returns nil when `arguments` (without the program name) are acceptable.
    public static func check(_ arguments: [String]) -> UsageError? {
        var seen: [CommandLineOption] = []
        var positional: [String] = []
        if let error = scan(arguments, into: &seen, positional: &positional) { return error }
        let names = Set(seen.map(\.name))
        if let first = positional.first(where: { !Self.isFeedOrOPML($0) }) {
            return UsageError(message: tr("don't know what to do with \"{argument}\": give a feed or page address (http://…) or an .opml file",
                                          ["argument": first]))
        }
        if names.contains("batch") {
            guard !names.isDisjoint(with: CommandLineTable.libraryNames.union(CommandLineTable.accountNames)) || !positional.isEmpty else {
                return UsageError(message: tr("--batch needs something to do: --add-feed, --import-opml, --export-opml, --refresh or --sync"))
            }
            let others = names.subtracting(CommandLineTable.libraryNames).subtracting(CommandLineTable.accountNames).subtracting(["batch"])
            if let other = others.sorted().first {
                // Translators: {option} is the name of a command-line option, without its dashes.
                return UsageError(message: tr("--batch works on the library only; --{option} cannot be used with it", ["option": other]))
            }
            return nil
        }
        if names.contains("background"), let other = names.intersection(["screenshot", "theme-picker"]).sorted().first {
            return UsageError(message: tr("--background starts without a window, so --{option} cannot be used with it", ["option": other]))
        }
        for (modifier, flags) in Self.refinesLocal.sorted(by: { $0.key < $1.key }) where names.contains(modifier) && names.isDisjoint(with: flags) {
            guard flags.count > 1 else {
                // Translators: two command-line options, without their dashes: the first only works with the second.
                return UsageError(message: tr("--{option} goes with --{other}", ["option": modifier, "other": flags[0]]))
            }
            // Translators: three command-line options, without their dashes: the first works with either of the others.
            return UsageError(message: tr("--{option} goes with --{other} or --{another}",
                                          ["option": modifier, "other": flags[0], "another": flags[1]]))
        }
        let local = seen.filter { $0.handling == .local && Self.refinesLocal[$0.name] == nil }.map(\.name)
        let distinctLocal = Array(Set(local)).sorted()
        if distinctLocal.count > 1 {
            return UsageError(message: tr("--{option} and --{other} cannot be used together; use one at a time",
                                          ["option": distinctLocal[0], "other": distinctLocal[1]]))
        }
        if let first = distinctLocal.first, let argument = positional.first {
            return UsageError(message: tr("--{option} prints and exits, so \"{argument}\" would be ignored; use them separately",
                                          ["option": first, "argument": argument]))
        }
        let primary = seen.filter { $0.handling == .primary && !Self.combinesWithLocal.contains($0.name) }
        if let first = distinctLocal.first, let other = primary.first {
            return UsageError(message: tr("--{option} prints and exits, so --{other} would be ignored; use them separately",
                                          ["option": first, "other": other.name]))
        }
        return nil
    }

    /// Positional arguments Lectern understands: web or file addresses and OPML files.
    static func isFeedOrOPML(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return ["http://", "https://", "file://", "feed:"].contains { lowered.hasPrefix($0) } || lowered.hasSuffix(".opml")
    }

    /// Local flags that only say more about another one (`--extract-article FILE --base-url URL`),
    /// and the flags they go with.
    static let refinesLocal: [String: [String]] = ["base-url": ["extract-article"], "server": ["add-account"], "user": ["add-account"],
                                                   "password-stdin": ["add-account", "sign-in"], "account": ["add-feed"]]

    /// Primary flags that refine a local one (`--print-css --theme NAME --color-scheme dark`).
    static let combinesWithLocal: Set<String> = ["theme", "color-scheme"]

    private static func scan(_ arguments: [String], into seen: inout [CommandLineOption],
                             positional: inout [String]) -> UsageError? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                break
            }
            if CommandLineTable.builtInShortFlags.contains(argument) { continue }
            guard argument.hasPrefix("--") else {
                if argument.hasPrefix("-"), argument.count > 1 {
                    return UsageError(message: tr("unknown option {argument}", ["argument": argument]))
                }
                positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let hasInlineValue = body.contains("=")
            if CommandLineTable.builtInNames.contains(name) { continue }
            guard let option = CommandLineTable.option(named: name) else {
                return UsageError(message: unknownOptionMessage(name))
            }
            seen.append(option)
            if option.takesValue && !hasInlineValue {
                guard index < arguments.count else {
                    return UsageError(message: tr("--{option} needs a value", ["option": name]))
                }
                index += 1
            } else if !option.takesValue && hasInlineValue {
                return UsageError(message: tr("--{option} takes no value", ["option": name]))
            }
        }
        return nil
    }

    static func unknownOptionMessage(_ name: String) -> String {
        let known = CommandLineTable.options.map(\.name)
        if let suggestion = closest(to: name, among: known) {
            return tr("unknown option --{option} (did you mean --{suggestion}?)", ["option": name, "suggestion": suggestion])
        }
        return tr("unknown option --{option}", ["option": name])
    }

    /// The candidate within a small edit distance of `word`, if any.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = max(2, best.0.count / 3)
        return best.1 <= tolerance ? best.0 : nil
    }

    /// Levenshtein distance between two strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
