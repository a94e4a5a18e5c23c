import Testing
@testable import Theming

/// Family lists are written as the installed family they come to, so themes that differ
/// only in fonts this machine lacks give the same font rules (and GTK keeps its layouts).
@Suite("Font resolution")
struct FontResolutionTests {
    /// Answers like a machine with only `installed` (and "DejaVu Sans" for generics).
    private struct Machine: FontResolver {
        var installed: [String]
        var answer: String?? = nil
        func installedFamily(for families: [String]) -> String? {
            if let answer { return answer }
            return families.first(where: installed.contains) ?? "DejaVu Sans"
        }
    }

    private func theme(_ name: String) throws -> Theme {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        return try #require(catalog.theme(named: name))
    }

    private func fontRules(_ css: String) -> [String] {
        css.split(separator: "\n").map(String.init).filter { $0.contains("font-family") }
    }

    @Test func listsComingToTheSameFaceGiveTheSameRules() throws {
        let machine = Machine(installed: ["Cantarell"])
        let paper = try theme("Paper"), midnight = try theme("Midnight")
        #expect(paper.typography.uiFamily != midnight.typography.uiFamily, "the two themes no longer differ in fonts")
        let paperCSS = CSSGenerator.css(for: paper, scheme: .light, fonts: machine)
        let midnightCSS = CSSGenerator.css(for: midnight, scheme: .light, fonts: machine)
        #expect(paperCSS.contains("window {\n  font-family: \"Cantarell\", sans-serif;"))
        #expect(fontRules(paperCSS) == fontRules(midnightCSS))
        // With the themes' own fonts installed, they differ again.
        let both = Machine(installed: ["Inter", "Cantarell", "Literata", "Source Serif 4"])
        #expect(fontRules(CSSGenerator.css(for: paper, scheme: .light, fonts: both))
            != fontRules(CSSGenerator.css(for: midnight, scheme: .light, fonts: both)))
    }

    @Test func genericFamiliesStayAsTheLastResort() {
        let machine = Machine(installed: ["Georgia"])
        #expect(FontFamilies.resolved(["Literata", "Georgia", "serif"], by: machine) == ["Georgia", "serif"])
        #expect(FontFamilies.resolved(["Literata", "serif"], by: machine) == ["DejaVu Sans", "serif"])
        #expect(FontFamilies.resolved(["sans-serif"], by: Machine(installed: [], answer: "sans-serif")) == ["sans-serif"])
    }

    @Test func unusableAnswersKeepTheListAsWritten() {
        let written = ["Inter", "Cantarell", "sans-serif"]
        #expect(FontFamilies.resolved(written, by: nil) == written)
        for answer in [nil, "", "  ", "Evil\"; } window { color: red", "Two\nLines"] as [String?] {
            #expect(FontFamilies.resolved(written, by: Machine(installed: [], answer: .some(answer))) == written,
                    "answer \(String(describing: answer))")
        }
    }

    @Test func withoutAResolverTheOutputIsUnchanged() throws {
        let paper = try theme("Paper")
        #expect(CSSGenerator.css(for: paper, scheme: .light).contains("font-family: \"Cantarell\", \"Inter\", sans-serif;"))
    }
}
