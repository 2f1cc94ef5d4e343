#include "shim.h"

#include <string.h>

/* ---- RosterItem ---------------------------------------------------------------- */

struct _RosterItem {
  GObject parent_instance;
  guint8 uuid[16];
  gboolean has_uuid;
};

G_DEFINE_TYPE(RosterItem, roster_item, G_TYPE_OBJECT)

static void roster_item_class_init(RosterItemClass *klass) { (void)klass; }
static void roster_item_init(RosterItem *self) { self->has_uuid = FALSE; }

RosterItem *roster_item_new(const guint8 *uuid) {
  RosterItem *self = g_object_new(ROSTER_TYPE_ITEM, NULL);
  roster_item_set_uuid(self, uuid);
  return self;
}

gboolean roster_item_get_uuid(RosterItem *self, guint8 *out) {
  if (!self->has_uuid) return FALSE;
  memcpy(out, self->uuid, 16);
  return TRUE;
}

void roster_item_set_uuid(RosterItem *self, const guint8 *uuid) {
  self->has_uuid = uuid != NULL;
  if (uuid) memcpy(self->uuid, uuid, 16);
}

/* ---- RosterListModel ----------------------------------------------------------- */

struct _RosterListModel {
  GObject parent_instance;
  RosterNItemsFunc n_items;
  RosterGetItemFunc get_item;
  gpointer user_data;
  GDestroyNotify destroy;
};

static GType roster_list_model_get_item_type(GListModel *model) {
  (void)model;
  return ROSTER_TYPE_ITEM;
}

static guint roster_list_model_get_n_items(GListModel *model) {
  RosterListModel *self = ROSTER_LIST_MODEL(model);
  return self->n_items(self->user_data);
}

static gpointer roster_list_model_get_item(GListModel *model, guint position) {
  RosterListModel *self = ROSTER_LIST_MODEL(model);
  return self->get_item(self->user_data, position);
}

static void roster_list_model_iface_init(GListModelInterface *iface) {
  iface->get_item_type = roster_list_model_get_item_type;
  iface->get_n_items = roster_list_model_get_n_items;
  iface->get_item = roster_list_model_get_item;
}

G_DEFINE_TYPE_WITH_CODE(RosterListModel, roster_list_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, roster_list_model_iface_init))

static void roster_list_model_finalize(GObject *object) {
  RosterListModel *self = ROSTER_LIST_MODEL(object);
  if (self->destroy) self->destroy(self->user_data);
  G_OBJECT_CLASS(roster_list_model_parent_class)->finalize(object);
}

static void roster_list_model_class_init(RosterListModelClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = roster_list_model_finalize;
}

static void roster_list_model_init(RosterListModel *self) { (void)self; }

RosterListModel *roster_list_model_new(RosterNItemsFunc n_items, RosterGetItemFunc get_item,
                                       gpointer user_data, GDestroyNotify destroy) {
  RosterListModel *self = g_object_new(ROSTER_TYPE_LIST_MODEL, NULL);
  self->n_items = n_items;
  self->get_item = get_item;
  self->user_data = user_data;
  self->destroy = destroy;
  return self;
}

void roster_list_model_items_changed(RosterListModel *self, guint position, guint removed,
                                     guint added) {
  g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

/* ---- Accessibility -------------------------------------------------------------- */

void roster_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                 -1);
}

void roster_accessible_set_description(GtkWidget *widget, const char *description) {
  if (description)
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   description, -1);
  else
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void roster_accessible_set_invalid(GtkWidget *widget, gboolean invalid) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                              invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                              -1);
}

void roster_fix_button_names(GtkWidget *root) {
  for (GtkWidget *child = gtk_widget_get_first_child(root); child;
       child = gtk_widget_get_next_sibling(child)) {
    if (GTK_IS_BUTTON(child)) {
      const char *label = gtk_button_get_label(GTK_BUTTON(child));
      if (label) {
        GString *plain = g_string_new(NULL);
        for (const char *p = label; *p; p++)
          if (*p != '_' || p[1] == '_') g_string_append_c(plain, *p);
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(child),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        roster_accessible_set_label(child, plain->str);
        g_string_free(plain, TRUE);
      }
    }
    roster_fix_button_names(child);
  }
}

