// Folio's own string.find, string.match, string.gmatch and string.gsub.
//
// They follow Lua 5.4's pattern semantics, but the matcher counts its steps and every
// `check_interval` steps charges them to the plugin's instruction budget and checks its
// deadline and stop requests (folio_lua_charge), so a pathological pattern ends as a Lua
// error instead of running for hours inside a C function where no hook can fire. Errors are
// raised with luaL_error from these C functions only; no Swift frame is ever below them.
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "host_limits.h"

enum {
  max_captures = 32,
  // How deep the matcher may recurse (one level per pattern item that backtracks).
  max_depth = 200,
  // Steps between two checks of the budgets.
  check_interval = 1000,
  unfinished_capture = -1,
  position_capture = -2,
};

typedef struct matcher {
  lua_State *L;
  const char *subject;
  const char *subject_end;
  const char *pattern_end;
  int depth_left;
  int steps_left;
  int level;
  struct {
    const char *start;
    ptrdiff_t length;
  } captures[max_captures];
} matcher;

static void matcher_init(matcher *m, lua_State *L, const char *subject, size_t subject_length,
                         const char *pattern, size_t pattern_length) {
  m->L = L;
  m->subject = subject;
  m->subject_end = subject + subject_length;
  m->pattern_end = pattern + pattern_length;
  m->depth_left = max_depth;
  m->steps_left = check_interval;
  m->level = 0;
}

// Counts one step; every `check_interval` steps the budgets are charged and checked.
static void step(matcher *m) {
  if (--m->steps_left > 0) return;
  m->steps_left = check_interval;
  folio_lua_charge(m->L, check_interval);
}

static int byte_at(const char *p) { return (unsigned char)*p; }

// Whether `c` is in the class `%letter` (an upper-case letter negates); any other character
// after '%' stands for itself.
static int in_class(int c, int letter) {
  int found;
  switch (tolower(letter)) {
    case 'a': found = isalpha(c); break;
    case 'c': found = iscntrl(c); break;
    case 'd': found = isdigit(c); break;
    case 'g': found = isgraph(c); break;
    case 'l': found = islower(c); break;
    case 'p': found = ispunct(c); break;
    case 's': found = isspace(c); break;
    case 'u': found = isupper(c); break;
    case 'w': found = isalnum(c); break;
    case 'x': found = isxdigit(c); break;
    case 'z': found = c == 0; break;  // deprecated in Lua 5.2, still accepted by 5.4
    default: return letter == c;
  }
  if (isupper(letter)) return !found;
  return found != 0;
}

// The end of the single-character item at `p`: a plain character, `.`, `%x` or a `[set]`.
static const char *item_end(matcher *m, const char *p) {
  if (*p == '%') {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 2;
  }
  if (*p != '[') return p + 1;
  p++;
  if (p < m->pattern_end && *p == '^') p++;
  // The set's first character is taken literally, even when it is ']'.
  for (int first = 1;; first = 0) {
    if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
    if (*p == ']' && !first) return p + 1;
    if (*p == '%') {
      p++;
      if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
    }
    p++;
  }
}

// Whether `c` is in the set from `open` ('[') to `close` (its ']').
static int in_set(int c, const char *open, const char *close) {
  const char *p = open + 1;
  int inside = 1;
  if (*p == '^') {
    inside = 0;
    p++;
  }
  while (p < close) {
    if (*p == '%' && p + 1 < close) {
      if (in_class(c, byte_at(p + 1))) return inside;
      p += 2;
    } else if (p + 2 < close && p[1] == '-') {
      if (byte_at(p) <= c && c <= byte_at(p + 2)) return inside;
      p += 3;
    } else {
      if (byte_at(p) == c) return inside;
      p++;
    }
  }
  return !inside;
}

// Whether the subject character at `s` matches the item from `p` to `end`.
static int item_matches(matcher *m, const char *s, const char *p, const char *end) {
  if (s >= m->subject_end) return 0;
  int c = byte_at(s);
  switch (*p) {
    case '.': return 1;
    case '%': return in_class(c, byte_at(p + 1));
    case '[': return in_set(c, p, end - 1);
    default: return byte_at(p) == c;
  }
}

static const char *match_at(matcher *m, const char *s, const char *p);

