// ncursesw for FolioBrowse: the wide-character API, with the macros Swift cannot import
// (attributes, LINES and COLS, function keys) re-exposed as static inline functions.
#ifndef FOLIO_NCURSES_SHIM_H
#define FOLIO_NCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static inline int folio_curses_lines(void) { return LINES; }
static inline int folio_curses_columns(void) { return COLS; }
static inline WINDOW *folio_curses_standard_screen(void) { return stdscr; }

static inline int folio_curses_attr_bold(void) { return (int)A_BOLD; }
static inline int folio_curses_attr_reverse(void) { return (int)A_REVERSE; }
static inline int folio_curses_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int folio_curses_attr_dim(void) { return (int)A_DIM; }
static inline int folio_curses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }

static inline int folio_curses_key_f(int n) { return KEY_F(n); }

/// A screen on the process's standard output and input, for the terminal `$TERM` names;
/// NULL when terminfo does not know it (nothing is printed, nothing exits).
static inline SCREEN *folio_curses_new_screen(void) { return newterm(NULL, stdout, stdin); }

/// Reads one key or character: `*code` gets it, and the result says which (KEY_CODE_YES for
/// a key, OK for a character, ERR for none: a timeout or a signal).
static inline int folio_curses_read(WINDOW *window, int *code) {
  wint_t value = 0;
  int result = wget_wch(window, &value);
  *code = (int)value;
  return result;
}

/// Writes UTF-8 text at row `y`, column `x` with `attributes` on.
static inline void folio_curses_put(WINDOW *window, int y, int x, const char *text, int attributes) {
  wattrset(window, attributes);
  mvwaddstr(window, y, x, text);
  wattrset(window, A_NORMAL);
}
#endif
