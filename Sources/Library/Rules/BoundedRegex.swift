import Foundation
import Localization

/// A regular expression for rules that can never stall a refresh: compiled to a Thompson NFA and
/// run by simulating every state at once, so matching takes time proportional to the pattern's
/// size times the text's length whatever the pattern — `(a+)+$` on a long title included, which a
/// backtracking engine (NSRegularExpression, Swift's Regex) takes exponential time over.
///
/// Case-insensitive, searching anywhere in the text. Supported: literals, `.`, `[…]` classes with
/// ranges and `^` negation, `\d \w \s` (and `\D \W \S`), escaped punctuation, `^` and `$`,
/// groups `(…)` and `(?:…)`, `|`, `*`, `+`, `?` and `{n}`, `{n,}`, `{n,m}` (lazy forms match the
/// same). What needs backtracking — back-references and look-arounds — is refused with the place.
public struct BoundedRegex: Sendable {
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public let message: String
        /// Where in the pattern (0-based, in characters).
        public let position: Int
        public var description: String {
            // Translators: {error} says what is wrong with a regular expression; {position} counts characters from 1.
            tr("{error} (at character {position})", ["error": message, "position": String(position + 1)])
        }
    }

    private indirect enum Node {
        case scalar(Unicode.Scalar), any, set(ScalarSet), lineStart, lineEnd, empty
        case sequence([Node]), choice([Node]), star(Node), plus(Node), optional(Node)
    }

    private struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var predicates: [Class] = []
        var negated = false

        enum Class: Sendable { case digit, word, space, notDigit, notWord, notSpace }

        /// Whether the (lowered) text's `scalar` belongs: written in either case, unless negated.
        func matches(_ scalar: Unicode.Scalar) -> Bool {
            (includes(scalar) || includes(BoundedRegex.upper(scalar))) != negated
        }

        private func includes(_ scalar: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(scalar.value) } || predicates.contains { Self.test($0, scalar) }
        }

        static func test(_ kind: Class, _ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch kind {
            case .digit: return properties.numericType == .decimal
            case .word: return properties.isAlphabetic || properties.numericType == .decimal || scalar == "_"
            case .space: return properties.isWhitespace
            case .notDigit: return !test(.digit, scalar)
            case .notWord: return !test(.word, scalar)
            case .notSpace: return !test(.space, scalar)
            }
        }
    }

    private enum State: Sendable {
        case scalar(Unicode.Scalar, next: Int)
        case any(next: Int)
        case set(ScalarSet, next: Int)
        case split(Int, Int)
        case lineStart(next: Int), lineEnd(next: Int)
        case accept
    }

    public let pattern: String
    private let states: [State]
    private let start: Int
    /// The pattern's size is bounded too: counted repetition can multiply it.
    static let maxStates = 20_000

    public init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.parseWhole()
        var builder = Builder()
        let accept = builder.add(.accept)
        start = try builder.compile(node, next: accept)
        states = builder.states
    }

    /// Whether the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        let scalars = Array(text.lowercased().unicodeScalars)
        var current: [Int] = []
        var seen = [Int](repeating: -1, count: states.count)
        var generation = 0
        func add(_ index: Int, at position: Int, into list: inout [Int]) -> Bool {
            // The epsilon closure; true when it reaches the accepting state.
            var stack = [index]
            while let state = stack.popLast() {
                guard seen[state] != generation else { continue }
                seen[state] = generation
                switch states[state] {
                case .accept: return true
                case .split(let first, let second): stack.append(second); stack.append(first)
                case .lineStart(let next): if position == 0 { stack.append(next) }
                case .lineEnd(let next): if position == scalars.count { stack.append(next) }
                case .scalar, .any, .set: list.append(state)
                }
            }
            return false
        }
        for position in 0...scalars.count {
            // Searching: a match may begin at every position.
            if add(start, at: position, into: &current) { return true }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            generation += 1
            var next: [Int] = []
            for state in current {
                let target: Int?
                switch states[state] {
                case .scalar(let expected, let following): target = expected == scalar ? following : nil
                case .any(let following): target = scalar == "\n" ? nil : following
                case .set(let set, let following): target = set.matches(scalar) ? following : nil
                default: target = nil
                }
                if let target, add(target, at: position + 1, into: &next) { return true }
            }
            current = next
        }
        return false
    }

    fileprivate static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        String(scalar).uppercased().unicodeScalars.first ?? scalar
    }

    private struct Builder {
        var states: [State] = []

        mutating func add(_ state: State) -> Int {
            states.append(state)
            return states.count - 1
        }

        /// Compiles `node` so that it continues to `next`; returns its entry state.
        mutating func compile(_ node: Node, next: Int) throws(SyntaxError) -> Int {
            guard states.count < BoundedRegex.maxStates else {
                throw SyntaxError(message: tr("the pattern is too large once its repetitions are spelled out"), position: 0)
            }
            switch node {
            case .scalar(let scalar): return add(.scalar(scalar, next: next))
            case .any: return add(.any(next: next))
            case .set(let set): return add(.set(set, next: next))
            case .lineStart: return add(.lineStart(next: next))
            case .lineEnd: return add(.lineEnd(next: next))
            case .empty: return next
            case .sequence(let parts):
                var entry = next
                for part in parts.reversed() { entry = try compile(part, next: entry) }
                return entry
            case .choice(let options):
                var entry = try compile(options[options.count - 1], next: next)
                for option in options.dropLast().reversed() { entry = add(.split(try compile(option, next: next), entry)) }
                return entry
            case .optional(let inner):
                return add(.split(try compile(inner, next: next), next))
            case .star(let inner):
                let loop = add(.split(-1, next))
                let body = try compile(inner, next: loop)
                states[loop] = .split(body, next)
                return loop
            case .plus(let inner):
                let loop = add(.split(-1, next))
                let body = try compile(inner, next: loop)
                states[loop] = .split(body, next)
                return body
            }
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        mutating func parseWhole() throws(SyntaxError) -> Node {
            let node = try parseChoice()
            if position < scalars.count { throw SyntaxError(message: tr("an unmatched )"), position: position) }
            return node
        }

        private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private mutating func parseChoice() throws(SyntaxError) -> Node {
            var options = [try parseSequence()]
            while peek == "|" {
                position += 1
                options.append(try parseSequence())
            }
            return options.count == 1 ? options[0] : .choice(options)
        }

        private mutating func parseSequence() throws(SyntaxError) -> Node {
            var parts: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                parts.append(try parseRepeated())
            }
            return parts.isEmpty ? .empty : .sequence(parts)
        }

        private mutating func parseRepeated() throws(SyntaxError) -> Node {
            var node = try parseAtom()
            while let scalar = peek {
                let at = position
                switch scalar {
                case "*": position += 1; node = .star(node)
                case "+": position += 1; node = .plus(node)
                case "?": position += 1; node = .optional(node)
                case "{":
                    guard let (low, high) = try parseCount() else { return node }
                    node = Self.repeated(node, low: low, high: high)
                    _ = at
                default: return node
                }
                if peek == "?" { position += 1 }   // lazy: the same answer to "does it match?"
            }
            return node
        }

        /// `{n}`, `{n,}`, `{n,m}`; nil when the brace is a plain character.
        private mutating func parseCount() throws(SyntaxError) -> (Int, Int?)? {
            let start = position
            var index = position + 1
            func number() -> Int? {
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { digits.unicodeScalars.append(scalars[index]); index += 1 }
                return Int(digits)
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if index < scalars.count, scalars[index] == "," {
                index += 1
                high = number()
            }
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            if let high, high < low {
                // Translators: {range} is a repetition count in a regular expression, e.g. "{5,2}".
                throw SyntaxError(message: tr("{range} counts backwards", ["range": "{\(low),\(high)}"]), position: start)
            }
            if low > 1000 || (high ?? 0) > 1000 { throw SyntaxError(message: tr("a count above 1000"), position: start) }
            position = index + 1
            return (low, high)
        }

        private static func repeated(_ node: Node, low: Int, high: Int?) -> Node {
            var parts = Array(repeating: node, count: low)
            if let high {
                parts += Array(repeating: Node.optional(node), count: high - low)
            } else {
                parts.append(.star(node))
            }
            return .sequence(parts)
        }

        private mutating func parseAtom() throws(SyntaxError) -> Node {
            let at = position
            guard let scalar = peek else { throw SyntaxError(message: tr("the pattern ends too early"), position: at) }
            position += 1
            switch scalar {
            case ".": return .any
            case "^": return .lineStart
            case "$": return .lineEnd
            // Translators: {character} is *, + or ? in a regular expression.
            case "*", "+", "?": throw SyntaxError(message: tr("{character} repeats nothing", ["character": String(scalar)]), position: at)
            case "(":
                if peek == "?" {
                    guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                        throw SyntaxError(message: tr("look-arounds and inline options are not supported"), position: at)
                    }
                    position += 2
                }
                let inner = try parseChoice()
                guard peek == ")" else { throw SyntaxError(message: tr("a ( without its )"), position: at) }
                position += 1
                return inner
            case "[": return .set(try parseSet(from: at))
            case "\\": return try parseEscape(at: at).map { .set($0) } ?? Self.literal(scalars[position - 1])
            default: return Self.literal(scalar)
            }
        }

        /// A character to match as written, in lower case (the text is lowered too).
        private static func literal(_ scalar: Unicode.Scalar) -> Node {
            let lowered = Array(String(scalar).lowercased().unicodeScalars)
            return lowered.count == 1 ? .scalar(lowered[0]) : .sequence(lowered.map { .scalar($0) })
        }

        /// After a backslash: a class (returned), or an escaped character (nil: the scalar just read).
        private mutating func parseEscape(at: Int) throws(SyntaxError) -> ScalarSet? {
            guard let scalar = peek else { throw SyntaxError(message: tr("a \\ at the end"), position: at) }
            position += 1
            let classes: [Unicode.Scalar: ScalarSet.Class] = ["d": .digit, "w": .word, "s": .space,
                                                              "D": .notDigit, "W": .notWord, "S": .notSpace]
            if let kind = classes[scalar] { return ScalarSet(predicates: [kind]) }
            if ("0"..."9").contains(scalar) { throw SyntaxError(message: tr("back-references are not supported"), position: at) }
            if scalar.properties.isAlphabetic {
                // Translators: {escape} is a backslash and a letter in a regular expression, e.g. "\b".
                throw SyntaxError(message: tr("{escape} is not supported", ["escape": "\\\(scalar)"]), position: at)
            }
            return nil
        }

        private mutating func parseSet(from at: Int) throws(SyntaxError) -> ScalarSet {
            var set = ScalarSet()
            if peek == "^" { set.negated = true; position += 1 }
            var first = true
            while let scalar = peek, scalar != "]" || first {
                first = false
                position += 1
                var low = scalar
                if scalar == "\\" {
                    if let inner = try parseEscape(at: position - 1) {
                        set.predicates += inner.predicates
                        continue
                    }
                    low = scalars[position - 1]
                }
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    var high = scalars[position]
                    position += 1
                    if high == "\\", let escaped = peek { high = escaped; position += 1 }
                    guard low.value <= high.value else { throw SyntaxError(message: tr("a range that runs backwards"), position: position - 3) }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
            guard peek == "]" else { throw SyntaxError(message: tr("a [ without its ]"), position: at) }
            position += 1
            return set
        }
    }
}
