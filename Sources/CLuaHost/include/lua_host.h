// The parts of Folio's Lua host that must be written in C: everything that may raise a Lua
// error (a longjmp) runs here, never inside a Swift frame.
#ifndef FOLIO_LUA_HOST_H
#define FOLIO_LUA_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef struct lua_State lua_State;

/// A Swift function callable from Lua. It reads its arguments from the stack and returns the
/// number of results it pushed, or -1 after pushing an error message, which the C trampoline
/// then raises once the Swift frame has returned; -2 raises it prefixed with the Lua
/// caller's `FILE:LINE:`. When what it pushed took the state past its memory limit, the
/// trampoline raises "not enough memory" instead of returning the results.
typedef int (*folio_swift_function)(lua_State *L, void *context);

/// Creates a state whose allocator counts bytes and refuses allocations past `memory_limit`
/// (0 means no limit). Returns NULL when the state cannot be created.
lua_State *folio_lua_newstate(size_t memory_limit);

/// Sets the global `require` to one that loads `NAME.lua` (dots as folders) from `folder`
/// only — a regular file whose real path lies inside the folder's — as text, once per state.
void folio_lua_install_require(lua_State *L, const char *folder);

/// Makes `require(name)` return the global `name` (raw) without reading a file; call after
/// `folio_lua_install_require` and after setting the global.
void folio_lua_preload_global(lua_State *L, const char *name);

/// The `FILE:LINE:` of the Lua code that was running when the memory limit last refused an
/// allocation during the running (or last) call; empty when none did.
const char *folio_lua_memory_error_location(lua_State *L);

/// Closes a state made by `folio_lua_newstate` and frees its bookkeeping.
void folio_lua_close(lua_State *L);

/// Bytes currently allocated by the state.
size_t folio_lua_memory_used(lua_State *L);

/// Changes the memory limit (0 means no limit).
void folio_lua_set_memory_limit(lua_State *L, size_t memory_limit);

/// Opens the safe standard libraries: base without dofile/loadfile, string, table, math,
/// utf8, coroutine, and an os table holding only time, clock and date. Reading a global or
/// an `os` field the sandbox leaves out (`io`, `debug`, `package`, `os.execute`, …) raises
/// "`io` is not available to plugins: " and what to use instead. `load` accepts text
/// chunks only; string.find/match/gmatch/gsub are the host's counted matcher (Lua 5.4
/// semantics), which the call's budgets and stop requests can stop.
void folio_lua_open_safe_libs(lua_State *L);

/// A message handler for lua_pcall that appends a traceback to the error message.
int folio_lua_traceback(lua_State *L);

/// Pushes a Lua C closure that calls `function(L, context)` and raises its error, if any,
/// after it has returned. `name` (the API call, e.g. `d:set`; NULL for none) names it in the
/// errors the closure raises itself: before the call, an argument holding a string that is
/// not valid UTF-8 is refused, naming the argument and the byte; after it, a spent budget or
/// a stop request (host work counts against the time budget) ends the callback.
void folio_lua_push_swift_function(lua_State *L, folio_swift_function function, void *context,
                                   const char *name);

/// Pushes a Lua C closure that calls `function(L, context)` like
/// `folio_lua_push_swift_function`, then yields its results to `folio_lua_run`; the
/// values the thread is resumed with become the closure's results. Called anywhere but
/// directly in the thread `folio_lua_run` runs (inside a nested coroutine, or from a plain
/// call), it raises "NAME: can only be called by a command's run function…".
void folio_lua_push_yielding_function(lua_State *L, folio_swift_function function, void *context,
                                      const char *name);

/// A thread of `L` for running the function with the registry reference `function`, pushed on
/// it: one `folio_lua_give_back_thread` kept, or a new one, with the memory limit lifted while
/// making it. `reference` receives the registry reference that keeps it alive (free it with
/// luaL_unref, or hand it back with the thread).
lua_State *folio_lua_take_thread(lua_State *L, int function, int *reference);

/// Keeps a thread whose function returned normally, its stack emptied, for the next
/// `folio_lua_take_thread` (a few a state; beyond them its reference is freed).
void folio_lua_give_back_thread(lua_State *L, lua_State *thread, int reference);

