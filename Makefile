# Folio: `make run` runs the bundled sample, `make test` runs every test. Both install the
# Debian packages they need first (only the missing ones) and are safe to repeat.

SWIFT ?= swift
FOLIO := .build/debug/folio
SCRATCH ?= .build

.PHONY: run test bench bench-quick build lint format deps deps-test deps-bench version

run: deps version
	$(SWIFT) build --product folio
	FOLIO_PLUGINS_DIR=$(CURDIR)/plugins $(FOLIO) run --echo examples/tour.folio

test: deps-test version
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) install-check
	$(MAKE) fuzz-check

# The version `folio --version` prints, from `git describe` (docs/install.md).
version:
	@scripts/version

# Installing (docs/install.md): a release binary with the Swift runtime linked statically,
# the shipped plugins, the manual page and completions, all under DESTDIR/PREFIX. The page
# and the completions are written by the installed binary from its own declarations.
PREFIX ?= /usr/local
DESTDIR ?=
FOLIO_BIN ?= .build/release/folio
ROOT = $(DESTDIR)$(PREFIX)
INSTALLED = bin/folio share/man/man1/folio.1 share/bash-completion/completions/folio \
	share/zsh/site-functions/_folio share/fish/vendor_completions.d/folio.fish

.PHONY: release install install-files uninstall install-check

# A release build links the Swift runtime and libstdc++, SQLite, Lua and libedit
# statically, so that starting binds almost no symbols (docs/performance.md, "Start-up:
# static libraries, commands made on first use"): scripts/static-libs makes a folder of their archives and .pc files that
# name it, which SwiftPM reads through PKG_CONFIG_PATH (-L names the folder for libstdc++
# too when no such library is linked). --no-export-dynamic takes back the toolchain's
# -export-dynamic, which put every symbol in the dynamic symbol table that the runtime's
# dladdr at start-up searches one by one.
# -disable-concrete-type-metadata-mangled-name-accessors has the compiler reach the metadata
# of a concrete generic type (`[Command]`, `[String: RegisteredCommand]`) through its
# accessor rather than by a mangled name the runtime demangles and checks on first use
# (docs/performance.md, "Start-up: static libraries, commands made on first use":
# a fifth of what starting ran).
# The link is GNU ld's, with -z pack-relative-relocs: the ~27,000 pointers the loader adjusts
# in the Swift metadata are listed as a bitmap (DT_RELR, glibc 2.36) rather than 24 bytes
# each, so there is less to read at start (gold, the toolchain's default, cannot pack them).
# PIE=no links a position-dependent binary, which starts faster but gives up address-space
# randomisation for its own code and data (docs/install.md).
STATIC_LIBS = $(abspath $(SCRATCH))/static-libs
PIE ?= yes
RELEASE_BUILD = PKG_CONFIG_PATH=$(STATIC_LIBS)/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH} $(SWIFT) build -c release \
	--static-swift-stdlib -Xswiftc -L$(STATIC_LIBS) -Xlinker --no-export-dynamic \
	-Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	$(if $(filter no,$(PIE)),-Xlinker -no-pie) --scratch-path $(SCRATCH)

release: deps version
	@scripts/static-libs $(STATIC_LIBS)
	$(RELEASE_BUILD) --product folio

install: release
	$(MAKE) install-files FOLIO_BIN=$(SCRATCH)/release/folio

install-files:
	install -d $(ROOT)/bin $(ROOT)/share/folio/plugins $(ROOT)/share/man/man1 \
		$(ROOT)/share/bash-completion/completions $(ROOT)/share/zsh/site-functions \
		$(ROOT)/share/fish/vendor_completions.d
	install -m 755 $(FOLIO_BIN) $(ROOT)/bin/folio
	rm -rf $(ROOT)/share/folio/plugins && cp -R plugins $(ROOT)/share/folio/plugins
	chmod -R u=rwX,go=rX $(ROOT)/share/folio/plugins
	$(FOLIO_BIN) --man >$(ROOT)/share/man/man1/folio.1
	$(FOLIO_BIN) --completion bash >$(ROOT)/share/bash-completion/completions/folio
	$(FOLIO_BIN) --completion zsh >$(ROOT)/share/zsh/site-functions/_folio
	$(FOLIO_BIN) --completion fish >$(ROOT)/share/fish/vendor_completions.d/folio.fish

