#include "lua_host.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "host_limits.h"

enum { hook_step = 1000 };

// How many threads whose function returned normally a state keeps for the next command.
enum { idle_thread_limit = 4 };

// Set by folio_lua_interrupt (Ctrl-C, from a signal handler) until folio_lua_clear_interrupt;
// every state's hook and pattern matcher stop with "interrupted" while it is set.
static volatile sig_atomic_t interrupt_requested = 0;

typedef struct host {
  size_t memory_used;
  size_t memory_limit;
  // While Swift runs inside a callback it may push values; a refused allocation there would
  // raise through the Swift frame, so the limit is enforced only outside callbacks.
  int swift_depth;
  // The running call's limits: its instructions left, its deadline on the monotonic clock
  // when it has a time budget, and the bytes the host allocated outside Lua for it (text it
  // added to documents), counted against the memory limit with what Lua holds.
  folio_call_limits limits;
  volatile sig_atomic_t stop_requested;
  // The thread `folio_lua_run` runs now, NULL otherwise; hooks are per thread, so the
  // budget and stop requests are applied to it too.
  lua_State *volatile thread;
  // The state's main thread, whose extra space every new thread copies.
  lua_State *main;
  // Threads whose function returned normally, their stacks emptied, each with the registry
  // reference that keeps it alive: `folio_lua_take_thread` hands them out again.
  struct {
    lua_State *thread;
    int reference;
  } idle[idle_thread_limit];
  int idle_count;
  // The `FILE:LINE:` of the Lua code running when the memory limit last refused an
  // allocation in this call; empty when none did. Lua raises such errors without a message
  // handler, so the location is taken here.
  char memory_where[160];
  // Whether the memory limit refused an allocation during the running call.
  int memory_refused;
} host;

static host *host_of(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (host *)ud;
}

// Records where the running Lua code is, for a memory error: the innermost Lua function of
// the thread the host resumed (else the main thread). Only reads the call stack, so it is
// safe inside the allocator.
static void note_memory_where(host *h) {
  lua_State *L = h->thread != NULL ? h->thread : h->main;
  h->memory_where[0] = '\0';
  if (L == NULL) return;
  lua_Debug ar;
  for (int level = 0; level < 12 && lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      snprintf(h->memory_where, sizeof h->memory_where, "%s:%d:", ar.short_src, ar.currentline);
      return;
    }
  }
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  host *h = (host *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    h->memory_used -= old;
    return NULL;
  }
  // What the state holds besides this block, with what the host charged to the running call.
  size_t held = h->memory_used - old + h->limits.memory_charged;
  if (h->memory_limit != 0 && h->swift_depth == 0 && nsize > old &&
      (held > h->memory_limit || nsize > h->memory_limit - held)) {
    if (h->memory_where[0] == '\0') note_memory_where(h);
    h->memory_refused = 1;
    return NULL;
  }
  void *block = realloc(ptr, nsize);
  if (block != NULL) h->memory_used = h->memory_used - old + nsize;
  return block;
}

lua_State *folio_lua_newstate(size_t memory_limit) {
  host *h = calloc(1, sizeof(host));
  if (h == NULL) return NULL;
  h->memory_limit = memory_limit;
  lua_State *L = lua_newstate(counting_alloc, h);
  if (L == NULL) {
    free(h);
    return NULL;
  }
  h->main = L;
  // Lua leaves the main thread's extra space uninitialised; new threads copy it.
  memset(lua_getextraspace(L), 0, LUA_EXTRASPACE);
  return L;
}

void folio_lua_close(lua_State *L) {
  host *h = host_of(L);
  lua_close(L);
  free(h);
}

size_t folio_lua_memory_used(lua_State *L) { return host_of(L)->memory_used; }

const char *folio_lua_memory_error_location(lua_State *L) { return host_of(L)->memory_where; }

void folio_lua_set_memory_limit(lua_State *L, size_t memory_limit) {
  host_of(L)->memory_limit = memory_limit;
}

// Calls the function a wrapper wraps (its first upvalue) with the wrapper's arguments and
// returns all its results: the tail of every guarded standard function.
static int call_wrapped(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

static int text_only_load(lua_State *L) {
  // load(chunk [, chunkname [, mode [, env]]]) with mode forced to "t".
  // An absent env (not a nil one) keeps the state's globals, so keep the argument count.
  lua_settop(L, lua_gettop(L) >= 4 ? 4 : 3);
  lua_pushstring(L, "t");
  lua_replace(L, 3);
  return call_wrapped(L);
}

// setmetatable refuses a metatable with a finaliser: `__gc` runs with hooks off, so an
// endless one would hang the host. Lua marks an object for finalisation only when
// setmetatable sees `__gc`, so adding it later does nothing.
static int no_finaliser_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) {
      return luaL_error(L, "setmetatable: finalisers (__gc) are not allowed in plugins");
    }
    lua_pop(L, 1);
  }
  return call_wrapped(L);
}

// collectgarbage with only "collect" (the default), "count" and "step".
static int limited_collectgarbage(lua_State *L) {
  const char *option = luaL_optstring(L, 1, "collect");
  if (strcmp(option, "collect") != 0 && strcmp(option, "count") != 0 && strcmp(option, "step") != 0) {
    return luaL_error(L, "collectgarbage: option '%s' is not allowed (allowed: collect, count, step)", option);
  }
  return call_wrapped(L);
}

