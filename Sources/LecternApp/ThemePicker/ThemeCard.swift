import CGtk4
import Foundation
import GtkBridge
import Theming
import Localization

/// One card of the theme picker: the theme's name, a small window drawn in the theme's
/// own tokens (scoped by `PreviewCSS`), a light/dark pair of swatches and the description
/// for the current scheme. An invalid theme shows its reason and cannot be chosen.
@MainActor
enum ThemeCard {
    static func make(entry: ThemeEntry, previewClass: String, scheme: ColorScheme, isCurrent: Bool) -> WidgetPointer {
        let name = shortened(Widgets.label(entry.name, classes: ["theme-card-name"]))
        let swatches = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, classes: ["theme-card-swatches"], [
            swatch("light"), swatch("dark"),
        ])
        let failsContrast = entry.theme != nil && !entry.warnings.isEmpty
        let heading = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [name] + (failsContrast ? [warningIcon(entry)] : []) + [swatches])
        Widgets.expand(name, vertical: false)

        let detail: WidgetPointer
        if let theme = entry.theme {
            detail = Widgets.label(description(of: theme, entry, scheme), classes: ["theme-card-description"], wrap: true)
        } else {
            // Translators: a theme file that cannot be used, and why.
            let reason = entry.error.map { tr("Cannot be used: {reason}", ["reason": String(describing: $0)]) }
            detail = Widgets.label(reason ?? tr("Cannot be used"), classes: ["theme-card-description", "error-text"], wrap: true)
        }
        gtk_label_set_lines(OpaquePointer(detail), 4)
        gtk_label_set_ellipsize(OpaquePointer(detail), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(detail), 20)
        gtk_label_set_width_chars(OpaquePointer(detail), 16)
        // The description takes what a row's taller cards add, so every card's Edit button
        // sits at its bottom, in line with its neighbours'.
        gtk_widget_set_vexpand(detail, 1)
        gtk_label_set_yalign(OpaquePointer(detail), 0)

        var classes = ["theme-card", previewClass]
        if isCurrent { classes.append("current") }
        if !entry.isValid { classes.append("invalid") }
        let origin = entry.origin == .user ? originRow(entry, offerFix: failsContrast) : nil
        let edit = entry.theme.map { _ in editButton(entry) }
        let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: classes,
                               [preview(), heading] + (origin.map { [$0] } ?? []) + [detail] + (edit.map { [$0] } ?? []))
        Accessibility.setLabel(card, readout(entry, scheme, isCurrent: isCurrent))
        return card
    }

    /// What a screen reader reads for the card: the theme's name, its description, whether it
    /// is the current one and whether it fails contrast checks.
    static func readout(_ entry: ThemeEntry, _ scheme: ColorScheme, isCurrent: Bool) -> String {
        let name = accessibleName(entry, scheme, isCurrent: isCurrent, failsContrast: entry.theme != nil && !entry.warnings.isEmpty)
        // Translators: read out before a draft theme's card.
        return entry.theme?.isDraft == true ? tr("Draft: {card}", ["card": name]) : name
    }

    /// The description for `scheme`; a built-in theme's in the user's language.
    private static func description(of theme: Theme, _ entry: ThemeEntry, _ scheme: ColorScheme) -> String {
        let text = theme.description(for: scheme)
        return entry.origin == .builtIn ? translated(text) : text
    }

    /// "Paper theme, current: …", what a screen reader says of a card.
    private static func accessibleName(_ entry: ThemeEntry, _ scheme: ColorScheme, isCurrent: Bool, failsContrast: Bool) -> String {
        let words = entry.theme.map { description(of: $0, entry, scheme) } ?? tr("invalid theme")
        let values: KeyValuePairs<String, any Sendable> = ["name": entry.name, "description": words]
        return switch (isCurrent, failsContrast) {
        // Translators: a theme card read out: the theme's name, then its description.
        case (false, false): tr("{name} theme: {description}", values)
        case (true, false): tr("{name} theme, current: {description}", values)
        case (false, true): tr("{name} theme, fails contrast checks: {description}", values)
        case (true, true): tr("{name} theme, current, fails contrast checks: {description}", values)
        }
    }

    /// A usable theme that fails contrast (it can still be chosen): a warning beside its name
    /// whose tooltip lists the findings.
    private static func warningIcon(_ entry: ThemeEntry) -> WidgetPointer {
        let icon = Widgets.icon("dialog-warning-symbolic", classes: ["feed-error", "theme-card-warning"])
        // Translators: the findings follow, one a line.
        gtk_widget_set_tooltip_text(icon, tr("Fails contrast checks:\n{findings}", ["findings": entry.warnings.joined(separator: "\n")]))
        Accessibility.setLabel(icon, tr("Fails contrast checks"))
        return icon
    }

    /// "Your theme", and for one that fails contrast, Fix Contrast (a corrected copy beside the file).
    private static func originRow(_ entry: ThemeEntry, offerFix: Bool) -> WidgetPointer {
        // Translators: a user theme saved while it failed contrast checks: not worn until finished.
        let label = Widgets.label(entry.theme?.isDraft == true ? tr("Your theme, a draft") : tr("Your theme"), classes: ["theme-card-origin"])
        guard offerFix else { return label }
        Widgets.expand(label, vertical: false)
        let fix = Widgets.textButton(tr("Fix Contrast"), action: "app.fix-contrast", classes: ["secondary", "theme-card-fix"])
        gtk_actionable_set_action_target_value(OpaquePointer(fix), g_variant_new_string(entry.file.path))
        gtk_widget_set_tooltip_text(fix, tr("Write a copy of this theme beside it whose colours pass every contrast check"))
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [label, fix])
    }

    /// "Edit a Copy…" of a built-in theme, "Edit…" of the user's own (a draft is finished there).
    private static func editButton(_ entry: ThemeEntry) -> WidgetPointer {
        let builtIn = entry.origin == .builtIn
        let button = Widgets.textButton(builtIn ? tr("Edit a Copy…") : tr("Edit…"), action: "app.edit-theme",
                                        classes: ["ghost", "theme-card-edit"])
        gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_string(entry.name))
        // Translators: the accessible name of a theme card's edit button; {theme} is the theme's name.
        Accessibility.setLabel(button, builtIn ? tr("Edit a copy of {theme}", ["theme": entry.name]) : tr("Edit {theme}", ["theme": entry.name]))
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        return button
    }

    /// A miniature reader: sidebar strip, a title line, body text, a link and an accent button.
    private static func preview() -> WidgetPointer {
        let sidebar = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["preview-sidebar"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-sidebar-item"]),
        ])
        let article = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 3, classes: ["preview-article"], [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 5, [
                Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-unread"]),
                // Translators: the title of a made-up article in a theme's miniature window.
                shortened(Widgets.label(tr("The Reading Room"), classes: ["preview-title"])),
            ]),
            shortened(Widgets.label(tr("Quiet pages and warm light."), classes: ["preview-body"])),
            shortened(Widgets.label(tr("Continue reading →"), classes: ["preview-link"])),
            shortened(Widgets.label(tr("Subscribe"), classes: ["preview-button"], xalign: 0.5)),
        ])
        Widgets.expand(article, vertical: false)
        let surface = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["preview-surface"], [sidebar, article])
        gtk_widget_set_size_request(surface, -1, 104)
        return surface
    }

    /// A label that shortens with an ellipsis when given less than its text, so that a card can be
    /// narrower than its longest line (the picker fits as many cards a line as its width allows).
    private static func shortened(_ label: WidgetPointer) -> WidgetPointer {
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        return label
    }

    private static func swatch(_ variant: String) -> WidgetPointer {
        let swatch = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["theme-swatch", "swatch-\(variant)"])
        gtk_widget_set_tooltip_text(swatch, variant == "light" ? tr("Light variant") : tr("Dark variant"))
        gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER)
        return swatch
    }
}
