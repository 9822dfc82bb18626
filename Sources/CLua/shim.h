// Re-exposes the parts of the Lua 5.4 C API that Swift cannot import (function-like macros
// and macro constants) as static inline functions and constants of the same meaning.
#ifndef FOLIO_CLUA_SHIM_H
#define FOLIO_CLUA_SHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static const int folio_lua_registryindex = LUA_REGISTRYINDEX;

static inline int folio_lua_upvalueindex(int i) { return lua_upvalueindex(i); }

#undef lua_pcall
static inline int lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcallk(L, nargs, nresults, msgh, 0, NULL);
}

#undef lua_call
static inline void lua_call(lua_State *L, int nargs, int nresults) {
  lua_callk(L, nargs, nresults, 0, NULL);
}

#undef lua_pop
static inline void lua_pop(lua_State *L, int n) { lua_settop(L, -(n)-1); }

#undef lua_newtable
static inline void lua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }

#undef lua_tostring
static inline const char *lua_tostring(lua_State *L, int i) {
  return lua_tolstring(L, i, NULL);
}

#undef lua_tonumber
static inline lua_Number lua_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }

#undef lua_tointeger
static inline lua_Integer lua_tointeger(lua_State *L, int i) {
  return lua_tointegerx(L, i, NULL);
}

#undef lua_pushcfunction
static inline void lua_pushcfunction(lua_State *L, lua_CFunction f) {
  lua_pushcclosure(L, f, 0);
}

#undef lua_isnil
static inline int lua_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }

#undef lua_isnoneornil
static inline int lua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }

#undef lua_insert
static inline void lua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }

#undef lua_remove
static inline void lua_remove(lua_State *L, int i) {
  lua_rotate(L, i, -1);
  lua_pop(L, 1);
}

#undef lua_replace
static inline void lua_replace(lua_State *L, int i) {
  lua_copy(L, -1, i);
  lua_pop(L, 1);
}

#undef lua_yield
static inline int lua_yield(lua_State *L, int nresults) {
  return lua_yieldk(L, nresults, 0, NULL);
}

#undef luaL_loadbuffer
static inline int luaL_loadbuffer(lua_State *L, const char *buff, size_t sz, const char *name) {
  return luaL_loadbufferx(L, buff, sz, name, NULL);
}

#endif
