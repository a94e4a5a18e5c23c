/// A change of read or starred state, as applied: only the articles whose state
/// actually changed are listed, so `LibraryStore.undo(_:)` restores exactly what was.
public struct StatusChange: Sendable, Equatable {
    public enum Field: Sendable, Equatable {
        case read
        case starred
    }

    public var field: Field
    /// The value the articles were set to.
    public var value: Bool
    public var articleIDs: [Int64]

    public init(field: Field, value: Bool, articleIDs: [Int64]) {
        self.field = field
        self.value = value
        self.articleIDs = articleIDs
    }

    /// True when nothing changed (nothing to undo).
    public var isEmpty: Bool { articleIDs.isEmpty }
}
