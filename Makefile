# Roster: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift

.PHONY: run test build deps test-deps lint format tables bench fuzz soak clean

deps:
	@bash scripts/install-deps.sh build

test-deps:
	@bash scripts/install-deps.sh test

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product roster-app
	$(SWIFT) run roster-app

# Swift through swift-format, the test tooling's Python through ruff (ruff.toml).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz
	python3 -m ruff check --quiet .

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Fuzz

test: test-deps lint
	$(SWIFT) build --build-tests
	bash scripts/test.sh

# `make fuzz SECONDS=3600` fuzzes every target for an hour each.
SECONDS ?= 300
fuzz:
	bash Fuzz/run.sh $(SECONDS)

# `make soak`: killed and concurrent writers, hostile files and fuzzing, about 70 minutes;
# `make soak SOAK_SECONDS=60 SOAK_FUZZ_SECONDS=60` for a quicker pass.
SOAK_SECONDS ?= 600
SOAK_FUZZ_SECONDS ?= 600
soak: test-deps
	bash scripts/soak.sh $(SOAK_SECONDS) $(SOAK_FUZZ_SECONDS)

# Regenerates RosterKit's BMP table after a change to ScalarTable.classify or to the toolchain's
# Unicode data (ScalarTableDataTests says when).
tables: deps
	ROSTER_WRITE_TABLES=1 $(SWIFT) test --filter ScalarTableDataTests

bench:
	@bash scripts/install-deps.sh bench
	$(SWIFT) build -c release
	$(SWIFT) run -c release roster-bench

clean:
	rm -rf .build
