// libedit's readline-compatible API (Debian libedit-dev, BSD licence).
#ifndef FOLIO_CEDIT_SHIM_H
#define FOLIO_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
