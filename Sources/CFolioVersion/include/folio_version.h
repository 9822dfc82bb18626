// The version and commit Folio was built from, for `folio --version`.
#ifndef FOLIO_VERSION_H
#define FOLIO_VERSION_H

/// The version: `git describe` of the commit built (e.g. `v0.2.0-3-g1a2b3c4-dirty`) when
/// the build ran through `make`, else the version this source tree was released as, with
/// `-dev` when it is not a release.
const char *_Nonnull folio_version(void);

/// The full hash of the commit built, or "" when the build did not know it.
const char *_Nonnull folio_commit(void);

/// What tells this executable from another build of the same commit: the GNU build id the
/// linker wrote (a hash of the linked code) as hex, else the executable's size and
/// modification time (`size-SECONDS.NANOSECONDS`), else "". Computed once.
const char *_Nonnull folio_binary_identity(void);

#endif
