import Foundation
import Testing
import TestSupport

/// `lectern --extract-article`: the article of one page as JSON, run as a user would.
@Suite("lectern --extract-article")
struct ExtractArticleTests {
    static let fixtures = LecternSandbox.packageRoot.appending(path: "Tests/ArticleExtractionTests/Fixtures")

    @Test func aPagePrintsItsArticleWithRelativeLinksResolvedAgainstTheBaseURL() async throws {
        let sandbox = try await LecternSandbox()
        let page = Self.fixtures.appending(path: "lazy-images.html").path
        let result = await sandbox.run(["--extract-article", page, "--base-url", "https://coast.example/notes/harbour.html"],
                                 environment: ["DISPLAY": nil])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"title\":\"Harbour lights at dusk\",\"byline\":null,\"published\":null,"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["title", "byline", "published", "site_name", "lang", "dir", "lead_image", "text", "html"])
        #expect(json["lead_image"] as? String == "https://coast.example/images/lead.jpg")
        #expect(json["lang"] as? String == "en")
        let text = try #require(json["text"] as? String)
        #expect(text.hasPrefix("The harbour changes colour twice an evening"), "the title heading is the title, not text")
        #expect(text.contains("\n\nPhotographers come for the second change."))
        #expect((json["html"] as? String)?.contains("src=\"https://coast.example/notes/photos/quay-1200.jpg\"") == true)
    }

    @Test func aPageWithoutAnArticleExitsOneAndSaysWhy() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--extract-article", Self.fixtures.appending(path: "no-article.html").path],
                                 environment: ["DISPLAY": nil])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no article found: the page holds only 9 characters of text, too few for an article"), "\(result.stderr)")
    }

    @Test func usageErrorsExitTwo() async throws {
        let sandbox = try await LecternSandbox()
        let page = Self.fixtures.appending(path: "rtl.html").path
        for arguments in [["--base-url", "https://example.org/"], ["--extract-article", page, "--base-url", "not a url"],
                          ["--extract-article", "/nonexistent/page.html"], ["--extract-article", page, "--list-themes"]] {
            let result = await sandbox.run(arguments, environment: ["DISPLAY": nil])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("lectern: "), "\(arguments): \(result.stderr)")
        }
    }
}

/// Every shared set of pages with human ground truth — Mozilla Readability's 130 test pages,
/// CleanEval, CleanPortalEval, a third of Dragnet and a fifth of WCXB's article pages — through
/// the real `lectern --extract-article`, scored with the shared scorer's metric
/// (`scripts/extraction_quality.py`). Every page is answered (an article, or "no article found"),
/// no page's text holds mojibake its ground truth does not, and each set's F1 stays at its floor.
@Suite(.enabled(if: ReadabilityPages.exist,
                "the shared pages (../shared/corpus/readability and ../shared/corpus/extraction beside the package folder) are absent"))
struct ExtractionConformanceTests {
    /// Each set's floor: the F1 reached, less 0.005 (the figures are in docs/benchmarks.md).
    static let floors: [(String, Double)] = [("readability", 0.976), ("cleaneval", 0.900), ("cleanportaleval", 0.958),
                                             ("dragnet", 0.916), ("wcxb-dev", 0.955)]

    @Test(arguments: floors)
    func everySetIsReadAtLeastAsWellAsItsFloor(_ set: String, _ floor: Double) async throws {
        let sandbox = try await LecternSandbox()
        let lectern = try #require(LecternSandbox.lecternBinary)
        let script = LecternSandbox.packageRoot.appending(path: "scripts/extraction_quality.py").path
        let result = await Command.run("/usr/bin/python3", [script, lectern, ReadabilityPages.shared.path, "--sets", set],
                                       environment: sandbox.environment, timeout: 900)
        let line = try #require(result.stdout.split(separator: "\n").last, "no summary: \(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        print(line)
        #expect(summary["failed"] as? Int == 0, "pages answered with neither an article nor \"no article found\": \(line)")
        #expect((summary["mojibake"] as? [String])?.isEmpty == true, "mojibake on pages: \(line)")
        let f1 = try #require(summary["f1"] as? Double)
        #expect(f1 >= floor, "\(set): \(line)")
    }
}

/// Where the shared pages live: beside the package folder, on team machines and in CI.
enum ReadabilityPages {
    static let shared = LecternSandbox.packageRoot.deletingLastPathComponent().appending(path: "shared")
    static let pages = shared.appending(path: "corpus/readability/pages")
    static var exist: Bool { FileManager.default.fileExists(atPath: pages.path) }
}
