// Pango and Cairo as RosterPrint uses them, loaded on first use with dlopen: `roster` links no
// Pango, Cairo, GLib, HarfBuzz or fontconfig, so every other command starts without loading
// (and relocating) some thirty shared libraries it would not use.
//
// The declarations follow Debian's libpango1.0 (1.50) and libcairo2 (1.16) headers; the objects
// are opaque, the enumerations' values are those of the stable ABI. Each function is the
// library's own under an `rp_` prefix, so that a process that links Pango itself (the GTK app)
// sees no second definition. Call rp_load() first.
#ifndef CPANGOCAIRO_H
#define CPANGOCAIRO_H

#include <stdbool.h>
#include <stdint.h>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;

typedef int cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data,
                                             unsigned int length);

#define RP_PANGO_SCALE 1024
#define RP_PANGO_WEIGHT_BOLD 700
#define RP_PANGO_ELLIPSIZE_END 3
#define RP_PANGO_ALIGN_LEFT 0
#define RP_PANGO_ALIGN_CENTER 1
#define RP_PANGO_ALIGN_RIGHT 2
#define RP_CAIRO_STATUS_SUCCESS 0
#define RP_CAIRO_STATUS_WRITE_ERROR 11
#define RP_CAIRO_PDF_METADATA_TITLE 0
#define RP_CAIRO_PDF_METADATA_CREATOR 4

/// Loads the libraries and finds every function; false (and rp_load_error says why) when
/// they are missing. Safe to call again and from any thread.
bool rp_load(void);
/// Why rp_load failed, or NULL.
const char *rp_load_error(void);

void rp_cairo_save(cairo_t *cr);
void rp_cairo_restore(cairo_t *cr);
void rp_cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void rp_cairo_set_line_width(cairo_t *cr, double width);
void rp_cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void rp_cairo_stroke(cairo_t *cr);
void rp_cairo_move_to(cairo_t *cr, double x, double y);
void rp_cairo_line_to(cairo_t *cr, double x, double y);
void rp_cairo_show_page(cairo_t *cr);
cairo_t *rp_cairo_create(cairo_surface_t *target);
void rp_cairo_destroy(cairo_t *cr);
void rp_cairo_surface_finish(cairo_surface_t *surface);
cairo_status_t rp_cairo_surface_status(cairo_surface_t *surface);
void rp_cairo_surface_destroy(cairo_surface_t *surface);
const char *rp_cairo_status_to_string(cairo_status_t status);
cairo_surface_t *rp_cairo_pdf_surface_create_for_stream(cairo_write_func_t write, void *closure,
                                                        double width, double height);
void rp_cairo_pdf_surface_set_metadata(cairo_surface_t *surface, int metadata, const char *utf8);

PangoLayout *rp_pango_cairo_create_layout(cairo_t *cr);
void rp_pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
PangoFontDescription *rp_pango_font_description_from_string(const char *text);
void rp_pango_font_description_set_size(PangoFontDescription *description, int size);
void rp_pango_font_description_set_weight(PangoFontDescription *description, int weight);
void rp_pango_font_description_free(PangoFontDescription *description);
void rp_pango_layout_set_font_description(PangoLayout *layout,
                                          const PangoFontDescription *description);
void rp_pango_layout_set_single_paragraph_mode(PangoLayout *layout, int setting);
void rp_pango_layout_set_width(PangoLayout *layout, int width);
void rp_pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void rp_pango_layout_set_alignment(PangoLayout *layout, int alignment);
void rp_pango_layout_set_text(PangoLayout *layout, const char *text, int length);
int rp_pango_layout_get_baseline(PangoLayout *layout);
void rp_g_object_unref(void *object);

#endif