static void wrap_global(lua_State *L, const char *name, lua_CFunction wrapper) {
  lua_getglobal(L, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setglobal(L, name);
}

// The string metatable is shared by every string in the state: protect it so
// getmetatable("") returns a marker instead of the table.
static void protect_string_metatable(lua_State *L) {
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushliteral(L, "protected");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

// What plugins reach for that the sandbox leaves out, each with what to use instead. Reading
// one (`io`, `os.execute`, `require("io")`) raises "`io` is not available to plugins: …"
// rather than "attempt to index a nil value".
typedef struct unavailable_entry {
  const char *name;
  const char *advice;
} unavailable_entry;

static const unavailable_entry unavailable_globals[] = {
    {"io", "read and change documents through ctx.document (d:lines(), d:rows(), d:set()), keep values "
           "with folio.state, and write files with folio.share_target"},
    {"debug", "an error's traceback is in the plugin log ('plugin info NAME'); trace with folio.log"},
    {"package", "require(\"name\") loads name.lua from the plugin's own folder"},
    {"dofile", "require(\"name\") loads name.lua from the plugin's own folder"},
    {"loadfile", "require(\"name\") loads name.lua from the plugin's own folder; load(text) compiles text"},
    {"loadstring", "load(text) compiles text (Lua 5.4)"},
    {"unpack", "use table.unpack (Lua 5.4)"},
    {"setfenv", "Lua 5.4 has no function environments; pass one to load(text, name, \"t\", env)"},
    {"getfenv", "Lua 5.4 has no function environments; pass one to load(text, name, \"t\", env)"},
    {"module", "return a table from the module's file and require it"},
    {NULL, NULL},
};

static const unavailable_entry unavailable_os[] = {
    {"execute", "plugins cannot run programs; os has only time, clock and date"},
    {"getenv", "ctx.env describes the environment plugins see; os has only time, clock and date"},
    {"exit", "a plugin cannot end Folio; raise an error with error(\"…\") to stop a callback"},
    {"remove", "plugins cannot touch files; os has only time, clock and date"},
    {"rename", "plugins cannot touch files; os has only time, clock and date"},
    {"tmpname", "plugins cannot touch files; os has only time, clock and date"},
    {"setlocale", "Folio's locale is fixed for plugins; os has only time, clock and date"},
    {NULL, NULL},
};

static const char *unavailable_advice(const unavailable_entry *entries, const char *name) {
  for (const unavailable_entry *entry = entries; entry->name != NULL; entry++) {
    if (strcmp(entry->name, name) == 0) return entry->advice;
  }
  return NULL;
}

// __index of the globals table and of `os` (upvalue: "" or "os."): a name the sandbox left
// out raises what to use instead; any other missing name reads as nil, as usual.
static int unavailable_index(lua_State *L) {
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  const char *prefix = lua_tostring(L, lua_upvalueindex(1));
  const char *name = lua_tostring(L, 2);
  const char *advice = unavailable_advice(prefix[0] == '\0' ? unavailable_globals : unavailable_os, name);
  if (advice == NULL) return 0;
  return luaL_error(L, "`%s%s` is not available to plugins: %s", prefix, name, advice);
}

// Gives the table on top of the stack a metatable whose __index explains the names left out.
static void explain_unavailable(lua_State *L, const char *prefix) {
  lua_createtable(L, 0, 1);
  lua_pushstring(L, prefix);
  lua_pushcclosure(L, unavailable_index, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
}

// The registry key of the table of modules `require` returns without reading a file.
static const char loaded_key = 0;

enum { module_size_limit = 16 << 20 };

// Reads the regular file `path` into a string pushed on the stack; returns NULL after pushing
// nothing when it is not a regular file (a FIFO, a device, a folder), cannot be read or is
// larger than `module_size_limit`. No Lua call may raise while the file is open: the buffer
// is made first.
static const char *push_regular_file(lua_State *L, const char *path) {
  struct stat info;
  if (stat(path, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > module_size_limit) return NULL;
  size_t capacity = (size_t)info.st_size;
  char *buffer = (char *)lua_newuserdatauv(L, capacity + 1, 0);
  // O_NONBLOCK: opening a FIFO put in the file's place since stat must not wait for a writer.
  int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  if (descriptor < 0) {
    lua_pop(L, 1);
    return NULL;
  }
  size_t total = 0;
  int regular = fstat(descriptor, &info) == 0 && S_ISREG(info.st_mode);
  while (regular && total <= capacity) {
    ssize_t count = read(descriptor, buffer + total, capacity + 1 - total);
    if (count <= 0) break;
    total += (size_t)count;
  }
  close(descriptor);
  if (!regular || total > capacity) {
    lua_pop(L, 1);
    return NULL;
  }
  lua_pushlstring(L, buffer, total);
  lua_remove(L, -2);
  return lua_tostring(L, -1);
}

// require(name) for a plugin: only `FOLDER/a/b.lua` for the name `a.b`, where each part is
// letters, digits, '_' or '-', a regular file whose real path (symbolic links resolved) lies
// inside the plugin's real folder; loaded as text only, into the plugin's globals, once.
static int folder_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  const char *folder = lua_tostring(L, lua_upvalueindex(1));
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));  // 2: the loaded table
  if (lua_getfield(L, 2, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  const char *advice = unavailable_advice(unavailable_globals, name);
  if (advice != NULL) return luaL_error(L, "require: `%s` is not available to plugins: %s", name, advice);
  size_t length = strlen(name);
  int valid = length > 0 && length < 200 && name[0] != '.' && name[length - 1] != '.';
  for (size_t i = 0; valid && i < length; i++) {
    char c = name[i];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
             c == '-' || (c == '.' && name[i + 1] != '.');
    if (!ok) valid = 0;
  }
  if (!valid) {
    return luaL_error(L, "require: module name '%s' must be parts of letters, digits, '_' or '-' joined by '.'",
                      name);
  }
  luaL_Buffer path;
  luaL_buffinit(L, &path);
  luaL_addstring(&path, folder);
  luaL_addchar(&path, '/');
  for (size_t i = 0; i < length; i++) luaL_addchar(&path, name[i] == '.' ? '/' : name[i]);
  luaL_addstring(&path, ".lua");
  luaL_pushresult(&path);  // 3: the path
  char resolved[PATH_MAX];
  if (realpath(lua_tostring(L, 3), resolved) == NULL) {
    return luaL_error(L, "require: module '%s' not found (looked for %s.lua in the plugin's folder)", name,
                      name);
  }
  size_t folder_length = strlen(folder);
  if (strncmp(resolved, folder, folder_length) != 0 || resolved[folder_length] != '/') {
    return luaL_error(L, "require: module '%s' is a link to a file outside the plugin's folder", name);
  }
  if (push_regular_file(L, resolved) == NULL) {  // 4: the source
    return luaL_error(L, "require: module '%s' is not a readable regular file of at most 16 MB", name);
  }
  lua_pushfstring(L, "@%s.lua", name);
  size_t size = 0;
  const char *source = lua_tolstring(L, 4, &size);
  if (luaL_loadbufferx(L, source, size, lua_tostring(L, 5), "t") != LUA_OK) return lua_error(L);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 2, name);
  return 1;
}

void folio_lua_install_require(lua_State *L, const char *folder) {
  char resolved[PATH_MAX];
  lua_pushstring(L, realpath(folder, resolved) != NULL ? resolved : folder);
  lua_newtable(L);
  // The standard libraries the sandbox opens are modules too: require("string") returns them.
  static const char *const libraries[] = {"string", "table", "math", "utf8", "coroutine", "os", NULL};
  for (const char *const *name = libraries; *name != NULL; name++) {
    lua_pushglobaltable(L);
    lua_pushstring(L, *name);
    lua_rawget(L, -2);
    lua_setfield(L, -3, *name);
    lua_pop(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &loaded_key);
  lua_pushcclosure(L, folder_require, 2);
  lua_setglobal(L, "require");
}

void folio_lua_preload_global(lua_State *L, const char *name) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &loaded_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  lua_pushglobaltable(L);
  lua_pushstring(L, name);
  lua_rawget(L, -2);
  lua_setfield(L, -3, name);
  lua_pop(L, 2);
}

void folio_lua_open_safe_libs(lua_State *L) {
  static const luaL_Reg libs[] = {
      {LUA_GNAME, luaopen_base},          {LUA_STRLIBNAME, luaopen_string},
      {LUA_TABLIBNAME, luaopen_table},    {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8},    {LUA_COLIBNAME, luaopen_coroutine},
      {NULL, NULL},
  };
  for (const luaL_Reg *lib = libs; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  lua_setglobal(L, "dofile");
  lua_pushnil(L);
  lua_setglobal(L, "loadfile");

  // string.find/match/gmatch/gsub: the counted matcher, which budgets can stop.
  lua_getglobal(L, LUA_STRLIBNAME);
  folio_lua_install_patterns(L);
  lua_pop(L, 1);
  // string.rep, table.move/insert/remove/sort: their loops in C are charged as they go.
  folio_lua_install_counted_library(L);

  lua_getglobal(L, "load");
  lua_pushcclosure(L, text_only_load, 1);
  lua_setglobal(L, "load");
  wrap_global(L, "setmetatable", no_finaliser_setmetatable);
  wrap_global(L, "collectgarbage", limited_collectgarbage);
  protect_string_metatable(L);

  // os: only the clock and calendar functions.
  luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 0);
  lua_newtable(L);
  static const char *const kept[] = {"time", "clock", "date", NULL};
  for (const char *const *name = kept; *name != NULL; name++) {
    lua_getfield(L, -2, *name);
    lua_setfield(L, -2, *name);
  }
  explain_unavailable(L, "os.");
  lua_setglobal(L, "os");
  lua_pop(L, 1);
  lua_pushglobaltable(L);
  explain_unavailable(L, "");
  lua_pop(L, 1);
  folio_lua_guard_protected_calls(L);
}

// The coarse monotonic clock: read at every call and every 1,000 instructions, it costs about
// 3 ns against 21 ns for CLOCK_MONOTONIC here; its resolution (4 ms on this kernel) is far
// finer than the smallest time budget (`plugins.time` is at least 100 ms).
static int64_t monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static void check_deadline(host *h) {
  if (h->limits.deadline_active && !h->limits.time_exceeded && monotonic_ns() >= h->limits.deadline_ns) {
    h->limits.time_exceeded = 1;
  }
}

// Why the running call must stop, or NULL while it may go on.
static const char *stop_message(host *h) {
  if (h->stop_requested || interrupt_requested) return "interrupted";
  if (h->limits.budget_active && h->limits.instructions_left < 0) return "instruction budget exceeded";
  if (h->limits.time_exceeded) return "time budget exceeded";
  if (h->limits.memory_exceeded) return "not enough memory";
  return NULL;
}

// pcall, xpcall and coroutine.resume catch errors; once the state is stopped (budget spent
// or stop requested) they re-raise, so a plugin cannot swallow its own stop.
static int is_stopped(host *h) { return stop_message(h) != NULL; }

// When the count hook raises a stop, Lua leaves the thread marked as running a hook; once the
// error has left `lua_resume`, hooks never fire in that coroutine again. The first byte of
// its extra space records that the host stopped it (the main thread's stays 0, and new
// threads copy it), so that its `__close` handlers are never run.
static void mark_stopped(lua_State *L) { *(char *)lua_getextraspace(L) = 1; }

static int was_stopped(lua_State *L) { return *(char *)lua_getextraspace(L) != 0; }

static int reraise_if_stopped(lua_State *L) {
  const char *message = stop_message(host_of(L));
  if (message != NULL) return luaL_error(L, "%s", message);
  return 0;
}

// The instructions the count hooks and pattern matchers of every state on this thread counted:
// what a command run through `folio.run` (in its own plugin's state, on the caller's thread)
// cost, charged to the callback that ran it. Per thread, since sessions on other threads (an
// embedder's, the tests') run Lua at the same time.
static _Thread_local int64_t instructions_counted = 0;

void folio_lua_charge_work(lua_State *L, int64_t steps, const char *what) {
  host *h = host_of(L);
  instructions_counted += steps;
  if (h->limits.budget_active) h->limits.instructions_left -= steps;
  check_deadline(h);
  const char *message = stop_message(h);
  if (message == NULL) return;
  // Level 0 is the C function itself; the Lua code that called it is level 1, or 2 for a
  // comparator table.sort calls.
  lua_Debug ar;
  int level = 1;
  while (level < 4 && lua_getstack(L, level, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline <= 0) level++;
  luaL_where(L, level < 4 ? level : 1);
  lua_pushfstring(L, "%s%s", message, what);
  lua_concat(L, 2);
  lua_error(L);
}

void folio_lua_charge(lua_State *L, int64_t steps) { folio_lua_charge_work(L, steps, " while matching a pattern"); }

// Whether the values a guarded pcall, resume or close returned are the memory error the
// limit caused (false, "not enough memory"): a caught memory error stops the call as a spent
// budget does, whatever the plugin does next.
static void note_caught_memory_error(lua_State *L) {
  host *h = host_of(L);
  if (!h->memory_refused || lua_gettop(L) < 2 || lua_type(L, 1) != LUA_TBOOLEAN || lua_toboolean(L, 1) ||
      lua_type(L, 2) != LUA_TSTRING) {
    return;
  }
  const char *message = lua_tostring(L, 2);
  size_t length = strlen(message);
  static const char suffix[] = "not enough memory";
  if (length >= sizeof suffix - 1 && strcmp(message + length - (sizeof suffix - 1), suffix) == 0) {
    h->limits.memory_exceeded = 1;
  }
}

// The continuation runs after the wrapped call returned, also when a coroutine yielded
// inside it and was resumed later, so `ctx:confirm` may be called inside pcall.
static int guarded_continue(lua_State *L, int status, lua_KContext context) {
  (void)status;
  (void)context;
  note_caught_memory_error(L);
  reraise_if_stopped(L);
  return lua_gettop(L);
}

static int guarded_call(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, guarded_continue);
  return guarded_continue(L, LUA_OK, 0);
}

// A message handler runs where the error happened, before unwinding. When the error is the
// host's stop, Lua is still inside the count hook with hooks off, so a handler that loops
// would never be stopped: once the plugin is stopped, its handler is skipped.
static int guarded_message_handler(lua_State *L) {
  if (is_stopped(host_of(L))) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int guarded_xpcall(lua_State *L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_message_handler, 1);
  lua_replace(L, 2);
  return guarded_call(L);
}

static void guard_function(lua_State *L, const char *table, const char *name,
                           lua_CFunction guard) {
  if (table != NULL) {
    lua_getglobal(L, table);
  } else {
    lua_pushglobaltable(L);
  }
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, guard, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

// Gives the coroutine `co` the running thread's hook, so that it runs under this call's
// limits whenever it was made. A hook already the same is left alone: setting it would
// restart its count, and a coroutine resumed for fewer than 1,000 instructions at a time
// would never be counted.
static void share_hook(lua_State *L, lua_State *co) {
  if (co == NULL || co == L) return;
  lua_Hook hook = lua_gethook(L);
  int mask = lua_gethookmask(L);
  int count = lua_gethookcount(L);
  if (lua_gethook(co) != hook || lua_gethookmask(co) != mask || lua_gethookcount(co) != count) {
    lua_sethook(co, hook, mask, count);
  }
}

static int guarded_resume(lua_State *L) {
  reraise_if_stopped(L);
  share_hook(L, lua_tothread(L, 1));
  return guarded_call(L);
}

// coroutine.close never runs the `__close` handlers of a coroutine the host stopped (its
// hooks are off, so a handler could run forever): it returns false and a message instead.
// A budget spent while it runs a coroutine's `__close` handlers is re-raised like pcall's.
static int guarded_close(lua_State *L) {
  reraise_if_stopped(L);
  lua_State *co = lua_tothread(L, 1);
  if (co != NULL && was_stopped(co)) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "coroutine.close: the coroutine was stopped by its budget; "
                       "its to-be-closed variables are not closed");
    return 2;
  }
  share_hook(L, co);
  return guarded_call(L);
}

// The function coroutine.wrap returns (upvalue: the coroutine): Lua's own, except that it
// resumes under the running call's limits, re-raises once the state is stopped, and closes
// a failed coroutine's to-be-closed variables only when the host did not stop it.
static int guarded_wrapped(lua_State *L) {
  reraise_if_stopped(L);
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int arguments = lua_gettop(L);
  if (!lua_checkstack(co, arguments)) return luaL_error(L, "too many arguments to resume");
  share_hook(L, co);
  lua_xmove(L, co, arguments);
  int results = 0;
  int status = lua_resume(co, L, arguments, &results);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, results + 1)) {
      lua_pop(co, results);
      return luaL_error(L, "too many results to resume");
    }
    lua_xmove(co, L, results);
    reraise_if_stopped(L);
    return results;
  }
  lua_xmove(co, L, 1);
  int state = lua_status(co);
  if (state != LUA_OK && state != LUA_YIELD && !is_stopped(host_of(L)) && !was_stopped(co)) {
    status = lua_resetthread(co);
    lua_xmove(co, L, 1);
  }
  reraise_if_stopped(L);
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

