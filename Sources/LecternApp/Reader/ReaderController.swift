import ArticleModel
import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Library
import Localization

/// The reader pane: the selected article set in the theme's reading font at a ~70
/// character measure, its header (title, feed, author, date, Open in Browser, Load Full
/// Article, star, labels, the labels it carries) and its attachments; or a calm placeholder
/// when nothing is selected.
@MainActor
final class ReaderController {
    /// The reader is never narrower: beside the list it leaves a 600 px window room for both.
    static let minimumWidth: Int32 = 300
    let widget: WidgetPointer
    var onToggleStar: (@MainActor () -> Void)?
    var onOpenInBrowser: (@MainActor () -> Void)?
    var onLoadFullArticle: (@MainActor () -> Void)?
    private let pages = PageStack()
    private let scroller: WidgetPointer
    private let column = ReadingColumn(classes: ["reader-column"])
    /// The video of the episode playing, above the article.
    let video = VideoView()
    private var starButton: WidgetPointer?
    private var fullArticleButton: WidgetPointer?
    private var fullArticleSpinner: WidgetPointer?
    /// Each block of the article shown, with the box holding it (for `prepareForRestyle`).
    private var shownBlocks: [(block: WidgetPointer, holder: WidgetPointer)] = []
    /// Blocks below the fold, spared a theme switch's relayout.
    private let hollowBlocks = HollowRows()
    /// Blocks out of sight, spared the relayouts while the window's width changes.
    private let blocksInSight: BlocksInSight
    /// The shown article's writing direction, set on each of its widgets as it is made: GTK does
    /// not pass a widget's direction on to its children.
    private var direction: WritingDirection?
    /// Making the rest of a long article's blocks, a batch each time the main loop is idle.
    private var restOfArticle: MainLoop.Source?
    /// A long article shows this many blocks at once (screens of it) and the rest so many a
    /// batch, frames drawn between them: 20 000 paragraphs had held the window for 5.7 s.
    static let blocksAtOnce = 150
    private(set) var article: Article?
    /// Told when a link of the article is refused (ExternalLinks).
    var onNotice: (@MainActor (String) -> Void)?
    /// Show Images, offered when the article's pictures are not loaded.
    var onShowImages: (@MainActor () -> Void)?
    /// The labels the shown article's library offers (nil: none there), and what choosing does.
    var labelOffer: (@MainActor (Article) -> LabelsButton.Offer?)?
    /// The episodes an article attaches, by address (what the feed says of them, where they were left).
    var episodes: (@MainActor (Int64) -> [String: EpisodeProgress])?
    /// Where an episode's download stands (article, address).
    var downloadState: (@MainActor (Int64, String) -> DownloadState)?
    /// The download controls of the article shown, by address.
    private var downloadControls: [String: DownloadControl] = [:]
    var onLabel: (@MainActor (_ labelID: Int64, _ on: Bool) -> Void)?
    var onNewLabel: (@MainActor (String) -> String?)?
    private var labelsButton: LabelsButton?
    private var labelChips: WidgetPointer?

