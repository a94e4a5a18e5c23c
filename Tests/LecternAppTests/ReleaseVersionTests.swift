import Foundation
import Testing
import TestSupport

/// The version is written once, as the newest release in CHANGELOG.md, and every place that
/// shows it follows (docs/packaging.md).
@Suite("One version, from CHANGELOG.md")
struct ReleaseVersionTests {
    /// The newest `## VERSION — DATE` heading of CHANGELOG.md.
    static func newestRelease() throws -> (version: String, date: String) {
        let changelog = try String(contentsOf: LecternSandbox.packageRoot.appending(path: "CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let parts = heading.dropFirst(3).split(separator: " — ")
        try #require(parts.count == 2, "a release heading is “## VERSION — DATE”: \(heading)")
        return (String(parts[0]), String(parts[1]))
    }

    @Test func versionPrintsTheNewestRelease() async throws {
        let newest = try Self.newestRelease()
        let result = try await LecternSandbox().run(["--version"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(result.status == 0)
        #expect(result.stdout == "Lectern \(newest.version)\n")
    }

    @Test func theMetainfoListsEveryReleaseNewestFirst() throws {
        let newest = try Self.newestRelease()
        let metainfo = try String(contentsOf: LecternSandbox.packageRoot.appending(path: ".build/data/dev.lectern.Lectern.metainfo.xml"),
                                  encoding: .utf8)
        let first = try #require(metainfo.range(of: "<release "))
        #expect(metainfo[first.lowerBound...].hasPrefix("<release version=\"\(newest.version)\" date=\"\(newest.date)\">"))
        let changelog = try String(contentsOf: LecternSandbox.packageRoot.appending(path: "CHANGELOG.md"), encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }.count
        #expect(metainfo.components(separatedBy: "<release ").count - 1 == headings)
    }

    @Test func theManPageCarriesTheVersionAndDate() throws {
        let newest = try Self.newestRelease()
        let page = try String(contentsOf: LecternSandbox.packageRoot.appending(path: ".build/data/lectern.1"), encoding: .utf8)
        let title = page.split(separator: "\n").first { $0.hasPrefix(".TH ") }
        #expect(title?.hasPrefix(".TH LECTERN 1 \"\(newest.date)\" \"Lectern \(newest.version)\"") == true, "\(title ?? "no .TH line")")
    }
}
