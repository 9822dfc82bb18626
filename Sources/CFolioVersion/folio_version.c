#include "folio_version.h"

// scripts/version writes folio_version_generated.h (ignored by git) from `git describe`
// before each `make` build, rewriting it only when the version changes. Without it —
// `swift build` straight from a fresh clone, or a tarball without git — the version is the
// one this tree was released as.
#if __has_include("folio_version_generated.h")
#include "folio_version_generated.h"
#else
#define FOLIO_VERSION "0.2.0-dev"
#define FOLIO_COMMIT ""
#endif

const char *folio_version(void) { return FOLIO_VERSION; }

const char *folio_commit(void) { return FOLIO_COMMIT; }
