# Lectern — see README.md. The two set-up commands are `make run` and `make check`.
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= debug
# The whole suite takes about 8 minutes here; a hang stops at this limit, and the summary names
# the tests that started and never ended.
TEST_TIME_LIMIT ?= 40m
# SwiftPM drops -pthread and -m… from pkg-config's Cflags with a warning on every build; it reads
# copies of those .pc files without them first (`make pkgconfig`), so a clean build prints none.
PKGCONFIG_COPIES := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKGCONFIG_COPIES)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
# STATIC=1: Swift's runtime and Foundation linked into the binary (--static-swift-stdlib), in a
# build tree of its own; what the Debian package ships (docs/packaging.md).
STATIC ?=
SCRATCH := $(if $(STATIC),.build/static,.build)
BUILD_DIR := $(SCRATCH)/$(CONFIG)
# SWIFT_FLAGS: more flags for `swift build` (debian/rules passes the hardening it asks for).
SWIFT_BUILD_FLAGS := $(if $(STATIC),--static-swift-stdlib --scratch-path $(SCRATCH),) $(SWIFT_FLAGS)
VERSION = $(shell python3 scripts/changelog.py version)

.PHONY: all build pkgconfig release run check test test-headless validate-data locale pot po install install-files uninstall \
	deb apt-repo check-package screenshots bench fuzz fuzz-build fuzz-report check-sanitize clean

all: build

build: locale pkgconfig
	$(SWIFT) build -c $(CONFIG) $(SWIFT_BUILD_FLAGS) --product lectern

pkgconfig:
	scripts/pkgconfig-copies.sh $(PKGCONFIG_COPIES)

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
	$(MAKE) validate-data pkgconfig
	set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee .build/build.log
	python3 scripts/no-warnings.py .build/build.log
	set -o pipefail; timeout --kill-after=30 $(TEST_TIME_LIMIT) scripts/headless.sh $(SWIFT) test --skip-build 2>&1 | tee .build/check.log; \
		status=$$?; python3 scripts/test-summary.py .build/check.log; exit $$status

validate-data: locale
	appstreamcli validate --strict --no-net .build/data/dev.lectern.Lectern.metainfo.xml
	desktop-file-validate .build/data/dev.lectern.Lectern.desktop

install: release
	$(MAKE) install-files CONFIG=release