// `%bxy`: from an x at `s` to its balancing y.
static const char *match_balanced(matcher *m, const char *s, const char *p) {
  if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subject_end || *s != p[0]) return NULL;
  char open = p[0], close = p[1];
  int nesting = 1;
  while (++s < m->subject_end) {
    step(m);
    if (*s == close) {
      if (--nesting == 0) return s + 1;
    } else if (*s == open) {
      nesting++;
    }
  }
  return NULL;
}

// The longest run of the item that lets the rest of the pattern match.
static const char *match_greedy(matcher *m, const char *s, const char *p, const char *end) {
  ptrdiff_t count = 0;
  while (item_matches(m, s + count, p, end)) {
    step(m);
    count++;
  }
  for (; count >= 0; count--) {
    const char *rest = match_at(m, s + count, end + 1);
    if (rest != NULL) return rest;
  }
  return NULL;
}

// The shortest run of the item that lets the rest of the pattern match.
static const char *match_lazy(matcher *m, const char *s, const char *p, const char *end) {
  for (;;) {
    const char *rest = match_at(m, s, end + 1);
    if (rest != NULL) return rest;
    if (!item_matches(m, s, p, end)) return NULL;
    s++;
  }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t kind) {
  if (m->level >= max_captures) luaL_error(m->L, "too many captures");
  m->captures[m->level].start = s;
  m->captures[m->level].length = kind;
  m->level++;
  const char *rest = match_at(m, s, p);
  if (rest == NULL) m->level--;
  return rest;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
  int open = m->level - 1;
  while (open >= 0 && m->captures[open].length != unfinished_capture) open--;
  if (open < 0) luaL_error(m->L, "invalid pattern capture");
  m->captures[open].length = s - m->captures[open].start;
  const char *rest = match_at(m, s, p);
  if (rest == NULL) m->captures[open].length = unfinished_capture;
  return rest;
}

// `%1`…`%9`: the text of an earlier, closed capture again.
static const char *match_back_reference(matcher *m, const char *s, int digit) {
  int index = digit - '1';
  if (index < 0 || index >= m->level || m->captures[index].length == unfinished_capture) {
    luaL_error(m->L, "invalid capture index %%%d", index + 1);
  }
  ptrdiff_t length = m->captures[index].length;
  if (length < 0 || m->subject_end - s < length) return NULL;
  if (memcmp(m->captures[index].start, s, (size_t)length) != 0) return NULL;
  return s + length;
}