/// The limits of a call in progress, saved by `folio_lua_begin_call` so that a call nested in
/// another (a Swift function that calls back into Lua) restores its caller's.
typedef struct folio_call_limits {
  int64_t instructions_left;
  int budget_active;
  int64_t deadline_ns;
  int deadline_active;
  int time_exceeded;
  size_t memory_charged;
  /// Whether the memory budget refused the call something (an allocation the plugin caught,
  /// a host charge, a copy too large): the call is stopped like a spent budget.
  int memory_exceeded;
} folio_call_limits;

/// Why a call was stopped, as `folio_lua_end_call` reports it.
enum folio_stop_reason {
  folio_stop_none = 0,
  folio_stop_instructions = 1,
  folio_stop_time = 2,
  folio_stop_interrupted = 3,
  folio_stop_memory = 4,
};

/// Starts the limits of a call: at most `instructions` instructions (counted in steps of
/// 1,000; pattern matching steps count too) and `milliseconds` of wall-clock time, 0 meaning
/// no limit. Exceeding one raises "instruction budget exceeded" or "time budget exceeded".
/// Returns the limits in force before, for `folio_lua_end_call`.
folio_call_limits folio_lua_begin_call(lua_State *L, int64_t instructions, int64_t milliseconds);

/// Ends a call's limits, restoring `saved`; returns why the call was stopped (a
/// `folio_stop_reason`).
int folio_lua_end_call(lua_State *L, folio_call_limits saved);

/// Calls the function with the registry reference `function` with one argument, the value with
/// the registry reference `argument` (nil for `LUA_NOREF`), under `folio_lua_traceback` and the
/// limits `folio_lua_begin_call` starts (`instructions`, `milliseconds`), ended as
/// `folio_lua_end_call` ends them, its reason stored in `stop`: a predicate's or state getter's
/// call, in one call from Swift. Returns the lua_pcall status, or LUA_ERRMEM when the stack
/// cannot grow. Leaves two values on the stack, the handler and then the call's one result or
/// its error message with the traceback; the caller restores the stack's top.
int folio_lua_call_shared(lua_State *L, int function, int argument, int64_t instructions,
                          int64_t milliseconds, int *stop);

/// Resumes `thread` (started or suspended) with the `arguments` values on its stack as one call
/// of `L` with the limits of `folio_lua_begin_call` (`instructions`, `milliseconds`), and ends
/// them as `folio_lua_end_call` does, storing its reason in `stop`. Returns the lua_resume
/// status and stores the count of results (or yielded values) left on the thread's stack. On an
/// error the thread is dead and one value, the message followed by a traceback, is moved to
/// `L`'s stack.
int folio_lua_run(lua_State *L, lua_State *thread, int arguments, int *results, int64_t instructions,
                  int64_t milliseconds, int *stop);

/// Charges `bytes` the host allocates outside Lua on behalf of the running call (text it adds
/// to a document, notices it keeps) to the state's memory limit, with what Lua holds, until
/// the call ends. Returns 0, charging nothing and stopping the call as
/// `folio_lua_note_memory_exceeded` does, when they would not fit.
int folio_lua_charge_memory(lua_State *L, size_t bytes);

/// The bytes the running call may still use: the memory limit less what Lua holds and what
/// the host charged to the call; SIZE_MAX when there is no limit.
size_t folio_lua_memory_available(lua_State *L);

/// Stops the running call because the memory budget refused it something (a copy or a
/// decoded value too large): from now on its code raises "not enough memory" at its next
/// check, and `pcall` and friends re-raise it, as for a spent instruction budget.
void folio_lua_note_memory_exceeded(lua_State *L);

/// Ctrl-C: stops the Lua code running in any state at its next check with "interrupted",
/// until `folio_lua_clear_interrupt`. Only sets a flag, so a signal handler may call it.
void folio_lua_interrupt(void);

/// Forgets `folio_lua_interrupt`.
void folio_lua_clear_interrupt(void);

/// Asks running Lua code to stop at its next instruction-count check; safe to call from a
/// signal handler. The request lasts until `folio_lua_clear_stop`.
void folio_lua_request_stop(lua_State *L);

/// Forgets a stop request.
void folio_lua_clear_stop(lua_State *L);

