// The library functions whose loops in C no instruction hook sees, made to charge their work
// to the running call's budgets as they go (folio_lua_charge_work), so that a budget, Ctrl-C
// or a stop request ends them as it ends Lua code.
//
// The rest of the safe library was audited for loops whose length the memory budget does not
// bound: string.byte, table.unpack, utf8.codepoint and select push at most Lua's stack limit
// of values; string.format, string.char, utf8.char and os.date are bounded by their arguments;
// table.concat, string.reverse/upper/lower, utf8.len/offset and load read or write at least a
// byte a step of memory the budget allows; the patterns are lua_pattern.c's; collectgarbage
// is at most a full cycle of what the state holds.

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "host_limits.h"

// How many elements are moved or compared between two charges.
enum { chunk = 1024 };

// Calls the stock function (upvalue 1) with the wrapper's arguments and returns its results.
static int call_stock(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// string.rep(s, n [, sep]): an empty result is returned at once, since the stock function
// loops n times to build it; any other result is allocated first, so the memory budget
// bounds its loop.
static int counted_rep(lua_State *L) {
  size_t length = 0, separator = 0;
  luaL_checklstring(L, 1, &length);
  lua_Integer count = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &separator);
  if (count > 0 && length == 0 && separator == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  return call_stock(L);
}

// Moves t1[f..e] to t2[t..] with the stock table.move (upvalue 1), `chunk` elements at a time,
// charging each: backwards when the ranges overlap in one table with the destination after the
// source, as the stock function does, so the result is the same.
static int counted_move(lua_State *L) {
  lua_Integer first = luaL_checkinteger(L, 2);
  lua_Integer last = luaL_checkinteger(L, 3);
  lua_Integer target = luaL_checkinteger(L, 4);
  int destination = lua_isnoneornil(L, 5) ? 1 : 5;
  if (last < first) return call_stock(L);
  luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
  lua_Integer count = last - first + 1;
  luaL_argcheck(L, target <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
  int backwards = target > first && target <= last &&
                  (destination == 1 || lua_compare(L, 1, destination, LUA_OPEQ));
  for (lua_Integer done = 0; done < count;) {
    lua_Integer size = count - done < chunk ? count - done : chunk;
    lua_Integer from = backwards ? last - done - size + 1 : first + done;
    folio_lua_charge_work(L, size, " in table.move");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushinteger(L, from);
    lua_pushinteger(L, from + size - 1);
    lua_pushinteger(L, target + (from - first));
    if (destination == 5) lua_pushvalue(L, 5);
    lua_call(L, destination == 5 ? 5 : 4, 0);
    done += size;
  }
  lua_pushvalue(L, destination);
  return 1;
}

// t[to] = t[from] for `count` positions, stepping by `step` (+1 or -1), charging every `chunk`.
static void shift(lua_State *L, lua_Integer from, lua_Integer to, lua_Integer count, int step,
                  const char *what) {
  for (lua_Integer done = 0; done < count; done++) {
    if (done % chunk == 0) {
      folio_lua_charge_work(L, count - done < chunk ? count - done : chunk, what);
    }
    lua_geti(L, 1, from + done * step);
    lua_seti(L, 1, to + done * step);
  }
}

// table.insert(t, pos, value): the elements from pos on move up one, counted. A call of other
// arguments, or on a value that is not a table, is the stock function's (which appends with
// no loop, or raises its error).
static int counted_insert(lua_State *L) {
  if (lua_gettop(L) != 3 || lua_type(L, 1) != LUA_TTABLE) return call_stock(L);
  lua_Integer end = luaL_len(L, 1);
  end = (lua_Integer)((lua_Unsigned)end + 1u);
  lua_Integer position = luaL_checkinteger(L, 2);
  luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)end, 2, "position out of bounds");
  shift(L, end - 1, end, end - position, -1, " in table.insert");
  lua_pushvalue(L, 3);
  lua_seti(L, 1, position);
  return 0;
}

// table.remove(t [, pos]): the elements after pos move down one, counted; on a value that is
// not a table it is the stock function.
static int counted_remove(lua_State *L) {
  if (lua_type(L, 1) != LUA_TTABLE) return call_stock(L);
  lua_Integer size = luaL_len(L, 1);
  lua_Integer position = luaL_optinteger(L, 2, size);
  if (position != size) {
    luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
  }
  lua_geti(L, 1, position);
  int removed = lua_gettop(L);
  if (position < size) {
    shift(L, position + 1, position, size - position, 1, " in table.remove");
    position = size;
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
  lua_pushvalue(L, removed);
  return 1;
}

// The comparator counted_sort gives the stock sort (upvalue 1: the plugin's, or nil for `<`):
// each comparison is charged.
static int counted_less(lua_State *L) {
  folio_lua_charge_work(L, 1, " in table.sort");
  if (lua_isnil(L, lua_upvalueindex(1))) {
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

// table.sort(t [, comp]): the stock sort with a comparator that charges each comparison, so
// a sort of a huge length (a `__len` that lies) is stopped like any loop.
static int counted_sort(lua_State *L) {
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_pushcclosure(L, counted_less, 1);
  return call_stock(L);
}

static void replace(lua_State *L, const char *table, const char *name, lua_CFunction counted) {
  lua_getglobal(L, table);
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, counted, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

void folio_lua_install_counted_library(lua_State *L) {
  replace(L, LUA_STRLIBNAME, "rep", counted_rep);
  replace(L, LUA_TABLIBNAME, "move", counted_move);
  replace(L, LUA_TABLIBNAME, "insert", counted_insert);
  replace(L, LUA_TABLIBNAME, "remove", counted_remove);
  replace(L, LUA_TABLIBNAME, "sort", counted_sort);
}
