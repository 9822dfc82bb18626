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

/// Like `folio_lua_charge`, with `what` (" in table.move") after the stop's message instead
/// of " while matching a pattern".
void folio_lua_charge_work(lua_State *L, int64_t steps, const char *what);

/// Replaces string.rep, table.move, table.insert, table.remove and table.sort with versions
/// whose work is charged as it goes (lua_library.c); expects the string and table libraries
/// as globals.
void folio_lua_install_counted_library(lua_State *L);

/// Replaces string.find, string.match, string.gmatch and string.gsub in the table on top of
/// the stack with the counted versions of lua_pattern.c.
void folio_lua_install_patterns(lua_State *L);

#endif
