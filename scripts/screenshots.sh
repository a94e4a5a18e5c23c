#!/usr/bin/env bash
# make screenshots: the screenshots the AppStream metainfo shows (software centres, the apt
# repository's catalog), taken from the running app with the sample feeds:
#   scripts/screenshots.sh [DIR]       (default data/screenshots)
# Their captions are in data/dev.lectern.Lectern.metainfo.xml.in.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-data/screenshots}
mkdir -p "$out"
scripts/screenshot.sh --launch "--theme Paper --color-scheme light" "$out/main-light.png"
scripts/screenshot.sh --launch "--theme Paper --color-scheme dark" "$out/main-dark.png"
scripts/screenshot.sh --launch "--theme Sepia --color-scheme light" "$out/reader.png" next-article next-article
scripts/screenshot.sh --launch "--theme Midnight --color-scheme dark" --picker "$out/picker.png"
ls -l "$out"