## make install-files: what `make install` and the Debian package put under $(DESTDIR)$(PREFIX),
## from an existing build ($(BUILD_DIR)).
install-files:
	install -Dm755 $(BUILD_DIR)/lectern $(DESTDIR)$(PREFIX)/bin/lectern
	cd Resources && find . -type f -exec install -Dm644 {} $(DESTDIR)$(PREFIX)/share/lectern/Resources/{} \;
	for theme in Themes/*.json data/samples/*; do install -Dm644 $$theme $(DESTDIR)$(PREFIX)/share/lectern/$$theme; done
	install -Dm644 Themes/README.md $(DESTDIR)$(PREFIX)/share/doc/lectern/themes.md
	install -Dm644 .build/data/dev.lectern.Lectern.desktop $(DESTDIR)$(PREFIX)/share/applications/dev.lectern.Lectern.desktop
	install -Dm644 .build/data/dev.lectern.Lectern.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/dev.lectern.Lectern.metainfo.xml
	for mo in .build/locale/*/LC_MESSAGES/lectern.mo; do \
		install -Dm644 $$mo $(DESTDIR)$(PREFIX)/share/$${mo#.build/}; done
	install -Dm644 data/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg
	install -Dm644 data/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg
	install -Dm644 data/dev.lectern.Lectern.search-provider.ini \
		$(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/dev.lectern.Lectern.search-provider.ini
	install -d $(DESTDIR)$(PREFIX)/share/dbus-1/services
	sed 's|@bindir@|$(PREFIX)/bin|' data/dev.lectern.Lectern.SearchProvider.service.in \
		> $(DESTDIR)$(PREFIX)/share/dbus-1/services/dev.lectern.Lectern.SearchProvider.service
	chmod 644 $(DESTDIR)$(PREFIX)/share/dbus-1/services/dev.lectern.Lectern.SearchProvider.service
	install -Dm644 .build/data/lectern.1 $(DESTDIR)$(PREFIX)/share/man/man1/lectern.1
	install -Dm644 data/lectern.bash-completion $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lectern

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lectern
	rm -rf $(DESTDIR)$(PREFIX)/share/lectern $(DESTDIR)$(PREFIX)/share/doc/lectern
	rm -f $(DESTDIR)$(PREFIX)/share/applications/dev.lectern.Lectern.desktop
	rm -f $(DESTDIR)$(PREFIX)/share/metainfo/dev.lectern.Lectern.metainfo.xml
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.lectern.Lectern.svg
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.lectern.Lectern-symbolic.svg
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/lectern.1
	rm -f $(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/dev.lectern.Lectern.search-provider.ini
	rm -f $(DESTDIR)$(PREFIX)/share/dbus-1/services/dev.lectern.Lectern.SearchProvider.service
	rm -f $(DESTDIR)$(PREFIX)/share/locale/*/LC_MESSAGES/lectern.mo
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lectern

## make deb: lectern_<version>-1_amd64.deb in .build/deb, Swift linked statically (docs/packaging.md).
DEB_OUT ?= .build/deb
deb:
	scripts/ensure-packages.sh deb
	scripts/build-deb.sh $(DEB_OUT)

## make apt-repo APT_REPO=DIR APT_KEY=FINGERPRINT [APT_URL=https://…]: the .deb of `make deb` added to
## a signed apt repository in DIR, with its public key, lectern.sources and AppStream catalog.
APT_URL ?= https://lectern.dev/apt
apt-repo:
	@[ -n "$(APT_REPO)" ] && [ -n "$(APT_KEY)" ] || { echo "usage: make apt-repo APT_REPO=DIR APT_KEY=FINGERPRINT [APT_URL=URL]" >&2; exit 2; }
	scripts/ensure-packages.sh deb
	python3 scripts/apt-repo.py "$(APT_REPO)" "$(APT_KEY)" "$(APT_URL)" $(DEB_OUT)/lectern_$(VERSION)-1_amd64.deb

## make check-package: the package installed, used, upgraded, purged and tampered with in clean
## Debian 12 and 13 roots (mmdebstrap), from a repository served on loopback.
check-package:
	scripts/ensure-packages.sh package
	python3 scripts/check-package.py

## make screenshots: data/screenshots/*.png from the running app, for the AppStream metainfo.
screenshots: build
	scripts/ensure-packages.sh check
	scripts/build-locale.sh --test-locales
	scripts/screenshots.sh data/screenshots

## make bench: Lectern's measurements beside peer tools (see docs/benchmarks.md).
bench:
	scripts/ensure-packages.sh bench
	$(MAKE) pkgconfig
	scripts/bench.sh

## make check-sanitize: the whole suite under AddressSanitizer, then ThreadSanitizer
## (SANITIZERS="address" for one); see docs/hardening.md for how long it takes.
SANITIZERS ?= address thread
check-sanitize:
	scripts/ensure-packages.sh check
	$(MAKE) pkgconfig
	SWIFT=$(SWIFT) scripts/check-sanitize.sh $(SANITIZERS)

## make fuzz: each fuzz target under libFuzzer + AddressSanitizer for FUZZ_SECONDS
## (default 180) each; findings are kept in .fuzz/crashes/ (see docs/hardening.md).
FUZZ_SECONDS ?= 180
FUZZ_TARGETS ?= feed,html,page,date,opml,theme,image,settings
FUZZ_BUILD := .build/fuzz
fuzz: fuzz-build
	scripts/fuzz.py $(FUZZ_BUILD)/release/lectern-fuzz --seconds $(FUZZ_SECONDS) --targets $(FUZZ_TARGETS)

# lld: gold fails on ASan's instrumented debug info.
fuzz-build: pkgconfig
	$(SWIFT) build -c release --scratch-path $(FUZZ_BUILD) --product lectern-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DLECTERN_FUZZER -Xswiftc -use-ld=lld

fuzz-report:
	scripts/fuzz.py --report

clean:
	rm -rf .build .fuzz
