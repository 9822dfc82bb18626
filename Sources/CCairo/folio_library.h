#ifndef FOLIO_LIBRARY_H
#define FOLIO_LIBRARY_H

#include <stddef.h>

// Opens the shared library `name` with dlopen; when it cannot, returns NULL and says why in
// `failure` (`size` bytes).
void *folio_library_open(const char *name, char *failure, size_t size);

// Looks `symbol` up in `library`, which was opened as `name`; when it is missing, returns NULL,
// says so in `failure` (`size` bytes) and closes the library.
void *folio_library_symbol(void *library, const char *name, const char *symbol, char *failure, size_t size);

#endif
