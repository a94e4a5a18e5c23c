import Foundation
import Testing
@testable import Theming

@Suite("Resource locator")
struct ResourceLocatorTests {
    @Test func environmentOverrideComesFirstThenPrefixThenCheckout() {
        let candidates = ResourceLocator.candidates(environment: ["LECTERN_DATA_DIR": "/opt/data"],
                                                    executable: URL(filePath: "/usr/local/bin/lectern"))
        #expect(candidates.map(\.path) == [
            "/opt/data",
            "/usr/local/share/lectern",
            ResourceLocator.candidates(environment: [:], executable: nil).last?.path,
        ])
    }

    @Test func theSourceCheckoutIsFoundWhenNothingElseHoldsTheData() throws {
        let locator = try #require(ResourceLocator.locate(environment: [:], executable: URL(filePath: "/nonexistent/bin/lectern")))
        #expect(FileManager.default.fileExists(atPath: ComponentStylesheet.folder(in: locator.resources).appending(path: "window.css").path))
        #expect(FileManager.default.fileExists(atPath: locator.root.appending(path: "Package.swift").path))
    }

    @Test func anOverrideWithoutLecternsDataIsSkipped() throws {
        let empty = FileManager.default.temporaryDirectory.appending(path: "lectern-empty-\(UUID())")
        let locator = try #require(ResourceLocator.locate(environment: ["LECTERN_DATA_DIR": empty.path],
                                                          executable: nil))
        #expect(locator.root.path != empty.path)
    }
}
