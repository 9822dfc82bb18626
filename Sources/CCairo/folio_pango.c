#include "folio_cairo.h"
#include "folio_library.h"

#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Pango, as cairo: opened with dlopen the first time a PDF is printed, so a start of Folio
// that never prints binds neither it nor glib, HarfBuzz and fontconfig.
#define FOLIO_PANGO_FUNCTIONS(X)                                                             \
  X(g_list_free)                                                                             \
  X(g_object_unref)                                                                          \
  X(pango_attr_list_new)                                                                     \
  X(pango_attr_list_unref)                                                                   \
  X(pango_cairo_context_set_font_options)                                                    \
  X(pango_cairo_font_get_scaled_font)                                                        \
  X(pango_cairo_font_map_new)                                                                \
  X(pango_cairo_font_map_set_resolution)                                                     \
  X(pango_cairo_show_glyph_item)                                                             \
  X(pango_context_set_base_dir)                                                              \
  X(pango_context_set_font_description)                                                      \
  X(pango_font_description_free)                                                             \
  X(pango_font_description_from_string)                                                      \
  X(pango_font_map_create_context)                                                           \
  X(pango_glyph_string_free)                                                                 \
  X(pango_glyph_string_new)                                                                  \
  X(pango_glyph_string_set_size)                                                             \
  X(pango_item_copy)                                                                         \
  X(pango_item_free)                                                                         \
  X(pango_itemize)                                                                           \
  X(pango_layout_get_line)                                                                   \
  X(pango_layout_get_text)                                                                   \
  X(pango_layout_line_get_extents)                                                           \
  X(pango_layout_new)                                                                        \
  X(pango_layout_set_text)                                                                   \
  X(pango_shape_full)

static struct {
#define FOLIO_PANGO_FIELD(name) __typeof__(name) *name;
  FOLIO_PANGO_FUNCTIONS(FOLIO_PANGO_FIELD)
#undef FOLIO_PANGO_FIELD
} pango;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[512];
static const folio_cairo *cairo;

