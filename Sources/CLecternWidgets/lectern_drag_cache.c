#include "lectern_drag_cache.h"

struct _LecternDragCache {
    GtkWidget parent_instance;
    GtkWidget *child;
    gboolean holding;
    GskRenderNode *drawn;      /* the child's drawing the image is of */
    cairo_surface_t *image;
    int width, height, scale;  /* the size last drawn at */
    guint look_again;          /* the next frame's look at whether that size held */
    guint images_drawn;
};

G_DEFINE_FINAL_TYPE(LecternDragCache, lectern_drag_cache, GTK_TYPE_WIDGET)

static void forget_image(LecternDragCache *self) {
    g_clear_pointer(&self->drawn, gsk_render_node_unref);
    g_clear_pointer(&self->image, cairo_surface_destroy);
}

/* A frame after the size changed: if it held, the child is drawn into the image now (GTK asks
   a widget for its drawing again only when something in it changed). */
static gboolean size_held(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    LecternDragCache *self = LECTERN_DRAG_CACHE(widget);
    self->look_again = 0;
    if (self->holding && gtk_widget_get_width(widget) == self->width && gtk_widget_get_height(widget) == self->height)
        gtk_widget_queue_draw(widget);
    return G_SOURCE_REMOVE;
}

static void stop_looking(LecternDragCache *self) {
    if (self->look_again) gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->look_again);
    self->look_again = 0;
}

static void lectern_drag_cache_dispose(GObject *object) {
    LecternDragCache *self = LECTERN_DRAG_CACHE(object);
    stop_looking(self);
    forget_image(self);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(lectern_drag_cache_parent_class)->dispose(object);
}

static void lectern_drag_cache_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    LecternDragCache *self = LECTERN_DRAG_CACHE(widget);
    if (self->child && gtk_widget_get_visible(self->child))
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static GtkSizeRequestMode lectern_drag_cache_get_request_mode(GtkWidget *widget) {
    LecternDragCache *self = LECTERN_DRAG_CACHE(widget);
    return self->child ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void lectern_drag_cache_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    LecternDragCache *self = LECTERN_DRAG_CACHE(widget);
    if (self->child && gtk_widget_get_visible(self->child)) gtk_widget_allocate(self->child, width, height, baseline, NULL);
}

static void lectern_drag_cache_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    LecternDragCache *self = LECTERN_DRAG_CACHE(widget);
    if (!self->child) return;
    if (!self->holding) {
        gtk_widget_snapshot_child(widget, self->child, snapshot);
        return;
    }
    GtkSnapshot *own = gtk_snapshot_new();
    gtk_widget_snapshot_child(widget, self->child, own);
    GskRenderNode *node = gtk_snapshot_free_to_node(own);
    if (!node) return;
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    int scale = gtk_widget_get_scale_factor(widget);
    if (width != self->width || height != self->height || scale != self->scale) {
        /* Its size is changing with the window's (the list of a one-pane window): an image
           would be drawn anew in every frame. Drawn as it is, looked at again next frame. */
        forget_image(self);
        self->width = width, self->height = height, self->scale = scale;
        if (!self->look_again) self->look_again = gtk_widget_add_tick_callback(widget, size_held, NULL, NULL);
        gtk_snapshot_append_node(snapshot, node);
        gsk_render_node_unref(node);
        return;
    }
    if (node != self->drawn || !self->image) {
        forget_image(self);
        self->image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale);
        cairo_surface_set_device_scale(self->image, scale, scale);
        cairo_t *cr = cairo_create(self->image);
        gsk_render_node_draw(node, cr);
        cairo_destroy(cr);
        self->drawn = gsk_render_node_ref(node);
        self->images_drawn++;
    }
    gsk_render_node_unref(node);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, width, height));
    cairo_set_source_surface(cr, self->image, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
}

static void lectern_drag_cache_class_init(LecternDragCacheClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = lectern_drag_cache_dispose;
    widget_class->measure = lectern_drag_cache_measure;
    widget_class->get_request_mode = lectern_drag_cache_get_request_mode;
    widget_class->size_allocate = lectern_drag_cache_size_allocate;
    widget_class->snapshot = lectern_drag_cache_snapshot;
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void lectern_drag_cache_init(LecternDragCache *self) {
    (void)self;
}

GtkWidget *lectern_drag_cache_new(GtkWidget *child) {
    g_return_val_if_fail(GTK_IS_WIDGET(child) && gtk_widget_get_parent(child) == NULL, NULL);
    LecternDragCache *self = g_object_new(LECTERN_TYPE_DRAG_CACHE, NULL);
    self->child = child;
    gtk_widget_set_parent(child, GTK_WIDGET(self));
    return GTK_WIDGET(self);
}

void lectern_drag_cache_set_holding(LecternDragCache *self, gboolean holding) {
    g_return_if_fail(LECTERN_IS_DRAG_CACHE(self));
    if (self->holding == !!holding) return;
    self->holding = !!holding;
    if (!holding) {
        stop_looking(self);
        forget_image(self);
        self->width = self->height = self->scale = 0;
    }
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean lectern_drag_cache_get_holding(LecternDragCache *self) {
    g_return_val_if_fail(LECTERN_IS_DRAG_CACHE(self), FALSE);
    return self->holding;
}

guint lectern_drag_cache_get_images_drawn(LecternDragCache *self) {
    g_return_val_if_fail(LECTERN_IS_DRAG_CACHE(self), 0);
    return self->images_drawn;
}
