# Roster: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift

.PHONY: run test build deps test-deps lint format bench fuzz clean

deps:
	@bash scripts/install-deps.sh build

test-deps:
	@bash scripts/install-deps.sh test

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product roster-app
	$(SWIFT) run roster-app

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

test: test-deps lint
	$(SWIFT) build --build-tests
	bash scripts/test.sh

# `make fuzz SECONDS=3600` fuzzes every target for an hour each.
SECONDS ?= 300
fuzz:
	bash Fuzz/run.sh $(SECONDS)

bench: deps
	$(SWIFT) build -c release
	$(SWIFT) run -c release roster-bench

clean:
	rm -rf .build