    init() {
        scroller = Widgets.verticalScroller(column.widget, classes: ["reader-scroller"])
        blocksInSight = BlocksInSight(scroller: scroller, scrolled: column.widget, content: column.content)
        // Translators: names the reading pane for a screen reader.
        Accessibility.setLabel(scroller, tr(context: "reading pane", "Article"))
        gtk_widget_set_focusable(scroller, 1)
        gtk_widget_set_focus_on_click(scroller, 0)   // a click in its margin leaves the focus where it was
        let empty = EmptyState.make(icon: "lectern-reader-symbolic", title: tr("Select an Article"),
                                    body: tr("Pick an article from the list to read it here."))
        pages.add(empty, name: "empty")
        pages.add(scroller, name: "article")
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["reader"], [video.widget, pages.widget])
        gtk_widget_set_size_request(widget, Self.minimumWidth, -1)
        keysOnTheArticle()
    }

    /// The keyboard focus to the article as a whole — a narrow window bringing the reader forward,
    /// F6 coming to it — rather than to its first text, where a selectable label shows a caret
    /// whenever it holds the focus (a tap on an article left one blinking in its first line). The
    /// arrows then scroll it (the page keys, Home and End do anyway) and Tab goes on into it. With
    /// no article shown, the placeholder's first control, if any. False when nothing took it.
    @discardableResult
    func focusArticle() -> Bool {
        guard article != nil else { return gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }
        return gtk_widget_grab_focus(scroller) != 0
    }

    /// While the article itself holds the focus, Up and Down scroll it a step, and Tab goes into it:
    /// GtkScrolledWindow, holding the focus itself, would pass it on past everything it holds.
    private func keysOnTheArticle() {
        let keys = created(gtk_event_controller_key_new())
        connect(keys, .keyPressed) { [weak self] keyval, _, state in
            guard let self, gtk_widget_is_focus(scroller) != 0,
                  state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_SUPER_MASK.rawValue) == 0
            else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: scroll(steps: -1)
            case GDK_KEY_Down, GDK_KEY_KP_Down: scroll(steps: 1)
            case GDK_KEY_Tab, GDK_KEY_KP_Tab:
                guard let inside = gtk_scrolled_window_get_child(OpaquePointer(scroller)) else { return false }
                return gtk_widget_child_focus(inside, GTK_DIR_TAB_FORWARD) != 0
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(scroller, keys)
    }

    private func scroll(steps: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + steps * gtk_adjustment_get_step_increment(adjustment))
    }

    func showEmpty() {
        article = nil
        restOfArticle?.remove()
        restOfArticle = nil
        pages.show("empty")
    }

    /// Shows `article`; `images` is nil when the show-images setting is off.
    func show(_ article: Article, feedTitle: String, feedLanguage: String? = nil, images: ImageLoader?) {
        self.article = article
        restOfArticle?.remove()
        restOfArticle = nil
        let content = column.content
        // The focus on a control of the article going (a link, Open in Browser): the new article
        // takes it, rather than nothing (j in a narrow window's reader).
        let focusWasInArticle = Widgets.holdsFocus(content)
        hollowBlocks.forgetAll()
        blocksInSight.forgetAll()
        shownBlocks = []
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(cast(content), child) }
        let document = article.readerDocument
        direction = TextDirection.of(title: article.title, document: document, feedLanguage: feedLanguage)
        TextDirection.apply(direction, to: content)
        let renderer = ArticleRenderer(images: images, articleID: article.id, notify: { [weak self] in self?.onNotice?($0) })
        let labels = labelOffer?(article)
        append(header(article, feedTitle: feedTitle, renderer: renderer, labelsAvailable: labels != nil))
        showLabels(labels)
        if images == nil, !document.images.isEmpty { append(imagesOffer(count: document.images.count)) }
        let blocks = document.blocks.isEmpty ? [.paragraph([.text(tr("This article has no text. Open it in the browser to read it."))])]
            : document.blocks
        var rest = append(blocks[...], renderer: renderer)
        if rest.isEmpty {
            appendAttachments(of: article)
        } else {
            restOfArticle = MainLoop.idle { [weak self] in
                guard let self else { return false }
                rest = append(rest, renderer: renderer)
                guard rest.isEmpty else { return true }
                appendAttachments(of: article)
                restOfArticle = nil
                return false
            }
        }
        let reference = Widgets.descendants(of: content).first { gtk_widget_has_css_class($0, "reading") != 0 }
        column.measure(by: reference)
        video.measure(by: reference)
        pages.show("article")
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)), 0)
        if focusWasInArticle { gtk_widget_grab_focus(scroller) }
    }

    /// Shows the first `blocksAtOnce` of `blocks`; returns the others.
    private func append(_ blocks: ArraySlice<ArticleBlock>, renderer: ArticleRenderer) -> ArraySlice<ArticleBlock> {
        for block in renderer.render(Array(blocks.prefix(Self.blocksAtOnce))) {
            let holder = Widgets.box(GTK_ORIENTATION_VERTICAL, [block])
            shownBlocks.append((block, holder))
            append(holder)
        }
        return blocks.dropFirst(Self.blocksAtOnce)
    }

    private func appendAttachments(of article: Article) {
        if !article.enclosures.isEmpty { append(attachments(article.enclosures, of: article.id)) }
    }

    /// Puts `child` at the end of the article, in its direction.
    private func append(_ child: WidgetPointer) {
        TextDirection.apply(direction, to: child)
        gtk_box_append(cast(column.content), child)
    }

    /// The window's width began to change (true: a drag of its edge, a maximize), or has rested.
    func widthChanging(_ changing: Bool) {
        if changing { blocksInSight.resizeStarted(blocks: shownBlocks) } else { blocksInSight.resizeEnded() }
    }

    /// Called just before the whole window restyles (a theme switch): the article's blocks
    /// below the fold are hollowed out until the new theme is on screen, so only what shows
    /// is laid out again in that frame. Blocks above stay: their new heights would move the
    /// text being read.
    func prepareForRestyle() {
        guard article != nil, gtk_widget_get_mapped(scroller) != 0 else { return }
        let fold = blocksInSight.view.bottom
        for (block, holder) in shownBlocks {
            guard let place = blocksInSight.place(of: holder), place.top > fold else { continue }
            hollowBlocks.hollowOut(block, holder: holder, height: Int32(place.height.rounded()), distance: place.top - fold)
        }
        hollowBlocks.refill(after: widget)
    }

    /// While the full article loads the feed's version stays, the button rests and a
    /// spinner turns beside it.
    func setLoadingFullArticle(_ loading: Bool) {
        guard let fullArticleButton, let fullArticleSpinner else { return }
        gtk_widget_set_sensitive(fullArticleButton, loading || article?.link == nil ? 0 : 1)
        gtk_widget_set_visible(fullArticleSpinner, loading ? 1 : 0)
        if loading { gtk_spinner_start(OpaquePointer(fullArticleSpinner)) } else { gtk_spinner_stop(OpaquePointer(fullArticleSpinner)) }
    }

    /// Shows the star state after it changed.
    func setStarred(_ starred: Bool) {
        guard let starButton else { return }
        gtk_button_set_icon_name(cast(starButton), starred ? "starred-symbolic" : "non-starred-symbolic")
        // Translators: a tooltip; (s) is the key that does it.
        Accessibility.name(starButton, starred ? tr("Unstar") : tr("Star"), tooltip: starred ? tr("Unstar (s)") : tr("Star (s)"))
        if starred { gtk_widget_add_css_class(starButton, "starred") } else { gtk_widget_remove_css_class(starButton, "starred") }
    }

    /// Opens the Labels popover (l), where the shown article's library has labels.
    func openLabels() { labelsButton?.open() }

    /// Shows the labels the article carries under its header, after they changed.
    func showLabels() {
        guard let article else { return }
        showLabels(labelOffer?(article))
    }

    private func showLabels(_ offer: LabelsButton.Offer?) {
        guard let labelChips else { return }
        while let child = gtk_widget_get_first_child(labelChips) { gtk_box_remove(cast(labelChips), child) }
        let names = (offer?.labels ?? []).filter(\.on).map(\.label.name)
        for name in names {
            let chip = Widgets.label(name, classes: ["label-chip", "radius-small"])
            gtk_label_set_ellipsize(OpaquePointer(chip), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(OpaquePointer(chip), 24)
            TextDirection.apply(direction, to: chip)
            gtk_box_append(cast(labelChips), chip)
        }
        gtk_widget_set_visible(labelChips, names.isEmpty ? 0 : 1)
        // Translators: read out for the row of an article's labels; {labels} lists them.
        Accessibility.setLabel(labelChips, tr("Labels: {labels}", ["labels": names.joined(separator: ", ")]))
    }

    /// Above an article whose pictures are not loaded: why, and Show Images.
    private func imagesOffer(count: Int) -> WidgetPointer {
        let words = Widgets.label(tr("{count} picture is not loaded: its site would learn that you read this.",
                                     plural: "{count} pictures are not loaded: their sites would learn that you read this.", count: count),
                                  classes: ["images-offer-text"], wrap: true)
        Widgets.expand(words, vertical: false)
        let show = Widgets.textButton(tr("Show Images"), classes: ["ghost"])
        connect(show, .clicked) { [weak self] in self?.onShowImages?() }
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["images-offer"], [words, show])
    }

    private func header(_ article: Article, feedTitle: String, renderer: ArticleRenderer, labelsAvailable: Bool) -> WidgetPointer {
        let title = renderer.text(InlineMarkup.escape(article.title ?? tr("Untitled")), classes: ["article-title"], narrowest: 6)
        var meta = [feedTitle]
        if let author = article.authors.compactMap({ $0.name ?? $0.email }).first ?? article.fullArticle?.byline {
            meta.append(author)
        }
        meta.append(LocaleFormats.dateAndTime(article.published ?? article.updated ?? article.sortDate))
        if article.fullArticle != nil { meta.append(tr("Full article from the web page")) }
        let metaLabel = Widgets.label(WritingDirection.isolating(meta, separator: " · "), classes: ["article-meta"], wrap: true)
        lectern_label_size_by_characters(OpaquePointer(metaLabel), 12)
        let open = Widgets.textButton(tr("Open in Browser"), classes: ["ghost"])
        // Translators: a tooltip; (o) is the key that does it.
        gtk_widget_set_tooltip_text(open, tr("Open in Browser (o)"))
        gtk_widget_set_sensitive(open, article.link == nil ? 0 : 1)
        connect(open, .clicked) { [weak self] in self?.onOpenInBrowser?() }
        let full = Widgets.textButton(article.fullArticle == nil ? tr("Load Full Article") : tr("Reload Full Article"), classes: ["ghost"])
        // Translators: a tooltip; (f) is the key that does it.
        gtk_widget_set_tooltip_text(full, article.fullArticle == nil ? tr("Load the whole article from its web page (f)")
                                        : tr("Load the article from its web page again (f)"))
        gtk_widget_set_sensitive(full, article.link == nil ? 0 : 1)
        connect(full, .clicked) { [weak self] in self?.onLoadFullArticle?() }
        fullArticleButton = full
        let spinner = created(gtk_spinner_new())
        Accessibility.setLabel(spinner, tr("Loading the full article"))
        gtk_widget_set_visible(spinner, 0)
        fullArticleSpinner = spinner
        let star = Widgets.iconButton("non-starred-symbolic", tooltip: tr("Star (s)"), classes: ["flat", "star-button"])
        connect(star, .clicked) { [weak self] in self?.onToggleStar?() }
        starButton = star
        setStarred(article.starred)
        let labels = LabelsButton()
        labels.offer = { [weak self] in self.flatMap { reader in reader.article.flatMap { reader.labelOffer?($0) } } }
        labels.onToggle = { [weak self] id, on in self?.onLabel?(id, on) }
        labels.onCreate = { [weak self] name in self?.onNewLabel?(name) }
        gtk_widget_set_visible(labels.widget, labelsAvailable ? 1 : 0)
        labelsButton = labels
        // They wrap rather than run out of a narrow column (a phone, a German window).
        let actions = WrapBox.make(spacing: 6, lineSpacing: 4, classes: ["article-actions"], [open, full, spinner, star, labels.widget])
        // Chips shorten their names rather than widen the reader (it fits 300 px).
        let chips = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, classes: ["article-labels"])
        gtk_widget_set_halign(chips, GTK_ALIGN_START)
        labelChips = chips
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["article-header"], [title, metaLabel, chips, actions])
    }

    /// The article's attachments, each a link; audio and video with a Play button first, which
    /// plays them in the player bar.
    private func attachments(_ enclosures: [Enclosure], of articleID: Int64) -> WidgetPointer {
        let episodes = enclosures.contains(where: \.isPlayable) ? self.episodes?(articleID) : nil
        downloadControls = [:]
        var rows = [Widgets.label(tr("Attachments"), classes: ["attachments-heading"])]
        for enclosure in enclosures {
            let name = URL(string: enclosure.url)?.lastPathComponent ?? enclosure.url
            let details = [enclosure.type, enclosure.length.map(Self.size)].compactMap { $0 }.joined(separator: " · ")
            let link = created(gtk_link_button_new_with_label(enclosure.url, name.isEmpty ? enclosure.url : name))
            Widgets.addClasses(link, ["attachment-link"])
            // A long file name shortens in its middle (its extension stays) rather than run out of the column.
            if let label = gtk_button_get_child(cast(link)), Widgets.typeName(label) == "GtkLabel" {
                gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
            }
            var parts = [link, Widgets.label(details, classes: ["attachment-details"])]
            if let episode = episodes?[enclosure.url], !EpisodeText.describe(episode).isEmpty {
                parts.append(Widgets.label(EpisodeText.describe(episode), classes: ["attachment-details", "episode-details"]))
            }
            if enclosure.isPlayable {
                parts.insert(PlayButton.make(articleID: articleID, url: enclosure.url, name: name.isEmpty ? enclosure.url : name), at: 0)
            }
            rows.append(WrapBox.make(spacing: 8, lineSpacing: 2, classes: ["attachment"], parts))
            if enclosure.isPlayable, episodes?[enclosure.url] != nil, let state = downloadState?(articleID, enclosure.url) {
                let control = DownloadControl(articleID: articleID, url: enclosure.url)
                control.show(state)
                downloadControls[enclosure.url] = control
                rows.append(control.widget)
            }
        }
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["attachments"], rows)
    }

    /// An episode's download moved on: its control follows, when the article is shown.
    func downloadChanged(articleID: Int64, url: String) {
        guard article?.id == articleID, let control = downloadControls[url], let state = downloadState?(articleID, url) else { return }
        control.show(state)
    }

    static func size(_ bytes: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
    }
}
