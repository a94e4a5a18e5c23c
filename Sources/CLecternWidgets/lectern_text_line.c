#include "lectern_text_line.h"
#include "lectern_label_sizing.h"

#include <string.h>

struct _LecternTextLine {
    GtkWidget parent_instance;
    char *text;
    int text_bytes;
    /* Made at the first draw, then kept: Pango lays it out again when needed. */
    PangoLayout *layout;
    /* How much of the text, in bytes, the layout holds (-1: none yet), and the width and
       context serial (the font) it was worked out for. */
    int laid_out_bytes;
    int laid_out_width;
    guint laid_out_serial;
    /* The line's height and baseline in the font of the context with this serial. */
    guint metrics_serial;
    int line_height;
    int baseline;
};

G_DEFINE_FINAL_TYPE(LecternTextLine, lectern_text_line, GTK_TYPE_WIDGET)

/* The font comes from CSS through the widget's Pango context, whose serial changes
   whenever the font (or the resolution) does. */
static guint context_serial(LecternTextLine *self) {
    return pango_context_get_serial(gtk_widget_get_pango_context(GTK_WIDGET(self)));
}

static void ensure_metrics(LecternTextLine *self) {
    guint serial = context_serial(self);
    if (self->line_height >= 0 && self->metrics_serial == serial) return;
    /* An empty layout is one line tall in the font's own ascent and descent: the height
       of a line of text in that font, without shaping any text. */
    PangoLayout *probe = gtk_widget_create_pango_layout(GTK_WIDGET(self), NULL);
    PangoRectangle logical;
    pango_layout_get_extents(probe, NULL, &logical);
    self->line_height = PANGO_PIXELS_CEIL(logical.height);
    self->baseline = PANGO_PIXELS(pango_layout_get_baseline(probe));
    self->metrics_serial = serial;
    g_object_unref(probe);
}

/* The bytes of the text that make `characters` characters, or all of it when shorter. */
static int bytes_of_characters(const char *text, int characters) {
    const char *end = text;
    for (int i = 0; i < characters && *end != '\0'; i++) end = g_utf8_next_char(end);
    return (int)(end - text);
}

/* How much of the text to lay out at `width`: twice the characters of the font's average
   width that fill it. Pango shapes a whole text before it cuts it with an ellipsis, and an
   excerpt of 200 characters shows 50 or 60 in a list row: shaping it all was most of the
   cost of drawing a row. Counted in steps of 32 characters, so that a window dragged wider
   or narrower rarely changes it. */
static int bytes_to_lay_out(LecternTextLine *self, int width) {
    int character = MAX(lectern_character_width(GTK_WIDGET(self)), PANGO_SCALE);
    int characters = (2 * width * PANGO_SCALE / character + 8 + 31) / 32 * 32;
    return bytes_of_characters(self->text, characters);
}

/* The layout lives on the widget's own context, so Pango lays it out again by itself
   after the font changes. */
static PangoLayout *ensure_layout(LecternTextLine *self, int width) {
    if (self->layout == NULL) {
        self->layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), NULL);
        pango_layout_set_ellipsize(self->layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_single_paragraph_mode(self->layout, TRUE);
    }
    guint serial = context_serial(self);
    if (self->laid_out_bytes < 0 || width != self->laid_out_width || serial != self->laid_out_serial) {
        /* Worked out again only when the width or the font changed: a new colour draws the same part. */
        int bytes = bytes_to_lay_out(self, width);
        if (bytes != self->laid_out_bytes) pango_layout_set_text(self->layout, self->text, bytes);
        self->laid_out_bytes = bytes;
        self->laid_out_width = width;
        self->laid_out_serial = serial;
    }
    if (pango_layout_get_width(self->layout) != width * PANGO_SCALE) {
        pango_layout_set_width(self->layout, width * PANGO_SCALE);
    }
    /* The text starts where the widget starts: at the right in a right-to-left row. Pango
       aligns a line written against the widget's direction (an English feed's name in an
       Arabic sidebar) from the other side, so such a line asks for the other side. */
    gboolean rtl_widget = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS   /* the first strong letter's direction, as auto-dir finds it */
    PangoDirection text = pango_find_base_dir(self->text, -1);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gboolean against = text == (rtl_widget ? PANGO_DIRECTION_LTR : PANGO_DIRECTION_RTL);
    pango_layout_set_alignment(self->layout, rtl_widget != against ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    /* A part that fits (letters much narrower than the font's average) would show without
       its ellipsis: then the whole text is laid out, until the width or the font changes. */
    if (self->laid_out_bytes < self->text_bytes && !pango_layout_is_ellipsized(self->layout)) {
        pango_layout_set_text(self->layout, self->text, self->text_bytes);
        self->laid_out_bytes = self->text_bytes;
    }
    return self->layout;
}