GtkWidget *roster_box_new_with_role(GtkOrientation orientation, int spacing,
                                    GtkAccessibleRole role) {
  return g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                      "accessible-role", role, NULL);
}

GtkWidget *roster_widget_new_with_role(GType type, GtkAccessibleRole role) {
  return g_object_new(type, "accessible-role", role, NULL);
}

/* ---- Widgets --------------------------------------------------------------------- */

void roster_widget_add_css_class(GtkWidget *widget, const char *css_class) {
  gtk_widget_add_css_class(widget, css_class);
}

void roster_widget_remove_css_classes_with_prefix(GtkWidget *widget, const char *prefix) {
  char **classes = gtk_widget_get_css_classes(widget);
  for (char **c = classes; c && *c; c++)
    if (g_str_has_prefix(*c, prefix)) gtk_widget_remove_css_class(widget, *c);
  g_strfreev(classes);
}

GtkWidget *roster_widget_ancestor(GtkWidget *widget, GType type) {
  return gtk_widget_get_ancestor(widget, type);
}

gboolean roster_widget_has_focus_within(GtkWidget *widget) {
  GtkRoot *root = gtk_widget_get_root(widget);
  if (!root) return FALSE;
  GtkWidget *focus = gtk_root_get_focus(root);
  return focus && (focus == widget || gtk_widget_is_ancestor(focus, widget));
}

void roster_list_view_scroll_to(GtkWidget *list_view, guint position) {
  gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", position);
}

typedef struct {
  RosterFrameFunc func;
  gpointer user_data;
} FrameWatch;

static void roster_after_paint(GdkFrameClock *clock, gpointer data) {
  FrameWatch *watch = data;
  g_signal_handlers_disconnect_by_data(clock, data);
  watch->func(watch->user_data);
  g_free(watch);
}

static void roster_on_map(GtkWidget *widget, gpointer data) {
  g_signal_handlers_disconnect_by_func(widget, roster_on_map, data);
  GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
  g_signal_connect(clock, "after-paint", G_CALLBACK(roster_after_paint), data);
}

void roster_on_first_frame(GtkWidget *widget, RosterFrameFunc func, gpointer user_data) {
  FrameWatch *watch = g_new0(FrameWatch, 1);
  watch->func = func;
  watch->user_data = user_data;
  g_signal_connect(widget, "map", G_CALLBACK(roster_on_map), watch);
}

void roster_emit(gpointer instance, const char *signal) { g_signal_emit_by_name(instance, signal); }

void roster_set_accels(GtkApplication *app, const char *action, const char *accel,
                       const char *second) {
  const char *accels[] = {accel, second, NULL};
  gtk_application_set_accels_for_action(app, action, accels);
}

void roster_on_next_frame(GtkWidget *widget, RosterFrameFunc func, gpointer user_data) {
  FrameWatch *watch = g_new0(FrameWatch, 1);
  watch->func = func;
  watch->user_data = user_data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
  g_signal_connect(clock, "after-paint", G_CALLBACK(roster_after_paint), watch);
  gtk_widget_queue_draw(widget);
}

#include <time.h>
gint64 roster_monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (gint64)now.tv_sec * 1000000000 + now.tv_nsec;
}

typedef struct {
  RosterDragPayloadFunc payload;
  RosterDropFunc drop;
  gpointer user_data;
} DragHooks;

static GdkContentProvider *roster_drag_prepare(GtkDragSource *source, double x, double y,
                                               gpointer data) {
  (void)source;
  (void)x;
  (void)y;
  DragHooks *hooks = data;
  char *payload = hooks->payload(hooks->user_data);
  if (!payload) return NULL;
  GdkContentProvider *provider = gdk_content_provider_new_typed(G_TYPE_STRING, payload);
  g_free(payload);
  return provider;
}

