#!/usr/bin/env bash
# A screenshot of Lectern with the sample feeds and an article open, for the docs and the
# AppStream metainfo:
#   scripts/screenshot.sh [--locale de_DE] [--feed FILE]... [--launch "FLAGS"] [--size WxH] [--picker|--screen] OUT.png [ACTION...]
# --locale: the language (default en_US); --feed: another feed to subscribe to; --launch: flags
# for the launch (say "--theme Sepia --color-scheme dark"); --size: the window's size (360x690
# for a phone's one pane, as docs/layouts.md shows it); --picker: the theme picker instead
# of the window; --screen: the whole screen, dialogs too, under a window manager as a desktop
# has one (needs openbox and imagemagick). ACTIONs are app actions run before the screenshot
# (default: next-article), with a parameter after a colon: next-article preferences
# "edit-theme:[<'Paper'>]".
# Runs under its own X display and bus (scripts/headless.sh); needs `make build` and the test
# locales (scripts/build-locale.sh --test-locales).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${LECTERN_IN_HEADLESS:-}" ]; then
  LECTERN_IN_HEADLESS=1 exec scripts/headless.sh "$0" "$@"
fi
locale=en_US feeds=() launch="" size="" picker="" screen=""
while [ $# -gt 0 ]; do
  case "$1" in
    --locale) locale=$2; shift 2 ;;
    --feed) feeds+=("$(realpath "$2")"); shift 2 ;;
    --launch) launch=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --picker) picker=--theme-picker; shift ;;
    --screen) screen=1; shift ;;
    *) break ;;
  esac
done
out=$(realpath -m "$1"); shift
home=$(mktemp -d) app="" wm=""
# The app is waited for before its home goes: it writes its settings and library as it quits.
trap 'if [ -n "$app" ]; then kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; fi; [ -z "$wm" ] || kill "$wm" 2>/dev/null || true; rm -rf "$home"' EXIT
if [ -n "$screen" ]; then openbox >/dev/null 2>&1 & wm=$!; fi
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache
export LOCPATH=$PWD/.build/test-locales LANG=$locale.UTF-8 LANGUAGE= GTK_A11Y=none TZ=Europe/Berlin
lectern=.build/debug/lectern
$lectern --batch --import-opml data/samples/samples.opml --refresh >/dev/null 2>&1
for feed in "${feeds[@]}"; do $lectern --batch --add-feed "$feed" >/dev/null 2>&1 || true; done
if [ -n "$size" ]; then
  mkdir -p "$XDG_CONFIG_HOME/lectern"
  printf '\n[window]\nwidth=%s\nheight=%s\n' "${size%x*}" "${size#*x}" >>"$XDG_CONFIG_HOME/lectern/settings.ini"
fi
# shellcheck disable=SC2086 # the launch flags are words
$lectern $launch 2>/dev/null & app=$!
sleep 3
act() { gdbus call --session --dest dev.lectern.Lectern --object-path /dev/lectern/Lectern \
  --method org.gtk.Actions.Activate "$1" "${2:-[]}" {} >/dev/null; sleep 0.6; }
for action in "${@:-next-article}"; do
  if [[ $action == *:* ]]; then act "${action%%:*}" "${action#*:}"; else act "$action"; fi
done
if [ -n "$screen" ]; then sleep 1; import -window root "$out"; exit; fi
$lectern $picker --screenshot "$out"
