#include "folio_cairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static folio_cairo functions;
static const folio_cairo *loaded;
static char failure[512];

static void load(void) {
  void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(failure, sizeof failure, "cannot load libcairo.so.2: %s", dlerror());
    return;
  }
  void *symbol;
#define FOLIO_CAIRO_LOOKUP(name)                                                             \
  if (!(symbol = dlsym(library, "cairo_" #name))) {                                          \
    snprintf(failure, sizeof failure, "cannot load libcairo.so.2: it has no cairo_" #name);  \
    dlclose(library);                                                                        \
    return;                                                                                  \
  }                                                                                          \
  functions.name = (__typeof__(functions.name))symbol;
  FOLIO_CAIRO_FUNCTIONS(FOLIO_CAIRO_LOOKUP)
#undef FOLIO_CAIRO_LOOKUP
  loaded = &functions;
}

const folio_cairo *folio_cairo_load(const char **error) {
  pthread_once(&once, load);
  if (!loaded) *error = failure;
  return loaded;
}
