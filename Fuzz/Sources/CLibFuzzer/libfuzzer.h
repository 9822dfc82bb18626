// libFuzzer's entry point for programs that have their own main (LLVM 11 and later).
//
// SwiftPM gives every executable target a main (it links with `--defsym main=<module>_main`),
// which wins over the main in libclang_rt.fuzzer, so each target's main calls this. Each target
// still defines LLVMFuzzerTestOneInput, which that unused main refers to. Linked in by
// `-sanitize=fuzzer`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
