import Foundation

/// A user's rule, applied to new articles as a refresh stores them (and, when asked, to the
/// articles already there): "when the title contains ‘sponsored’, mark it read".
public struct Rule: Sendable, Equatable, Identifiable {
    public enum Field: String, Sendable, CaseIterable {
        case title, content, author, feed, any
    }

    public enum Match: String, Sendable, CaseIterable {
        case contains, doesNotContain = "does-not-contain", matchesRegex = "matches-regex"
    }

    public enum Action: String, Sendable, CaseIterable {
        case markRead = "mark-read", star, hide, notifyAlways = "notify-always"
    }

    public var id: Int64
    public var field: Field
    public var match: Match
    public var text: String
    public var action: Action

    public init(id: Int64 = 0, field: Field, match: Match, text: String, action: Action) {
        self.id = id
        self.field = field
        self.match = match
        self.text = text
        self.action = action
    }

    /// The rule ready to test articles; a regular expression that cannot compile is refused here,
    /// with its error.
    public func matcher() throws(BoundedRegex.SyntaxError) -> RuleMatcher {
        try RuleMatcher(self)
    }
}

/// What a rule looks at in one article: plain text, as the search index holds it.
public struct RuleSubject: Sendable {
    public var title: String
    public var content: String
    public var author: String
    public var feed: String

    public init(title: String = "", content: String = "", author: String = "", feed: String = "") {
        self.title = title
        self.content = content
        self.author = author
        self.feed = feed
    }

    func text(of field: Rule.Field) -> String {
        switch field {
        case .title: title
        case .content: content
        case .author: author
        case .feed: feed
        case .any: [title, author, feed, content].joined(separator: "\n")
        }
    }
}

/// A rule compiled: its regular expression built once, its words lowered once.
public struct RuleMatcher: Sendable {
    public let rule: Rule
    private let regex: BoundedRegex?
    private let words: String

    /// The most of an article's text a rule reads (a page-long article is judged by its start).
    static let maxText = 50_000

    init(_ rule: Rule) throws(BoundedRegex.SyntaxError) {
        self.rule = rule
        regex = rule.match == .matchesRegex ? try BoundedRegex(rule.text) : nil
        words = rule.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func matches(_ subject: RuleSubject) -> Bool {
        let text = String(subject.text(of: rule.field).prefix(Self.maxText))
        switch rule.match {
        case .contains: return !words.isEmpty && text.range(of: words, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        case .doesNotContain: return !words.isEmpty && text.range(of: words, options: [.caseInsensitive, .diacriticInsensitive]) == nil
        case .matchesRegex: return regex?.matches(text) ?? false
        }
    }
}