static void lectern_text_line_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    LecternTextLine *self = LECTERN_TEXT_LINE(widget);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        /* The row around it decides the width; the text is cut to fit. */
        *minimum = 0;
        *natural = 0;
        return;
    }
    ensure_metrics(self);
    *minimum = *natural = self->line_height;
    *minimum_baseline = *natural_baseline = self->baseline;
}

static void lectern_text_line_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    LecternTextLine *self = LECTERN_TEXT_LINE(widget);
    int width = gtk_widget_get_width(widget);
    if (self->text == NULL || self->text[0] == '\0' || width <= 0) return;
    ensure_metrics(self);
    PangoLayout *layout = ensure_layout(self, width);
    GdkRGBA color;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    int top = MAX(0, (gtk_widget_get_height(widget) - self->line_height) / 2);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)top));
    gtk_snapshot_append_layout(snapshot, layout, &color);
    gtk_snapshot_restore(snapshot);
}

static void lectern_text_line_finalize(GObject *object) {
    LecternTextLine *self = LECTERN_TEXT_LINE(object);
    g_clear_object(&self->layout);
    g_free(self->text);
    G_OBJECT_CLASS(lectern_text_line_parent_class)->finalize(object);
}

static void lectern_text_line_class_init(LecternTextLineClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = lectern_text_line_finalize;
    widget_class->measure = lectern_text_line_measure;
    widget_class->snapshot = lectern_text_line_snapshot;
    gtk_widget_class_set_css_name(widget_class, "label");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void lectern_text_line_init(LecternTextLine *self) {
    self->text = g_strdup("");
    self->text_bytes = 0;
    self->layout = NULL;
    self->laid_out_bytes = -1;
    self->laid_out_width = -1;
    self->laid_out_serial = 0;
    self->line_height = -1;
    self->baseline = -1;
    self->metrics_serial = 0;
}

GtkWidget *lectern_text_line_new(void) {
    return g_object_new(LECTERN_TYPE_TEXT_LINE, NULL);
}

void lectern_text_line_set_text(LecternTextLine *self, const char *text) {
    g_return_if_fail(LECTERN_IS_TEXT_LINE(self));
    if (text == NULL) text = "";
    if (strcmp(text, self->text) == 0) return;
    g_free(self->text);
    self->text = g_strdup(text);
    self->text_bytes = (int)strlen(text);
    self->laid_out_bytes = -1;   /* laid out again at the next draw */
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, self->text, -1);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

const char *lectern_text_line_get_text(LecternTextLine *self) {
    g_return_val_if_fail(LECTERN_IS_TEXT_LINE(self), "");
    return self->text;
}

gboolean lectern_text_line_is_ellipsized(LecternTextLine *self) {
    g_return_val_if_fail(LECTERN_IS_TEXT_LINE(self), FALSE);
    return self->layout != NULL && pango_layout_is_ellipsized(self->layout);
}

PangoLayout *lectern_text_line_get_layout(LecternTextLine *self) {
    g_return_val_if_fail(LECTERN_IS_TEXT_LINE(self), NULL);
    return self->layout;
}