/// Wraps pcall, xpcall, coroutine.resume, coroutine.close and coroutine.wrap so that they
/// re-raise once the state is stopped (budget spent or stop requested), resume coroutines
/// under the running call's limits, and never run the `__close` handlers of a coroutine the
/// host stopped (its hooks are off). `folio_lua_open_safe_libs` does this already.
void folio_lua_guard_protected_calls(lua_State *L);

/// Whether the running call is stopped: a budget spent (instructions, time, memory) or a
/// stop requested.
int folio_lua_is_stopped(lua_State *L);

/// Lifts the memory limit while the host pushes values outside a protected call, so that an
/// allocation refused by the limit cannot raise through a Swift frame; pair with
/// `folio_lua_end_host_work`.
void folio_lua_begin_host_work(lua_State *L);

/// Ends `folio_lua_begin_host_work`.
void folio_lua_end_host_work(lua_State *L);

/// The memory limit in bytes (0 means none).
size_t folio_lua_memory_limit(lua_State *L);


/// Pushes a selected row id list for a selection snapshot (a table of integers, sorted).
/// Called with the memory limit lifted; must not raise.
typedef void (*folio_snapshot_ids)(lua_State *L, void *snapshot);

/// Releases a selection snapshot once Lua has collected the last `ctx.selection` holding it.
typedef void (*folio_snapshot_release)(void *snapshot);

/// What a `ctx` describes besides its strings (see `folio_context_source`).
typedef struct folio_context_values {
  /// Whether `ctx.document` is set: the title, kind and url (or nil) are on the stack.
  int has_document;
  int64_t window;
  int dirty;
  int64_t selection_count;
  /// A retained snapshot of the selection, NULL when it is empty; released by the template's
  /// release function when Lua collects the `ctx` data holding it (also when making it fails).
  void *selection;
  int64_t width;
  int keyboard;
} folio_context_values;

/// Fills `values` and pushes the strings of the callback whose `ctx` has the serial `serial`,
/// as its `ctx` was made: with a document its title, kind and url (or nil), then the platform
/// and size class. Returns 0, pushing nothing, when that callback has returned (the `ctx` is
/// stale). Called with the memory limit lifted; must not raise.
typedef int (*folio_context_source)(lua_State *L, void *source, int64_t serial,
                                    folio_context_values *values);

/// Makes the per-state parts every `ctx` shares and returns a registry reference to them.
/// Expects on the stack, and pops: the `notify` and `confirm` functions (`ctx:notify`,
/// `ctx:confirm`), a table of ctx's other functions (`prompt`, `choose`), the table of selection methods (`rows`, `set`, `add`, `clear`) and the table
/// of document-handle methods.
/// Each metatable it makes is protected (`getmetatable` returns "protected"). `values`
/// (called with `source`) supplies what a `ctx` describes when its `document`, `selection`
/// or `env` is first read.
int folio_lua_make_context_template(lua_State *L, folio_snapshot_ids ids, folio_snapshot_release release,
                                    folio_context_source values, void *source);

/// Whether the value at `index` is a document or selection handle that a `ctx` made from the
/// template `reference` handed out (checked by identity, raw operations only, so a table a
/// plugin made is never one): 1 with its window stored in `window`, 0 for a selection handle
/// without a document, -1 otherwise.
int folio_lua_handle_window(lua_State *L, int reference, int index, int64_t *window);

/// Replaces the args table on top of the stack with a new `ctx` made from the template
/// `reference` holding it as `args`, followed by the args table again when `with_args`.
/// `ctx` holds only `args` and `serial`: its `document` (a handle whose methods come from its
/// metatable), `selection` (`count`, `ids` built from a selection snapshot when first read,
/// and `rows`) and `env` are made from what the template's source gives for `serial` when
/// one of them is first read; after the callback returned, reading one not read before
/// raises an error. `notify` and `confirm` come from its metatable.
void folio_lua_push_context(lua_State *L, int reference, int64_t serial, int with_args);

/// The instructions the count hooks and pattern matchers of every state on this thread have
/// counted so far (a running total): `folio.run` reads it before and after the command it runs.
int64_t folio_lua_instructions_counted(void);

/// Charges `instructions` spent elsewhere (by a command `folio.run` ran) to the call running
/// now, without raising: when that spends its budget, its next check stops it.
void folio_lua_spend_instructions(lua_State *L, int64_t instructions);

#endif
