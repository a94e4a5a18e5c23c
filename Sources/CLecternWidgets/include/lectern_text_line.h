#ifndef LECTERN_TEXT_LINE_H
#define LECTERN_TEXT_LINE_H
/* One line of text, cut with an ellipsis at the end when it does not fit: a list row's
   title, byline or excerpt. It is as tall as a line of its CSS font and asks for no
   width, so it never lays its text out to be measured: the text is shaped once, at the
   width it is given, when it is drawn, and only as much of it as could show. Setting new
   text only redraws it. A GtkLabel shapes its text three or four times whenever its font
   changes and asks its list to measure again whenever its text changes, which made theme
   switches and scrolling slow.
   It draws the CSS font and colour (its CSS name is "label"); other text properties
   (letter-spacing, text-shadow, decorations) are not drawn. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_TEXT_LINE (lectern_text_line_get_type())
G_DECLARE_FINAL_TYPE(LecternTextLine, lectern_text_line, LECTERN, TEXT_LINE, GtkWidget)

GtkWidget *lectern_text_line_new(void);
/* Sets the text (NULL is empty); the same text again does nothing. */
void lectern_text_line_set_text(LecternTextLine *line, const char *text);
const char *lectern_text_line_get_text(LecternTextLine *line);
/* Whether the text, as last drawn, was cut short with an ellipsis. */
gboolean lectern_text_line_is_ellipsized(LecternTextLine *line);
/* The layout as last drawn (NULL before the first draw). A long text is laid out only as
   far as could show, twice what fills the line, so it may hold less than all of it. */
PangoLayout *lectern_text_line_get_layout(LecternTextLine *line);

G_END_DECLS
#endif
