# Lectern — see README.md. The two set-up commands are `make run` and `make check`.
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= debug
BUILD_DIR := .build/$(CONFIG)

.PHONY: all build release run check test test-headless validate-data locale pot po install uninstall bench fuzz fuzz-build fuzz-report check-sanitize clean

all: build

build: locale
	$(SWIFT) build -c $(CONFIG) --product lectern

## make locale: the translations compiled into .build/locale and .build/data (docs/translations.md).
locale:
	scripts/build-locale.sh

## make pot: regenerate po/lectern.pot from the sources; make po: merge it into every language.
pot:
	python3 scripts/pot.py

po: pot
	for lang in $$(grep -v '^#' po/LINGUAS); do msgmerge --quiet --no-wrap --update --backup=none po/$$lang.po po/lectern.pot; done

release:
	$(MAKE) build CONFIG=release

## make run: install missing packages, build, launch Lectern.
run:
	scripts/ensure-packages.sh run
	$(MAKE) build
	$(BUILD_DIR)/lectern

## make check: install what the tests need, build, run the whole suite headless.
check:
	scripts/ensure-packages.sh check
	scripts/build-locale.sh --test-locales
	$(MAKE) validate-data
	$(SWIFT) build --build-tests
	set -o pipefail; scripts/headless.sh $(SWIFT) test --skip-build 2>&1 | tee .build/check.log; \
		status=$$?; python3 scripts/test-summary.py .build/check.log; exit $$status

validate-data: locale
	appstreamcli validate --no-net .build/data/dev.lectern.Lectern.metainfo.xml
	desktop-file-validate .build/data/dev.lectern.Lectern.desktop

install: release
	install -Dm755 .build/release/lectern $(DESTDIR)$(PREFIX)/bin/lectern
	install -d $(DESTDIR)$(PREFIX)/share/lectern
	cp -R Resources Themes data $(DESTDIR)$(PREFIX)/share/lectern/
	install -Dm644 .build/data/dev.lectern.Lectern.desktop $(DESTDIR)$(PREFIX)/share/applications/dev.lectern.Lectern.desktop
	install -Dm644 .build/data/dev.lectern.Lectern.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/dev.lectern.Lectern.metainfo.xml
	for mo in .build/locale/*/LC_MESSAGES/lectern.mo; do \
		install -Dm644 $$mo $(DESTDIR)$(PREFIX)/share/$${mo#.build/}; done
	install -Dm644 data/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg
	install -Dm644 data/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg
	install -Dm644 data/lectern.1 $(DESTDIR)$(PREFIX)/share/man/man1/lectern.1
	install -Dm644 data/lectern.bash-completion $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lectern

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lectern
	rm -rf $(DESTDIR)$(PREFIX)/share/lectern
	rm -f $(DESTDIR)$(PREFIX)/share/applications/dev.lectern.Lectern.desktop
	rm -f $(DESTDIR)$(PREFIX)/share/metainfo/dev.lectern.Lectern.metainfo.xml
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/lectern.1
	rm -f $(DESTDIR)$(PREFIX)/share/locale/*/LC_MESSAGES/lectern.mo
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lectern

## make bench: Lectern's measurements beside peer tools (see docs/benchmarks.md).
bench:
	scripts/ensure-packages.sh bench
	scripts/bench.sh

## make check-sanitize: the whole suite under AddressSanitizer, then ThreadSanitizer
## (SANITIZERS="address" for one); see docs/hardening.md for how long it takes.
SANITIZERS ?= address thread
check-sanitize:
	scripts/ensure-packages.sh check
	SWIFT=$(SWIFT) scripts/check-sanitize.sh $(SANITIZERS)

## make fuzz: each fuzz target under libFuzzer + AddressSanitizer for FUZZ_SECONDS
## (default 180) each; findings are kept in .fuzz/crashes/ (see docs/hardening.md).
FUZZ_SECONDS ?= 180
FUZZ_TARGETS ?= feed,html,page,date,opml,theme
FUZZ_BUILD := .build/fuzz
fuzz: fuzz-build
	scripts/fuzz.py $(FUZZ_BUILD)/release/lectern-fuzz --seconds $(FUZZ_SECONDS) --targets $(FUZZ_TARGETS)

# lld: gold fails on ASan's instrumented debug info.
fuzz-build:
	$(SWIFT) build -c release --scratch-path $(FUZZ_BUILD) --product lectern-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DLECTERN_FUZZER -Xswiftc -use-ld=lld

fuzz-report:
	scripts/fuzz.py --report

clean:
	rm -rf .build .fuzz