uninstall:
	rm -f $(addprefix $(ROOT)/,$(INSTALLED))
	rm -rf $(ROOT)/share/folio/plugins
	-rmdir $(ROOT)/share/folio 2>/dev/null

# Installs the debug build into a temporary prefix the same way and runs the tour from there
# with the toolchain off PATH, then uninstalls and checks nothing is left (part of `make
# test`; a release build would add minutes). INSTALL_CHECK_BIN=.build/release/folio checks
# the release binary instead.
INSTALL_CHECK_BIN ?= .build/debug/folio
install-check:
	$(SWIFT) build --product folio
	scripts/install-check $(INSTALL_CHECK_BIN)

# Folio against its peers (docs/benchmarks.md): a release build with the Swift runtime linked
# statically, the peers installed, one table. SCRATCH=DIR builds in another folder;
# BENCH_FLAGS passes options to bench.py (`--clock cpu` on a busy machine).
bench: deps-bench version
	@scripts/static-libs $(STATIC_LIBS)
	$(RELEASE_BUILD) --product folio
	$(RELEASE_BUILD) --product folio-bench
	python3 benchmarks/bench.py --build $(SCRATCH) $(BENCH_FLAGS)

# The same harness on tiny inputs, once each, with a debug build: checks it runs, not timings.
bench-quick: deps-bench
	$(SWIFT) build --scratch-path $(SCRATCH) --product folio
	$(SWIFT) build --scratch-path $(SCRATCH) --product folio-bench
	python3 benchmarks/bench.py --quick --folio $(SCRATCH)/debug/folio

# Fuzzing (docs/reliability.md): the libFuzzer targets in Fuzz/ are a package of their own,
# built with -sanitize=fuzzer,address in their own scratch folder, so `swift build` never sees
# them. `make fuzz` runs each for FUZZ_SECONDS, keeping what it finds in FUZZ_SCRATCH/corpus;
# `fuzz-check` (part of `make test`) replays the seed corpus and mutates for a few seconds.
FUZZ_TARGETS := lexer delimited json text commands embed
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS ?= 4
FUZZ_SCRATCH ?= .build/fuzz
FUZZ_RUN = SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/debug/fuzz-$$target -print_final_stats=1 \
	-dict=Fuzz/dictionaries/$$target.dict -artifact_prefix=$(abspath $(FUZZ_SCRATCH))/artifacts/$$target-

.PHONY: fuzz fuzz-build fuzz-check sanitize

fuzz-build: deps-test
	$(SWIFT) build --package-path Fuzz --scratch-path $(FUZZ_SCRATCH) -Xswiftc -sanitize=fuzzer,address
	@mkdir -p $(FUZZ_SCRATCH)/artifacts $(FUZZ_SCRATCH)/check $(addprefix $(FUZZ_SCRATCH)/corpus/,$(FUZZ_TARGETS))

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		echo "fuzz-$$target: $(FUZZ_SECONDS) s"; \
		$(FUZZ_RUN) -max_total_time=$(FUZZ_SECONDS) $(FUZZ_SCRATCH)/corpus/$$target Fuzz/corpus/$$target \
			|| exit 1; \
	done

fuzz-check: fuzz-build
	$(SWIFT) format lint --strict --recursive --parallel Fuzz/Sources Fuzz/Package.swift
	@for target in $(FUZZ_TARGETS); do \
		log=$(FUZZ_SCRATCH)/check/$$target.log; \
		rm -rf $(FUZZ_SCRATCH)/check/$$target && mkdir $(FUZZ_SCRATCH)/check/$$target && \
		$(FUZZ_RUN) -seed=1 -max_total_time=$(FUZZ_CHECK_SECONDS) $(FUZZ_SCRATCH)/check/$$target \
			Fuzz/corpus/$$target >$$log 2>&1; status=$$?; \
		echo "fuzz-$$target: $$(grep -a -E '^Done' $$log)"; \
		if [ $$status -ne 0 ]; then tail -n 30 $$log; exit 1; fi; \
	done

# The test suite under AddressSanitizer and ThreadSanitizer, each in its own scratch folder.
sanitize: deps-test
	$(SWIFT) test --sanitize=address --scratch-path .build/asan
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

build: deps version
	$(SWIFT) build

lint:
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive --parallel Sources Tests Package.swift

deps:
	@scripts/install-deps run

deps-test:
	@scripts/install-deps test

deps-bench:
	@scripts/install-deps bench
