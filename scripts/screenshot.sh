#!/usr/bin/env bash
# A screenshot of Lectern in a language, with the sample feeds and an article open, for the docs:
#   scripts/screenshot-locale.sh de_DE docs/screenshots/window-de.png [ACTION...]
# Runs under its own X display and bus (scripts/headless.sh); needs `make build` and the test
# locales (scripts/build-locale.sh --test-locales). Extra arguments are app actions to run first.
set -euo pipefail
cd "$(dirname "$0")/.."
locale=$1; out=$(realpath -m "$2"); shift 2
if [ -z "${LECTERN_IN_HEADLESS:-}" ]; then
  LECTERN_IN_HEADLESS=1 exec scripts/headless.sh "$0" "$locale" "$out" "$@"
fi
home=$(mktemp -d)
trap 'kill $app 2>/dev/null || true; rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache
export LOCPATH=$PWD/.build/test-locales LANG=$locale.UTF-8 LANGUAGE= GTK_A11Y=none TZ=Europe/Berlin
lectern=.build/debug/lectern
$lectern --batch --import-opml data/samples/samples.opml --refresh >/dev/null 2>&1
$lectern --batch --add-feed "$PWD/Tests/LecternAppTests/Fixtures/arabic-news.rss" >/dev/null 2>&1 || true
$lectern 2>/dev/null & app=$!
sleep 3
act() { gdbus call --session --dest dev.lectern.Lectern --object-path /dev/lectern/Lectern \
  --method org.gtk.Actions.Activate "$1" "${2:-[]}" {} >/dev/null; sleep 0.6; }
for action in "${@:-next-article}"; do act "$action"; done
$lectern --screenshot "$out"
