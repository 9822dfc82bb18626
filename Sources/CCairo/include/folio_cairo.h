// cairo's PDF surface (Debian libcairo2-dev) and Pango's shaping over it (libpango1.0-dev),
// opened with dlopen when the first PDF is printed: linking them would make every start of
// Folio bind them and the thirty libraries they bring in (X11, xcb, glib, HarfBuzz,
// fontconfig, freetype, …), which only printing needs.
#ifndef FOLIO_CAIRO_H
#define FOLIO_CAIRO_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

// The cairo functions Folio calls, without their `cairo_` prefix.
#define FOLIO_CAIRO_FUNCTIONS(X)                                                             \
  X(create)                                                                                  \
  X(destroy)                                                                                 \
  X(font_options_create)                                                                     \
  X(font_options_destroy)                                                                    \
  X(font_options_set_hint_metrics)                                                           \
  X(font_options_set_hint_style)                                                             \
  X(get_current_point)                                                                       \
  X(move_to)                                                                                 \
  X(pdf_surface_create_for_stream)                                                           \
  X(pdf_surface_set_metadata)                                                                \
  X(restore)                                                                                 \
  X(save)                                                                                    \
  X(scale)                                                                                   \
  X(set_scaled_font)                                                                         \
  X(show_page)                                                                               \
  X(show_text_glyphs)                                                                        \
  X(status)                                                                                  \
  X(status_to_string)                                                                        \
  X(surface_destroy)                                                                         \
  X(surface_finish)                                                                          \
  X(surface_status)

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

/// A font for drawing lines of text on a monospace grid with Pango (libpangocairo-1.0.so.0,
/// opened with dlopen the first time, like cairo): Pango shapes each run of text in the
/// grid's font or, for the characters it lacks, in the font fontconfig picks (Noto CJK for
/// Chinese, Japanese and Hangul, Noto Color Emoji, DejaVu Sans for Arabic, …).
typedef struct folio_grid_font folio_grid_font;

/// Opens Pango (the first time only, thread-safe) and makes a font from a Pango font
/// description such as "DejaVu Sans Mono Bold 9" (sizes in points).
///
/// Returns the font, or NULL with `*error` set to why ("cannot load libpangocairo-1.0.so.0:
/// …"), text that lives as long as the process.
folio_grid_font *_Nullable folio_grid_font_create(
    const char *_Nonnull description, const char *_Nullable *_Nonnull error);

/// Releases a font made by folio_grid_font_create.
void folio_grid_font_destroy(folio_grid_font *_Nonnull font);

/// Draws one line of UTF-8 text with each character in its cells.
///
/// `columns[i]` and `cells[i]` give, for every byte `i` of `text`, the first cell and the
/// number of cells of the character that byte belongs to (a combining mark: its base's
/// cell, 0 cells). Left-to-right text is placed cluster by cluster: each grapheme starts at
/// its cell, centred when narrower than its cells. A right-to-left run (Arabic, Hebrew) keeps
/// its shaped, joined glyphs and is fitted into the cells its characters take. Text copied
/// from the PDF is the text drawn.
///
/// `missing` receives the byte offsets of the clusters no font could draw (Pango's boxes),
/// at most `capacity` of them.
///
/// Returns how many offsets there were (which may exceed `capacity`), or -1 when Pango could
/// not itemize the text.
int folio_grid_font_draw(
    folio_grid_font *_Nonnull font, cairo_t *_Nonnull context, const char *_Nonnull text,
    int length, const int *_Nonnull columns, const int *_Nonnull cells, double left,
    double baseline, double cell_width, int *_Nonnull missing, int capacity);

/// Draws a run of UTF-8 text (a table cell) whole in the `width` points from `left`: one
/// Pango paragraph with the direction of its first strong character, itemized, shaped and
/// ordered by Pango, so Devanagari's vowel signs attach, Arabic joins and lam-alef ligates,
/// and the text copied from the PDF is the text given, in order.
///
/// A left-to-right paragraph starts at `left` and a right-to-left one ends at `left + width`;
/// `aligned_right` (a column of numbers) swaps the two. Text wider than `width` is narrowed
/// to fit. Printable ASCII is drawn with the grid font's glyphs, `cell_width` each.
///
/// `missing` receives the byte offsets of the clusters no font could draw, at most
/// `capacity` of them.
///
/// Returns how many offsets there were (which may exceed `capacity`), or -1 when Pango could
/// not lay the text out.
int folio_grid_font_draw_text(
    folio_grid_font *_Nonnull font, cairo_t *_Nonnull context, const char *_Nonnull text,
    int length, double left, double baseline, double width, double cell_width, int aligned_right,
    int *_Nonnull missing, int capacity);

#endif
