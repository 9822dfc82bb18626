#include "folio_cairo.h"
#include "folio_library.h"

#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static folio_cairo functions;
static const folio_cairo *loaded;
static char failure[512];

static void load(void) {
  void *library = folio_library_open("libcairo.so.2", failure, sizeof failure);
  if (!library) return;
#define FOLIO_CAIRO_LOOKUP(name)                                                             \
  functions.name = (__typeof__(functions.name))folio_library_symbol(                         \
      library, "libcairo.so.2", "cairo_" #name, failure, sizeof failure);                    \
  if (!functions.name) return;
  FOLIO_CAIRO_FUNCTIONS(FOLIO_CAIRO_LOOKUP)
#undef FOLIO_CAIRO_LOOKUP
  loaded = &functions;
}

const folio_cairo *folio_cairo_load(const char **error) {
  pthread_once(&once, load);
  if (!loaded) *error = failure;
  return loaded;
}
