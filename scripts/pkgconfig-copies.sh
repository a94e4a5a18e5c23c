#!/usr/bin/env bash
# Writes into DIR a copy of every installed pkg-config file whose Cflags carry flags SwiftPM
# refuses (-pthread, -mfpmath=…, -msse…), without them. SwiftPM drops those flags anyway and says
# so with a "warning: prohibited flag(s)" on every build; with DIR first in PKG_CONFIG_PATH (the
# Makefile puts it there) it reads these copies, builds the same, and a clean build prints no
# warning. Usage: pkgconfig-copies.sh DIR
set -euo pipefail
out="$1"
rm -rf "$out"
mkdir -p "$out"
IFS=: read -ra folders <<< "$(pkg-config --variable pc_path pkg-config 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/pkgconfig:/usr/share/pkgconfig)"
for folder in "${folders[@]}"; do
  for file in "$folder"/*.pc; do
    [ -f "$file" ] && [ ! -e "$out/$(basename "$file")" ] || continue   # the first in the path wins, as for pkg-config
    if grep -qE '^Cflags:.*[[:space:]]-(pthread|mfpmath=|msse)' "$file"; then
      awk '/^Cflags:/ { line = $1; for (i = 2; i <= NF; i++) if ($i !~ /^-(pthread|mfpmath=|msse)/) line = line " " $i; print line; next } { print }' \
        "$file" > "$out/$(basename "$file")"
    fi
  done
done
