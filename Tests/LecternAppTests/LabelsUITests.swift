import Foundation
import Library
import Testing
import TestSupport

/// Labels in the running window, read over AT-SPI: l opens the reader's Labels popover, a name
/// typed there makes a label on the article, which the reader shows and the sidebar lists with
/// its count; an account's articles offer only what their server can do.
@Suite(.serialized)
struct LabelsUITests {
    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func anArticleIsLabelledFromTheReaderAndTheLabelIsAView() async throws {
        let (display, sandbox, bus, app, window) = try await AdaptiveLayoutTests.launch()
        defer { app.terminate(); app.waitUntilExit(); withExtendedLifetime(display) {} }
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let newest = try #require(try store.articles(ArticleQuery(view: .all, limit: 1)).first)
        await sandbox.activate("next-article")
        #expect(await eventually(timeout: 10) { ((try? await bus.walk(app)) ?? []).contains { $0.name == newest.title } })

        // l: the popover, its field for a new label focused; a name and Enter make the label.
        let opened = try await bus.press(["l"], in: window, of: app, on: display)
        #expect(opened.last?.name == "New label", "l gave the focus to \(opened.map { "\($0.role) \($0.name)" })")
        _ = try await bus.press(["k", "e", "e", "p", "Return"], in: window, of: app, on: display)
        #expect(await eventually(timeout: 5) { (try? store.labels().map(\.name)) == ["keep"] })
        let label = try #require(try store.labels().first)
        #expect(try store.labelIDs(ofArticle: newest.id) == [label.id])
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 5) {
            nodes = (try? await bus.walk(app)) ?? []
            return nodes.contains { $0.role == "check box" && $0.name == "keep" && $0.states.contains("checked") }
        }, "the popover does not show the new label, checked: \(nodes.filter { $0.role == "check box" }.map(\.summary))")
        #expect(nodes.contains { $0.name == "Labels: keep" }, "the reader names the article's labels")
        #expect(nodes.contains { $0.role == "list item" && $0.name == "keep" }, "the sidebar lists the label (its article read on open)")

        // Unticked in the popover: off the article, out of the reader.
        _ = try await bus.press(["Escape"], in: window, of: app, on: display)
        await sandbox.activate("label-article", "[<'\(label.id):0'>]")
        #expect(await eventually(timeout: 5) { (try? store.labelIDs(ofArticle: newest.id)) == [] })
        #expect(await eventually(timeout: 5) { !((try? await bus.walk(app)) ?? []).contains { $0.name == "Labels: keep" } })
        await sandbox.activate("label-article", "[<'\(label.id):1'>]")
        #expect(await eventually(timeout: 5) { (try? store.labelIDs(ofArticle: newest.id)) == [label.id] })
        // A second label of the same name is refused in words, in the popover.
        await sandbox.activate("new-label", "[<'Keep'>]")
        #expect(await eventually(timeout: 5) {
            ((try? await bus.walk(app)) ?? []).contains { $0.name.contains("There is already a label called Keep") }
        }, "no notice of the refused name")
        #expect(try store.labels().map(\.name) == ["keep"])
    }
}