static gboolean roster_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                            gpointer data) {
  (void)target;
  (void)x;
  (void)y;
  DragHooks *hooks = data;
  if (!G_VALUE_HOLDS_STRING(value)) return FALSE;
  return hooks->drop(hooks->user_data, g_value_get_string(value));
}

void roster_add_drag_source(GtkWidget *widget, RosterDragPayloadFunc payload, gpointer user_data) {
  DragHooks *hooks = g_new0(DragHooks, 1);
  hooks->payload = payload;
  hooks->user_data = user_data;
  GtkDragSource *source = gtk_drag_source_new();
  gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
  g_signal_connect_data(source, "prepare", G_CALLBACK(roster_drag_prepare), hooks,
                        (GClosureNotify)g_free, 0);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(source));
}

void roster_add_drop_target(GtkWidget *widget, RosterDropFunc drop, gpointer user_data) {
  DragHooks *hooks = g_new0(DragHooks, 1);
  hooks->drop = drop;
  hooks->user_data = user_data;
  GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE);
  g_signal_connect_data(target, "drop", G_CALLBACK(roster_drop), hooks, (GClosureNotify)g_free, 0);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(target));
}

/* ---- Multi-line pastes ----------------------------------------------------------- */

/* A Swift callback behind a signal handler: the function, its data, and what frees the data
 * when the handler goes with its instance. */
typedef struct {
  GCallback func;
  gpointer user_data;
  GDestroyNotify destroy;
} RosterHook;

static RosterHook *roster_hook_new(GCallback func, gpointer user_data, GDestroyNotify destroy) {
  RosterHook *hook = g_new0(RosterHook, 1);
  hook->func = func;
  hook->user_data = user_data;
  hook->destroy = destroy;
  return hook;
}

static void roster_hook_free(gpointer data, GClosure *closure) {
  (void)closure;
  RosterHook *hook = data;
  if (hook->destroy) hook->destroy(hook->user_data);
  g_free(hook);
}

static void roster_on_insert_text(GtkEditable *editable, const char *text, int length,
                                  int *position, gpointer data) {
  (void)position;
  RosterHook *hook = data;
  gsize size = length < 0 ? strlen(text) : (gsize)length;
  if (memchr(text, '\n', size) == NULL && memchr(text, '\r', size) == NULL) return;
  g_signal_stop_emission_by_name(editable, "insert-text");
  char *copy = g_strndup(text, size);
  ((RosterTextFunc)hook->func)(hook->user_data, copy);
  g_free(copy);
}

void roster_entry_on_multiline_insert(GtkWidget *entry, RosterTextFunc func, gpointer user_data,
                                      GDestroyNotify destroy) {
  RosterHook *hook = roster_hook_new(G_CALLBACK(func), user_data, destroy);
  GtkEditable *text = gtk_editable_get_delegate(GTK_EDITABLE(entry));
  g_signal_connect_data(text ? text : GTK_EDITABLE(entry), "insert-text",
                        G_CALLBACK(roster_on_insert_text), hook, roster_hook_free, 0);
}

/* ---- Dropped files --------------------------------------------------------------- */


static gboolean roster_file_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                                 gpointer data) {
  (void)target;
  (void)x;
  (void)y;
  RosterHook *hook = data;
  if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return FALSE;
  GSList *files = g_value_get_boxed(value);
  if (files == NULL) return FALSE;
  char *path = g_file_get_path(G_FILE(files->data));
  if (path == NULL) return FALSE;
  gboolean taken = ((RosterPathFunc)hook->func)(hook->user_data, path);
  g_free(path);
  return taken;
}

void roster_add_file_drop_target(GtkWidget *widget, RosterPathFunc func, gpointer user_data,
                                 GDestroyNotify destroy) {
  RosterHook *hook = roster_hook_new(G_CALLBACK(func), user_data, destroy);
  GtkDropTarget *target = gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_data(target, "drop", G_CALLBACK(roster_file_drop), hook, roster_hook_free, 0);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(target));
}
