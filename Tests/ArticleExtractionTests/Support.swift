import ArticleExtraction
import ArticleModel
import Foundation

/// The fixtures beside this file: one page per quirk.
enum Fixture {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
    static let pageURL = URL(string: "https://news.example/2026/11/story.html")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appending(path: name))
    }

    static func extract(_ name: String) throws -> ExtractedArticle {
        try ArticleExtractor.extract(from: data(name), url: pageURL)
    }
}

extension ArticleDocument {
    var codeBlocks: [(text: String, language: String?)] {
        blocks.compactMap { if case .code(let text, let language) = $0 { (text, language) } else { nil } }
    }
}
