#ifndef LECTERN_INDEX_MODEL_H
#define LECTERN_INDEX_MODEL_H
/* A GListModel of N positions whose items are made on demand: GtkListView asks only for
   the rows it shows, so a 100,000-article list costs nothing until it is scrolled.
   Each item is a LecternIndexItem carrying its position; Swift binds it to the row it
   reads from the library. (GObject types cannot be defined from Swift, hence this file.) */
#include <gio/gio.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_INDEX_ITEM (lectern_index_item_get_type())
G_DECLARE_FINAL_TYPE(LecternIndexItem, lectern_index_item, LECTERN, INDEX_ITEM, GObject)

guint lectern_index_item_get_index(LecternIndexItem *item);

#define LECTERN_TYPE_INDEX_MODEL (lectern_index_model_get_type())
G_DECLARE_FINAL_TYPE(LecternIndexModel, lectern_index_model, LECTERN, INDEX_MODEL, GObject)

LecternIndexModel *lectern_index_model_new(void);
/* Replaces the contents with n_items fresh positions (emits items-changed once). A list view
   keeps its scroll position (its anchor stays at the same position). */
void lectern_index_model_reset(LecternIndexModel *model, guint n_items);
/* The same, after telling that `shift` positions came in at the front (or left it, when
   negative): a list view's anchor moves with them, so the rows on screen stay the same ones. */
void lectern_index_model_reset_shifted(LecternIndexModel *model, guint n_items, gint shift);
/* The same, emptied first: a list view starts again at the top. */
void lectern_index_model_reset_to_top(LecternIndexModel *model, guint n_items);
/* Says the item at position changed, so its row is bound again. */
void lectern_index_model_refresh(LecternIndexModel *model, guint position);
guint lectern_index_model_get_n_items(LecternIndexModel *model);

G_END_DECLS
#endif
