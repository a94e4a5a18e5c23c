import Foundation

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
        if let error { return ["invalid: \(error)"] }
        guard let theme else { return [] }
        let rules = theme.isHighContrast ? "high-contrast rules: body 7:1, interface 4.5:1"
            : "body 4.5:1, interface 3:1"
        guard !findings.isEmpty else {
            return ["valid: \"\(theme.name)\" passes every contrast check (\(rules))"]
        }
        let fix = findings.contains { $0.suggestion != nil }
            ? "; `lectern --fix-contrast FILE` writes a corrected copy beside it" : ""
        return ["invalid: \"\(theme.name)\" fails \(findings.count) contrast check(s) (\(rules))\(fix)"]
            + findings.map { "  \($0)" }
    }
}
