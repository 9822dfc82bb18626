// Defaults for LeakSanitizer, read only by builds with `-sanitize=address` (`make sanitize`,
// `make fuzz`); other builds never call these functions (docs/reliability.md, "Sanitizers").
const char *__lsan_default_options(void);
const char *__lsan_default_suppressions(void);

// A suppressed report prints nothing: `folio`'s standard error is part of what tests check.
const char *__lsan_default_options(void) { return "print_suppressions=0"; }

// Each line names memory that is held on purpose until the process ends, not leaked.
const char *__lsan_default_suppressions(void) {
  return
      // Swift's lazy globals and statics, initialised once (`…_WZ`): Swift stores pointers in
      // enum payloads with tag bits set, which LeakSanitizer does not see as references.
      "leak:_WZ$\n"
      // fontconfig's configuration, loaded by cairo for PDF text and kept for the process.
      "leak:libfontconfig.so\n"
      // cairo's own caches (fonts, glyph arrays), which it frees only in
      // cairo_debug_reset_static_data.
      "leak:libcairo.so\n"
      // XCTest's and Foundation.Process's own objects, alive at exit.
      "leak:libXCTest.so\n"
      "leak:Foundation7ProcessC3run\n";
}
