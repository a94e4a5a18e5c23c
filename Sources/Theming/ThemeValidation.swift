import Foundation

/// The outcome of `lectern --validate-theme FILE`: format errors make a file invalid;
/// contrast findings are reported but the theme stays usable.
public struct ThemeValidation: Sendable {
    /// The theme, when the file decodes.
    public let theme: Theme?
    /// Why the file cannot be used, when it does not decode.
    public let error: ThemeError?
    /// Failing contrast pairs, each with a suggestion where one exists.
    public let findings: [ContrastFinding]

    /// Whether the file is a usable theme (exit status 0).
    public var isValid: Bool { theme != nil }

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
        return ["valid with \(findings.count) contrast warning(s): \"\(theme.name)\" (\(rules))"]
            + findings.map { "  \($0)" }
    }
}