static int guarded_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, guarded_wrapped, 1);
  return 1;
}

void folio_lua_guard_protected_calls(lua_State *L) {
  guard_function(L, NULL, "pcall", guarded_call);
  guard_function(L, NULL, "xpcall", guarded_xpcall);
  guard_function(L, "coroutine", "resume", guarded_resume);
  guard_function(L, "coroutine", "close", guarded_close);
  lua_getglobal(L, "coroutine");
  lua_pushcfunction(L, guarded_wrap);
  lua_setfield(L, -2, "wrap");
  lua_pop(L, 1);
}

int folio_lua_is_stopped(lua_State *L) { return is_stopped(host_of(L)); }

void folio_lua_begin_host_work(lua_State *L) { host_of(L)->swift_depth++; }

void folio_lua_end_host_work(lua_State *L) { host_of(L)->swift_depth--; }

size_t folio_lua_memory_limit(lua_State *L) { return host_of(L)->memory_limit; }

int folio_lua_traceback(lua_State *L) {
  const char *message = lua_tostring(L, 1);
  if (message == NULL) {
    // Once stopped, a `__tostring` would run where the stop was raised, with hooks off: the
    // stop is what ended the call, so it is the message.
    const char *stop = stop_message(host_of(L));
    if (stop != NULL) {
      message = lua_pushstring(L, stop);
    } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      message = lua_tostring(L, -1);
    } else {
      message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
  }
  luaL_traceback(L, L, message, 1);
  return 1;
}

