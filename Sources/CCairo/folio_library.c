#include "folio_library.h"

#include <dlfcn.h>
#include <stdio.h>

void *folio_library_open(const char *name, char *failure, size_t size) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!library) snprintf(failure, size, "cannot load %s: %s", name, dlerror());
  return library;
}

void *folio_library_symbol(void *library, const char *name, const char *symbol, char *failure, size_t size) {
  void *address = dlsym(library, symbol);
  if (!address) {
    snprintf(failure, size, "cannot load %s: it has no %s", name, symbol);
    dlclose(library);
  }
  return address;
}
