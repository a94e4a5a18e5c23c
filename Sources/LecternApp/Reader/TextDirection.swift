import CGtk4
import GtkBridge
import ArticleModel
import Localization

/// An article reads in its own direction, whatever the interface's: the reader and its list
/// row are laid out right to left for an Arabic or Hebrew article, left to right for an English
/// one under an Arabic interface.
@MainActor
enum TextDirection {
    /// An article's direction: from its title, else from the start of its text (`document`, the
    /// reader's, already parsed), else from the language its feed declares; nil when none says.
    static func of(title: String?, document: ArticleDocument, feedLanguage: String? = nil) -> WritingDirection? {
        WritingDirection.of(first: [title ?? "", document.textSample(upTo: 400)])
            ?? feedLanguage.flatMap(WritingDirection.of(languageTag:))
    }

    /// Sets `direction` on `root` and every widget inside it (GTK does not pass a widget's
    /// direction on to its children); nil follows the interface.
    static func apply(_ direction: WritingDirection?, to root: WidgetPointer) {
        let wanted = direction.map { $0 == .rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR } ?? GTK_TEXT_DIR_NONE
        guard gtk_widget_get_direction(root) != wanted || wanted == GTK_TEXT_DIR_NONE else { return }
        for widget in [root] + Widgets.descendants(of: root) { gtk_widget_set_direction(widget, wanted) }
    }
}
