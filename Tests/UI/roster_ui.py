"""Helpers for Roster's end-to-end tests: start the app, find widgets through AT-SPI, type
and click for real with xdotool, take screenshots."""

import os
import subprocess
import tempfile
import time

import pyatspi
from gi.repository import GLib

# The text fields that are no entry: the add field, the empty last row and the search field,
# in English (the C locale) and German.
NOT_ENTRIES = ("New entry", "New row", "Search", "Neuer Eintrag", "Neue Zeile", "Suchen")


def pump():
    """Lets AT-SPI's client library process the bus's signals (new apps, changed trees)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


class Failure(Exception):
    pass


def wait_until(predicate, timeout=5.0, what="condition"):
    """Polls `predicate` until it returns something truthy; raises Failure after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        pump()
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # the tree changes under our feet
            last_error = error
        time.sleep(0.05)
    raise Failure(f"timed out waiting for {what}" + (f" ({last_error})" if last_error else ""))


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def text_of(node):
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except NotImplementedError:
        return ""


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    for index in range(node.childCount):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def has_state(node, state):
    return node.getState().contains(state)


class App:
    """One run of roster-app against a fresh database, under the test's display."""

    def __init__(self, binary, shots, name, db=None, env=None, args=(), ready="New entry",
                 extra_env=None):
        """Starts the app; `ready` is the add field's name, which it waits for."""
        self.shots = shots
        self.name = name
        self.binary = binary
        self.db = db or os.path.join(tempfile.mkdtemp(prefix="roster-ui-"), "roster.sqlite")
        environment = dict(os.environ, ROSTER_DB=self.db, **(env or {}), **(extra_env or {}))
        # Open for the app's lifetime; close() closes it.
        self.log = open(os.path.join(shots, f"{name}.log"), "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [binary, *args], env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        self.root = wait_until(self._find_app, timeout=15, what="the app on the AT-SPI bus")
        wait_until(lambda: self.find("text", ready), timeout=10, what="the add field")
        time.sleep(0.2)

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == "roster-app":
                try:
                    if app.get_process_id() != self.process.pid:
                        continue
                except Exception:
                    pass
                if app.childCount > 0:
                    return app
        return None

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()

    # Finding

    def all(self, role=None, name=None):
        found = []
        for node in walk(self.root):
            try:
                if role and node.getRoleName() != role:
                    continue
                if name is not None and node.name != name:
                    continue
            except Exception:
                continue
            found.append(node)
        return found

    def find(self, role=None, name=None):
        nodes = self.all(role, name)
        return nodes[0] if nodes else None

    def need(self, role, name, timeout=5.0):
        return wait_until(lambda: self.find(role, name), timeout, f"{role} “{name}”")

    def need_focused(self, role, name, what):
        """The widget called `name`, once it has the keyboard focus."""
        node = self.need(role, name)
        wait_until(lambda: has_state(node, pyatspi.STATE_FOCUSED), 3, what)
        return node

    def gone(self, role, name, timeout=5.0):
        wait_until(lambda: not self.find(role, name), timeout, f"{role} “{name}” to disappear")

    def entry_texts(self):
        """The texts of the entry rows the list has realised, top to bottom."""
        rows = []
        for node in self.all("text"):
            if node.name in NOT_ENTRIES:
                continue
            rows.append(text_of(node))
        return rows

    def row_part(self, text, role):
        """The first `role` widget inside the row whose accessible name is `text`."""
        def find():
            for row in self.all("panel", text):
                for node in walk(row):
                    if node.getRoleName() == role:
                        return node
            return None
        return wait_until(find, 3, f"{role} in the row “{text}”")

    def focused(self):
        for node in walk(self.root):
            try:
                if has_state(node, pyatspi.STATE_FOCUSED):
                    return node
            except Exception:
                pass
        return None

    # Acting

    def click(self, node, dx=None, dy=None, modifier=None):
        x, y, width, height = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        cx = x + (dx if dx is not None else width // 2)
        cy = y + (dy if dy is not None else height // 2)
        xdotool("mousemove", str(cx), str(cy))
        if modifier:
            xdotool("keydown", modifier, "click", "1", "keyup", modifier)
        else:
            xdotool("click", "1")
        time.sleep(0.15)

    def press(self, node):
        node.queryAction().doAction(0)
        time.sleep(0.15)

    def press_named(self, role, name):
        """Activates the widget called `name`; a menu button is the inner one with an action."""
        def find():
            for node in reversed(self.all(role, name)):
                try:
                    if node.queryAction().nActions > 0:
                        return node
                except NotImplementedError:
                    continue
            return None
        self.press(wait_until(find, 5, f"{role} “{name}” with an action"))

    def texts_of(self, role):
        return [text_of(node) or node.name for node in self.all(role)]

    def type(self, text, delay=40, field=None):
        """Types `text` key by key. A character missing from the keyboard map is typed on its
        own, with a pause after it: xdotool maps it to a spare key first, and the app must see
        that mapping before the next one replaces it. An uppercase one is typed as Shift + its
        keysym, because xdotool's own remapping would type Ñ as ñ.

        On a loaded machine the X server can still deliver such a key before its mapping, and
        the character is lost. Given the `field` being typed into, each such character is
        checked in the field's text and typed again (up to three times) when it went missing —
        a person would see the missing letter and type it again too."""
        typed = ""
        run = ""
        for character in text:
            if character.isascii():
                run += character
                continue
            if run:
                xdotool("type", "--delay", str(delay), run)
                typed += run
                run = ""
            for _ in range(3):
                if character.isupper():
                    xdotool("key", f"shift+U{ord(character):04X}")
                else:
                    xdotool("type", character)
                time.sleep(0.12)
                if field is None or self._shows(field, typed + character):
                    break
                self._trim_to(field, typed)
            typed += character
        if run:
            xdotool("type", "--delay", str(delay), run)
        time.sleep(0.2)

    def _shows(self, field, expected, timeout=1.5):
        """Whether the field's text becomes `expected` within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pump()
            if text_of(field) == expected:
                return True
            time.sleep(0.05)
        return False

    def _trim_to(self, field, prefix):
        """Deletes what the field has beyond `prefix` (a wrongly mapped key), with BackSpace."""
        current = text_of(field)
        if current.startswith(prefix):
            for _ in range(len(current) - len(prefix)):
                xdotool("key", "BackSpace")
            time.sleep(0.1)

    def key(self, *keys):
        for key in keys:
            xdotool("key", key)
            time.sleep(0.1)

    def focus(self, node):
        """Clicks into a text field and checks it took the focus. A field that has only just
        appeared (under a closing popover, say) may miss the first click: it clicks again, up
        to three times in all."""
        for _ in range(2):
            self.click(node, dx=20)
            deadline = time.monotonic() + 1.5
            while time.monotonic() < deadline:
                if has_state(node, pyatspi.STATE_FOCUSED):
                    return
                time.sleep(0.05)
        self.click(node, dx=20)
        wait_until(lambda: has_state(node, pyatspi.STATE_FOCUSED), 3, f"focus on “{node.name}”")

    def screenshot(self, label, size=None):
        """Saves the screen, or only its top-left `size` (width, height): the window, which sits
        at 0,0 without a window manager."""
        path = os.path.join(self.shots, f"{self.name}-{label}.png")
        crop = ["-crop", f"{size[0]}x{size[1]}+0+0", "+repage"] if size else []
        subprocess.run(["import", "-window", "root", *crop, path], check=True)
        return path

    def resize(self, width, height):
        """Resizes the app's window as a window manager would, and waits for it to settle."""
        windows = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True, text=True, check=True).stdout.split()
        for window in windows:
            xdotool("windowsize", window, str(width), str(height))
        time.sleep(0.6)

    def raise_window(self):
        """Puts the app's window on top of the others (at 0,0 like them: GTK reports
        positions relative to the window), so that clicks and keys go to it."""
        windows = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True, text=True, check=True).stdout.split()
        for window in windows:
            xdotool("windowraise", window)
            xdotool("windowfocus", window)
        time.sleep(0.3)

    def extents(self, node):
        """The widget's x, y, width and height on the screen."""
        return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
