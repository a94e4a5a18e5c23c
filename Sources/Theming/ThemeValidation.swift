import Foundation
import Localization

/// The outcome of `lectern --validate-theme FILE`: format errors and contrast failures (WCAG AA,
/// or AAA for a high-contrast theme, in either variant) make a file invalid. Lectern still lists
/// a theme that only fails contrast, with its findings (it can be chosen deliberately).
public struct ThemeValidation: Sendable {
    /// The theme, when the file decodes.
    public let theme: Theme?
    /// Why the file cannot be used, when it does not decode.
    public let error: ThemeError?
    /// Failing contrast pairs, each with a suggestion where one exists.
    public let findings: [ContrastFinding]

    /// Whether the file is a theme that passes every contrast rule (exit status 0).
    public var isValid: Bool { theme != nil && findings.isEmpty }

    /// Reads and checks the file at `url`.
    public init(file url: URL) {
        do {
            let theme = try ThemeFile.load(url)
            self.theme = theme
            self.error = nil
            self.findings = ContrastChecker.findings(for: theme)
        } catch {
            self.theme = nil
            self.error = error
            self.findings = []
        }
    }

    /// The lines to print: a verdict first, then one line per finding.
    public var report: [String] {
        if let error { return [tr("invalid: {error}", ["error": "\(error)"])] }
        guard let theme else { return [] }
        let rules = theme.isHighContrast ? tr("high-contrast rules: body 7:1, interface 4.5:1")
            : tr("body 4.5:1, interface 3:1")
        guard !findings.isEmpty else {
            return [tr("valid: \"{theme}\" passes every contrast check ({rules})", ["theme": theme.name, "rules": rules])]
        }
        let values: KeyValuePairs<String, any Sendable> = ["theme": theme.name, "rules": rules]
        let lines = findings.map { "  \($0)" }
        guard findings.contains(where: { $0.suggestion != nil }) else {
            return [tr("invalid: \"{theme}\" fails {count} contrast check ({rules})",
                       plural: "invalid: \"{theme}\" fails {count} contrast checks ({rules})", count: findings.count, values)] + lines
        }
        // Translators: keep the command `lectern --fix-contrast FILE` as it is.
        return [tr("invalid: \"{theme}\" fails {count} contrast check ({rules}); `lectern --fix-contrast FILE` writes a corrected copy beside it",
                   plural: "invalid: \"{theme}\" fails {count} contrast checks ({rules}); `lectern --fix-contrast FILE` writes a corrected copy beside it",
                   count: findings.count, values)] + lines
    }
}
