#!/usr/bin/python3
"""Calls Lectern's GNOME Shell search provider the way GNOME Shell does, on the session bus,
and prints the answer as JSON (with the call's time in milliseconds):

    shell_search.py INI METHOD [ARGUMENT...]      each ARGUMENT is JSON: '["theme"]', '"12"', 0

INI is the provider's .ini (data/dev.lectern.Lectern.search-provider.ini): its BusName and
ObjectPath are the ones called, as the Shell reads them. A D-Bus error exits 1 with its message.
The tests (ShellSearchProviderTests) and `make bench` use it; needs python3-gi.
"""
import configparser
import json
import sys
import time

from gi.repository import Gio, GLib

INTERFACE = "org.gnome.Shell.SearchProvider2"
SIGNATURES = {"GetInitialResultSet": "(as)", "GetSubsearchResultSet": "(asas)", "GetResultMetas": "(as)",
              "ActivateResult": "(sasu)", "LaunchSearch": "(asu)"}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in SIGNATURES:
        sys.exit(f"usage: shell_search.py INI {{{'|'.join(SIGNATURES)}}} [ARGUMENT...]")
    ini, method = sys.argv[1], sys.argv[2]
    config = configparser.ConfigParser()
    config.read(ini)
    provider = config["Shell Search Provider"]
    arguments = GLib.Variant(SIGNATURES[method], tuple(json.loads(argument) for argument in sys.argv[3:]))
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    started = time.perf_counter()
    try:
        reply = bus.call_sync(provider["BusName"], provider["ObjectPath"], INTERFACE, method, arguments,
                              None, Gio.DBusCallFlags.NONE, 30000)
    except GLib.Error as error:
        sys.exit(error.message)
    elapsed = (time.perf_counter() - started) * 1000
    print(json.dumps({"reply": list(reply.unpack()), "ms": round(elapsed, 2)}, ensure_ascii=False))


if __name__ == "__main__":
    main()
