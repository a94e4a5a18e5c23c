#!/usr/bin/python3
"""A stand-in for the XDG desktop portal's Settings interface, for Lectern's tests.

Owns org.freedesktop.portal.Desktop on the session bus in DBUS_SESSION_BUS_ADDRESS and
answers Read/ReadOne for org.freedesktop.appearance color-scheme, contrast and (given
--accent) accent-color. Prints "ready" once the name is owned. Commands on stdin, one per line:
    set <key> <uint>        change a value and emit SettingChanged
    set-accent <r> <g> <b>  the accent colour, (ddd) in 0..1, and SettingChanged
    quit
Options: --color-scheme N, --contrast N, --accent R,G,B (none: the setting is not found, as
before GNOME 47), --no-read-one (an old portal with Read only).
"""
import argparse
import sys

from gi.repository import Gio, GLib

NAMESPACE = "org.freedesktop.appearance"
XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll"><arg type="as" direction="in"/><arg type="a{sa{sv}}" direction="out"/></method>
    <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

parser = argparse.ArgumentParser()
parser.add_argument("--color-scheme", type=int, default=0)
parser.add_argument("--contrast", type=int, default=0)
parser.add_argument("--accent")
parser.add_argument("--no-read-one", action="store_true")
options = parser.parse_args()
values = {"color-scheme": GLib.Variant("u", options.color_scheme), "contrast": GLib.Variant("u", options.contrast)}
if options.accent:
    values["accent-color"] = GLib.Variant("(ddd)", tuple(float(x) for x in options.accent.split(",")))
loop = GLib.MainLoop()
connection = None


def handle_call(conn, sender, path, interface, method, parameters, invocation):
    if method == "ReadOne" and options.no_read_one:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", "No such method ReadOne")
        return
    if method in ("Read", "ReadOne"):
        namespace, key = parameters.unpack()
        if namespace != NAMESPACE or key not in values:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
            return
        value = values[key]
        if method == "Read":  # the old method wraps the value in one more variant
            value = GLib.Variant("v", value)
        invocation.return_value(GLib.Variant("(v)", (value,)))
    elif method == "ReadAll":
        everything = {NAMESPACE: dict(values)}
        invocation.return_value(GLib.Variant("(a{sa{sv}})", (everything,)))


def handle_get_property(conn, sender, path, interface, name):
    return GLib.Variant("u", 1 if options.no_read_one else 2)


def on_bus(conn, name):
    global connection
    connection = conn
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    conn.register_object("/org/freedesktop/portal/desktop", info, handle_call, handle_get_property, None)


def on_name(conn, name):
    print("ready", flush=True)


def on_stdin(channel, condition):
    line = channel.readline()
    if not line or line.strip() == "quit":
        loop.quit()
        return False
    parts = line.split()
    if len(parts) == 3 and parts[0] == "set":
        changed(parts[1], GLib.Variant("u", int(parts[2])))
    elif len(parts) == 4 and parts[0] == "set-accent":
        changed("accent-color", GLib.Variant("(ddd)", tuple(float(x) for x in parts[1:])))
    return True


def changed(key, value):
    values[key] = value
    connection.emit_signal(None, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                           "SettingChanged", GLib.Variant("(ssv)", (NAMESPACE, key, value)))
    connection.flush_sync(None)
    print("changed", flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, lambda *a: sys.exit("could not own the portal name"))
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
loop.run()
