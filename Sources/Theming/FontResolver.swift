/// Says which installed family a theme's family list comes to on this machine. The app
/// asks Pango (``FontFamilies/resolved(_:by:)`` explains why); tests use a table.
public protocol FontResolver {
    /// The family that would draw text set in `families` (most wanted first), or nil when
    /// that cannot be told.
    func installedFamily(for families: [String]) -> String?
}
