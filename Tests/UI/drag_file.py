"""A tiny GTK 4 window that offers one file for dragging, as a file manager does (a
text/uri-list), so that a scenario can drop a real file on Roster's window.
Usage: drag_file.py PATH

It prints what the scenario waits for, a line each: `ready` once its window is mapped, `begun`
when a drag starts and `accepted` when the window under the pointer accepts the file (the
drop will be taken)."""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def say(event):
    print(event, flush=True)


def main():
    uri = Gio.File.new_for_path(sys.argv[1]).get_uri()
    app = Gtk.Application(application_id="org.roster.DragSource",
                          flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="Drag source")
        window.set_decorated(False)
        window.set_default_size(120, 40)
        label = Gtk.Label(label="guests.csv")
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_bytes(
            "text/uri-list", GLib.Bytes.new((uri + "\r\n").encode())))

        def begun(_source, drag):
            say("begun")
            drag.connect("notify::selected-action",
                         lambda drag, _: drag.get_selected_action() and say("accepted"))

        source.connect("drag-begin", begun)
        label.add_controller(source)
        window.set_child(label)
        window.connect("map", lambda _: say("ready"))
        window.present()

    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
