#!/usr/bin/python3
"""A stand-in notification server (org.freedesktop.Notifications) for Lectern's tests.

Owns the name on the session bus in DBUS_SESSION_BUS_ADDRESS; GLib's GNotification then sends
through it. Prints "ready" once the name is owned, then one JSON line per notification received:
{"id", "app_name", "replaces_id", "summary", "body", "actions": {key: label}, "hints": {...}}.
Commands on stdin, one per line:
    invoke <id> <action-key>   the user clicked: emit ActionInvoked (key "default" for the body)
    quit
"""
import json
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
loop = GLib.MainLoop()
connection = None
next_id = [0]


def handle_call(conn, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        app_name, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
        if replaces:
            identifier = replaces
        else:
            next_id[0] += 1
            identifier = next_id[0]
        pairs = dict(zip(actions[0::2], actions[1::2]))
        print(json.dumps({"id": identifier, "app_name": app_name, "replaces_id": replaces, "summary": summary,
                          "body": body, "actions": pairs, "hints": {k: str(v) for k, v in hints.items()}}), flush=True)
        invocation.return_value(GLib.Variant("(u)", (identifier,)))
    elif method == "CloseNotification":
        identifier, = parameters.unpack()
        print(json.dumps({"closed": identifier}), flush=True)
        invocation.return_value(None)
        conn.emit_signal(None, PATH, INTERFACE, "NotificationClosed", GLib.Variant("(uu)", (identifier, 3)))
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body", "body-markup", "persistence"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("Stand-in", "Lectern tests", "1.0", "1.2")))


def on_bus(conn, name):
    global connection
    connection = conn
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    conn.register_object(PATH, info, handle_call, None, None)


def on_stdin(channel, condition):
    line = channel.readline()
    if not line or line.strip() == "quit":
        loop.quit()
        return False
    parts = line.split(maxsplit=2)
    if len(parts) == 3 and parts[0] == "invoke":
        connection.emit_signal(None, PATH, INTERFACE, "ActionInvoked", GLib.Variant("(us)", (int(parts[1]), parts[2].strip())))
        connection.flush_sync(None)
        print(json.dumps({"invoked": int(parts[1])}), flush=True)
    return True


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                 on_bus, lambda *a: print("ready", flush=True), lambda *a: sys.exit("could not own the notifications name"))
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
loop.run()
