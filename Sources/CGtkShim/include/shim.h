/* Roster's C helpers for what Swift cannot express against GTK 4 and libadwaita:
 * GObject subclasses (the list model and its item), variadic accessibility calls,
 * and a few widget-tree walks. */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One row of the list: an entry's id (16 bytes), or the empty last row (no id). */
#define ROSTER_TYPE_ITEM (roster_item_get_type())
G_DECLARE_FINAL_TYPE(RosterItem, roster_item, ROSTER, ITEM, GObject)

/* A new item; `uuid` is 16 bytes, or NULL for the empty last row. */
RosterItem *roster_item_new(const guint8 *uuid);
/* Copies the id into `out` (16 bytes); FALSE for the empty last row. */
gboolean roster_item_get_uuid(RosterItem *self, guint8 *out);
/* Turns the item into the row of entry `uuid` (NULL: the empty last row). */
void roster_item_set_uuid(RosterItem *self, const guint8 *uuid);

/* A GListModel whose length and items come from Swift callbacks, read on demand. */
typedef guint (*RosterNItemsFunc)(gpointer user_data);
typedef gpointer (*RosterGetItemFunc)(gpointer user_data, guint position);

#define ROSTER_TYPE_LIST_MODEL (roster_list_model_get_type())
G_DECLARE_FINAL_TYPE(RosterListModel, roster_list_model, ROSTER, LIST_MODEL, GObject)

RosterListModel *roster_list_model_new(RosterNItemsFunc n_items, RosterGetItemFunc get_item,
                                       gpointer user_data, GDestroyNotify destroy);
void roster_list_model_items_changed(RosterListModel *self, guint position, guint removed,
                                     guint added);

/* Accessibility: GTK's calls are variadic. */
void roster_accessible_set_label(GtkWidget *widget, const char *label);
/* NULL removes the description. */
void roster_accessible_set_description(GtkWidget *widget, const char *description);
void roster_accessible_set_invalid(GtkWidget *widget, gboolean invalid);
/* Makes every button below `root` read its label once: GTK 4.8 reads "_Undo" as "Undo Undo". */
void roster_fix_button_names(GtkWidget *root);

/* A box with an accessible role, which is construct-only. */
GtkWidget *roster_box_new_with_role(GtkOrientation orientation, int spacing,
                                    GtkAccessibleRole role);

/* A widget of `type` with an accessible role (construct-only), e.g. an alert label. */
GtkWidget *roster_widget_new_with_role(GType type, GtkAccessibleRole role);

/* Widget helpers. */
void roster_widget_add_css_class(GtkWidget *widget, const char *css_class);
void roster_widget_remove_css_classes_with_prefix(GtkWidget *widget, const char *prefix);
/* The nearest ancestor of `type`, or NULL. */
GtkWidget *roster_widget_ancestor(GtkWidget *widget, GType type);
/* Whether the keyboard focus is `widget` or inside it. */
gboolean roster_widget_has_focus_within(GtkWidget *widget);

/* Asks a GtkListView to scroll `position` into view (4.8 has only the action). */
void roster_list_view_scroll_to(GtkWidget *list_view, guint position);

/* Timestamps for the benchmark: called once after the first frame is painted. */
typedef void (*RosterFrameFunc)(gpointer user_data);
void roster_on_first_frame(GtkWidget *widget, RosterFrameFunc func, gpointer user_data);

G_END_DECLS

G_BEGIN_DECLS
/* Emits a signal that takes no arguments and returns nothing (`clicked`, `activate`). */
void roster_emit(gpointer instance, const char *signal);
G_END_DECLS

G_BEGIN_DECLS
/* Sets up to two keyboard accelerators for an action ("win.undo", "<Control>z"). */
void roster_set_accels(GtkApplication *app, const char *action, const char *accel,
                       const char *second);
G_END_DECLS

G_BEGIN_DECLS
/* Calls `func` once, after the next frame of `widget`'s surface is painted (a redraw is
 * queued so that there is one). */
void roster_on_next_frame(GtkWidget *widget, RosterFrameFunc func, gpointer user_data);
/* CLOCK_MONOTONIC in nanoseconds, comparable across processes. */
gint64 roster_monotonic_ns(void);
G_END_DECLS

G_BEGIN_DECLS
/* Drag and drop of one string (an entry id) between rows. The payload function returns a
 * newly allocated string (g_strdup), or NULL to refuse the drag. */
typedef char *(*RosterDragPayloadFunc)(gpointer user_data);
typedef gboolean (*RosterDropFunc)(gpointer user_data, const char *payload);
void roster_add_drag_source(GtkWidget *widget, RosterDragPayloadFunc payload, gpointer user_data);
void roster_add_drop_target(GtkWidget *widget, RosterDropFunc drop, gpointer user_data);
G_END_DECLS

G_BEGIN_DECLS
/* Text inserted into an entry that contains a line break (a paste of several lines): the
 * insertion is stopped and `func` gets the text instead. `destroy` frees `user_data` when the
 * entry goes. */
typedef void (*RosterTextFunc)(gpointer user_data, const char *text);
void roster_entry_on_multiline_insert(GtkWidget *entry, RosterTextFunc func, gpointer user_data,
                                      GDestroyNotify destroy);
G_END_DECLS

G_BEGIN_DECLS
/* Files dropped on `widget` (from a file manager): `func` gets the first file's local path and
 * returns whether it took it. */
typedef gboolean (*RosterPathFunc)(gpointer user_data, const char *path);
void roster_add_file_drop_target(GtkWidget *widget, RosterPathFunc func, gpointer user_data,
                                 GDestroyNotify destroy);
G_END_DECLS
