/// Small helpers for "did you mean …?" messages.
enum EditDistance {
    /// Levenshtein distance between `a` and `b`, compared case-insensitively.
    static func between(_ a: String, _ b: String) -> Int {
        let left = Array(a.lowercased())
        let right = Array(b.lowercased())
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, leftCharacter) in left.enumerated() {
            var current = [i + 1]
            for (j, rightCharacter) in right.enumerated() {
                let substitution = previous[j] + (leftCharacter == rightCharacter ? 0 : 1)
                current.append(min(substitution, previous[j + 1] + 1, current[j] + 1))
            }
            previous = current
        }
        return previous[right.count]
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// within two fifths of the longer word's length (at least 2 edits), or a prefix match.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        let scored = candidates.map { (candidate: $0, distance: between(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let limit = max(2, max(word.count, best.candidate.count) * 2 / 5)
        if best.distance <= limit { return best.candidate }
        return candidates.first { $0.lowercased().hasPrefix(lowered) }
    }
}
