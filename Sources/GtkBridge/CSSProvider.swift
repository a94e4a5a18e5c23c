import CGtk4

/// One problem GTK's CSS parser reported, with its position (1-based line and column).
public struct CSSParsingError: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A `GtkCssProvider` whose text can be replaced in place. Loading reports the parse
/// problems GTK found (the `parsing-error` signal); `onParsingError` sees them too.
@MainActor
public final class CSSProvider: Object {
    /// Called for every parsing error, in addition to `load`'s result.
    public var onParsingError: ((CSSParsingError) -> Void)?
    private var collected: [CSSParsingError] = []

    public init() {
        super.init(adopting: gtk_css_provider_new())
        Signals.connectWithPointers(RawPointer(pointer), "parsing-error") { [weak self] section, error in
            guard let self, let error else { return }
            self.record(section: section, error: error.assumingMemoryBound(to: GError.self))
        }
    }

    /// Replaces the provider's CSS with `css`. Returns the parsing errors (empty when the
    /// text is clean). Widgets using the provider restyle on the next frame.
    @discardableResult
    public func load(_ css: String) -> [CSSParsingError] {
        collected = []
        css.withCString { text in
            gtk_css_provider_load_from_data(self.as(GtkCssProvider.self), text, -1)
        }
        return collected
    }

    /// Adds the provider to every widget on `display` (the default display when nil).
    public func attach(priority: UInt32, display: OpaquePointer? = gdk_display_get_default()) {
        guard let display else { return }
        gtk_style_context_add_provider_for_display(display, opaquePointer, priority)
    }

    /// Removes the provider from `display`.
    public func detach(display: OpaquePointer? = gdk_display_get_default()) {
        guard let display else { return }
        gtk_style_context_remove_provider_for_display(display, opaquePointer)
    }

    private func record(section: RawPointer?, error: UnsafeMutablePointer<GError>) {
        var line = 0, column = 0
        if let section, let start = gtk_css_section_get_start_location(OpaquePointer(section)) {
            line = Int(start.pointee.lines) + 1
            column = Int(start.pointee.line_chars) + 1
        }
        let parsed = CSSParsingError(line: line, column: column,
                                     message: string(error.pointee.message) ?? "unknown CSS error")
        collected.append(parsed)
        onParsingError?(parsed)
    }
}
