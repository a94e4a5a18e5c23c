/// What storing one fetch's entries did.
public struct IngestResult: Sendable, Equatable {
    /// New articles.
    public var added = 0
    /// Articles seen again whose text or dates changed (status kept).
    public var updated = 0
    /// Articles seen again exactly as stored.
    public var unchanged = 0
    /// Entries ignored: pruned before (tombstoned), repeated within the fetch, or without any identity.
    public var skipped = 0
    /// (A sync's articles) stored articles whose read or starred state the server changed.
    public var stateChanges = 0

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, skipped: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.skipped = skipped
    }

    /// Adds what another batch did (a sync stores its articles in several).
    public mutating func add(_ other: IngestResult) {
        added += other.added
        updated += other.updated
        unchanged += other.unchanged
        skipped += other.skipped
        stateChanges += other.stateChanges
    }
}
