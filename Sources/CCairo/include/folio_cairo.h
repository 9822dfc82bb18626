// cairo's PDF surface and toy text API (Debian libcairo2-dev), opened with dlopen when the
// first PDF is printed: linking cairo would make every start of Folio bind it and the twenty
// libraries it brings in (X11, xcb, fontconfig, freetype, …), which only printing needs.
#ifndef FOLIO_CAIRO_H
#define FOLIO_CAIRO_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

// The cairo functions Folio calls, without their `cairo_` prefix.
#define FOLIO_CAIRO_FUNCTIONS(X)                                                             \
  X(create)                                                                                  \
  X(destroy)                                                                                 \
  X(font_face_destroy)                                                                       \
  X(font_options_create)                                                                     \
  X(font_options_destroy)                                                                    \
  X(font_options_set_hint_metrics)                                                           \
  X(font_options_set_hint_style)                                                             \
  X(glyph_free)                                                                              \
  X(matrix_init_identity)                                                                    \
  X(matrix_init_scale)                                                                       \
  X(pdf_surface_create_for_stream)                                                           \
  X(pdf_surface_set_metadata)                                                                \
  X(scaled_font_create)                                                                      \
  X(scaled_font_destroy)                                                                     \
  X(scaled_font_status)                                                                      \
  X(scaled_font_text_to_glyphs)                                                              \
  X(set_scaled_font)                                                                         \
  X(show_page)                                                                               \
  X(show_text_glyphs)                                                                        \
  X(status)                                                                                  \
  X(status_to_string)                                                                        \
  X(surface_destroy)                                                                         \
  X(surface_finish)                                                                          \
  X(surface_status)                                                                          \
  X(text_cluster_free)                                                                       \
  X(toy_font_face_create)

/// cairo's functions as found in libcairo.so.2: `cairo->create` is `cairo_create`. The
/// header's own declarations type each field, so a mismatch fails to compile.
typedef struct folio_cairo {
#define FOLIO_CAIRO_FIELD(name) __typeof__(cairo_##name) *_Nonnull name;
  FOLIO_CAIRO_FUNCTIONS(FOLIO_CAIRO_FIELD)
#undef FOLIO_CAIRO_FIELD
} folio_cairo;

/// Opens libcairo.so.2 and looks its functions up, the first time only (thread-safe); the
/// library stays loaded for the life of the process.
///
/// Returns the functions, or NULL with `*error` set to why ("cannot load libcairo.so.2: …"),
/// text that lives as long as the process. A failure is final: later calls return it too.
const folio_cairo *_Nullable folio_cairo_load(const char *_Nullable *_Nonnull error);

#endif
