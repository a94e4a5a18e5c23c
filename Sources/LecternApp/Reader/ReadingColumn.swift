import CGtk4
import CLecternWidgets
import GtkBridge

/// The reader's column: its content at most `characters` of the reading font wide,
/// centred in the pane (`Sources/CLecternWidgets/include/lectern_clamp.h` says why it is
/// not a centred box). The measure follows the font of a paragraph shown in it, so a
/// theme or a text size changes it too.
@MainActor
struct ReadingColumn {
    static let characters: Int32 = 70

    let widget: WidgetPointer
    /// The box the article's blocks go in.
    let content: WidgetPointer

    init(classes: [String]) {
        widget = created(lectern_clamp_new())
        Widgets.addClasses(widget, classes)
        content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 14)
        lectern_clamp_set_child(OpaquePointer(widget), content)
    }

    /// Measures the column in `reference`'s font (a paragraph of the article shown); nil
    /// lets the content take the whole width.
    func measure(by reference: WidgetPointer?) {
        lectern_clamp_set_measure(OpaquePointer(widget), reference, Self.characters)
    }
}
