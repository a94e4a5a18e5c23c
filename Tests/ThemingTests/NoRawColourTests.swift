import Foundation
import Testing

/// Views never hold colours: a hex colour may only appear in `Themes/`.
@Suite("No raw colours outside Themes/")
struct NoRawColourTests {
    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` not followed by another word character
    /// (and not an HTML character reference such as `&#123;`).
    private static let hexColour = try? NSRegularExpression(
        pattern: "(?<!&)#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{4}|[0-9a-fA-F]{3})(?![0-9A-Za-z_])")
    /// Text files that could carry a colour. Icons (SVG, PNG) are left to GTK's recolouring.
    private static let scannedExtensions: Set<String> = ["swift", "css", "h", "c", "modulemap", "ui", "xml", "ini", "json"]

    @Test func noHexColourInSourcesOrResources() throws {
        let regex = try #require(Self.hexColour)
        var scanned = 0
        var offenders: [String] = []
        for folder in ["Sources", "Resources"] {
            let root = TestSupport.packageRoot.appending(path: folder, directoryHint: .isDirectory)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where Self.scannedExtensions.contains(url.pathExtension) {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                scanned += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let line = String(line)
                    let range = NSRange(line.startIndex..., in: line)
                    if regex.firstMatch(in: line, range: range) != nil {
                        offenders.append("\(folder)/\(url.path.dropFirst(root.path.count + 1)):\(number + 1): \(line)")
                    }
                }
            }
        }
        #expect(scanned > 0)
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theScannerWouldCatchAColour() throws {
        let regex = try #require(Self.hexColour)
        for sample in ["color: #fff;", "@define-color x #FAF8F5;", "\"#1c191580\""] {
            #expect(regex.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil, "\(sample)")
        }
        for sample in ["#if os(Linux)", "#filePath", "\"#12345\" is not", "#expect(x)", "#define FOO", "&#123; and &#x7B;"] {
            #expect(regex.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) == nil, "\(sample)")
        }
    }
}
