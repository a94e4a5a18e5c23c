import CGtk4
import Foundation
import GtkBridge
import Theming

/// One card of the theme picker: the theme's name, a small window drawn in the theme's
/// own tokens (scoped by `PreviewCSS`), a light/dark pair of swatches and the description
/// for the current scheme. An invalid theme shows its reason and cannot be chosen.
@MainActor
enum ThemeCard {
    static func make(entry: ThemeEntry, previewClass: String, scheme: ColorScheme, isCurrent: Bool) -> WidgetPointer {
        let name = Widgets.label(entry.name, classes: ["theme-card-name"])
        let swatches = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, classes: ["theme-card-swatches"], [
            swatch("light"), swatch("dark"),
        ])
        let failsContrast = entry.theme != nil && !entry.warnings.isEmpty
        let heading = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [name] + (failsContrast ? [warningIcon(entry)] : []) + [swatches])
        Widgets.expand(name, vertical: false)

        let detail: WidgetPointer
        if let theme = entry.theme {
            detail = Widgets.label(theme.description(for: scheme), classes: ["theme-card-description"], wrap: true)
        } else {
            detail = Widgets.label(entry.error.map { "Cannot be used: \($0)" } ?? "Cannot be used",
                                   classes: ["theme-card-description", "error-text"], wrap: true)
        }
        gtk_label_set_lines(OpaquePointer(detail), 4)
        gtk_label_set_ellipsize(OpaquePointer(detail), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(detail), 20)
        gtk_label_set_width_chars(OpaquePointer(detail), 16)

        var classes = ["theme-card", previewClass]
        if isCurrent { classes.append("current") }
        if !entry.isValid { classes.append("invalid") }
        let origin = entry.origin == .user ? originRow(entry, offerFix: failsContrast) : nil
        let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: classes,
                               [preview(), heading] + (origin.map { [$0] } ?? []) + [detail])
        let description = entry.theme?.description(for: scheme) ?? "invalid theme"
        let failing = failsContrast ? ", fails contrast checks" : ""
        Accessibility.setLabel(card, "\(entry.name) theme\(isCurrent ? ", current" : "")\(failing): \(description)")
        return card
    }

    /// A usable theme that fails contrast (it can still be chosen): a warning beside its name
    /// whose tooltip lists the findings.
    private static func warningIcon(_ entry: ThemeEntry) -> WidgetPointer {
        let icon = Widgets.icon("dialog-warning-symbolic", classes: ["feed-error", "theme-card-warning"])
        gtk_widget_set_tooltip_text(icon, "Fails contrast checks:\n" + entry.warnings.joined(separator: "\n"))
        Accessibility.setLabel(icon, "Fails contrast checks")
        return icon
    }

    /// "Your theme", and for one that fails contrast, Fix Contrast (a corrected copy beside the file).
    private static func originRow(_ entry: ThemeEntry, offerFix: Bool) -> WidgetPointer {
        let label = Widgets.label("Your theme", classes: ["theme-card-origin"])
        guard offerFix else { return label }
        Widgets.expand(label, vertical: false)
        let fix = Widgets.textButton("Fix Contrast", action: "app.fix-contrast", classes: ["secondary", "theme-card-fix"])
        gtk_actionable_set_action_target_value(OpaquePointer(fix), g_variant_new_string(entry.file.path))
        gtk_widget_set_tooltip_text(fix, "Write a copy of this theme beside it whose colours pass every contrast check")
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [label, fix])
    }

    /// A miniature reader: sidebar strip, a title line, body text, a link and an accent button.
    private static func preview() -> WidgetPointer {
        let sidebar = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["preview-sidebar"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-sidebar-item"]),
        ])
        let article = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 3, classes: ["preview-article"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 5, [
                Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-unread"]),
                Widgets.label("The Reading Room", classes: ["preview-title"]),
            ]),
            Widgets.label("Quiet pages and warm light.", classes: ["preview-body"]),
            Widgets.label("Continue reading →", classes: ["preview-link"]),
            Widgets.label("Subscribe", classes: ["preview-button"], xalign: 0.5),
        ])
        Widgets.expand(article, vertical: false)
        let surface = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-surface"], [sidebar, article])
        gtk_widget_set_size_request(surface, -1, 104)
        return surface
    }

    private static func swatch(_ variant: String) -> WidgetPointer {
        let swatch = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["theme-swatch", "swatch-\(variant)"])
        gtk_widget_set_tooltip_text(swatch, variant == "light" ? "Light variant" : "Dark variant")
        gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER)
        return swatch
    }
}
