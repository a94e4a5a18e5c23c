import Foundation
import Localization

/// "Fix Contrast": a corrected copy of a theme file that fails the contrast rules, written beside
/// it. Each failing foreground takes the checker's suggestion (same hue and saturation, lightness
/// moved), measured again until every pair passes; the original file is never touched.
public enum ContrastFix {
    public enum Failure: Error, CustomStringConvertible {
        case unreadable(ThemeError)
        case nothingToFix(name: String)
        /// Some pair passes with no lightness of its foreground's hue: the background must change.
        case cannotFix([ContrastFinding])
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .nothingToFix(let name): tr("\"{theme}\" already passes every contrast check", ["theme": name])
            case .cannotFix(let findings):
                tr("no lightness of these colours passes, so their background must change: {findings}",
                   ["findings": findings.map(\.description).joined(separator: "; ")])
            case .cannotWrite(let path, let reason): tr("could not write {path}: {reason}", ["path": path, "reason": reason])
            }
        }
    }

    /// Writes the corrected copy (`<file>-fixed-contrast.json`, named "<Name> (Fixed Contrast)")
    /// and returns where.
    public static func writeCorrectedCopy(of file: URL) throws(Failure) -> URL {
        let theme: Theme
        do { theme = try ThemeFile.load(file) } catch { throw .unreadable(error) }
        guard !ContrastChecker.findings(for: theme).isEmpty else { throw .nothingToFix(name: theme.name) }
        guard let data = try? Data(contentsOf: file),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .cannotWrite(path: file.path, reason: tr("the file could not be read again"))
        }
        // Translators: the name of the corrected copy of the theme {theme}.
        let name = tr("{theme} (Fixed Contrast)", ["theme": theme.name])
        object["name"] = String(name.prefix(ThemeFile.maximumNameLength))
        // A colour may take part in several pairs: fix, measure again, until nothing moves.
        var fixed = theme
        for _ in 0..<8 {
            let findings = ContrastChecker.findings(for: fixed)
            let fixable = findings.filter { $0.suggestion != nil }
            guard !fixable.isEmpty else { break }
            for finding in fixable {
                guard let color = finding.suggestion else { continue }
                ThemeDraft.setColor(color.hex, token: finding.foreground, scheme: finding.scheme, in: &object)
            }
            guard let reencoded = try? JSONSerialization.data(withJSONObject: object),
                  let reloaded = try? ThemeFile.decode(reencoded, file: file.lastPathComponent) else { break }
            fixed = reloaded
        }
        let left = ContrastChecker.findings(for: fixed)
        guard left.isEmpty else { throw .cannotFix(left) }
        let renamed = file.deletingLastPathComponent()
            .appending(path: file.deletingPathExtension().lastPathComponent + "-fixed-contrast.json")
        do {
            let text = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            try text.write(to: renamed, options: .atomic)
        } catch {
            throw .cannotWrite(path: renamed.path, reason: error.localizedDescription)
        }
        return renamed
    }
}
