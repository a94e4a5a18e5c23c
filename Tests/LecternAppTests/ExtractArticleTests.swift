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

/// Mozilla Readability's 130 test pages, scored by the shared scorer with the metric
/// article-extraction benchmarks use, through the real `lectern --extract-article`.
@Suite(.enabled(if: ReadabilityPages.exist,
                "the shared Readability pages (../shared/corpus/readability/pages beside the package folder) are absent"))
struct ExtractionConformanceTests {
    /// The floor the issue sets; the achieved figure is printed.
    static let floor = 0.96

    @Test func f1OnReadabilitysPagesIsAtLeastTheFloor() async throws {
        let sandbox = try await LecternSandbox()
        let lectern = try #require(LecternSandbox.lecternBinary)
        let command = "env DISPLAY= \(lectern) --extract-article {file} --base-url {url}"
        let details = sandbox.root.appending(path: "details.jsonl")
        let result = await Command.run("/usr/bin/python3", [ReadabilityPages.shared.appending(path: "bench/extraction_score.py").path, ReadabilityPages.pages.path,
                                                      command, "--details", details.path],
                                 environment: sandbox.environment, timeout: 600)
        let summary = try #require(result.stdout.split(separator: "\n").last(where: { $0.hasPrefix("extraction: ") }),
                                   "no summary: \(result.stdout) \(result.stderr)")
        // Every page is answered: an article (0) or "no article found" (1); never a crash or a hang.
        let pages = try String(contentsOf: details, encoding: .utf8).split(separator: "\n")
        #expect(pages.count == 130)
        for page in pages where !page.contains("\"rc\": 0") && !page.contains("\"rc\": 1") { Issue.record("\(page)") }
        print(summary)
        let words = summary.split(separator: " ")
        let f1 = try #require(words.firstIndex(of: "F1").flatMap { Double(words[$0 + 1]) })
        #expect(f1 >= Self.floor, "\(summary)")
    }
}

/// Where the shared pages live: beside the package folder, on team machines and in CI.
enum ReadabilityPages {
    static let shared = LecternSandbox.packageRoot.deletingLastPathComponent().appending(path: "shared")
    static let pages = shared.appending(path: "corpus/readability/pages")
    static var exist: Bool { FileManager.default.fileExists(atPath: pages.path) }
}
