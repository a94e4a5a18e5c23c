import ArticleModel
import FeedParsing
import Foundation
@testable import Library

/// A temporary folder removed when the value is released.
final class TempFolder: @unchecked Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "lectern-library-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appending(path: name).path }
}

/// A fresh library in a temp folder (kept alive with the folder).
func makeStore() throws -> (LibraryStore, TempFolder) {
    let folder = TempFolder()
    return (try LibraryStore.open(path: folder.path("library.sqlite")), folder)
}

func entry(_ id: String?, title: String? = nil, link: String? = nil, published: Date? = nil,
           summary: String? = nil, content: String? = nil, author: String? = nil) -> ParsedEntry {
    ParsedEntry(id: id, title: title ?? id, link: link, published: published,
                authors: author.map { [Person(name: $0)] } ?? [], summary: summary, content: content)
}

func parsed(_ entries: [ParsedEntry], title: String = "Feed") -> ParsedFeed {
    ParsedFeed(format: .rss20, title: title, link: "https://example.org/", entries: entries)
}

let day: TimeInterval = 24 * 3600

/// A file under Tests/LibraryTests/Fixtures.
func fixture(_ path: String) -> URL {
    URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/\(path)")
}
