#include "lectern_label_sizing.h"

struct _LecternLabelSizing {
    GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE(LecternLabelSizing, lectern_label_sizing, GTK_TYPE_LAYOUT_MANAGER)

/* A font's character width, as found for a context of that font, language, resolution
   and font options, while its font map stays the same. */
typedef struct {
    PangoFontMap *font_map;
    guint font_map_serial;
    PangoFontDescription *font;
    PangoLanguage *language;
    double resolution;
    gulong options_hash;
    int width;
} KnownWidth;

/* pango_context_get_metrics shapes a sample sentence at every call: a reader of a dozen
   paragraphs in one font asked it a dozen times after each font change, and the list's
   lines ask it whenever their width or font changes. A theme has a dozen fonts in use at once (the reading text,
   the line under the title, the list's titles and excerpts…), and a theme being edited or
   tried on switches between two themes' fonts: room for a few themes' fonts is kept. */
static KnownWidth known_widths[48];
static guint next_known_width;

/* What a character's width depends on, for `context` (its font borrowed, not copied). */
static KnownWidth key_of(PangoContext *context) {
    PangoFontMap *font_map = pango_context_get_font_map(context);
    const cairo_font_options_t *options = pango_cairo_context_get_font_options(context);
    return (KnownWidth){
        .font_map = font_map,   /* compared, not held: a font map lives as long as the display */
        .font_map_serial = pango_font_map_get_serial(font_map),
        .font = (PangoFontDescription *)pango_context_get_font_description(context),
        .language = pango_context_get_language(context),
        .resolution = pango_cairo_context_get_resolution(context),
        .options_hash = options == NULL ? 0 : cairo_font_options_hash(options),
    };
}

static gboolean same_key(const KnownWidth *known, const KnownWidth *key) {
    return known->font != NULL && known->font_map == key->font_map && known->font_map_serial == key->font_map_serial
        && known->language == key->language && known->resolution == key->resolution
        && known->options_hash == key->options_hash && pango_font_description_equal(known->font, key->font);
}

int lectern_character_width(GtkWidget *widget) {
    PangoContext *context = gtk_widget_get_pango_context(widget);
    KnownWidth key = key_of(context);
    for (guint i = 0; i < G_N_ELEMENTS(known_widths); i++) {
        if (same_key(&known_widths[i], &key)) return known_widths[i].width;
    }
    PangoFontMetrics *metrics = pango_context_get_metrics(context, NULL, NULL);
    key.width = MAX(pango_font_metrics_get_approximate_char_width(metrics),
                    pango_font_metrics_get_approximate_digit_width(metrics));
    pango_font_metrics_unref(metrics);
    key.font = pango_font_description_copy(key.font);
    KnownWidth *slot = &known_widths[next_known_width];
    next_known_width = (next_known_width + 1) % G_N_ELEMENTS(known_widths);
    g_clear_pointer(&slot->font, pango_font_description_free);
    *slot = key;
    return key.width;
}

static GtkSizeRequestMode lectern_label_sizing_get_request_mode(GtkLayoutManager *manager, GtkWidget *widget) {
    (void)manager; (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void lectern_label_sizing_measure(GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation,
                                         int for_size, int *minimum, int *natural,
                                         int *minimum_baseline, int *natural_baseline) {
    (void)manager;
    GtkLabel *label = GTK_LABEL(widget);
    if (orientation == GTK_ORIENTATION_HORIZONTAL && for_size < 0) {
        *minimum = *natural = PANGO_PIXELS_CEIL(lectern_character_width(widget) * gtk_label_get_width_chars(label));
        return;
    }
    /* A height as GtkLabel measures it, always on its own layout: GtkLabel measures a width
       other than the one it has on a copy, and lays its own out again at that width once it
       is given it, so a paragraph's text was laid out twice in every frame of a window being
       resized. Here the layout that is measured is the one drawn. A width only tried out is
       still never the one the text is drawn at: the label is allocated again, and GtkLabel
       gives its layout the width it has. */
    if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0) {
        PangoLayout *layout = gtk_label_get_layout(label);
        if (pango_layout_get_width(layout) != for_size * PANGO_SCALE) {
            pango_layout_set_width(layout, for_size * PANGO_SCALE);
            if (gtk_widget_get_width(widget) != for_size) gtk_widget_queue_allocate(widget);
        }
    }
    GTK_WIDGET_GET_CLASS(widget)->measure(widget, orientation, for_size, minimum, natural,
                                          minimum_baseline, natural_baseline);
}

static void lectern_label_sizing_allocate(GtkLayoutManager *manager, GtkWidget *widget,
                                          int width, int height, int baseline) {
    (void)manager;
    GTK_WIDGET_GET_CLASS(widget)->size_allocate(widget, width, height, baseline);
}

static void lectern_label_sizing_class_init(LecternLabelSizingClass *klass) {
    GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS(klass);
    manager_class->get_request_mode = lectern_label_sizing_get_request_mode;
    manager_class->measure = lectern_label_sizing_measure;
    manager_class->allocate = lectern_label_sizing_allocate;
}

static void lectern_label_sizing_init(LecternLabelSizing *self) {
    (void)self;
}

void lectern_label_size_by_characters(GtkLabel *label, int characters) {
    g_return_if_fail(GTK_IS_LABEL(label));
    g_return_if_fail(gtk_label_get_wrap(label) && gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_NONE);
    gtk_label_set_width_chars(label, characters);
    gtk_label_set_max_width_chars(label, characters);
    if (!LECTERN_IS_LABEL_SIZING(gtk_widget_get_layout_manager(GTK_WIDGET(label))))
        gtk_widget_set_layout_manager(GTK_WIDGET(label), g_object_new(LECTERN_TYPE_LABEL_SIZING, NULL));
}
