#!/usr/bin/env bash
# Runs a command under a private D-Bus session bus and a headless Weston compositor, so
# GTK draws through Wayland, as on a GNOME desktop, rather than through X11. Software
# rendering, as in scripts/headless.sh. Used by make bench (needs the weston package).
set -euo pipefail
runtime=$(mktemp -d)
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
socket="lectern-headless-$$"
weston --backend=headless-backend.so --socket="$socket" --width=1280 --height=800 --idle-time=0 \
  >"$runtime/weston.log" 2>&1 &
weston_pid=$!
trap 'kill "$weston_pid" 2>/dev/null || true; wait "$weston_pid" 2>/dev/null || true; rm -rf "$runtime"' EXIT
for _ in $(seq 100); do [ -S "$runtime/$socket" ] && break; sleep 0.05; done
if [ ! -S "$runtime/$socket" ]; then
  echo "headless-wayland: weston did not start:" >&2
  cat "$runtime/weston.log" >&2
  exit 1
fi
export WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland
export GDK_DEBUG="${GDK_DEBUG:-gl-disable}"
export NO_AT_BRIDGE=1
export GTK_A11Y="${GTK_A11Y:-none}"
unset DISPLAY
dbus-run-session -- "$@"
