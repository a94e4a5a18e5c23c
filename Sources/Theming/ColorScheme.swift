/// The two variants every theme provides.
public enum ColorScheme: String, Sendable, CaseIterable {
    case light
    case dark
}

/// The user's choice of scheme: follow the desktop, or force one variant.
///
/// The raw values are the words accepted by `--color-scheme` and stored in the settings file.
public enum ColorSchemeOverride: String, Sendable, CaseIterable {
    case system
    case light
    case dark
}

/// What the desktop says it prefers.
///
/// This mirrors the XDG desktop portal setting `org.freedesktop.appearance color-scheme`:
/// `0` = no preference, `1` = prefer dark, `2` = prefer light.
public enum SystemColorScheme: Sendable, Equatable {
    case noPreference
    case preferDark
    case preferLight

    /// Maps the portal's value; any value the portal does not define means "no preference".
    public init(portalValue: UInt32) {
        switch portalValue {
        case 1: self = .preferDark
        case 2: self = .preferLight
        default: self = .noPreference
        }
    }
}

/// The one pure resolution function: an explicit override wins; otherwise the desktop's
/// preference is followed, and "no preference" resolves to light.
public func resolveColorScheme(override: ColorSchemeOverride, system: SystemColorScheme) -> ColorScheme {
    switch override {
    case .light:
        return .light
    case .dark:
        return .dark
    case .system:
        switch system {
        case .preferDark: return .dark
        case .preferLight, .noPreference: return .light
        }
    }
}
