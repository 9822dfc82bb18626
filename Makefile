# Folio: `make run` runs the bundled sample, `make test` runs every test. Both install the
# Debian packages they need first (only the missing ones) and are safe to repeat.

SWIFT ?= swift
FOLIO := .build/debug/folio
SCRATCH ?= .build

.PHONY: run test bench bench-quick build lint format deps deps-test deps-bench

run: deps
	$(SWIFT) build --product folio
	FOLIO_PLUGINS_DIR=$(CURDIR)/plugins $(FOLIO) run --echo examples/tour.folio

test: deps-test
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) fuzz-check

# Folio against its peers (docs/benchmarks.md): a release build with the Swift runtime linked
# statically, the peers installed, one table. SCRATCH=DIR builds in another folder;
# BENCH_FLAGS passes options to bench.py (`--clock cpu` on a busy machine).
bench: deps-bench
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(SCRATCH) --product folio
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(SCRATCH) --product folio-bench
	python3 benchmarks/bench.py --build $(SCRATCH) $(BENCH_FLAGS)
	python3 benchmarks/soak.py --folio $(SCRATCH)/release/folio

# The same harness on tiny inputs, once each, with a debug build: checks it runs, not timings.
bench-quick: deps-bench
	$(SWIFT) build --scratch-path $(SCRATCH) --product folio
	$(SWIFT) build --scratch-path $(SCRATCH) --product folio-bench
	python3 benchmarks/bench.py --quick --folio $(SCRATCH)/debug/folio
	python3 benchmarks/soak.py --quick --folio $(SCRATCH)/debug/folio

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

build: deps
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
