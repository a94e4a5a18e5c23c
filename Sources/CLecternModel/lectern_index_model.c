#include "lectern_index_model.h"

struct _LecternIndexItem {
    GObject parent_instance;
    guint index;
};

G_DEFINE_FINAL_TYPE(LecternIndexItem, lectern_index_item, G_TYPE_OBJECT)

static void lectern_index_item_class_init(LecternIndexItemClass *klass) { (void)klass; }
static void lectern_index_item_init(LecternIndexItem *item) { item->index = 0; }

guint lectern_index_item_get_index(LecternIndexItem *item) {
    g_return_val_if_fail(LECTERN_IS_INDEX_ITEM(item), 0);
    return item->index;
}

struct _LecternIndexModel {
    GObject parent_instance;
    guint n_items;
};

static GType lectern_index_model_get_item_type(GListModel *list) {
    (void)list;
    return LECTERN_TYPE_INDEX_ITEM;
}

static guint lectern_index_model_list_n_items(GListModel *list) {
    return LECTERN_INDEX_MODEL(list)->n_items;
}

static gpointer lectern_index_model_get_item(GListModel *list, guint position) {
    LecternIndexModel *model = LECTERN_INDEX_MODEL(list);
    if (position >= model->n_items) return NULL;
    LecternIndexItem *item = g_object_new(LECTERN_TYPE_INDEX_ITEM, NULL);
    item->index = position;
    return item;
}

static void lectern_index_model_list_init(GListModelInterface *iface) {
    iface->get_item_type = lectern_index_model_get_item_type;
    iface->get_n_items = lectern_index_model_list_n_items;
    iface->get_item = lectern_index_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(LecternIndexModel, lectern_index_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, lectern_index_model_list_init))

static void lectern_index_model_class_init(LecternIndexModelClass *klass) { (void)klass; }
static void lectern_index_model_init(LecternIndexModel *model) { model->n_items = 0; }

LecternIndexModel *lectern_index_model_new(void) {
    return g_object_new(LECTERN_TYPE_INDEX_MODEL, NULL);
}

void lectern_index_model_reset(LecternIndexModel *model, guint n_items) {
    g_return_if_fail(LECTERN_IS_INDEX_MODEL(model));
    guint removed = model->n_items;
    model->n_items = n_items;
    if (removed > 0 || n_items > 0) g_list_model_items_changed(G_LIST_MODEL(model), 0, removed, n_items);
}

void lectern_index_model_reset_shifted(LecternIndexModel *model, guint n_items, gint shift) {
    g_return_if_fail(LECTERN_IS_INDEX_MODEL(model));
    if (shift > 0) {
        model->n_items += (guint)shift;
        g_list_model_items_changed(G_LIST_MODEL(model), 0, 0, (guint)shift);
    } else if (shift < 0) {
        guint gone = MIN((guint)-shift, model->n_items);
        model->n_items -= gone;
        if (gone > 0) g_list_model_items_changed(G_LIST_MODEL(model), 0, gone, 0);
    }
    lectern_index_model_reset(model, n_items);
}

void lectern_index_model_reset_to_top(LecternIndexModel *model, guint n_items) {
    g_return_if_fail(LECTERN_IS_INDEX_MODEL(model));
    lectern_index_model_reset(model, 0);
    lectern_index_model_reset(model, n_items);
}

void lectern_index_model_refresh(LecternIndexModel *model, guint position) {
    g_return_if_fail(LECTERN_IS_INDEX_MODEL(model));
    if (position < model->n_items) g_list_model_items_changed(G_LIST_MODEL(model), position, 1, 1);
}

guint lectern_index_model_get_n_items(LecternIndexModel *model) {
    g_return_val_if_fail(LECTERN_IS_INDEX_MODEL(model), 0);
    return model->n_items;
}
