// Internal to CLuaHost: what the pattern matcher needs from the host's limits.
#ifndef FOLIO_HOST_LIMITS_H
#define FOLIO_HOST_LIMITS_H

#include <stdint.h>

typedef struct lua_State lua_State;

/// Charges `steps` units of work to the running callback's instruction budget and checks its
/// deadline and stop requests; raises the matching Lua error ("instruction budget exceeded",
/// "time budget exceeded", "interrupted") when the callback must stop. Call only from a C
/// function Lua called, never from a Swift frame.
void folio_lua_charge(lua_State *L, int64_t steps);

/// Replaces string.find, string.match, string.gmatch and string.gsub in the table on top of
/// the stack with the counted versions of lua_pattern.c.
void folio_lua_install_patterns(lua_State *L);

#endif
