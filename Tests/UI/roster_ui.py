"""Helpers for Roster's end-to-end tests: start the app, find widgets through AT-SPI, type
and click for real with xdotool, take screenshots.

Nothing here sleeps for a fixed time: each step waits for what it needs to see (a state, a
text, a size), polling every POLL seconds, and fails with a message naming it at its deadline.
The session runs with GTK's animations off (run.sh), so that what a step waits for is the end
state, never a frame of a transition."""

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


# How often a wait looks again, in seconds.
POLL = 0.02


def wait_until(predicate, timeout=5.0, what="condition"):
    """Polls `predicate` until it returns something truthy, and returns that; raises Failure
    naming `what` once `timeout` seconds have passed (the predicate is tried at least once)."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        pump()
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # the tree changes under our feet
            last_error = error
        if time.monotonic() >= deadline:
            raise Failure(f"timed out after {timeout:g} s waiting for {what}"
                          + (f" ({last_error})" if last_error else ""))
        time.sleep(POLL)  # the polling interval, not a wait for anything


def holds_within(predicate, timeout):
    """Whether `predicate` comes to hold within `timeout` seconds (wait_until, without the
    failure)."""
    try:
        wait_until(predicate, timeout)
        return True
    except Failure:
        return False


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


def is_text_field(node):
    """Whether `node` takes typed text (an editable text, whatever its role)."""
    try:
        return has_state(node, pyatspi.STATE_EDITABLE) and node.queryText() is not None
    except Exception:  # no text interface, or gone
        return False


def around_caret(field):
    """The field's text before and after what typing replaces: the selection, or the caret."""
    text = field.queryText()
    whole = text.getText(0, text.characterCount)
    start = end = text.caretOffset
    if text.getNSelections() > 0:
        start, end = sorted(text.getSelection(0))
    return whole[:start], whole[end:]