// The offset of the first byte of `text` that does not begin a well-formed UTF-8 sequence
// (overlong forms, surrogates and code points past U+10FFFF are not), or -1 when it is all
// well formed.
static ptrdiff_t invalid_utf8_offset(const unsigned char *text, size_t length) {
  size_t i = 0;
  while (i < length) {
    unsigned char c = text[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    size_t extra;
    unsigned char low = 0x80, high = 0xBF;  // the range of the byte after the first
    if (c >= 0xC2 && c <= 0xDF) {
      extra = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2;
      if (c == 0xE0) low = 0xA0;
      if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3;
      if (c == 0xF0) low = 0x90;
      if (c == 0xF4) high = 0x8F;
    } else {
      return (ptrdiff_t)i;
    }
    if (length - i <= extra || text[i + 1] < low || text[i + 1] > high) return (ptrdiff_t)i;
    for (size_t k = 2; k <= extra; k++) {
      if (text[i + k] < 0x80 || text[i + k] > 0xBF) return (ptrdiff_t)i;
    }
    i += extra + 1;
  }
  return -1;
}

// How deep and how much of an argument `first_invalid_text` reads: as deep and as many values
// as the host's copies of Lua data read.
enum { text_scan_depth = 100, text_scan_steps = 1000000 };

// The tables and long strings one scan has read already, so that each is read once however
// often it is referred to: an open-addressing set of pointers, grown by doubling.
typedef struct pointer_set {
  const void **slots;
  size_t capacity;  // 0 or a power of two
  size_t count;
} pointer_set;

// Strings shorter than this are read each time they are met: a table's slot costs about as
// much, so their reading is bounded by what the tables holding them take.
enum { tracked_text_length = 64 };

// Adds `pointer`; returns 1 when it was there already, 0 when added (or when the set cannot
// grow, so the value is read again: slower, never wrong).
static int pointer_set_insert(pointer_set *set, const void *pointer) {
  if (set->count * 2 >= set->capacity) {
    size_t capacity = set->capacity == 0 ? 64 : set->capacity * 2;
    const void **slots = calloc(capacity, sizeof *slots);
    // Full (a slot must stay empty for the probe to end): read the value again.
    if (slots == NULL) return 0;
    for (size_t i = 0; i < set->capacity; i++) {
      if (set->slots[i] == NULL) continue;
      size_t j = ((uintptr_t)set->slots[i] >> 4) & (capacity - 1);
      while (slots[j] != NULL) j = (j + 1) & (capacity - 1);
      slots[j] = set->slots[i];
    }
    free(set->slots);
    set->slots = slots;
    set->capacity = capacity;
  }
  size_t j = ((uintptr_t)pointer >> 4) & (set->capacity - 1);
  while (set->slots[j] != NULL) {
    if (set->slots[j] == pointer) return 1;
    j = (j + 1) & (set->capacity - 1);
  }
  set->slots[j] = pointer;
  set->count++;
  return 0;
}

// What one scan of a call's arguments found and did.
typedef struct text_scan {
  pointer_set seen;
  long steps;  // values read, and a step for each 64 bytes of text
  ptrdiff_t offset;
  unsigned char byte;
} text_scan;

// Finds a string that is not valid UTF-8 in the value at `index` (absolute), also as a key or
// value of the tables in it (raw access), reading each table and long string once: returns 1
// with its bad byte's offset and value in `scan`.
static int first_invalid_text(lua_State *L, int index, int depth, text_scan *scan) {
  if (++scan->steps > text_scan_steps) return 0;
  int type = lua_type(L, index);
  if (type == LUA_TSTRING) {
    size_t length = 0;
    const unsigned char *text = (const unsigned char *)lua_tolstring(L, index, &length);
    if (length >= tracked_text_length && pointer_set_insert(&scan->seen, text)) return 0;
    scan->steps += (long)(length / 64);
    ptrdiff_t bad = invalid_utf8_offset(text, length);
    if (bad < 0) return 0;
    scan->offset = bad;
    scan->byte = text[bad];
    return 1;
  }
  if (type != LUA_TTABLE || depth >= text_scan_depth || !lua_checkstack(L, 3)) return 0;
  if (pointer_set_insert(&scan->seen, lua_topointer(L, index))) return 0;
  lua_pushnil(L);
  while (lua_next(L, index)) {
    int found = (lua_type(L, -2) == LUA_TSTRING && first_invalid_text(L, lua_gettop(L) - 1, depth + 1, scan)) ||
                first_invalid_text(L, lua_gettop(L), depth + 1, scan);
    lua_pop(L, 1);
    if (found) {
      lua_pop(L, 1);
      return 1;
    }
  }
  return 0;
}

// Refuses arguments holding text that is not valid UTF-8 before the Swift function sees
// them: Swift strings are UTF-8, and a replaced byte would change the plugin's data (two
// state keys "\xff" and "\xfe" would become one). The work is charged to the budget.
static void refuse_invalid_text(lua_State *L, const char *name) {
  int count = lua_gettop(L);
  text_scan scan = {{NULL, 0, 0}, 0, 0, 0};
  // A method's self (`ctx`, a document handle) is the host's own table, which may hold a
  // large `selection.ids`: it is not read for text.
  int is_method = name != NULL && strchr(name, ':') != NULL;
  int bad = 0;
  for (int argument = is_method ? 2 : 1; argument <= count && bad == 0; argument++) {
    if (first_invalid_text(L, argument, 0, &scan)) bad = argument;
  }
  free(scan.seen.slots);
  if (bad != 0) {
    // A method's arguments are numbered after its self, as Lua's own errors number them.
    int shown = is_method ? bad - 1 : bad;
    char detail[48];
    snprintf(detail, sizeof detail, "byte %ld is \\x%02X", (long)scan.offset + 1, (unsigned)scan.byte);
    luaL_where(L, 1);
    lua_pushfstring(L, "%s%sargument #%d %s is not valid UTF-8 (%s); Folio keeps text as UTF-8, never "
                       "replacing bytes",
                    name != NULL ? name : "", name != NULL ? ": " : "", shown,
                    lua_type(L, bad) == LUA_TSTRING ? "is a string that" : "holds a string that", detail);
    lua_concat(L, 2);
    lua_error(L);
  }
  if (scan.steps > hook_step) folio_lua_charge_work(L, scan.steps, "");
}

static int swift_trampoline(lua_State *L) {
  folio_swift_function function = (folio_swift_function)lua_touserdata(L, lua_upvalueindex(1));
  void *context = lua_touserdata(L, lua_upvalueindex(2));
  const char *name = lua_tostring(L, lua_upvalueindex(3));
  host *h = host_of(L);
  refuse_invalid_text(L, name);
  h->swift_depth++;
  int results = function(L, context);
  h->swift_depth--;
  if (results >= 0 && h->memory_limit != 0 && h->memory_used > h->memory_limit) {
    // What the host pushed for the plugin counts against its memory limit too.
    lua_pop(L, results);
    lua_pushliteral(L, "not enough memory");
    h->limits.memory_exceeded = 1;
    results = -1;
  }
  if (results == -2) {
    // Prefix the message with the Lua caller's FILE:LINE, as luaL_error does.
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  if (results < 0) return lua_error(L);
  // Host work counts against the time budget: a call that ran past the deadline ends the
  // callback when it returns (a stop request is met at the next instruction-count check).
  check_deadline(h);
  if (h->limits.time_exceeded) {
    lua_pop(L, results);
    luaL_where(L, 1);
    lua_pushfstring(L, "time budget exceeded%s%s", name != NULL ? " in " : "", name != NULL ? name : "");
    lua_concat(L, 2);
    return lua_error(L);
  }
  return results;
}

void folio_lua_push_swift_function(lua_State *L, folio_swift_function function, void *context,
                                   const char *name) {
  lua_pushlightuserdata(L, (void *)function);
  lua_pushlightuserdata(L, context);
  if (name != NULL) {
    lua_pushstring(L, name);
  } else {
    lua_pushnil(L);
  }
  lua_pushcclosure(L, swift_trampoline, 3);
}

// Like swift_trampoline, then yields the Swift function's results to `folio_lua_run`;
// the values the host resumes with become this function's results.
static int yielding_trampoline(lua_State *L) {
  if (host_of(L)->thread != L) {
    const char *name = lua_tostring(L, lua_upvalueindex(3));
    return luaL_error(L, "%s: can only be called by a command's run function, outside coroutines", name);
  }
  int results = swift_trampoline(L);
  return lua_yield(L, results);
}

void folio_lua_push_yielding_function(lua_State *L, folio_swift_function function, void *context,
                                      const char *name) {
  lua_pushlightuserdata(L, (void *)function);
  lua_pushlightuserdata(L, context);
  lua_pushstring(L, name);
  lua_pushcclosure(L, yielding_trampoline, 3);
}

lua_State *folio_lua_take_thread(lua_State *L, int function, int *reference) {
  host *h = host_of(L);
  lua_State *thread;
  h->swift_depth++;
  if (h->idle_count > 0) {
    h->idle_count--;
    thread = h->idle[h->idle_count].thread;
    *reference = h->idle[h->idle_count].reference;
  } else {
    thread = lua_newthread(L);
    *reference = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(thread, LUA_REGISTRYINDEX, function);
  h->swift_depth--;
  return thread;
}

void folio_lua_give_back_thread(lua_State *L, lua_State *thread, int reference) {
  host *h = host_of(L);
  lua_settop(thread, 0);
  if (h->idle_count < idle_thread_limit) {
    h->idle[h->idle_count].thread = thread;
    h->idle[h->idle_count].reference = reference;
    h->idle_count++;
  } else {
    luaL_unref(L, LUA_REGISTRYINDEX, reference);
  }
}

static void update_hook(lua_State *L);

static int call_tostring(lua_State *L) {
  if (!luaL_callmeta(L, 1, "__tostring") || lua_type(L, -1) != LUA_TSTRING) lua_pushnil(L);
  return 1;
}

// The text the `__tostring` of the error object on top of the dead `thread` returns, pushed
// on `thread`; run on `L` under the running call's limits and memory limit, and not at all
// once the call is stopped. NULL when there is none or it fails.
static const char *error_object_text(lua_State *L, lua_State *thread) {
  if (is_stopped(host_of(L)) || !lua_checkstack(L, 2) || !lua_checkstack(thread, 2)) return NULL;
  lua_pushcfunction(L, call_tostring);
  lua_pushvalue(thread, -1);
  lua_xmove(thread, L, 1);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
    lua_pop(L, 1);
    return NULL;
  }
  lua_xmove(L, thread, 1);
  return lua_tostring(thread, -1);
}

// Resumes `thread` as `folio_lua_run` does, the call's limits already set.
static int resume_thread(lua_State *L, lua_State *thread, int arguments, int *results) {
  host *h = host_of(L);
  h->thread = thread;
  update_hook(L);
  int status = lua_resume(thread, L, arguments, results);
  h->thread = NULL;
  if (status != LUA_OK && status != LUA_YIELD) {
    // The error stays on the thread's stack: replace it with message and traceback.
    const char *message = lua_tostring(thread, -1);
    if (message == NULL && status != LUA_ERRMEM) message = error_object_text(L, thread);
    h->swift_depth++;
    if (message == NULL) {
      // A stop met while the error object's `__tostring` ran (or before) is what ended the call.
      const char *stop = stop_message(h);
      message = stop != NULL ? lua_pushstring(thread, stop)
                             : lua_pushfstring(thread, "(error object is a %s value)", luaL_typename(thread, -1));
    }
    if (status == LUA_ERRMEM) {
      lua_pushstring(thread, "not enough memory");
    } else {
      luaL_traceback(thread, thread, message, 0);
    }
    h->swift_depth--;
    *results = 1;
    lua_xmove(thread, L, 1);
  }
  return status;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  host *h = host_of(L);
  instructions_counted += hook_step;
  if (h->limits.budget_active) h->limits.instructions_left -= hook_step;
  check_deadline(h);
  const char *message = stop_message(h);
  if (message == NULL) return;
  if (L != h->main) mark_stopped(L);
  // Until the call ends, every instruction this thread runs while unwinding (a `__close`
  // handler) raises the stop again at once.
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  // In a hook, level 0 is the Lua function it interrupted: name its line.
  luaL_where(L, 0);
  lua_pushstring(L, message);
  lua_concat(L, 2);
  lua_error(L);
}

static void update_hook(lua_State *L) {
  host *h = host_of(L);
  lua_State *thread = h->thread;
  if (h->limits.budget_active || h->limits.deadline_active || h->stop_requested || interrupt_requested) {
    lua_sethook(L, count_hook, LUA_MASKCOUNT, hook_step);
    if (thread != NULL) lua_sethook(thread, count_hook, LUA_MASKCOUNT, hook_step);
  } else {
    lua_sethook(L, NULL, 0, 0);
    if (thread != NULL) lua_sethook(thread, NULL, 0, 0);
  }
}

// Sets the limits of a call starting now (see folio_lua_begin_call), without updating the hooks.
static void start_limits(host *h, int64_t instructions, int64_t milliseconds) {
  h->limits.memory_charged = 0;
  h->limits.memory_exceeded = 0;
  h->memory_refused = 0;
  h->memory_where[0] = '\0';
  h->limits.budget_active = instructions > 0;
  h->limits.instructions_left = instructions;
  h->limits.deadline_active = milliseconds > 0;
  h->limits.deadline_ns = milliseconds > 0 ? monotonic_ns() + milliseconds * 1000000 : 0;
  h->limits.time_exceeded = 0;
}

// Why the call ending now was stopped (a folio_stop_reason).
static int stop_reason(host *h) {
  if (h->stop_requested || interrupt_requested) return folio_stop_interrupted;
  if (h->limits.budget_active && h->limits.instructions_left < 0) return folio_stop_instructions;
  if (h->limits.time_exceeded) return folio_stop_time;
  if (h->limits.memory_exceeded) return folio_stop_memory;
  return folio_stop_none;
}

folio_call_limits folio_lua_begin_call(lua_State *L, int64_t instructions, int64_t milliseconds) {
  host *h = host_of(L);
  folio_call_limits saved = h->limits;
  start_limits(h, instructions, milliseconds);
  update_hook(L);
  return saved;
}

int folio_lua_end_call(lua_State *L, folio_call_limits saved) {
  host *h = host_of(L);
  int reason = stop_reason(h);
  h->limits = saved;
  update_hook(L);
  return reason;
}

int folio_lua_call_shared(lua_State *L, int function, int argument, int64_t instructions,
                          int64_t milliseconds, int *stop) {
  host *h = host_of(L);
  h->swift_depth++;
  if (!lua_checkstack(L, 3)) {
    h->swift_depth--;
    *stop = folio_stop_none;
    return LUA_ERRMEM;
  }
  lua_pushcfunction(L, folio_lua_traceback);
  lua_rawgeti(L, LUA_REGISTRYINDEX, function);
  lua_rawgeti(L, LUA_REGISTRYINDEX, argument);
  h->swift_depth--;
  folio_call_limits saved = h->limits;
  start_limits(h, instructions, milliseconds);
  update_hook(L);
  int status = lua_pcall(L, 1, 1, -3);
  *stop = stop_reason(h);
  h->limits = saved;
  update_hook(L);
  return status;
}

int folio_lua_run(lua_State *L, lua_State *thread, int arguments, int *results, int64_t instructions,
                  int64_t milliseconds, int *stop) {
  host *h = host_of(L);
  folio_call_limits saved = h->limits;
  // resume_thread sets the hooks of both threads for these limits.
  start_limits(h, instructions, milliseconds);
  int status = resume_thread(L, thread, arguments, results);
  *stop = stop_reason(h);
  h->limits = saved;
  update_hook(L);
  return status;
}

int folio_lua_charge_memory(lua_State *L, size_t bytes) {
  host *h = host_of(L);
  if (h->memory_limit != 0 &&
      (bytes > h->memory_limit || h->memory_used + h->limits.memory_charged > h->memory_limit - bytes)) {
    h->limits.memory_exceeded = 1;
    return 0;
  }
  h->limits.memory_charged += bytes;
  return 1;
}

size_t folio_lua_memory_available(lua_State *L) {
  host *h = host_of(L);
  if (h->memory_limit == 0) return SIZE_MAX;
  size_t held = h->memory_used + h->limits.memory_charged;
  return held >= h->memory_limit ? 0 : h->memory_limit - held;
}

void folio_lua_note_memory_exceeded(lua_State *L) { host_of(L)->limits.memory_exceeded = 1; }

void folio_lua_interrupt(void) { interrupt_requested = 1; }

void folio_lua_clear_interrupt(void) { interrupt_requested = 0; }

void folio_lua_request_stop(lua_State *L) {
  host *h = host_of(L);
  h->stop_requested = 1;
  // lua_sethook is documented as safe to call asynchronously, from a signal handler.
  lua_sethook(L, count_hook, LUA_MASKCOUNT, hook_step);
  lua_State *thread = h->thread;
  if (thread != NULL) lua_sethook(thread, count_hook, LUA_MASKCOUNT, hook_step);
}

void folio_lua_clear_stop(lua_State *L) {
  host_of(L)->stop_requested = 0;
  update_hook(L);
}

// ctx: the parts every call's `ctx` shares live in a template made once per state. A call
// makes only `ctx`, holding `args` and the call's serial. When `document`, `selection` or
// `env` is first read, the template's source (Swift) gives what the call's serial describes
// and one userdata holding it replaces the serial; each of those tables is made from it when
// first read (see context_index), and `selection.ids` only when read. A callback that reads
// none of them makes no userdata; one that reads them after its call returned is refused.

enum {
  template_context = 1,
  template_selection = 2,
  template_document = 3,
  template_data = 4,           // the data's metatable when it holds a selection snapshot
  template_data_no_snapshot = 5,
  template_handles = 6,  // weak keys: each document and selection handle made → its window or false
};

// The user values of a context's data: its strings.
enum { data_title = 1, data_kind, data_url, data_platform, data_size_class, data_strings = data_size_class };

typedef struct context_data {
  void *selection;
  lua_Integer window;
  lua_Integer selection_count;
  lua_Integer width;
  int has_document;
  int dirty;
  int keyboard;
} context_data;

// The key under which ctx and its selection keep their data: a light userdata, which no plugin
// can make, so no string field can clash with it.
static const char data_key = 0;

// `__metatable` on the metatable on top of the stack: getmetatable returns "protected" and
// setmetatable refuses to replace it, so a plugin cannot reach the host's metamethods.
static void protect_metatable(lua_State *L) {
  lua_pushliteral(L, "__metatable");
  lua_pushliteral(L, "protected");
  lua_rawset(L, -3);
}

// __gc of a context's data that holds a selection snapshot: hands it back to Swift, once.
static int data_gc(lua_State *L) {
  folio_snapshot_release release = (folio_snapshot_release)lua_touserdata(L, lua_upvalueindex(1));
  context_data *data = (context_data *)lua_touserdata(L, 1);
  if (data != NULL && data->selection != NULL) {
    void *snapshot = data->selection;
    data->selection = NULL;
    release(snapshot);
  }
  return 0;
}

// The context data kept in the table at `index`, or NULL; `template` is the template's index.
static context_data *data_of(lua_State *L, int index, int template) {
  context_data *data = NULL;
  lua_pushlightuserdata(L, (void *)&data_key);
  if (lua_rawget(L, index) == LUA_TUSERDATA && lua_getmetatable(L, -1)) {
    lua_rawgeti(L, template, template_data);
    lua_rawgeti(L, template, template_data_no_snapshot);
    if (lua_rawequal(L, -1, -3) || lua_rawequal(L, -2, -3)) data = (context_data *)lua_touserdata(L, -4);
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
  return data;
}

static void set_string_value(lua_State *L, const char *key, int data, int value) {
  lua_pushstring(L, key);
  lua_getiuservalue(L, data, value);
  lua_rawset(L, -3);
}

static void set_integer(lua_State *L, const char *key, lua_Integer value) {
  lua_pushstring(L, key);
  lua_pushinteger(L, value);
  lua_rawset(L, -3);
}

static void set_boolean(lua_State *L, const char *key, int value) {
  lua_pushstring(L, key);
  lua_pushboolean(L, value);
  lua_rawset(L, -3);
}

// Records the handle on top of the stack as made by the host for the document of `data`.
static void register_handle(lua_State *L, int template, const context_data *data) {
  lua_rawgeti(L, template, template_handles);
  lua_pushvalue(L, -2);
  if (data->has_document) {
    lua_pushinteger(L, data->window);
  } else {
    lua_pushboolean(L, 0);
  }
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

int folio_lua_handle_window(lua_State *L, int reference, int index, int64_t *window) {
  if (lua_type(L, index) != LUA_TTABLE || !lua_checkstack(L, 3)) return -1;
  index = lua_absindex(L, index);
  int top = lua_gettop(L);
  int found = -1;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, reference) == LUA_TTABLE &&
      lua_rawgeti(L, -1, template_handles) == LUA_TTABLE) {
    lua_pushvalue(L, index);
    int type = lua_rawget(L, -2);
    if (type == LUA_TNUMBER) {
      *window = lua_tointeger(L, -1);
      found = 1;
    } else if (type == LUA_TBOOLEAN) {
      found = 0;
    }
  }
  lua_settop(L, top);
  return found;
}

// Makes the data of the ctx at index 1 from the source (upvalues 3 and 4 of context_index)
// when ctx still holds its call's serial, and keeps it in ctx in the serial's place; returns
// NULL when ctx holds neither. Raises an error naming `key` when the call has returned.
static context_data *make_data(lua_State *L, int template, const char *key) {
  lua_pushlightuserdata(L, (void *)&data_key);
  if (lua_rawget(L, 1) != LUA_TNUMBER || !lua_isinteger(L, -1)) {
    lua_pop(L, 1);
    return NULL;
  }
  lua_Integer serial = lua_tointeger(L, -1);
  lua_pop(L, 1);
  luaL_checkstack(L, 12, NULL);
  folio_context_source source = (folio_context_source)lua_touserdata(L, lua_upvalueindex(3));
  int top = lua_gettop(L);
  folio_context_values values;
  memset(&values, 0, sizeof values);
  host *h = host_of(L);
  h->swift_depth++;
  if (!source(L, lua_touserdata(L, lua_upvalueindex(4)), serial, &values)) {
    h->swift_depth--;
    // Level 1, which luaL_error names, is the Lua code that read the field.
    luaL_error(L, "ctx.%s: this ctx belongs to a callback that has returned; read ctx only while its "
                  "callback runs", key);
    return NULL;
  }
  // The string of user value `value` is at `strings + value` (the title first, when there is one).
  int strings = values.has_document ? top : top + 1 - data_platform;
  context_data *data = (context_data *)lua_newuserdatauv(L, sizeof(context_data), data_strings);
  data->selection = values.selection;
  data->window = values.window;
  data->selection_count = values.selection_count;
  data->width = values.width;
  data->has_document = values.has_document;
  data->dirty = values.dirty;
  data->keyboard = values.keyboard;
  int stored = lua_gettop(L);
  lua_rawgeti(L, template, values.selection != NULL ? template_data : template_data_no_snapshot);
  lua_setmetatable(L, stored);
  for (int value = values.has_document ? data_title : data_platform; value <= data_strings; value++) {
    lua_pushvalue(L, strings + value);
    lua_setiuservalue(L, stored, value);
  }
  lua_pushlightuserdata(L, (void *)&data_key);
  lua_pushvalue(L, stored);
  lua_rawset(L, 1);
  lua_settop(L, top);
  h->swift_depth--;
  return data;
}

// __index of ctx (upvalues: ctx's functions, the template, the source and its context):
// `notify` and `confirm` are shared; `document`, `selection` and `env` are made from the
// call's data when first read and then kept in ctx, so they describe the moment the callback
// started.
static int context_index(lua_State *L) {
  if (lua_type(L, 2) != LUA_TSTRING || lua_type(L, 1) != LUA_TTABLE) return 0;
  const char *key = lua_tostring(L, 2);
  int template = lua_upvalueindex(2);
  int is_document = strcmp(key, "document") == 0;
  int is_selection = strcmp(key, "selection") == 0;
  int is_env = strcmp(key, "env") == 0;
  if (!is_document && !is_selection && !is_env) {
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
  }
  context_data *data = data_of(L, 1, template);
  if (data == NULL) data = make_data(L, template, key);
  if (data == NULL || (is_document && !data->has_document)) return 0;
  lua_pushlightuserdata(L, (void *)&data_key);
  lua_rawget(L, 1);
  int stored = lua_gettop(L);
  if (is_document) {
    lua_createtable(L, 0, 5);
    set_string_value(L, "title", stored, data_title);
    set_string_value(L, "kind", stored, data_kind);
    set_boolean(L, "dirty", data->dirty);
    lua_pushliteral(L, "url");
    if (lua_getiuservalue(L, stored, data_url) == LUA_TNIL) {
      lua_pop(L, 2);
    } else {
      lua_rawset(L, -3);
    }
    lua_rawgeti(L, template, template_document);
    lua_setmetatable(L, -2);
    register_handle(L, template, data);
  } else if (is_selection) {
    lua_createtable(L, 0, 3);
    set_integer(L, "count", data->selection_count);
    register_handle(L, template, data);
    lua_pushlightuserdata(L, (void *)&data_key);
    lua_pushvalue(L, stored);
    lua_rawset(L, -3);
    lua_rawgeti(L, template, template_selection);
    lua_setmetatable(L, -2);
  } else {
    lua_createtable(L, 0, 4);
    set_string_value(L, "platform", stored, data_platform);
    set_string_value(L, "size_class", stored, data_size_class);
    set_integer(L, "width", data->width);
    set_boolean(L, "keyboard", data->keyboard);
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
  return 1;
}

// __index of `ctx.selection` (upvalues: its methods, the ids function, the template): `rows`,
// `set`, `add` and `clear` are the shared methods; `ids` is built from the snapshot on first
// read and then kept in the table.
static int selection_index(lua_State *L) {
  if (lua_type(L, 2) != LUA_TSTRING || lua_type(L, 1) != LUA_TTABLE) return 0;
  const char *key = lua_tostring(L, 2);
  if (strcmp(key, "ids") != 0) {
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
  }
  context_data *data = data_of(L, 1, lua_upvalueindex(3));
  host *h = host_of(L);
  h->swift_depth++;
  if (data != NULL && data->selection != NULL) {
    folio_snapshot_ids ids = (folio_snapshot_ids)lua_touserdata(L, lua_upvalueindex(2));
    ids(L, data->selection);
  } else {
    lua_createtable(L, 0, 0);
  }
  lua_pushliteral(L, "ids");
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
  h->swift_depth--;
  return 1;
}

static int raw_next(lua_State *L) {
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

// __pairs of ctx, its selection and document handles (upvalues: the table of fields the
// metatable supplies, then the lazy fields to read first, a string of names separated by
// spaces): iterates a copy holding the table's string-keyed fields and the supplied ones, so
// `pairs` lists `ctx.notify`, `ctx.env`, `d.rows` or `selection.ids` as plain fields.
static int merged_pairs(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const char *lazy = lua_tostring(L, lua_upvalueindex(2));
  while (lazy != NULL && *lazy != '\0') {
    const char *end = strchr(lazy, ' ');
    size_t length = end != NULL ? (size_t)(end - lazy) : strlen(lazy);
    lua_pushlstring(L, lazy, length);
    lua_gettable(L, 1);
    lua_pop(L, 1);
    lazy = end != NULL ? end + 1 : NULL;
  }
  lua_createtable(L, 0, 8);
  int copy = lua_gettop(L);
  for (int source = 0; source < 2; source++) {
    int from = source == 0 ? lua_upvalueindex(1) : 1;
    lua_pushnil(L);
    while (lua_next(L, from)) {
      if (lua_type(L, -2) != LUA_TSTRING) {
        lua_pop(L, 1);
        continue;
      }
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, copy);
    }
  }
  lua_pushcfunction(L, raw_next);
  lua_pushvalue(L, copy);
  lua_pushnil(L);
  return 3;
}

// Sets `__pairs` of the metatable on top of the stack to merged_pairs over the table at
// `extra` (an absolute index), reading the fields named in `lazy` first.
static void set_merged_pairs(lua_State *L, int extra, const char *lazy) {
  lua_pushliteral(L, "__pairs");
  lua_pushvalue(L, extra);
  lua_pushstring(L, lazy);
  lua_pushcclosure(L, merged_pairs, 2);
  lua_rawset(L, -3);
}

// Stores in `template`'s `slot` a protected metatable whose `__index` is the value on top of
// the stack (popped) and whose `__pairs` merges the table at `extra` (an absolute index),
// reading the fields named in `lazy` first.
static void set_template_metatable(lua_State *L, int template, int slot, int extra, const char *lazy) {
  int index = lua_gettop(L);
  lua_createtable(L, 0, 3);
  lua_pushliteral(L, "__index");
  lua_pushvalue(L, index);
  lua_rawset(L, -3);
  set_merged_pairs(L, extra, lazy);
  protect_metatable(L);
  lua_rawseti(L, template, slot);
  lua_pop(L, 1);
}

int folio_lua_make_context_template(lua_State *L, folio_snapshot_ids ids, folio_snapshot_release release,
                                    folio_context_source values, void *source) {
  host *h = host_of(L);
  h->swift_depth++;
  // base+1 notify, +2 confirm, +3 ctx's other functions (prompt, choose), +4 selection methods,
  // +5 document methods
  int base = lua_gettop(L) - 5;
  lua_createtable(L, 6, 0);
  int template = lua_gettop(L);

  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "__mode");
  lua_pushliteral(L, "k");
  lua_rawset(L, -3);
  lua_setmetatable(L, -2);
  lua_rawseti(L, template, template_handles);

  lua_createtable(L, 0, 2);
  lua_pushliteral(L, "__gc");
  lua_pushlightuserdata(L, (void *)release);
  lua_pushcclosure(L, data_gc, 1);
  lua_rawset(L, -3);
  protect_metatable(L);
  lua_rawseti(L, template, template_data);

  lua_createtable(L, 0, 1);
  protect_metatable(L);
  lua_rawseti(L, template, template_data_no_snapshot);

  lua_createtable(L, 0, 2);  // ctx's functions
  lua_pushliteral(L, "notify");
  lua_pushvalue(L, base + 1);
  lua_rawset(L, -3);
  lua_pushliteral(L, "confirm");
  lua_pushvalue(L, base + 2);
  lua_rawset(L, -3);
  lua_pushnil(L);
  while (lua_next(L, base + 3) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
  int functions = lua_gettop(L);
  lua_pushvalue(L, functions);
  lua_pushvalue(L, template);
  lua_pushlightuserdata(L, (void *)values);
  lua_pushlightuserdata(L, source);
  lua_pushcclosure(L, context_index, 4);
  set_template_metatable(L, template, template_context, functions, "document selection env");
  lua_pop(L, 1);

  int methods = base + 4;  // the selection's methods
  lua_pushvalue(L, methods);
  lua_pushlightuserdata(L, (void *)ids);
  lua_pushvalue(L, template);
  lua_pushcclosure(L, selection_index, 3);
  set_template_metatable(L, template, template_selection, methods, "ids");

  lua_pushvalue(L, base + 5);  // a document's methods
  set_template_metatable(L, template, template_document, base + 5, "");

  int reference = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, base);
  h->swift_depth--;
  return reference;
}

void folio_lua_push_context(lua_State *L, int reference, int64_t serial, int with_args) {
  host *h = host_of(L);
  h->swift_depth++;
  int args = lua_gettop(L);
  lua_createtable(L, 0, 2);
  lua_pushliteral(L, "args");
  lua_pushvalue(L, args);
  lua_rawset(L, -3);
  lua_pushlightuserdata(L, (void *)&data_key);
  lua_pushinteger(L, serial);
  lua_rawset(L, -3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, reference);
  lua_rawgeti(L, -1, template_context);
  lua_setmetatable(L, -3);
  lua_pop(L, 1);
  if (with_args) {
    lua_insert(L, args);
  } else {
    lua_replace(L, args);
  }
  h->swift_depth--;
}

int64_t folio_lua_instructions_counted(void) { return instructions_counted; }

void folio_lua_spend_instructions(lua_State *L, int64_t instructions) {
  host *h = host_of(L);
  if (h->limits.budget_active && instructions > 0) h->limits.instructions_left -= instructions;
}
