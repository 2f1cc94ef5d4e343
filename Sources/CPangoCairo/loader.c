// Pango and Cairo through dlopen (see cpangocairo.h): one table of the functions RosterPrint
// calls, found once, and a forwarding function for each.
#include "cpangocairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// Each function once: V(name, parameters, arguments) returns nothing, R(type, name, …) a value.
#define FUNCTIONS(V, R)                                                                        \
  V(cairo_save, (cairo_t * cr), (cr))                                                         \
  V(cairo_restore, (cairo_t * cr), (cr))                                                      \
  V(cairo_set_source_rgb, (cairo_t * cr, double r, double g, double b), (cr, r, g, b))        \
  V(cairo_set_line_width, (cairo_t * cr, double w), (cr, w))                                  \
  V(cairo_rectangle, (cairo_t * cr, double x, double y, double w, double h), (cr, x, y, w, h)) \
  V(cairo_stroke, (cairo_t * cr), (cr))                                                       \
  V(cairo_move_to, (cairo_t * cr, double x, double y), (cr, x, y))                            \
  V(cairo_line_to, (cairo_t * cr, double x, double y), (cr, x, y))                            \
  V(cairo_show_page, (cairo_t * cr), (cr))                                                    \
  R(cairo_t *, cairo_create, (cairo_surface_t * s), (s))                                      \
  V(cairo_destroy, (cairo_t * cr), (cr))                                                      \
  V(cairo_surface_finish, (cairo_surface_t * s), (s))                                         \
  R(cairo_status_t, cairo_surface_status, (cairo_surface_t * s), (s))                         \
  V(cairo_surface_destroy, (cairo_surface_t * s), (s))                                        \
  R(const char *, cairo_status_to_string, (cairo_status_t s), (s))                            \
  R(cairo_surface_t *, cairo_pdf_surface_create_for_stream,                                   \
    (cairo_write_func_t f, void *c, double w, double h), (f, c, w, h))                        \
  V(cairo_pdf_surface_set_metadata, (cairo_surface_t * s, int m, const char *t), (s, m, t))   \
  R(PangoLayout *, pango_cairo_create_layout, (cairo_t * cr), (cr))                           \
  V(pango_cairo_show_layout, (cairo_t * cr, PangoLayout * l), (cr, l))                        \
  R(PangoFontDescription *, pango_font_description_from_string, (const char *t), (t))         \
  V(pango_font_description_set_size, (PangoFontDescription * d, int s), (d, s))               \
  V(pango_font_description_set_weight, (PangoFontDescription * d, int w), (d, w))             \
  V(pango_font_description_free, (PangoFontDescription * d), (d))                             \
  V(pango_layout_set_font_description, (PangoLayout * l, const PangoFontDescription *d),      \
    (l, d))                                                                                   \
  V(pango_layout_set_single_paragraph_mode, (PangoLayout * l, int s), (l, s))                 \
  V(pango_layout_set_width, (PangoLayout * l, int w), (l, w))                                 \
  V(pango_layout_set_ellipsize, (PangoLayout * l, int e), (l, e))                             \
  V(pango_layout_set_alignment, (PangoLayout * l, int a), (l, a))                             \
  V(pango_layout_set_text, (PangoLayout * l, const char *t, int n), (l, t, n))                \
  R(int, pango_layout_get_baseline, (PangoLayout * l), (l))                                   \
  V(g_object_unref, (void *o), (o))

#define POINTER_V(name, parameters, arguments) static void(*p_##name) parameters;
#define POINTER_R(type, name, parameters, arguments) static type(*p_##name) parameters;
FUNCTIONS(POINTER_V, POINTER_R)

static const char *failure = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// The libraries by their Debian sonames, each depending on the ones before it.
static const char *const libraries[] = {
  "libgobject-2.0.so.0", "libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0",
};

static void load(void) {
  void *handles[sizeof libraries / sizeof libraries[0]];
  for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {
    handles[index] = dlopen(libraries[index], RTLD_NOW | RTLD_GLOBAL);
    if (handles[index] == NULL) {
      failure = dlerror();
      return;
    }
  }
#define FIND(name)                                                                            \
  for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {           \
    *(void **)&p_##name = dlsym(handles[index], #name);                                       \
    if (p_##name != NULL) break;                                                              \
  }                                                                                           \
  if (p_##name == NULL) {                                                                     \
    failure = "a Pango or Cairo function is missing: " #name;                                 \
    return;                                                                                   \
  }
#define FIND_V(name, parameters, arguments) FIND(name)
#define FIND_R(type, name, parameters, arguments) FIND(name)
  FUNCTIONS(FIND_V, FIND_R)
}

bool rp_load(void) {
  pthread_once(&once, load);
  return failure == NULL;
}

const char *rp_load_error(void) { return failure; }

#define FORWARD_V(name, parameters, arguments)                                                \
  void rp_##name parameters { p_##name arguments; }
#define FORWARD_R(type, name, parameters, arguments)                                          \
  type rp_##name parameters { return p_##name arguments; }
FUNCTIONS(FORWARD_V, FORWARD_R)
