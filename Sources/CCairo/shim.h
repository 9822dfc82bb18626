// cairo's PDF surface and toy text API (Debian libcairo2-dev).
#ifndef FOLIO_CCAIRO_SHIM_H
#define FOLIO_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#endif