// Matches the pattern from `p` against the subject from `s`; the end of the match, or NULL.
static const char *match_at(matcher *m, const char *s, const char *p) {
  if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
  step(m);
  const char *result = NULL;
  for (;;) {
    if (p == m->pattern_end) {
      result = s;
      break;
    }
    if (*p == '(') {
      if (p + 1 < m->pattern_end && p[1] == ')') {
        result = open_capture(m, s, p + 2, position_capture);
      } else {
        result = open_capture(m, s, p + 1, unfinished_capture);
      }
      break;
    }
    if (*p == ')') {
      result = close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->pattern_end) {
      result = s == m->subject_end ? s : NULL;
      break;
    }
    if (*p == '%' && p + 1 < m->pattern_end) {
      char what = p[1];
      if (what == 'b') {
        s = match_balanced(m, s, p + 2);
        if (s == NULL) break;
        p += 4;
        continue;
      }
      if (what == 'f') {
        p += 2;
        if (p >= m->pattern_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
        const char *end = item_end(m, p);
        int previous = s == m->subject ? 0 : byte_at(s - 1);
        int current = s < m->subject_end ? byte_at(s) : 0;
        if (in_set(previous, p, end - 1) || !in_set(current, p, end - 1)) break;
        p = end;
        continue;
      }
      if (isdigit((unsigned char)what)) {
        s = match_back_reference(m, s, what);
        if (s == NULL) break;
        p += 2;
        continue;
      }
    }
    const char *end = item_end(m, p);
    int matches = item_matches(m, s, p, end);
    char quantifier = end < m->pattern_end ? *end : '\0';
    if (quantifier == '?') {
      if (matches) {
        const char *rest = match_at(m, s + 1, end + 1);
        if (rest != NULL) {
          result = rest;
          break;
        }
      }
      p = end + 1;
      continue;
    }
    if (quantifier == '+') {
      result = matches ? match_greedy(m, s + 1, p, end) : NULL;
      break;
    }
    if (quantifier == '*') {
      result = match_greedy(m, s, p, end);
      break;
    }
    if (quantifier == '-') {
      result = match_lazy(m, s, p, end);
      break;
    }
    if (!matches) break;
    s++;
    p = end;
  }
  m->depth_left++;
  return result;
}

// Pushes capture `index` (the whole match from `s` to `e` when there are no captures);
// returns the length pushed, or `position_capture` for a position (pushed as an integer).
static ptrdiff_t push_capture(matcher *m, int index, const char *s, const char *e) {
  if (index >= m->level) {
    if (index != 0) luaL_error(m->L, "invalid capture index %%%d", index + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return e - s;
  }
  ptrdiff_t length = m->captures[index].length;
  if (length == unfinished_capture) luaL_error(m->L, "unfinished capture");
  if (length == position_capture) {
    lua_pushinteger(m->L, (m->captures[index].start - m->subject) + 1);
    return position_capture;
  }
  lua_pushlstring(m->L, m->captures[index].start, (size_t)length);
  return length;
}

// Pushes every capture, or the whole match (when `s` is not NULL and there are none).
static int push_captures(matcher *m, const char *s, const char *e) {
  int count = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, count, "too many captures");
  for (int i = 0; i < count; i++) push_capture(m, i, s, e);
  return count;
}

// A 1-based, possibly negative start position as an offset into a subject of `length`.
static size_t start_offset(lua_Integer position, size_t length) {
  if (position > 0) return (size_t)position - 1;
  if (position == 0 || position < -(lua_Integer)length) return 0;
  return length - (size_t)(-position);
}

static int has_specials(const char *pattern, size_t length) {
  static const char specials[] = "^$*+?.([%-";
  for (size_t i = 0; i < length; i++) {
    if (pattern[i] != '\0' && strchr(specials, pattern[i]) != NULL) return 1;
  }
  return 0;
}

// A plain substring search, counted like the matcher.
static const char *find_plain(lua_State *L, const char *s, size_t length, const char *needle,
                              size_t needle_length) {
  if (needle_length == 0) return s;
  if (needle_length > length) return NULL;
  const char *last = s + (length - needle_length);
  int64_t work = 0;
  for (const char *candidate = s; candidate <= last; candidate++) {
    candidate = memchr(candidate, needle[0], (size_t)(last - candidate) + 1);
    if (candidate == NULL) return NULL;
    work += 1 + (int64_t)(needle_length >> 6);
    if (work >= check_interval) {
      folio_lua_charge(L, work);
      work = 0;
    }
    if (memcmp(candidate, needle, needle_length) == 0) return candidate;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int is_find) {
  size_t length, pattern_length;
  const char *s = luaL_checklstring(L, 1, &length);
  const char *p = luaL_checklstring(L, 2, &pattern_length);
  size_t start = start_offset(luaL_optinteger(L, 3, 1), length);
  if (start > length) {
    luaL_pushfail(L);
    return 1;
  }
  if (is_find && (lua_toboolean(L, 4) || !has_specials(p, pattern_length))) {
    const char *found = find_plain(L, s + start, length - start, p, pattern_length);
    if (found == NULL) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (found - s) + 1);
    lua_pushinteger(L, (lua_Integer)((found - s) + pattern_length));
    return 2;
  }
  int anchored = pattern_length > 0 && *p == '^';
  if (anchored) {
    p++;
    pattern_length--;
  }
  matcher m;
  matcher_init(&m, L, s, length, p, pattern_length);
  const char *from = s + start;
  for (;;) {
    m.level = 0;
    const char *end = match_at(&m, from, p);
    if (end != NULL) {
      if (!is_find) return push_captures(&m, from, end);
      lua_pushinteger(L, (from - s) + 1);
      lua_pushinteger(L, end - s);
      return push_captures(&m, NULL, NULL) + 2;
    }
    if (anchored || from >= m.subject_end) break;
    from++;
  }
  luaL_pushfail(L);
  return 1;
}

static int counted_find(lua_State *L) { return find_or_match(L, 1); }

static int counted_match(lua_State *L) { return find_or_match(L, 0); }

typedef struct gmatch_state {
  matcher m;
  const char *next;
  const char *pattern;
  const char *last_match;
} gmatch_state;

static int gmatch_next(lua_State *L) {
  gmatch_state *state = lua_touserdata(L, lua_upvalueindex(3));
  state->m.L = L;
  for (const char *from = state->next; from <= state->m.subject_end; from++) {
    state->m.level = 0;
    state->m.depth_left = max_depth;
    const char *end = match_at(&state->m, from, state->pattern);
    if (end != NULL && end != state->last_match) {
      state->next = state->last_match = end;
      return push_captures(&state->m, from, end);
    }
  }
  return 0;
}

static int counted_gmatch(lua_State *L) {
  size_t length, pattern_length;
  const char *s = luaL_checklstring(L, 1, &length);
  const char *p = luaL_checklstring(L, 2, &pattern_length);
  size_t start = start_offset(luaL_optinteger(L, 3, 1), length);
  lua_settop(L, 2);  // the closure keeps both strings alive
  gmatch_state *state = lua_newuserdatauv(L, sizeof(gmatch_state), 0);
  if (start > length) start = length + 1;
  matcher_init(&state->m, L, s, length, p, pattern_length);
  state->next = s + start;
  state->pattern = p;
  state->last_match = NULL;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

// Appends the string replacement (argument 3) for the match from `s` to `e`: `%0` is the
// match, `%1`…`%9` captures, `%%` a percent sign.
static void add_string_replacement(matcher *m, luaL_Buffer *buffer, const char *s, const char *e) {
  size_t length;
  const char *text = lua_tolstring(m->L, 3, &length);
  const char *end = text + length;
  while (text < end) {
    const char *percent = memchr(text, '%', (size_t)(end - text));
    if (percent == NULL) {
      luaL_addlstring(buffer, text, (size_t)(end - text));
      return;
    }
    luaL_addlstring(buffer, text, (size_t)(percent - text));
    char what = percent + 1 < end ? percent[1] : '\0';
    if (what == '%') {
      luaL_addchar(buffer, '%');
    } else if (what == '0') {
      luaL_addlstring(buffer, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)what)) {
      // The capture is pushed (a position as an integer); the buffer takes it as text.
      push_capture(m, what - '1', s, e);
      luaL_addvalue(buffer);
    } else {
      luaL_error(m->L, "invalid use of '%%' in replacement string");
    }
    text = percent + 2;
  }
}

// Appends the replacement for one match; returns whether it differs from the match.
static int add_replacement(matcher *m, luaL_Buffer *buffer, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int count = push_captures(m, s, e);
    lua_call(L, count, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_string_replacement(m, buffer, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(buffer, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) {
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(buffer);
  return 1;
}

static int counted_gsub(lua_State *L) {
  size_t length, pattern_length;
  const char *s = luaL_checklstring(L, 1, &length);
  const char *p = luaL_checklstring(L, 2, &pattern_length);
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)length + 1);
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                   3, "string/function/table");
  int anchored = pattern_length > 0 && *p == '^';
  if (anchored) {
    p++;
    pattern_length--;
  }
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  matcher m;
  matcher_init(&m, L, s, length, p, pattern_length);
  const char *from = s;
  const char *last_match = NULL;
  lua_Integer count = 0;
  int changed = 0;
  while (count < most) {
    m.level = 0;
    const char *end = match_at(&m, from, p);
    if (end != NULL && end != last_match) {
      count++;
      changed = add_replacement(&m, &buffer, from, end, kind) | changed;
      from = last_match = end;
    } else if (from < m.subject_end) {
      step(&m);
      luaL_addchar(&buffer, *from++);
    } else {
      break;
    }
    if (anchored) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&buffer, from, (size_t)(m.subject_end - from));
    luaL_pushresult(&buffer);
  }
  lua_pushinteger(L, count);
  return 2;
}

void folio_lua_install_patterns(lua_State *L) {
  static const luaL_Reg functions[] = {
      {"find", counted_find},
      {"match", counted_match},
      {"gmatch", counted_gmatch},
      {"gsub", counted_gsub},
      {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
}
