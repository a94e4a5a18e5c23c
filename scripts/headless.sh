#!/usr/bin/env bash
# Runs a command under a private D-Bus session bus and a virtual X display, as the UI
# tests need: no real desktop, no user's bus, software rendering.
set -euo pipefail
export GDK_DEBUG="${GDK_DEBUG:-gl-disable}"
export NO_AT_BRIDGE=1
export GTK_A11Y="${GTK_A11Y:-none}"
exec dbus-run-session -- xvfb-run -a -s '-screen 0 1280x800x24' "$@"
