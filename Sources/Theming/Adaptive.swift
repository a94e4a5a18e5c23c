/// A value that differs between the light and the dark variant of a theme.
///
/// Every colour token is an `Adaptive<Color>`, and a theme's descriptions are an
/// `Adaptive<String>`. Resolve it once the colour scheme is known.
public struct Adaptive<Value> {
    /// The value used by the light variant.
    public var light: Value
    /// The value used by the dark variant.
    public var dark: Value

    /// Creates an adaptive value from its two variants.
    public init(light: Value, dark: Value) {
        self.light = light
        self.dark = dark
    }

    /// Creates an adaptive value that is the same in both variants.
    public init(_ both: Value) {
        self.light = both
        self.dark = both
    }

    /// The variant for `scheme`.
    public func resolved(for scheme: ColorScheme) -> Value {
        switch scheme {
        case .light: return light
        case .dark: return dark
        }
    }

    /// Applies `transform` to both variants.
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Adaptive<T> {
        Adaptive<T>(light: try transform(light), dark: try transform(dark))
    }
}

extension Adaptive: Sendable where Value: Sendable {}
extension Adaptive: Equatable where Value: Equatable {}
extension Adaptive: Hashable where Value: Hashable {}
