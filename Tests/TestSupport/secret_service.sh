#!/usr/bin/env bash
# A real Secret Service (gnome-keyring-daemon, secrets component) on a private session bus,
# for tests (Tests/TestSupport/SecretService.swift). Needs gnome-keyring, libglib2.0-bin (gdbus).
#
#   secret_service.sh start              start the daemon on $DBUS_SESSION_BUS_ADDRESS with a "login"
#                                        keyring created (if missing) and unlocked with
#                                        $SECRET_SERVICE_PASSWORD (default "lectern-test"); waits until the
#                                        default alias resolves to an unlocked collection, then prints
#                                          SECRET_SERVICE_PID=<pid>
#                                          SECRET_SERVICE_RUNTIME_DIR=<dir>
#                                          SECRET_SERVICE_READY_MS=<ms>
#                                        The keyring lives in $XDG_DATA_HOME/keyrings (or $HOME/.local/share),
#                                        which must be a throwaway directory.
#   secret_service.sh stop PID [DIR]     SIGTERM the daemon (SIGKILL after 5 s), remove its runtime dir.
#
# The bus should activate nothing (TestSupport's PrivateBus has an empty service folder): the stock
# session bus would D-Bus-activate the desktop's gnome-keyring, which asks for a password in a
# window. Without a Secret Service on such a bus, libsecret fails with G_DBUS_ERROR_SERVICE_UNKNOWN:
#   "The name org.freedesktop.secrets was not provided by any .service files"
set -euo pipefail

SELF=$(readlink -f "${BASH_SOURCE[0]}")
NAME=org.freedesktop.secrets

die() { echo "secret_service.sh: $*" >&2; exit 1; }

bus_call() { # bus_call DEST PATH METHOD ARGS... (never auto-starts anything unless DEST is activatable)
    local dest=$1 path=$2 method=$3; shift 3
    gdbus call --session --dest "$dest" --object-path "$path" --method "$method" "$@"
}

name_owner_pid() { # prints the PID owning $NAME, or nothing (NameHasOwner does not activate)
    bus_call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner "$NAME" \
        2>/dev/null | grep -q true || return 0
    bus_call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetConnectionUnixProcessID "$NAME" \
        2>/dev/null | sed -n 's/^(uint32 \([0-9]*\),)$/\1/p'
}

default_collection_unlocked() {
    local path
    path=$(bus_call "$NAME" /org/freedesktop/secrets org.freedesktop.Secret.Service.ReadAlias default 2>/dev/null \
           | sed -n "s/^(objectpath '\(.*\)',)$/\1/p")
    [[ -n $path && $path != / ]] || return 1
    bus_call "$NAME" "$path" org.freedesktop.DBus.Properties.Get org.freedesktop.Secret.Collection Locked \
        2>/dev/null | grep -q '(<false>,)'
}

alive() { # a live process (zombies count as gone: our daemon's parent exits right after `start`)
    local state
    state=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null) || return 1
    [[ -n $state && $state != Z && $state != X ]]
}

cmd_start() {
    [[ -n ${DBUS_SESSION_BUS_ADDRESS:-} ]] || die "DBUS_SESSION_BUS_ADDRESS is not set (run under dbus-run-session)"
    local data=${XDG_DATA_HOME:-${HOME:?HOME or XDG_DATA_HOME must be set}/.local/share}
    local realhome; realhome=$(getent passwd "$(id -u)" | cut -d: -f6)
    [[ $(readlink -m "$data") != "$(readlink -m "$realhome/.local/share")" ]] \
        || die "refusing to touch the real keyrings in $data; point XDG_DATA_HOME/HOME at a temp dir"
    [[ -z $(name_owner_pid) ]] || die "$NAME is already owned on this bus"
    mkdir -p "$data"

    # The control socket goes in $XDG_RUNTIME_DIR/keyring/control; keep that path short (sun_path is 108
    # bytes; a long one makes the daemon exit) and private to this daemon (parallel tests).
    local rundir; rundir=$(mktemp -d /tmp/gkr.XXXXXX)
    local log=$rundir/daemon.log
    local t0; t0=$(date +%s%N)
    # --unlock reads the password from stdin up to EOF; it creates the "login" keyring if missing and
    # unlocks it. "login" is then the default alias, so SECRET_COLLECTION_DEFAULT works without a prompt.
    # Every descriptor above 2 is closed first: the daemon outlives this script, and an inherited
    # one can be how the caller learns that the script ended (Foundation's Process waits for its
    # end of a socket it gives the child), which would then never happen.
    printf '%s' "${SECRET_SERVICE_PASSWORD:-lectern-test}" | (
        for fd in /proc/$BASHPID/fd/*; do n=${fd##*/}; if (( n > 2 )); then eval "exec $n>&-" 2>/dev/null || true; fi; done
        XDG_DATA_HOME=$data XDG_RUNTIME_DIR=$rundir exec gnome-keyring-daemon --foreground --unlock --components=secrets
    ) >"$log" 2>&1 &
    local pid=$!

    local deadline=$(( $(date +%s) + ${SECRET_SERVICE_TIMEOUT:-10} )) owner
    while :; do
        if ! alive "$pid"; then
            cat "$log" >&2; rm -rf "$rundir"; die "gnome-keyring-daemon exited during startup"
        fi
        owner=$(name_owner_pid)
        if [[ -n $owner ]]; then
            if [[ $owner != "$pid" ]]; then
                kill "$pid" 2>/dev/null || true; rm -rf "$rundir"
                die "$NAME is owned by pid $owner, not by our daemon $pid (D-Bus activation?)"
            fi
            default_collection_unlocked && break
        fi
        if (( $(date +%s) >= deadline )); then
            kill "$pid" 2>/dev/null || true; cat "$log" >&2; rm -rf "$rundir"
            die "timed out waiting for an unlocked default collection"
        fi
        sleep 0.01
    done
    echo "SECRET_SERVICE_PID=$pid"
    echo "SECRET_SERVICE_RUNTIME_DIR=$rundir"
    echo "SECRET_SERVICE_READY_MS=$(( ($(date +%s%N) - t0) / 1000000 ))"
}

cmd_stop() {
    local pid=${1:?usage: stop PID [RUNTIME_DIR]} dir=${2:-}
    [[ $pid =~ ^[0-9]+$ ]] || die "not a pid: $pid"
    if alive "$pid"; then
        [[ $(cat "/proc/$pid/comm" 2>/dev/null) == gnome-keyring-d* ]] || die "pid $pid is not gnome-keyring-daemon"
        kill -TERM "$pid" 2>/dev/null || true
        local i
        for ((i = 0; i < 500; i++)); do alive "$pid" || break; sleep 0.01; done
        if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    fi
    if [[ -n $dir ]]; then
        [[ $dir == /tmp/gkr.* ]] || die "not a runtime dir made by start: $dir"
        rm -rf -- "$dir"
    fi
}

case ${1:-} in
    start) cmd_start ;;
    stop) shift; cmd_stop "$@" ;;
    *) sed -n '2,18p' "$SELF" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