static void load(void) {
  const char *error = NULL;
  cairo = folio_cairo_load(&error);
  if (!cairo) {
    snprintf(failure, sizeof failure, "%s", error);
    return;
  }
  void *library = folio_library_open("libpangocairo-1.0.so.0", failure, sizeof failure);
  if (!library) return;
  // pangocairo's dependencies (pango, gobject, glib) are loaded with it; dlsym on its
  // handle searches them too.
#define FOLIO_PANGO_LOOKUP(name)                                                             \
  pango.name = (__typeof__(pango.name))folio_library_symbol(                                 \
      library, "libpangocairo-1.0.so.0", #name, failure, sizeof failure);                    \
  if (!pango.name) return;
  FOLIO_PANGO_FUNCTIONS(FOLIO_PANGO_LOOKUP)
#undef FOLIO_PANGO_LOOKUP
  loaded = 1;
}

// The printable ASCII characters, space to tilde, in order.
enum { ascii_first = 0x20, ascii_count = 95 };

struct folio_grid_font {
  PangoFontMap *map;
  PangoContext *context;
  PangoAttrList *attributes;
  // The layout each run of text drawn whole is set in (folio_grid_font_draw_text), made
  // once and given new text each time.
  PangoLayout *layout;
  // Most lines are plain ASCII, which the grid font draws one glyph a character: their
  // glyphs are shaped once and reused, skipping itemizing and shaping (NULL when the font
  // does not draw ASCII that way).
  PangoItem *ascii_item;
  PangoGlyphInfo ascii_glyphs[ascii_count];
};

static void prepare_ascii(folio_grid_font *font) {
  char text[ascii_count];
  for (int index = 0; index < ascii_count; index++) text[index] = (char)(ascii_first + index);
  GList *items = pango.pango_itemize(font->context, text, 0, ascii_count, font->attributes, NULL);
  if (items && !items->next) {
    PangoItem *item = items->data;
    PangoGlyphString *glyphs = pango.pango_glyph_string_new();
    pango.pango_shape_full(text, ascii_count, text, ascii_count, &item->analysis, glyphs);
    int simple = item->analysis.level == 0 && item->length == ascii_count && glyphs->num_glyphs == ascii_count;
    for (int index = 0; simple && index < ascii_count; index++) {
      PangoGlyphInfo glyph = glyphs->glyphs[index];
      simple = glyphs->log_clusters[index] == index && !(glyph.glyph & PANGO_GLYPH_UNKNOWN_FLAG) &&
               glyph.geometry.x_offset == 0 && glyph.geometry.y_offset == 0;
      font->ascii_glyphs[index] = glyph;
    }
    pango.pango_glyph_string_free(glyphs);
    if (simple) {
      font->ascii_item = item;
      pango.g_list_free(items);
      return;
    }
  }
  for (GList *entry = items; entry; entry = entry->next) pango.pango_item_free(entry->data);
  pango.g_list_free(items);
}

folio_grid_font *folio_grid_font_create(const char *description, const char **error) {
  pthread_once(&once, load);
  if (!loaded) {
    *error = failure;
    return NULL;
  }
  folio_grid_font *font = calloc(1, sizeof *font);
  if (!font) {
    *error = "out of memory";
    return NULL;
  }
  font->map = pango.pango_cairo_font_map_new();
  // Points: one unit of the PDF is one point, so 72 dots to the inch.
  pango.pango_cairo_font_map_set_resolution((PangoCairoFontMap *)font->map, 72);
  font->context = pango.pango_font_map_create_context(font->map);
  // Unhinted metrics keep the grid font's advance at exactly the cell width.
  cairo_font_options_t *options = cairo->font_options_create();
  cairo->font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo->font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  pango.pango_cairo_context_set_font_options(font->context, options);
  cairo->font_options_destroy(options);
  PangoFontDescription *described = pango.pango_font_description_from_string(description);
  pango.pango_context_set_font_description(font->context, described);
  pango.pango_font_description_free(described);
  // Lines run left to right like the grid, whatever their first strong character: a line
  // that starts in Arabic keeps its columns in order, with the Arabic run right to left.
  pango.pango_context_set_base_dir(font->context, PANGO_DIRECTION_LTR);
  font->attributes = pango.pango_attr_list_new();
  font->layout = pango.pango_layout_new(font->context);
  prepare_ascii(font);
  return font;
}

void folio_grid_font_destroy(folio_grid_font *font) {
  if (font->ascii_item) pango.pango_item_free(font->ascii_item);
  pango.pango_attr_list_unref(font->attributes);
  pango.g_object_unref(font->layout);
  pango.g_object_unref(font->context);
  pango.g_object_unref(font->map);
  free(font);
}

// Pango units (1/1024 point) from points, rounded.
static int units(double points) {
  return (int)(points * PANGO_SCALE + (points >= 0 ? 0.5 : -0.5));
}

// Places a left-to-right run's clusters on their cells by setting each glyph's advance:
// a cluster starts at its first cell (centred in its cells when narrower), its glyphs keep
// their shaped advances within it, and the run ends where its last cell does. `columns` and
// `cells` are indexed by the byte offsets in the run that `log_clusters` holds.
static void place_on_cells(
    PangoGlyphString *glyphs, const int *columns, const int *cells, int first_column,
    int end_column, double cell_width) {
  int count = glyphs->num_glyphs;
  int *starts = malloc(sizeof(int) * (size_t)(count + 1));
  if (!starts) return;
  int index = 0;
  while (index < count) {
    int cluster = glyphs->log_clusters[index];
    int end = index;
    int width = 0;
    while (end < count && glyphs->log_clusters[end] == cluster) {
      width += glyphs->glyphs[end++].geometry.width;
    }
    int span = units(cells[cluster] * cell_width);
    int start = units((columns[cluster] - first_column) * cell_width) + (width < span ? (span - width) / 2 : 0);
    for (int glyph = index; glyph < end; glyph++) {
      starts[glyph] = start;
      start += glyphs->glyphs[glyph].geometry.width;
    }
    index = end;
  }
  starts[count] = units((end_column - first_column) * cell_width);
  for (int glyph = 0; glyph < count; glyph++) {
    glyphs->glyphs[glyph].geometry.width = starts[glyph + 1] - starts[glyph];
  }
  free(starts);
}

// Draws one shaped run: a left-to-right one cluster by cluster on its cells, a
// right-to-left one whole, fitted into the cells its characters take.
static void draw_run(
    cairo_t *context, const char *text, PangoItem *item, PangoGlyphString *glyphs,
    const int *columns, const int *cells, double left, double baseline, double cell_width) {
  int first_column = columns[item->offset];
  int end_column = first_column;
  for (int byte = item->offset; byte < item->offset + item->length; byte++) {
    if (columns[byte] < first_column) first_column = columns[byte];
    if (columns[byte] + cells[byte] > end_column) end_column = columns[byte] + cells[byte];
  }
  double x = left + first_column * cell_width;
  PangoGlyphItem glyph_item = {.item = item, .glyphs = glyphs};
  if (item->analysis.level % 2 == 0) {
    place_on_cells(
        glyphs, columns + item->offset, cells + item->offset, first_column, end_column, cell_width);
    cairo->move_to(context, x, baseline);
    pango.pango_cairo_show_glyph_item(context, text, &glyph_item);
    return;
  }
  int natural = 0;
  for (int glyph = 0; glyph < glyphs->num_glyphs; glyph++) natural += glyphs->glyphs[glyph].geometry.width;
  double width = (double)natural / PANGO_SCALE;
  double span = (end_column - first_column) * cell_width;
  cairo->save(context);
  if (width > span && width > 0) {
    // Joined letters keep their shapes; a run wider than its cells is narrowed to fit.
    cairo->scale(context, span / width, 1);
    cairo->move_to(context, x * width / span, baseline);
  } else {
    cairo->move_to(context, x + (span - width) / 2, baseline);
  }
  pango.pango_cairo_show_glyph_item(context, text, &glyph_item);
  cairo->restore(context);
}

// The glyphs of a line of printable ASCII as shaped when the font was made, with the item
// they belong to in `item`; NULL when the text is not plain ASCII or the font has no such
// glyphs. The caller frees both.
static PangoGlyphString *ascii_glyphs(folio_grid_font *font, const char *text, int length, PangoItem **item) {
  if (!font->ascii_item || length == 0) return NULL;
  for (int byte = 0; byte < length; byte++) {
    unsigned char character = (unsigned char)text[byte];
    if (character < ascii_first || character >= ascii_first + ascii_count) return NULL;
  }
  *item = pango.pango_item_copy(font->ascii_item);
  (*item)->offset = 0;
  (*item)->length = length;
  (*item)->num_chars = length;
  PangoGlyphString *glyphs = pango.pango_glyph_string_new();
  pango.pango_glyph_string_set_size(glyphs, length);
  for (int byte = 0; byte < length; byte++) {
    glyphs->glyphs[byte] = font->ascii_glyphs[(unsigned char)text[byte] - ascii_first];
    glyphs->log_clusters[byte] = byte;
  }
  return glyphs;
}

// Draws a line of printable ASCII with the glyphs shaped when the font was made; false when
// the line is not plain ASCII or the font has no such glyphs.
static int draw_ascii(
    folio_grid_font *font, cairo_t *context, const char *text, int length, const int *columns,
    const int *cells, double left, double baseline, double cell_width) {
  PangoItem *item = NULL;
  PangoGlyphString *glyphs = ascii_glyphs(font, text, length, &item);
  if (!glyphs) return 0;
  draw_run(context, text, item, glyphs, columns, cells, left, baseline, cell_width);
  pango.pango_glyph_string_free(glyphs);
  pango.pango_item_free(item);
  return 1;
}

int folio_grid_font_draw(
    folio_grid_font *font, cairo_t *context, const char *text, int length, const int *columns,
    const int *cells, double left, double baseline, double cell_width, int *missing,
    int capacity) {
  if (draw_ascii(font, context, text, length, columns, cells, left, baseline, cell_width)) return 0;
  GList *items = pango.pango_itemize(font->context, text, 0, length, font->attributes, NULL);
  if (!items && length > 0) return -1;
  int missing_count = 0;
  for (GList *entry = items; entry; entry = entry->next) {
    PangoItem *item = entry->data;
    PangoGlyphString *glyphs = pango.pango_glyph_string_new();
    pango.pango_shape_full(text + item->offset, item->length, text, length, &item->analysis, glyphs);
    for (int glyph = 0; glyph < glyphs->num_glyphs; glyph++) {
      if (glyphs->glyphs[glyph].glyph & PANGO_GLYPH_UNKNOWN_FLAG) {
        if (missing_count < capacity) missing[missing_count] = item->offset + glyphs->log_clusters[glyph];
        missing_count++;
        // The font's own empty box (glyph 0) rather than Pango's box of hex digits, which
        // cairo draws as separate text: text extracted from the PDF keeps the character.
        glyphs->glyphs[glyph].glyph = 0;
      }
    }
    draw_run(context, text, item, glyphs, columns, cells, left, baseline, cell_width);
    pango.pango_glyph_string_free(glyphs);
  }
  for (GList *entry = items; entry; entry = entry->next) pango.pango_item_free(entry->data);
  pango.g_list_free(items);
  return missing_count;
}

// Draws printable ASCII with the glyphs shaped when the font was made, each advancing one
// cell, from `x`; false when the text is not plain ASCII or the font has no such glyphs.
static int draw_ascii_text(
    folio_grid_font *font, cairo_t *context, const char *text, int length, double x, double baseline) {
  PangoItem *item = NULL;
  PangoGlyphString *glyphs = ascii_glyphs(font, text, length, &item);
  if (!glyphs) return 0;
  PangoGlyphItem glyph_item = {.item = item, .glyphs = glyphs};
  cairo->move_to(context, x, baseline);
  pango.pango_cairo_show_glyph_item(context, text, &glyph_item);
  pango.pango_glyph_string_free(glyphs);
  pango.pango_item_free(item);
  return 1;
}

// Draws a right-to-left run from `x`, its glyphs in visual order as cairo draws them, but as
// one cluster holding the run's text: the PDF then gives the run's text in reading order as
// its ActualText, where glyph-by-glyph clusters make a reader (pdftotext) take every joined
// letter for a word of its own and read lam-alef backwards.
static void show_rtl_run(cairo_t *context, const char *text, PangoGlyphItem *glyph_item, double x, double y) {
  PangoGlyphString *glyphs = glyph_item->glyphs;
  int count = glyphs->num_glyphs;
  cairo_glyph_t *drawn = malloc(sizeof(cairo_glyph_t) * (size_t)(count > 0 ? count : 1));
  if (!drawn) return;
  int position = 0;
  int shown = 0;
  for (int glyph = 0; glyph < count; glyph++) {
    PangoGlyphInfo info = glyphs->glyphs[glyph];
    if (info.glyph != PANGO_GLYPH_EMPTY) {
      drawn[shown].index = info.glyph & ~PANGO_GLYPH_UNKNOWN_FLAG;
      drawn[shown].x = x + (double)(position + info.geometry.x_offset) / PANGO_SCALE;
      drawn[shown].y = y + (double)info.geometry.y_offset / PANGO_SCALE;
      shown++;
    }
    position += info.geometry.width;
  }
  cairo_scaled_font_t *scaled = pango.pango_cairo_font_get_scaled_font((PangoCairoFont *)glyph_item->item->analysis.font);
  if (scaled && shown > 0) {
    cairo_text_cluster_t cluster = {.num_bytes = glyph_item->item->length, .num_glyphs = shown};
    cairo->save(context);
    cairo->set_scaled_font(context, scaled);
    cairo->show_text_glyphs(
        context, text + glyph_item->item->offset, glyph_item->item->length, drawn, shown, &cluster, 1,
        (cairo_text_cluster_flags_t)0);
    cairo->restore(context);
  }
  free(drawn);
}

// Draws a laid-out line's runs left to right from the current point.
static void show_line(cairo_t *context, PangoLayout *layout, PangoLayoutLine *line) {
  const char *text = pango.pango_layout_get_text(layout);
  double x, y;
  cairo->get_current_point(context, &x, &y);
  for (GSList *run = line->runs; run; run = run->next) {
    PangoGlyphItem *glyph_item = run->data;
    PangoGlyphString *glyphs = glyph_item->glyphs;
    int width = 0;
    for (int glyph = 0; glyph < glyphs->num_glyphs; glyph++) width += glyphs->glyphs[glyph].geometry.width;
    if (glyph_item->item->analysis.level % 2 == 0) {
      cairo->move_to(context, x, y);
      pango.pango_cairo_show_glyph_item(context, text, glyph_item);
    } else {
      show_rtl_run(context, text, glyph_item, x, y);
    }
    x += (double)width / PANGO_SCALE;
  }
}

int folio_grid_font_draw_text(
    folio_grid_font *font, cairo_t *context, const char *text, int length, double left,
    double baseline, double width, double cell_width, int aligned_right, int *missing, int capacity) {
  if (length == 0) return 0;
  double ascii_x = aligned_right ? left + width - length * cell_width : left;
  if (draw_ascii_text(font, context, text, length, ascii_x, baseline)) return 0;
  pango.pango_layout_set_text(font->layout, text, length);
  PangoLayoutLine *line = pango.pango_layout_get_line(font->layout, 0);
  if (!line) return -1;
  int missing_count = 0;
  for (GSList *run = line->runs; run; run = run->next) {
    PangoGlyphItem *glyph_item = run->data;
    PangoGlyphString *glyphs = glyph_item->glyphs;
    for (int glyph = 0; glyph < glyphs->num_glyphs; glyph++) {
      if (glyphs->glyphs[glyph].glyph & PANGO_GLYPH_UNKNOWN_FLAG) {
        if (missing_count < capacity) missing[missing_count] = glyph_item->item->offset + glyphs->log_clusters[glyph];
        missing_count++;
        // The font's own empty box, as folio_grid_font_draw draws it.
        glyphs->glyphs[glyph].glyph = 0;
      }
    }
  }
  PangoRectangle logical;
  pango.pango_layout_line_get_extents(line, NULL, &logical);
  double natural = (double)logical.width / PANGO_SCALE;
  // A right-to-left paragraph starts at its column's right edge, as a left-to-right one
  // starts at its left; a column aligned right (numbers) swaps the two.
  int rtl = line->resolved_dir == PANGO_DIRECTION_RTL;
  int at_right = aligned_right ? !rtl : rtl;
  cairo->save(context);
  if (natural > width && natural > 0) {
    // Wider than its column (a proportional fallback font): narrowed to fit, every glyph
    // kept, so the text is still all there to copy.
    cairo->scale(context, width / natural, 1);
    cairo->move_to(context, left * natural / width, baseline);
  } else {
    cairo->move_to(context, at_right ? left + width - natural : left, baseline);
  }
  show_line(context, font->layout, line);
  cairo->restore(context);
  return missing_count;
}
