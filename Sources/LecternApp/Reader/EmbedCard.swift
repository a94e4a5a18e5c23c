import ArticleModel
import CGtk4
import Foundation
import GtkBridge
import Localization

/// A video, audio or framed page the article embeds, as a quiet card in the theme: what it
/// is, its title or its site, and Open in Browser. An `<audio>` or `<video>` of an article in
/// the library has Play first, which plays it in Lectern's player as an attachment would be;
/// a framed page's own player is never run.
@MainActor
enum EmbedCard {
    static func make(_ embed: ArticleEmbed, articleID: Int64? = nil, notify: @escaping @MainActor (String) -> Void) -> WidgetPointer {
        let (icon, kind) = switch embed.kind {
        case .video: ("video-x-generic-symbolic", tr("Video"))
        case .audio: ("audio-x-generic-symbolic", tr("Audio"))
        case .frame: ("web-browser-symbolic", tr("Embedded page"))
        }
        let host = URL(string: embed.url)?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? embed.url
        let image = created(gtk_image_new_from_icon_name(icon))
        gtk_image_set_pixel_size(OpaquePointer(image), 24)
        Widgets.addClasses(image, ["embed-icon"])
        gtk_widget_set_valign(image, GTK_ALIGN_CENTER)
        let title = Widgets.label(embed.title ?? kind, classes: ["embed-title"], wrap: true)
        let detail = Widgets.label(embed.title == nil ? host : "\(kind) · \(host)", classes: ["embed-host"], wrap: true)
        let words = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [title, detail])
        Widgets.expand(words, vertical: false)
        gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
        let open = Widgets.textButton(tr("Open in Browser"), classes: ["ghost"])
        gtk_widget_set_tooltip_text(open, embed.url)
        gtk_widget_set_valign(open, GTK_ALIGN_CENTER)
        let address = embed.url
        connect(open, .clicked) { ExternalLinks.open(address, notify: notify) }
        var buttons = [open]
        if embed.kind != .frame, let articleID {
            let play = PlayButton.make(articleID: articleID, url: embed.url, name: embed.title ?? kind)
            gtk_widget_set_valign(play, GTK_ALIGN_CENTER)
            buttons.insert(play, at: 0)
        }
        // The buttons go below what it is when the column is too narrow for both on one line.
        let card = WrapBox.make(spacing: 12, lineSpacing: 8, classes: ["embed-card"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [image, words]),
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, buttons),
        ])
        // Translators: an embed read out: "Video", "Audio" or "Embedded page", then its title or its site.
        Accessibility.setLabel(card, tr("{kind}: {title}", ["kind": kind, "title": embed.title ?? host]))
        return card
    }
}
