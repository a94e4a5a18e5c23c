import Foundation
import Localization

/// Rules: kept in the library, applied to the articles a refresh or sync stored (and, when asked,
/// to every article), with an undo of what they changed.
extension LibraryStore {
    public func rules() throws(StorageError) -> [Rule] {
        try read { database throws(StorageError) in
            try database.query("SELECT id, field, match, text, action FROM rules ORDER BY created_at, id") { row in
                guard let field = row.text(1).flatMap(Rule.Field.init), let match = row.text(2).flatMap(Rule.Match.init),
                      let action = row.text(4).flatMap(Rule.Action.init) else { return nil }
                return Rule(id: row.int64(0), field: field, match: match, text: row.text(3) ?? "", action: action)
            }.compactMap { $0 }
        }
    }

    /// Keeps a rule; one without words, or whose regular expression cannot compile, is refused.
    @discardableResult
    public func addRule(_ rule: Rule) throws(StorageError) -> Rule {
        guard !rule.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidValue(tr("a rule needs words to look for"))
        }
        do {
            _ = try rule.matcher()
        } catch {
            throw .invalidValue(tr("the regular expression cannot be used: {error}", ["error": error.description]))
        }
        let id = try write { database throws(StorageError) in
            try database.run("INSERT INTO rules (field, match, text, action, created_at) VALUES (?, ?, ?, ?, ?)",
                             [.text(rule.field.rawValue), .text(rule.match.rawValue), .text(rule.text), .text(rule.action.rawValue),
                              SQLValue(Date())])
            return database.lastInsertRowID
        }
        var kept = rule
        kept.id = id
        return kept
    }

    public func deleteRule(_ id: Int64) throws(StorageError) {
        let changed = try write { database throws(StorageError) in try database.run("DELETE FROM rules WHERE id = ?", [.integer(id)]) }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The rule")) }
    }

    /// The articles stored after `articleID` that `matcher` matches (every article from 0), read
    /// as the search index holds their text.
    public func articles(matching matcher: RuleMatcher, after articleID: Int64 = 0) throws(StorageError) -> [Int64] {
        try catchUpSearchIndex()
        return try read { database throws(StorageError) in
            try database.query("""
                SELECT s.rowid, s.title, s.author, s.summary, s.content, f.title
                FROM article_search s CROSS JOIN articles a ON a.id = s.rowid CROSS JOIN feeds f ON f.id = a.feed_id
                WHERE s.rowid > ? AND a.id NOT IN (SELECT id FROM hidden_articles)
                """, [.integer(articleID)]) { row -> Int64? in
                let subject = RuleSubject(title: row.text(1) ?? "", content: [row.text(3), row.text(4)].compactMap { $0 }.joined(separator: "\n"),
                                          author: row.text(2) ?? "", feed: row.text(5) ?? "")
                return matcher.matches(subject) ? row.int64(0) : nil
            }.compactMap { $0 }
        }
    }

    /// Applies `rules` (every rule when nil) to the articles stored after `articleID`; returns
    /// what changed, for an undo. "Notify always" changes nothing here (`ArrivalWatch` reads it).
    @discardableResult
    public func applyRules(_ rules: [Rule]? = nil, toArticlesAfter articleID: Int64) throws(StorageError) -> RuleApplication {
        var application = RuleApplication()
        let chosen: [Rule]
        if let rules { chosen = rules } else { chosen = try self.rules() }
        for rule in chosen where rule.action != .notifyAlways {
            guard let matcher = try? rule.matcher() else { continue }
            let ids = try articles(matching: matcher, after: articleID)
            guard !ids.isEmpty else { continue }
            switch rule.action {
            case .markRead: application.read += try setRead(ids, true).articleIDs
            case .star: application.starred += try setStarred(ids, true).articleIDs
            case .hide:
                application.read += try setRead(ids, true).articleIDs
                application.hidden += try hide(ids)
            case .notifyAlways: break
            }
        }
        return application
    }

    /// Puts back what an application of rules changed.
    public func undo(_ application: RuleApplication) throws(StorageError) {
        try write { database throws(StorageError) in
            try database.run("DELETE FROM hidden_articles WHERE id IN (SELECT value FROM json_each(?))", [.jsonArray(application.hidden)])
        }
        try setRead(application.read, false)
        try setStarred(application.starred, false)
    }

    /// Whether a rule hid any article (the lists leave them out only then).
    func hasHiddenArticles() throws(StorageError) -> Bool {
        try read { database throws(StorageError) in try database.scalar("SELECT EXISTS (SELECT 1 FROM hidden_articles)") != 0 }
    }

    /// Hides articles from every list; returns those that were not hidden already.
    private func hide(_ ids: [Int64]) throws(StorageError) -> [Int64] {
        try write { database throws(StorageError) in
            try database.query("INSERT OR IGNORE INTO hidden_articles (id) SELECT value FROM json_each(?) RETURNING id",
                               [.jsonArray(ids)]) { $0.int64(0) }
        }
    }
}

/// What applying rules changed: the articles marked read, starred and hidden by it.
public struct RuleApplication: Sendable, Equatable {
    public var read: [Int64] = []
    public var starred: [Int64] = []
    public var hidden: [Int64] = []

    public init() {}

    /// How many articles it touched.
    public var count: Int { Set(read + starred + hidden).count }
}