class App:
    """One run of roster-app against a fresh database, under the test's display."""

    def __init__(self, binary, shots, name, db=None, env=None, args=(), ready="New entry",
                 extra_env=None):
        """Starts the app; `ready` is the add field's name, which it waits for."""
        self.shots = shots
        self.name = name
        self.binary = binary
        # The replica's folder of a window on a shared server, for another window of its user.
        self.state = (extra_env or {}).get("XDG_STATE_HOME")
        self.db = db or os.path.join(tempfile.mkdtemp(prefix="roster-ui-"), "roster.sqlite")
        environment = dict(os.environ, ROSTER_DB=self.db, **(env or {}), **(extra_env or {}))
        # Open for the app's lifetime; close() closes it.
        self.log = open(os.path.join(shots, f"{name}.log"), "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [binary, *args], env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        self.root = wait_until(self._find_app, timeout=15, what="the app on the AT-SPI bus")
        wait_until(lambda: self.find("text", ready), timeout=10, what="the add field")
        self.wait_active("the new window to have the keyboard focus")
        # The main window's X id: the only window shown yet.
        self.x_main = wait_until(self.x_windows, 5, "the window on the X server")[0]

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

    def window(self):
        """The app's main window (its first frame)."""
        for index in range(self.root.childCount):
            node = self.root.getChildAtIndex(index)
            if node is not None and node.getRoleName() == "frame":
                return node
        raise Failure("the app has no window")

    def wait_active(self, what):
        """Waits until the main window is the active one: the keys typed go to it."""
        wait_until(lambda: has_state(self.window(), pyatspi.STATE_ACTIVE), 5, what)

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

    def need_choices(self, what):
        """Waits until a drop-down's choices have opened and taken the keyboard focus (a
        choice is focused), so that the keys pressed next go to them; returns the focused one."""
        def focused_choice():
            node = self.focused()
            return node if node is not None and node.getRoleName() == "list item" else None
        return wait_until(focused_choice, 5, what)

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
        """The widget with the keyboard focus, in the active window. Where no window says it
        is active, a dialog has the focus (GTK 4.8 does not mark a file chooser active), and
        the main window's last focused widget, which still says so, is not the one."""
        windows = [self.root.getChildAtIndex(index) for index in range(self.root.childCount)]
        active = [window for window in windows if has_state(window, pyatspi.STATE_ACTIVE)]
        for window in active or list(reversed(windows[1:])):
            for node in walk(window):
                try:
                    if has_state(node, pyatspi.STATE_FOCUSED):
                        return node
                except Exception:
                    pass
        return None

    def x_windows(self):
        """The ids of the app's windows the X server shows (mapped), as xdotool prints them."""
        return subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True, text=True, check=False).stdout.split()

    def wait_x_focus(self, what, besides=()):
        """Waits until the X server gives the keyboard focus to a window of the app other than
        the main one and those in `besides` (a dialog), and returns its id: the keys pressed
        next go to it. The X server answers even while the app is too busy for AT-SPI."""
        def dialog():
            focused = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True,
                                     text=True, check=False).stdout.strip()
            others = set(self.x_windows()) - {self.x_main, *besides}
            return focused if focused in others else None
        return wait_until(dialog, 10, what)

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

    def press(self, node):
        node.queryAction().doAction(0)

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
        """Types `text` key by key into `field`, by default the text field with the focus, and
        waits until the field shows it (where the selection or the caret was); with no field
        to watch (the focus is elsewhere, and typing starts something), the caller waits for
        what the typing does.

        A character missing from the keyboard map is typed on its own, and the field is
        watched until it shows it before anything else is typed: xdotool maps the character to
        a spare key first, and the app must see that mapping before the next one replaces it.
        An uppercase one is typed as Shift + its keysym, because xdotool's own remapping would
        type Ñ as ñ. On a loaded machine the X server can still deliver such a key before its
        mapping, and the character is lost: it is typed again (up to three times) — a person
        would see the missing letter and type it again too."""
        if field is None:
            field = self.focused()
            if field is not None and not is_text_field(field):
                field = None
        if field is None and not text.isascii():
            raise Failure(f"typing “{text}” needs a text field to watch")
        head, tail = around_caret(field) if field is not None else ("", "")

        def shows(typed):
            current = text_of(field)
            return (current.startswith(head + typed) and current.endswith(tail)
                    and len(current) >= len(head + typed + tail))

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
            for attempt in range(3):
                if character.isupper():
                    xdotool("key", f"shift+U{ord(character):04X}")
                else:
                    xdotool("type", character)
                expected = typed + character
                if holds_within(lambda expected=expected: shows(expected), 1.5) or attempt == 2:
                    break
                self._trim_to(field, head + typed, tail)
            typed += character
        if run:
            xdotool("type", "--delay", str(delay), run)
            typed += run
        if field is not None and not holds_within(lambda: shows(typed), 5):
            raise Failure(f"typed “{text}”, but “{field.name}” reads “{text_of(field)}”")

    def _trim_to(self, field, prefix, tail=""):
        """Deletes what the field has beyond `prefix` (a wrongly mapped key), with BackSpace."""
        current = text_of(field)
        if current.startswith(prefix) and current.endswith(tail):
            for _ in range(len(current) - len(prefix) - len(tail)):
                xdotool("key", "BackSpace")
            wait_until(lambda: text_of(field) == prefix + tail, 3,
                       f"“{field.name}” to read “{prefix + tail}” again")

    def key(self, *keys):
        """Presses each of `keys` in turn. The X server delivers them in order, after what
        was typed or clicked before: the caller waits for what they do."""
        for key in keys:
            xdotool("key", key)

    def focus(self, node):
        """Clicks into a text field and checks it took the focus. A field that has only just
        appeared (under a closing popover, say) may miss the first click: it clicks again, up
        to three times in all."""
        for _ in range(2):
            self.click(node, dx=20)
            if holds_within(lambda: has_state(node, pyatspi.STATE_FOCUSED), 1.5):
                return
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
        """Resizes the app's window as a window manager would, and waits until GTK reports
        the new size. The layout inside follows in the next frame: the caller waits for it."""
        windows = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True, text=True, check=True).stdout.split()
        for window in windows:
            xdotool("windowsize", window, str(width), str(height))

        def resized():
            # The frame reports its size less a margin of up to 10 px.
            _, _, w, h = self.extents(self.window())
            return width - 16 <= w <= width and height - 16 <= h <= height
        wait_until(resized, 5, f"the window at {width}×{height} px")

    def raise_window(self):
        """Puts the app's window on top of the others (at 0,0 like them: GTK reports
        positions relative to the window), so that clicks and keys go to it."""
        windows = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True, text=True, check=True).stdout.split()
        for window in windows:
            xdotool("windowraise", window)
            xdotool("windowfocus", window)
        self.wait_active("the raised window to take the keyboard focus")

    def extents(self, node):
        """The widget's x, y, width and height on the screen."""
        return node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
