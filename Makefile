# SPDX-License-Identifier: Apache-2.0
# Wraps the CMake build. `make check`, `make fuzz` and `make demo` check the Debian packages they
# need first (scripts/install-deps.sh): as root they install what is missing, otherwise they
# stop naming it. A plain `make` builds with the compiler's warnings; `make test` and
# `make check` (as CI) turn them into errors (MDD_WERROR).
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
MINIMAL_BUILD ?= build-minimal
SIZE_BUILD ?= build-size
# The cross build's target, a Debian architecture: arm64 or s390x (big-endian).
ARCH       ?= arm64
CROSS_BUILD ?= build-$(ARCH)
CROSS_LIBS ?= build-cross/$(ARCH)-libs
FUZZ_SECONDS ?= 30
PREFIX     ?= /usr/local
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build deps check check-asan check-tsan check-minimal check-all cross-deps cross-check cross-check-unit test demo \
        install update-symbols fuzz fuzz-build bench bench-serve bench-quick bench-seeds bench-reload clean \
        generate docs size

all: build

deps:
	@sh scripts/install-deps.sh all

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: $(BUILD)/CMakeCache.txt
	cmake -S . -B $(BUILD) -DMDD_WERROR=ON >/dev/null
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

$(ASAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMDD_SANITIZE=ON

check-asan: $(ASAN_BUILD)/CMakeCache.txt
	cmake -S . -B $(ASAN_BUILD) -DMDD_WERROR=ON >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

# ThreadSanitizer (clang's) on the tests whose programs start threads: the reader's pool,
# lookups from many threads, the pread cache under concurrent readers, the server, and
# mdd decode --batch.
# Everything but the benchmarks is built, so clang compiles every test too.
TSAN_TESTS   = ^(unit[.]test_(async|db|db_reload|store|cache|update)|cli[.]serve|cli[.]serve_reload|cli[.]serve_updates|cli[.]serve_page|cli[.]decode_batch)$$
$(TSAN_BUILD)/CMakeCache.txt:
	CC=clang cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMDD_BUILD_BENCH=OFF \
	  "-DCMAKE_C_FLAGS=-fsanitize=thread -O1" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
	  -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread

check-tsan: $(TSAN_BUILD)/CMakeCache.txt
	cmake -S . -B $(TSAN_BUILD) -DMDD_WERROR=ON >/dev/null
	cmake --build $(TSAN_BUILD) -j $(JOBS)
	cd $(TSAN_BUILD) && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  ctest --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'

check:
	@sh scripts/install-deps.sh check
	$(MAKE) test
	$(MAKE) check-asan
	$(MAKE) check-tsan

# The library and the tool built with only liblzma visible to pkg-config.
check-minimal:
	@sh scripts/check-minimal-build.sh $(MINIMAL_BUILD)

# The cross compiler and qemu-user for ARCH (installed as root), and the target's libraries,
# Debian's packages unpacked into CROSS_LIBS (scripts/install-cross-deps.sh says why).
cross-deps:
	@sh scripts/install-cross-deps.sh $(ARCH) $(CROSS_LIBS)

# The library, the tool and the tests built for ARCH, the tests run under qemu-user.
cross-check: cross-deps
	@sh scripts/cross-check.sh $(ARCH) $(CROSS_BUILD) $(CROSS_LIBS)

# The same build, only the unit tests run: what CI runs for s390x (README, "Tested targets").
cross-check-unit: cross-deps
	@sh scripts/cross-check.sh $(ARCH) $(CROSS_BUILD) $(CROSS_LIBS) '^unit[.]'

# Everything CI runs but fuzzing and the benchmarks' smoke test, with the whole big-endian
# cross check, of which CI runs only the unit tests, for time (README, "Tested targets").
check-all:
	$(MAKE) check
	$(MAKE) check-minimal
	$(MAKE) cross-check ARCH=arm64
	$(MAKE) cross-check ARCH=s390x

# Rewrites docs/libmdd.sym, the reviewed list of what libmdd.so exports, from the built library
# (after an intended change of the public headers; the test lib.exports compares the two).
update-symbols: build
	@sh scripts/exports.sh update $(BUILD)/libmdd.so .

demo:
	@sh scripts/install-deps.sh demo
	$(MAKE) build
	@sh scripts/demo.sh $(BUILD)/mdd

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# Debug keeps assertions; -O2 (over Debug's -O0) runs the targets about three times as fast.
$(FUZZ_BUILD)/CMakeCache.txt: Makefile
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMDD_FUZZ=ON -DMDD_SANITIZE=ON \
	  -DMDD_BUILD_TESTS=OFF -DMDD_BUILD_BENCH=OFF "-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link -O2"

fuzz-build: $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

fuzz:
	@sh scripts/install-deps.sh fuzz
	$(MAKE) fuzz-build
	@sh scripts/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The size budget: libmdd.so's .text at -Os, default and minimal configurations and what each
# optional part costs, on the host and (with Debian's cross compiler) arm64. About 3 minutes.
size:
	@sh scripts/size.sh $(SIZE_BUILD)

# The size table, the codec comparison, then bench/run: the ADR table on the generated adr corpus (JSON,
# markdown and plots in bench/results); gnuplot is installed when missing and the user is root.
# bench/strategies.sh (the same table on any directory, without the adapter's start-up work)
# runs on its own.
bench: build
	@sh scripts/size.sh $(SIZE_BUILD)
	@sh bench/codec.sh $(BUILD)
	@bash bench/run --profile adr --build $(BUILD) --out bench/results/latest.json
	@bash bench/plot.sh bench/results/latest.json

# mdd serve under abuse: keep-alive lookups alone, then beside 1,000 slow clients and 20 slow
# readers, in rounds side by side (bench/serve.sh; docs/benchmarks.md, "The server under abuse").
# About 2 minutes.
bench-serve: build
	@bash bench/serve.sh $(BUILD)

# The same harness on the small profile, one run, then the seed experiments at toy size: a
# smoke test of the harnesses, not of figures.
bench-quick: build
	@bash bench/run --profile small --runs 1 --build $(BUILD) --out bench/results/quick.json
	@bash bench/seeds.sh --quick --build $(BUILD) --out bench/results/seeds-quick.json

# The two mmap-against-explicit-I/O experiments at full size (docs/benchmarks.md, "Seed 3" and
# "Seed 2"): an event loop over 8 files of 256 MiB, concurrent readers of the adr corpus.
# Writes bench/results/seeds.json and .md; about 5 minutes (2.5 more to generate the corpus
# the first time) and 2.5 GB of disk.
bench-seeds: build
	@bash bench/seeds.sh --build $(BUILD) --out bench/results/seeds.json

# Lookups while a 25 MB file is installed and reloaded 100 times, one a second, against the
# same readers in quiet (docs/benchmarks.md, "Live reloads"); about 2 minutes.
bench-reload: build
	@$(BUILD)/bench/bench_reload --json-out bench/results/reload.json

# mdd decode --batch on a generated log of a million records, on 1 and 2 threads, against a
# process per record, and its memory for ten million (docs/benchmarks.md, "Batch decoding").
# About 10 minutes, and 5 more to generate the adr corpus the first time.
.PHONY: bench-batch
bench-batch: build
	@bash bench/batch.sh --build $(BUILD)

# Rewrites the code generated from schema/ecu_data.fbs (docs/adr/0008-generated-schema-code.md).
generate:
	python3 schema/generate.py schema/ecu_data.fbs .

# docs/mdd.1 is generated from docs/cli.md, the one description of the mdd command (ADR 0011).
docs:
	python3 scripts/cli-doc.py man -o docs/mdd.1 docs/cli.md

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD) $(MINIMAL_BUILD) $(SIZE_BUILD) build-arm64 build-s390x \
	  build-cross
