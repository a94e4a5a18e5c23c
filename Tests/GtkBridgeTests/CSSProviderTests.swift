import CGtk4
import Testing
@testable import GtkBridge

@Suite("CSS provider", .serialized)
@MainActor
struct CSSProviderTests {
    @Test func cleanCSSLoadsWithoutErrors() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check runs under Xvfb)")
        let provider = CSSProvider()
        let errors = provider.load("@define-color bg_primary #faf8f5;\nwindow { background-color: @bg_primary; }")
        #expect(errors.isEmpty)
    }

    @Test func malformedCSSReportsWhereItWentWrong() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check runs under Xvfb)")
        let provider = CSSProvider()
        var seen: [CSSParsingError] = []
        provider.onParsingError = { seen.append($0) }
        let errors = provider.load("window {\n  color: red;\n  colr: blue;\n}\n")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 3)
        #expect(errors.first?.message.contains("colr") == true)
        #expect(seen == errors)
    }

    @Test func reloadingReplacesTheTextInPlace() throws {
        try #require(GTKTestSupport.initialiseGTK(), "needs a display (make check runs under Xvfb)")
        let provider = CSSProvider()
        #expect(provider.load("label { colr: red; }").count == 1)
        #expect(provider.load("label { color: red; }").isEmpty)
        let text = takeString(gtk_css_provider_to_string(provider.as(GtkCssProvider.self))) ?? ""
        #expect(text.contains("color: rgb(255,0,0)"))
    }
}
