# Folio: `make run` runs the bundled sample, `make test` runs every test. Both install the
# Debian packages they need first (only the missing ones) and are safe to repeat.

SWIFT ?= swift
FOLIO := .build/debug/folio

.PHONY: run test bench build lint format deps deps-test

run: deps
	$(SWIFT) build --product folio
	FOLIO_PLUGINS_DIR=$(CURDIR)/plugins $(FOLIO) run --echo examples/tour.folio

test: deps-test
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Package.swift
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product folio
	$(SWIFT) build -c release --product folio-bench
	python3 benchmarks/documents.py
	.build/release/folio-bench

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
