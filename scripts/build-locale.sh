#!/usr/bin/env bash
# Compiles the translations into the build tree (part of `make build`):
#   po/<lang>.po                 -> .build/locale/<lang>/LC_MESSAGES/lectern.mo
#   data/*.desktop.in, *.xml.in  -> .build/data/ with every language merged in (msgfmt --desktop / --xml),
#                                   the metainfo's <releases> filled from CHANGELOG.md
#   data/lectern.1               -> .build/data/lectern.1 with the version and date of CHANGELOG.md
# With --test-locales it also compiles the glibc locales the tests run Lectern in, into
# .build/test-locales (used through LOCPATH, so nothing is installed system-wide).
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/locale
for lang in $(grep -v '^#' po/LINGUAS); do
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check --output-file="$out/$lang/LC_MESSAGES/lectern.mo" "po/$lang.po"
done

mkdir -p .build/data
msgfmt --desktop --template=data/dev.lectern.Lectern.desktop.in -d po -o .build/data/dev.lectern.Lectern.desktop
msgfmt --xml --template=data/dev.lectern.Lectern.metainfo.xml.in -d po -o .build/data/metainfo.merged.xml
python3 scripts/changelog.py metainfo .build/data/metainfo.merged.xml .build/data/dev.lectern.Lectern.metainfo.xml
rm .build/data/metainfo.merged.xml
python3 scripts/changelog.py man data/lectern.1 .build/data/lectern.1

if [ "${1:-}" = --test-locales ]; then
  mkdir -p .build/test-locales
  for locale in en_US de_DE fr_FR es_ES pt_BR ja_JP ar_EG he_IL; do
    [ -d ".build/test-locales/$locale.UTF-8" ] && continue
    localedef --no-archive -i "$locale" -f UTF-8 ".build/test-locales/$locale.UTF-8" 2>/dev/null \
      || { [ -d ".build/test-locales/$locale.UTF-8" ] || { echo "localedef $locale failed" >&2; exit 1; }; }
  done
fi
