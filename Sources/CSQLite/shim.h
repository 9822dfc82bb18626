// SQLite 3 (Debian libsqlite3-dev).
#ifndef FOLIO_CSQLITE_SHIM_H
#define FOLIO_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
