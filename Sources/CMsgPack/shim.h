// MessagePack for C (Debian libmsgpack-dev): the embedding protocol's optional framing.
#ifndef FOLIO_CMSGPACK_SHIM_H
#define FOLIO_CMSGPACK_SHIM_H
#include <msgpack.h>

// Points `packer` at `buffer`: msgpack_sbuffer_write is a static inline function, whose
// address is taken here rather than from Swift.
static inline void folio_msgpack_packer_init(msgpack_packer *packer, msgpack_sbuffer *buffer) {
  msgpack_packer_init(packer, buffer, msgpack_sbuffer_write);
}
#endif
