import CGtk4
import GtkBridge
import Localization

/// The Play button of an episode — an attachment, or an article's own `<audio>` or `<video>` —
/// which plays it in the player bar (`app.play-attachment`), named for a screen reader.
@MainActor
enum PlayButton {
    static func make(articleID: Int64, url: String, name: String) -> WidgetPointer {
        let play = Widgets.textButton(tr("Play"), action: "app.play-attachment", classes: ["attachment-play"])
        gtk_actionable_set_action_target_value(OpaquePointer(play), g_variant_new_string(target(articleID: articleID, url: url)))
        Accessibility.setLabel(play, tr("Play {name}", ["name": name]))
        return play
    }

    /// `app.play-attachment`'s target: the article, a space, the episode's address.
    static func target(articleID: Int64, url: String) -> String {
        "\(articleID) \(url)"
    }
}
