# Roster: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift

.PHONY: run test build deps test-deps lint format tables man install uninstall release deb bench fuzz
.PHONY: soak clean pot po-update po-check locale share-demo share-demo-stop docs

deps:
	@bash scripts/install-deps.sh build

test-deps:
	@bash scripts/install-deps.sh test

build: deps locale
	$(SWIFT) build

# A release build: a debug build is about ten times slower at a million entries.
run: deps locale
	$(SWIFT) build -c release --product roster-app
	$(SWIFT) run -c release --skip-build roster-app

# Swift through swift-format, the test tooling's Python through ruff (ruff.toml).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz
	python3 -m ruff check --quiet .

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Fuzz

test: test-deps lint
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory locale
	bash scripts/test.sh

# `make fuzz SECONDS=3600` fuzzes every target for an hour each.
SECONDS ?= 300
fuzz:
	bash Fuzz/run.sh $(SECONDS)

# `make soak`: killed and concurrent writers, simulated power cuts, hostile files and fuzzing,
# about 95 minutes; `make soak SOAK_SECONDS=60 SOAK_FUZZ_SECONDS=60 CRASH_POINTS=10000` for a
# quicker pass.
SOAK_SECONDS ?= 600
SOAK_FUZZ_SECONDS ?= 600
CRASH_POINTS ?= 100000
soak: test-deps
	ROSTER_CRASH_POINTS=$(CRASH_POINTS) bash scripts/soak.sh $(SOAK_SECONDS) $(SOAK_FUZZ_SECONDS)

# Regenerates RosterKit's BMP table after a change to ScalarTable.classify or to the toolchain's
# Unicode data (ScalarTableDataTests says when).
tables: deps
	ROSTER_WRITE_TABLES=1 $(SWIFT) test --filter ScalarTableDataTests

# The man pages roster(1) and roster-app(1) and the bash, zsh and fish completions, generated
# from the CLI's command table, into .build/docs (man/ and share/…, as they install).
man: deps
	$(SWIFT) run roster-docs .build/docs

# The documentation of RosterKit and RosterBackend (their .docc catalogs and doc comments), built
# by the toolchain's docc with warnings as errors, as HTML into .build/docs-html; `make test`
# checks that it builds (scripts/docs.sh).
docs: deps
	bash scripts/docs.sh .build/docs-html

# Translations (po/README.md): `make pot` extracts po/roster.pot from the sources (xgettext,
# keyword `localized`), `make po-update` merges it into every po/LL.po, `make po-check` lists
# each catalog's missing, fuzzy and untranslated messages and the front ends' labels and
# messages not wrapped in `localized` (exit 1 if any), `make locale`
# compiles the catalogs into the debug build folder, where the uninstalled binaries find them.
pot:
	python3 scripts/po.py extract po/roster.pot

po-update: pot
	for po in po/*.po; do msgmerge --quiet --update --backup=none "$$po" po/roster.pot; done

po-check: pot
	status=0; for po in po/*.po; do python3 scripts/po.py check "$$po" || status=1; done; \
	  python3 scripts/po.py unwrapped || status=1; exit $$status

locale:
	python3 scripts/po.py compile "$$($(SWIFT) build --show-bin-path)/locale"

# `make install` (PREFIX, default /usr/local; DESTDIR for a staging root) and `make uninstall`:
# release builds that carry the Swift runtime and Foundation inside them (--static-swift-stdlib),
# the desktop file, AppStream metainfo, icons, man pages and completions (scripts/install.sh).
PREFIX ?= /usr/local
INSTALL_BUILD = .build/install
# Hardened like Debian's own binaries: symbols bound at start-up, relocations read-only.
RELEASE_FLAGS = -c release --static-swift-stdlib --build-path $(INSTALL_BUILD) \
  -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product roster
	$(SWIFT) build $(RELEASE_FLAGS) --product roster-app
	$(SWIFT) build -c release --build-path $(INSTALL_BUILD) --product roster-docs
	$(INSTALL_BUILD)/release/roster-docs $(INSTALL_BUILD)/docs >/dev/null
	python3 scripts/po.py compile $(INSTALL_BUILD)/locale

install: release
	bash scripts/install.sh install "$(DESTDIR)$(PREFIX)" $(INSTALL_BUILD)

uninstall:
	bash scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

# `make deb`: roster_VERSION_ARCH.deb in the checkout, from the same install tree (scripts/deb.sh).
deb: release
	bash scripts/deb.sh $(INSTALL_BUILD) .

bench:
	@bash scripts/install-deps.sh bench
	$(SWIFT) build -c release
	$(SWIFT) run -c release roster-bench

clean:
	rm -rf .build

# `make share-demo`: a throwaway local PostgreSQL server with Roster's schema, for trying
# sharing on one machine (docs/sharing.md); prints the URI to use. `make share-demo-stop` ends it.
SHARE_DEMO ?= /tmp/roster-share-demo
share-demo:
	@bash scripts/install-deps.sh share
	$(SWIFT) build --product roster
	@bash scripts/share-demo.sh $(SHARE_DEMO) "$$($(SWIFT) build --show-bin-path)/roster"

share-demo-stop:
	@bash scripts/pg-cluster.sh stop $(SHARE_DEMO) && rm -rf $(SHARE_DEMO)
