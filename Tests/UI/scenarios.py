"""Roster's end-to-end scenarios: each starts roster-app on a fresh database in a real window,
acts as a person would (xdotool types and clicks), checks what AT-SPI reports and saves a
screenshot. Usage: scenarios.py APP SHOTS_DIR [NAME...]"""

import contextlib
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import pyatspi
import sharing
from roster_ui import (
    POLL,
    App,
    Failure,
    has_state,
    holds_within,
    is_text_field,
    text_of,
    wait_until,
    walk,
    xdotool,
)

SCENARIOS = []


def scenario(function):
    SCENARIOS.append(function)
    return function


def german(function):
    """Runs the scenario's app in German (po/de.po), whose add field is “Neuer Eintrag”."""
    function.env = {"LANG": "de_DE.UTF-8"}
    function.ready = "Neuer Eintrag"
    return function


def check(condition, message):
    if not condition:
        raise Failure(message)


def add(app, text):
    """Types `text` into the add field for real and presses Enter."""
    field = app.need("text", "New entry")
    app.focus(field)
    app.type(text, field=field)
    app.key("Return")
    app.need("text", text.strip())


@scenario
def empty_state(app):
    app.need("label", "Nothing to show here")
    check(not app.find("text", "New row"), "the empty last row shows while the list is empty")
    app.screenshot("empty")
    add(app, "Anna")
    app.gone("label", "Nothing to show here")
    app.need("text", "New row")
    app.screenshot("one-entry")


def surname(index):
    """A distinct letters-only surname for each index: Baaaa, Baaab, …"""
    letters = ""
    for _ in range(4):
        index, letter = divmod(index, 26)
        letters = chr(ord("a") + letter) + letters
    return "B" + letters


def asked_for_huge_pages(app):
    """Whether the app's process runs with glibc asking for huge pages (HugePages)."""
    with open(f"/proc/{app.process.pid}/environ", "rb") as file:
        variables = dict(
            item.split(b"=", 1) for item in file.read().split(b"\0") if b"=" in item)
    return "glibc.malloc.hugetlb=1" in variables.get(b"GLIBC_TUNABLES", b"").decode().split(":")


def big_database(app, rows=170_000):
    """A folder holding a database of `rows` names imported by `roster`, 16 MB or more."""
    folder = tempfile.mkdtemp(prefix="roster-big-")
    names = os.path.join(folder, "names.csv")
    with open(names, "w", encoding="utf-8") as file:
        file.write("text\n")
        file.writelines(f"Ama {surname(index)}\n" for index in range(rows))
    database = os.path.join(folder, "big.sqlite")
    binary = shutil.which("roster") or os.path.join(os.path.dirname(app.binary), "roster")
    subprocess.run([binary, "--db", database, "import", names], check=True,
                   capture_output=True)
    check(os.path.getsize(database) >= 16 << 20, "the big database is under 16 MB")
    return folder, database


@scenario
def asks_for_huge_pages_for_a_big_database_only(app):
    """A database of 16 MB or more starts the app again, in the same process (the window is
    found by its process id), with glibc asking for 2 MB pages, where the kernel gives them only
    to memory that asks; a small one does not, since they cost memory."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled", encoding="ascii") as file:
            kernel_asks = "[madvise]" in file.read()
    except OSError:
        kernel_asks = False
    check(not asked_for_huge_pages(app), "an empty database asked for huge pages")
    folder, database = big_database(app)
    big = App(app.binary, app.shots, "huge_pages-big", db=database)
    try:
        check(asked_for_huge_pages(big) == kernel_asks,
              f"a big database asked for huge pages: {asked_for_huge_pages(big)}, "
              f"the kernel gives them only when asked: {kernel_asks}")
        big.need("text", f"Ama {surname(0)}", timeout=10)
    finally:
        big.close()
        shutil.rmtree(folder, ignore_errors=True)


@scenario
def big_list_loads_without_gtk_warnings(app):
    """A big list opens as a preview with blank rows past it, then the whole list: GTK has
    nothing to warn about. The blank rows once shared one item, which GTK found at several
    positions ("Duplicate item detected in list. Picking one randomly.")."""
    folder, database = big_database(app)
    big = App(app.binary, app.shots, "big_list-window", db=database)
    try:
        big.need("text", f"Ama {surname(0)}", timeout=10)
        header_says(big, "170,000 entries", timeout=20)
        # The sidebar groups its count's digits as the header does.
        big.need("label", "170,000")
        big.screenshot("loaded")
        with open(big.log.name, encoding="utf-8", errors="replace") as file:
            warnings = [line.strip() for line in file if "Gtk-WARNING" in line]
        check(not warnings, f"GTK warned while the big list loaded: {warnings[:2]}")
    finally:
        big.close()
        shutil.rmtree(folder, ignore_errors=True)


@scenario
def add_valid_and_invalid(app):
    field = app.need("text", "New entry")
    button = app.need("push button", "Add")
    check(not has_state(button, pyatspi.STATE_SENSITIVE), "Add is sensitive while empty")
    check(field.description == "", "a reason shows while the field is empty")
    app.focus(field)
    app.type("R2D2")
    reason = wait_until(lambda: field.description, 3, "the reason as the field's description")
    check("U+0032" in reason and "position 2" in reason, f"the reason is {reason!r}")
    app.need("label", reason)
    check(not has_state(button, pyatspi.STATE_SENSITIVE), "Add is sensitive for R2D2")
    app.screenshot("invalid")
    app.key("Return")
    check(app.entry_texts() == [], "Enter added a refused name")
    app.key("ctrl+a", "BackSpace")
    app.gone("label", reason)
    app.type("Ama Owusu")
    wait_until(lambda: has_state(button, pyatspi.STATE_SENSITIVE), 3, "Add to become sensitive")
    check(field.description == "", f"a valid text still has a description: {field.description!r}")
    app.key("Return")
    app.need("text", "Ama Owusu")
    wait_until(lambda: text_of(field) == "", 3, "the add field to clear")
    check(has_state(field, pyatspi.STATE_FOCUSED), "the add field lost the focus after Enter")
    app.type("ama owusu")
    app.need("label", "“ama owusu” is already in the list; Add adds it again.")
    app.screenshot("duplicate-warning")
    app.press(button)
    wait_until(lambda: app.entry_texts().count("ama owusu") == 1, 3, "the duplicate to be added")
    app.screenshot("added")


@scenario
def names_in_many_scripts(app):
    names = ["Łukasz", "Zoë", "王秀英", "محمد", "Ñandú", "O’Brien", "Nguyễn Văn An"]
    for name in names:
        add(app, name)
    wait_until(lambda: app.entry_texts() == names, 5, f"the rows {names}")
    app.screenshot("scripts")


@scenario
def edit_and_escape(app):
    add(app, "Anna")
    add(app, "Bob")
    row = app.need("text", "Anna")
    app.focus(row)
    app.key("End")
    app.type("bel")
    app.key("Escape")
    wait_until(lambda: text_of(row) == "Anna", 3, "Escape to restore “Anna”")
    app.key("End")
    app.type("bel")
    app.key("Return")
    app.need("text", "Annabel")
    app.need("push button", "Delete Annabel")
    app.need_focused("text", "Bob", "Enter to move to the next row")
    app.screenshot("edited")


@scenario
def empty_last_row_keeps_focus(app):
    add(app, "Anna")
    draft = app.need("text", "New row")
    app.focus(draft)
    app.type("Kwame", delay=80)
    row = app.need("text", "Kwame")
    check(has_state(row, pyatspi.STATE_FOCUSED), "the row lost the focus while typing")
    check(text_of(row) == "Kwame", f"the row reads {text_of(row)!r}")
    caret = row.queryText().caretOffset
    check(caret == 5, f"the caret moved to {caret}")
    app.need("text", "New row")
    check(app.entry_texts() == ["Anna", "Kwame"], f"rows are {app.entry_texts()}")
    app.screenshot("typed-into-last-row")
    app.key("Return")
    app.need_focused("text", "New row", "focus on the fresh empty row")
    app.key("BackSpace")
    app.need_focused("text", "Kwame", "Backspace to go up a row")
    app.key("ctrl+a", "BackSpace")
    app.key("BackSpace")
    app.gone("text", "Kwame")
    app.need_focused("text", "Anna", "focus on the row above")
    app.screenshot("backspace")


@scenario
def delete_and_undo(app):
    for name in ["Anna", "Bob", "Chiara"]:
        add(app, name)
    app.press(app.need("push button", "Delete Bob"))
    app.gone("text", "Bob")
    app.need("label", "Deleted “Bob”")
    undo = app.need("push button", "Undo")
    app.screenshot("toast")
    app.press(undo)
    app.need("text", "Bob")
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob", "Chiara"], 3, "Bob back in place")
    app.key("ctrl+l")
    app.press(app.need("push button", "Delete Chiara"))
    app.gone("text", "Chiara")
    app.key("ctrl+z")
    app.need("text", "Chiara")
    app.key("ctrl+shift+z")
    app.gone("text", "Chiara")
    app.screenshot("undo-redo")


@scenario
def delete_key_on_selection(app):
    for name in ["Anna", "Bob", "Chiara", "Dawit"]:
        add(app, name)
    app.click(app.row_part("Bob", "image"))
    app.click(app.row_part("Chiara", "image"), modifier="ctrl")
    app.screenshot("selection")
    app.key("Delete")
    app.gone("text", "Bob")
    app.gone("text", "Chiara")
    check(app.entry_texts() == ["Anna", "Dawit"], f"rows are {app.entry_texts()}")
    app.need("label", "Deleted 2 entries")
    app.screenshot("deleted-selection")
    app.press(app.need("push button", "Undo"))
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob", "Chiara", "Dawit"], 3, "undo")


@scenario
def search_without_results(app):
    for name in ["Anna", "Zoë"]:
        add(app, name)
    app.key("ctrl+f")
    search = app.need_focused("entry", "Search", "focus on search")
    app.type("zoe")
    wait_until(lambda: app.entry_texts() == ["Zoë"], 3, "an accent-insensitive match")
    app.screenshot("search")
    app.type("xyz")
    app.need("label", "No results")
    app.screenshot("no-results")
    app.key("Escape")
    app.gone("label", "No results")
    wait_until(lambda: app.entry_texts() == ["Anna", "Zoë"], 3, "the whole list again")
    # Typing where no field takes text (a selected row) starts a search.
    app.focus(app.need("text", "Anna"))
    app.key("Escape")
    app.type("zo")
    search = app.need("entry", "Search")
    wait_until(lambda: text_of(search) == "zo", 3, "typing to start a search")
    wait_until(lambda: app.entry_texts() == ["Zoë"], 3, "the search to filter")


@scenario
def category_badge(app):
    add(app, "Anna")
    add(app, "Bob")
    app.press_named("push button", "More for Anna")
    app.press_named("menu item", "New Category…")
    app.need_focused("text", "Category name", "focus on the name field")
    app.type("Family")
    app.key("Return")
    badge = app.row_part("Anna", "label")
    wait_until(lambda: text_of(badge) == "Family", 3, "the badge “Family” on Anna")
    app.press_named("push button", "More for Bob")
    app.press_named("menu item", "Family")
    wait_until(lambda: text_of(app.row_part("Bob", "label")) == "Family", 3, "Bob's badge")
    add(app, "Chiara")
    app.screenshot("badges")
    app.key("ctrl+f")
    app.need_focused("entry", "Search", "focus on search")
    app.click(app.need("combo box", "Filter by category"))
    # The choices are in a popover, a surface of its own: AT-SPI places them wrongly, so the
    # keyboard picks the second one.
    app.need_choices("the category filter's choices")
    app.key("Down", "Return")
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob"], 3, "the filter by “Family”")
    app.screenshot("filtered-by-category")
    app.key("Escape")
    app.press_named("push button", "Search")
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob", "Chiara"], 3, "the whole list")
    app.key("ctrl+k")
    app.need(None, "Colour of Family")
    app.screenshot("categories-dialog")


def start_rename(app, current):
    """Opens Rename List… from the main menu, waits for `current` in its field, and selects it
    for the new title to replace."""
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Rename List…")
    title = app.need("text", "List title")
    wait_until(lambda: text_of(title) == current, 3, "the current title in the field")
    app.key("ctrl+a")


@scenario
def lists_create_rename_delete(app):
    add(app, "Anna")
    app.press_named("push button", "New List")
    app.need_focused("text", "List title", "focus on the title field")
    app.type("Party")
    app.key("Return")
    wait_until(lambda: app.find("label", "Party") and app.find("label", "0 entries"), 3,
               "the new list in the header")
    app.need("label", "Nothing to show here")
    add(app, "Zoë")
    start_rename(app, "Party")
    app.type("Summer Party 2026")
    app.key("Return")
    app.need("label", "Summer Party 2026")
    app.screenshot("renamed")
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Delete List")
    app.need("label", "Deleted list “Summer Party 2026”")
    app.need("text", "Anna")
    app.screenshot("list-deleted")
    app.press_named("push button", "Undo")
    app.need("text", "Zoë")
    app.need("label", "Summer Party 2026")
    app.screenshot("list-restored")


@scenario
def reorder_with_keyboard_and_menu(app):
    for name in ["Anna", "Bob", "Chiara"]:
        add(app, name)
    bob = app.need("text", "Bob")
    app.focus(bob)
    app.key("alt+Up")
    wait_until(lambda: app.entry_texts() == ["Bob", "Anna", "Chiara"], 3, "Alt+Up to move Bob")
    bob = app.need_focused("text", "Bob", "Bob to keep the focus")
    app.press_named("push button", "More for Anna")
    app.press_named("menu item", "Move Down")
    wait_until(lambda: app.entry_texts() == ["Bob", "Chiara", "Anna"], 3, "Move Down on Anna")
    app.key("ctrl+z")
    wait_until(lambda: app.entry_texts() == ["Bob", "Anna", "Chiara"], 3, "undo of the move")
    app.screenshot("reordered")
    app.key("ctrl+question")
    app.need(None, "Move the entry up")
    app.screenshot("shortcuts")


@scenario
def sort_and_undo(app):
    names = ["Zoë Adams", "émile Zola", "Bob Nowak", "anna Berg"]
    for name in names:
        add(app, name)
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Sort")
    app.press_named("menu item", "A–Z")
    # Letters first in every locale's collation: é sorts with e, and case waits.
    wait_until(lambda: app.entry_texts() == ["anna Berg", "Bob Nowak", "émile Zola", "Zoë Adams"],
               3, "the list sorted A–Z")
    app.need("label", "Sorted A–Z")
    app.screenshot("sorted")
    app.key("ctrl+z")
    wait_until(lambda: app.entry_texts() == names, 3, "one undo to put every entry back")
    app.key("ctrl+shift+s")
    wait_until(lambda: app.entry_texts()[0] == "anna Berg", 3, "Ctrl+Shift+S to sort A–Z")
    app.key("ctrl+z")
    wait_until(lambda: app.entry_texts() == names, 3, "the undo of the shortcut's sort")
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Sort")
    app.press_named("menu item", "A–Z by Last Word")
    wait_until(lambda: app.entry_texts() == ["Zoë Adams", "anna Berg", "Bob Nowak", "émile Zola"],
               3, "the list sorted by family name")
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Sort")
    app.press_named("menu item", "Keep Sorted")
    app.need("label", "Kept sorted A–Z by Last Word: new entries go to their place")
    add(app, "Carl Kowalski")
    wait_until(lambda: app.entry_texts()[2] == "Carl Kowalski", 3, "the new entry in its place")
    app.focus(app.need("text", "Bob Nowak"))
    app.key("alt+Up")
    # The reason names the session's locale, whatever LANG the test runs under.
    wait_until(lambda: [n for n in app.all("label") if n.name.startswith(
        "“Names” keeps itself sorted A–Z by last word (") and n.name.endswith(
        "): turn keep-sorted off to move entries by hand.")], 3, "the reason the move is refused")
    check(app.entry_texts()[3] == "Bob Nowak", "Alt+Up moved an entry of a list kept sorted")
    app.screenshot("kept-sorted")
    app.press_named("push button", "More for Bob Nowak")
    move_up = wait_until(lambda: [n for n in app.all("menu item", "Move Up") if n.queryComponent()
                                  .getExtents(pyatspi.DESKTOP_COORDS)[2] > 0], 3, "the row menu")
    check(not has_state(move_up[-1], pyatspi.STATE_SENSITIVE), "Move Up is on in a sorted list")
    app.screenshot("move-off")
    app.key("Escape")


@scenario
def lists_with_text_and_pattern_rules(app):
    def new_list(title, choice_steps, pattern=None):
        app.press_named("push button", "New List")
        app.need_focused("text", "List title", "focus on the title field")
        app.type(title)
        app.click(app.need("combo box", "Rule"))
        app.need_choices("the rule's choices")
        app.key(*(["Down"] * choice_steps), "Return")
        if pattern is not None:
            field = app.need("text", "Pattern")
            app.focus(field)
            app.type(pattern)
        app.focus(app.need("text", "List title"))
        app.key("Return")
        wait_until(lambda: app.find("label", title), 3, f"the list “{title}”")

    new_list("Courses", 1)
    add(app, "Mastering WidgetKit iOS 16")
    new_list("Codes", 2, pattern="^[A-Z]{3}[0-9]{3}$")
    add(app, "ABC123")
    field = app.need("text", "New entry")
    app.focus(field)
    app.type("abc")
    reason = wait_until(lambda: field.description, 3, "the pattern's refusal")
    check(not has_state(app.need("push button", "Add"), pyatspi.STATE_SENSITIVE),
          "Add is sensitive for text the pattern refuses")
    app.screenshot("pattern-refusal")
    shown = roster_cli(app, "lists")
    check("Courses" in shown and "Codes" in shown, f"the database has {shown!r}")
    check(reason, "no reason for the refused code")


def roster_cli(app, *args):
    """Runs the `roster` CLI against the app's database."""
    binary = shutil.which("roster") or os.path.join(os.path.dirname(app.binary), "roster")
    result = subprocess.run([binary, "--db", app.db, *args], capture_output=True, text=True,
                            check=False)
    check(result.returncode == 0, f"roster {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


@scenario
def cli_change_appears(app):
    add(app, "Anna")
    add(app, "Bob")
    row = app.need("text", "Bob")
    app.focus(row)
    app.key("End")
    app.type("by")
    started = time.monotonic()
    roster_cli(app, "add", "Kofi Mensah", "--category", "Work")
    app.need("text", "Kofi Mensah", timeout=3)
    elapsed = time.monotonic() - started
    check(elapsed < 1.5, f"the CLI's entry took {elapsed:.2f} s to appear")
    wait_until(lambda: text_of(app.row_part("Kofi Mensah", "label")) == "Work", 3, "its badge")
    check(has_state(row, pyatspi.STATE_FOCUSED), "the row being edited lost the focus")
    check(text_of(row) == "Bobby", f"the row being edited reads {text_of(row)!r}")
    check(row.queryText().caretOffset == 5, "the caret moved in the row being edited")
    app.screenshot("cli-added")
    app.key("Return")
    app.need("push button", "Delete Bobby")
    shown = roster_cli(app, "show")
    check("Bobby" in shown and "Kofi Mensah" in shown, f"the database holds {shown!r}")
    roster_cli(app, "rm", "#1")
    app.gone("text", "Anna", timeout=3)
    app.screenshot("cli-removed")


LONG_NAME = "Maria Magdalena Wilhelmina Anastasia Konstantinopoulou-Hohenzollern"


def check_inside(app, node, width, what):
    """Checks that `node` lies wholly inside a window `width` pixels wide, once the window has
    laid itself out (up to 3 s after a resize)."""
    def inside():
        x, _, w, _ = app.extents(node)
        return x >= 0 and x + w <= width
    if not holds_within(inside, 3):
        x, _, w, _ = app.extents(node)
        raise Failure(f"{what} spans x {x}..{x + w}, outside the {width} px window")


def window_sizes(app, style):
    """The window at 1,200, 600 and 360 px: the sidebar folds away below about 600 px and the
    Lists button brings it back; the add field, Add and each row's buttons stay inside."""
    for name in ["Anna", LONG_NAME]:
        add(app, name)
    roster_cli(app, "add", "Kofi Mensah", "--category", "Work")
    roster_cli(app, "add", "Zoë Wang", "--category", "Family")
    roster_cli(app, "lists", "create", "Class 4B")
    app.need("text", "Kofi Mensah", timeout=3)
    for width in (1200, 600, 360):
        app.resize(width, 640)
        folded = width < 570
        if not holds_within(lambda folded=folded: bool(app.find("push button", "Lists")) == folded,
                            3):
            raise Failure(f"at {width} px the Lists button is {'missing' if folded else 'shown'}")
        for node in [app.need("text", "New entry"), app.need("push button", "Add"),
                     app.need("push button", f"Delete {LONG_NAME}"),
                     app.need("push button", f"More for {LONG_NAME}")]:
            check_inside(app, node, width, f"“{node.name}” at {width} px")
        app.screenshot(f"{style}-{width}", size=(width, 640))
    field = app.need("text", LONG_NAME)
    check(text_of(field) == LONG_NAME, "the long entry's text is not whole")
    check(app.find("panel", LONG_NAME), "the long row's accessible name is not its whole text")
    # Resting the pointer on the ellipsized row shows the whole text in a tooltip.
    x, y, w, h = app.extents(field)
    xdotool("mousemove", str(x + w // 2), str(y + h // 2))
    xdotool("mousemove", str(x + w // 2 + 3), str(y + h // 2))
    tip = wait_until(lambda: [n for n in app.all("tool tip") if LONG_NAME in (n.name or text_of(n))]
                     or [n for n in app.all("label") if text_of(n) == LONG_NAME], 4,
                     "the tooltip with the whole text")
    app.screenshot(f"{style}-360-tooltip", size=(360, 640))
    check(tip, "no tooltip")
    xdotool("mousemove", "300", "600")
    app.key("ctrl+f")
    app.need_focused("entry", "Search", "focus on search")
    for node in [app.need("entry", "Search"), app.need("combo box", "Filter by category")]:
        check_inside(app, node, 360, f"“{node.name}” at 360 px")
    app.screenshot(f"{style}-360-search", size=(360, 640))
    app.key("Escape")
    app.press_named("push button", "Lists")
    app.need("push button", "Show Entries")
    # Folded, the sidebar spans the window once it shows (200 px, beside it, while hidden).
    wait_until(lambda: app.extents(app.find("list", "Lists"))[2]
               >= app.extents(app.window())[2] - 16, 3, "the sidebar across the window")
    app.screenshot(f"{style}-360-lists", size=(360, 640))
    app.click(app.need("label", "Class 4B"))
    app.need("label", "Nothing to show here")
    field = app.need_focused("text", "New entry", "focus on the add field after choosing a list")
    check_inside(app, field, 360, "the add field after choosing a list")
    app.screenshot(f"{style}-360-other-list", size=(360, 640))


@scenario
def narrow_window(app):
    window_sizes(app, "light")


def dark(function):
    """Runs the scenario in the dark style."""
    function.env = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}
    return function


@scenario
@dark
def narrow_window_dark(app):
    window_sizes(app, "dark")


@scenario
def about_window(app):
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "About Roster")
    version = roster_cli(app, "--version").split()[-1]
    app.need("label", version)
    app.need("label", "Roster")
    app.screenshot("about")
    # The Legal page's own title is in the tree while hidden, with no size: click the row.
    app.click(app.need("list item", "Legal"))

    def shown_license():
        for node in app.all("label"):
            if "Apache" in (text_of(node) or node.name) and app.extents(node)[2] > 0:
                return node
        return None
    wait_until(shown_license, 3, "the Apache license on the Legal page")
    app.screenshot("about-legal")


@scenario
def search_counts_matches(app):
    roster_cli(app, "add", "Anna", "Anne", "Bob", "Annika", "Chiara")
    app.need("text", "Chiara", timeout=3)
    app.need("label", "5 entries")
    app.key("ctrl+f")
    app.need_focused("entry", "Search", "focus on search")
    app.type("ann")
    app.need("label", "3 of 5")
    app.screenshot("search-count")
    app.key("Escape")
    app.need("label", "5 entries")


def set_clipboard(text):
    """Puts `text` on the display's clipboard, as copying from another app would, and waits
    until the clipboard gives it back (xsel serves it from a process of its own)."""
    subprocess.run(["xsel", "--clipboard", "--input"], input=text, text=True, check=True)
    wait_until(lambda: subprocess.run(["xsel", "--clipboard", "--output"], capture_output=True,
                                      text=True, check=False).stdout == text,
               5, "the clipboard to hold the text")


@scenario
def paste_preview(app):
    add(app, "Anna")
    set_clipboard("Bob\nR2D2\n\nanna\nChiara\n")
    field = app.need("text", "New entry")
    app.focus(field)
    # GTK learns of the clipboard's new owner, and then what it offers, in messages of its own,
    # which can come after the keys: a paste that found nothing is pressed again, as a person
    # would (twice at most).
    for attempt in range(3):
        app.key("ctrl+v")
        if holds_within(lambda: app.find("label", "Add Pasted Lines"), 2) or attempt == 2:
            break
    app.need("label", "Add Pasted Lines")
    refused = wait_until(lambda: [n for n in app.all("panel") if n.name.startswith("Line 2: R2D2")],
                         3, "the refused line")
    check("Refused:" in refused[0].name and "U+0032" in refused[0].name,
          f"the refused line reads {refused[0].name!r}")
    duplicate = app.need("panel", "Line 4: anna. Duplicate: the list or an earlier line has it "
                         "already.")
    check(duplicate, "the duplicate is not flagged")
    app.need("panel", "Line 1: Bob")
    check(text_of(field) == "", f"the paste went into the field: {text_of(field)!r}")
    app.screenshot("preview")
    # The dialog's response buttons do not act on AT-SPI's action in GTK 4.8: click it.
    app.click(app.need("push button", "Add 3 entries"))
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob", "anna", "Chiara"], 3,
               "the three valid lines, in order")
    app.screenshot("added")
    app.key("ctrl+z")
    wait_until(lambda: app.entry_texts() == ["Anna"], 3, "one undo to remove all three")
    shown = roster_cli(app, "show")
    check("Bob" not in shown and "Anna" in shown, f"the database holds {shown!r}")


def chooser(app, title):
    """GTK's file chooser called `title`, once it has the keyboard focus."""
    dialog = app.need(None, title)
    app.wait_x_focus(f"“{title}” to take the focus")
    return dialog


def choose_file(app, title, path):
    """Types `path` into GTK's file chooser called `title` (a leading / opens its location
    field, or it replaces the selected name of a file to save) and accepts it."""
    dialog = chooser(app, title)
    app.type(path)
    wait_until(lambda: [node for node in walk(dialog)
                        if is_text_field(node) and text_of(node).startswith(path)],
               5, f"the path in “{title}”")
    app.key("Return")
    try:
        app.gone(None, title, timeout=3)
    except Failure:
        # On a busy machine the location field's completion can take the first Return.
        app.key("Return")
        app.gone(None, title)


ENGLISH_IMPORT = ("Main Menu", "Import…", "Import a List", "Import “{}”")


def import_file(app, name, text, words=ENGLISH_IMPORT):
    """Writes `text` to a new file called `name` and opens it with Import… in the main menu;
    `words` are the menu button's, the item's, the file chooser's and the preview's names."""
    path = os.path.join(tempfile.mkdtemp(prefix="roster-import-"), name)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    menu, item, title, heading = words
    app.press_named("push button", menu)
    app.press_named("menu item", item)
    choose_file(app, title, path)
    app.need("label", heading.format(name))
    return path


@scenario
def import_through_preview(app):
    add(app, "Anna")
    import_file(app, "guests.csv", "text,category\nBob,Family\nR2D2,\nŁukasz Nowak,Work\nZoë,\n")
    app.need("label", "Line 3: “R2D2” refused: “2” (U+0032) at position 2: digits are not part "
             "of a name.")
    button = app.need("push button", "Import 0 entries")
    check(not has_state(button, pyatspi.STATE_SENSITIVE), "all or nothing imports despite R2D2")
    check(app.entry_texts() == ["Anna"], "the preview wrote to the list")
    app.screenshot("preview-all-or-nothing")
    app.click(app.need("check box", "Skip the refused row"))
    button = app.need("push button", "Import 3 entries")
    wait_until(lambda: has_state(button, pyatspi.STATE_SENSITIVE), 3, "Import to be enabled")
    app.screenshot("preview-skip-invalid")
    app.click(button)
    wait_until(lambda: app.entry_texts() == ["Anna", "Bob", "Łukasz Nowak", "Zoë"], 3,
               "the three good rows, in order")
    wait_until(lambda: text_of(app.row_part("Bob", "label")) == "Family", 3, "Bob's category")
    app.screenshot("imported")
    shown = roster_cli(app, "show")
    check("Łukasz Nowak" in shown, f"the database holds {shown!r}")
    app.key("ctrl+z")
    wait_until(lambda: app.entry_texts() == ["Anna"], 3, "one undo to remove the import")


@scenario
def import_long_refused_row(app):
    """A refused row too long for the preview breaks inside its long word and stays within the
    dialog, at most four lines, cut short with “…”; a screen reader reads it whole, and so does
    its tooltip."""
    word = "R2" + "d" * 200
    import_file(app, "long.csv", f"text\nBob\n{word} Lindqvist\n")
    line = (f"Line 3: “{word[:64]}…” refused: “2” (U+0032) at position 2: digits are not part "
            "of a name.")
    label = app.need("label", line)
    button = app.need("push button", "Import 0 entries")
    x, y, w, h = app.extents(label)
    bx, _, bw, _ = app.extents(button)
    check(x + w <= bx + bw, f"the refused row runs out of the dialog ({x}+{w} > {bx}+{bw})")
    check(3 * 16 < h <= 4 * 24, f"the refused row takes {h} px, not three or four lines")
    xdotool("mousemove", str(x + w // 2), str(y + h // 2))
    xdotool("mousemove", str(x + w // 2 + 3), str(y + h // 2))
    tip = wait_until(lambda: [n for n in app.all("tool tip") if line in (n.name or text_of(n))]
                     or len([n for n in app.all("label") if text_of(n) == line]) > 1, 4,
                     "the tooltip with the whole line")
    app.screenshot("long-refused-row")
    check(tip, "no tooltip")
    xdotool("mousemove", "600", "600")
    # The dialog's response buttons do not act on AT-SPI's action in GTK 4.8: click it.
    app.click(app.need("push button", "Cancel"))
    wait_until(lambda: app.x_windows() == [app.x_main], 5, "the preview to close")
    check(app.entry_texts() == [], "a cancelled preview imported rows")


@scenario
def import_choosing_columns(app):
    """A school's spreadsheet: nothing counts until the text columns are ticked; First name
    then Last name make “Łukasz Nowak”, Class the category, and the header is not imported."""
    import_file(app, "class.csv",
                "Last name,First name,Class\nNowak,Łukasz,3b\nOwusu,Ama,3b\nR2D2,Bob,3a\n")
    app.need("label", "Text: none chosen yet")
    button = app.need("push button", "Import 0 entries")
    check(not has_state(button, pyatspi.STATE_SENSITIVE), "Import works before a column is chosen")
    header = app.need("check box", "The first row names the columns (not imported)")
    check(has_state(header, pyatspi.STATE_CHECKED), "the first row is not taken as a header")
    app.screenshot("columns-found")
    app.click(app.need("check box", "First name"))
    app.need("label", "Text: First name")
    app.click(app.need("check box", "Last name"))
    app.need("label", "Text: First name + Last name")
    app.need("label", "Line 4: “Bob R2D2” refused: “2” (U+0032) at position 6: digits are not "
             "part of a name.")
    app.click(app.need("check box", "Skip the refused row"))
    app.click(app.need(None, "Category column"))
    app.need_choices("the category column's choices")
    choices = [n for n in app.all(None, "Class") if n.getRoleName() != "check box"]
    check(choices, "the category column's choices do not show")
    app.click(choices[-1])
    app.gone(None, "None")
    app.screenshot("columns-chosen")
    button = app.need("push button", "Import 2 entries")
    wait_until(lambda: has_state(button, pyatspi.STATE_SENSITIVE), 3, "Import to be enabled")
    app.click(button)
    wait_until(lambda: app.entry_texts() == ["Łukasz Nowak", "Ama Owusu"], 3,
               "First name + Last name, in order, without the header")
    wait_until(lambda: text_of(app.row_part("Ama Owusu", "label")) == "3b", 3, "Ama's class")
    app.screenshot("imported")


def many_names(count):
    """`count` different names that pass the personal-name rule (letters only)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    names = []
    for number in range(count):
        word = ""
        rest = number
        for _ in range(4):
            rest, digit = divmod(rest, 26)
            word += letters[digit]
        names.append("Name " + word.capitalize())
    return names


@scenario
def import_large_file_cancelled(app):
    """150,000 rows (three times what a debug build imports in a second here, so that a faster
    machine still cannot finish before Escape): the import shows its progress and can be
    cancelled, and then nothing is written, in the window or the database. While rows go in,
    the app answers AT-SPI only in short breaks, too slowly for walking its tree in time: the
    scenario asks the X server instead, and presses Escape, the dialog's Cancel, once the
    progress dialog's window shows and has the keyboard focus (see the screenshot)."""
    import_file(app, "big.csv", "text\n" + "\n".join(many_names(150_000)) + "\n")
    app.need("label", "150,000 rows will be added to “Names”.", timeout=120)
    preview = app.x_windows()
    app.click(app.need("push button", "Import 150,000 entries"))
    app.wait_x_focus("the progress dialog to show, with the focus", besides=preview)
    app.screenshot("progress")
    xdotool("key", "Escape")
    app.need("label", "Cancelled; nothing was written.", timeout=30)
    check(app.entry_texts() == [], "a cancelled import added entries")
    shown = roster_cli(app, "show")
    check("Name " not in shown, f"the database holds {shown[:200]!r}")


@scenario
def import_dropped_file(app):
    """A file dragged from another app (drag_file.py offers it as a file manager does) and
    dropped on the window opens the same preview."""
    folder = tempfile.mkdtemp(prefix="roster-drop-")
    path = os.path.join(folder, "class.json")
    with open(path, "w", encoding="utf-8") as file:
        file.write('{"roster": 1, "title": "4B", "rule": {"kind": "personalName"},'
                   ' "categories": [], "entries": [{"text": "Ama Owusu"}, {"text": "Kofi"}]}')
    here = os.path.dirname(os.path.abspath(__file__))
    source = subprocess.Popen(["/usr/bin/python3", os.path.join(here, "drag_file.py"), path],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    said = []
    looks = []

    def says(event, nudge=None):
        """Waits until the drag source has said `event` (drag_file.py), moving the pointer
        to `nudge`, a pixel to one side or the other at each look, as a hand would: each move
        is a new position for the drag."""
        def heard():
            if nudge:
                looks.append(event)
                xdotool("mousemove", str(nudge[0] + len(looks) % 2), str(nudge[1]))
            while select.select([source.stdout], [], [], 0)[0]:
                line = source.stdout.readline()
                if not line:
                    break
                said.append(line.strip())
            return event in said
        if not holds_within(heard, 10):
            raise Failure(f"the drag source never said “{event}” (it said {said})")

    try:
        says("ready")
        xdotool("mousemove", "40", "15", "mousedown", "1")
        says("begun", nudge=(60, 40))
        says("accepted", nudge=(500, 500))
        xdotool("mouseup", "1")
        app.need("label", "Import “class.json”")
        app.need("label", "2 rows will be added to “Names”.")
        app.screenshot("preview")
        app.click(app.need("push button", "Import 2 entries"))
        wait_until(lambda: app.entry_texts() == ["Ama Owusu", "Kofi"], 3, "the dropped rows")
    finally:
        source.terminate()
        source.wait(timeout=5)


@scenario
def export_csv(app):
    for name in ["Anna", "Zoë"]:
        add(app, name)
    folder = tempfile.mkdtemp(prefix="roster-export-")
    path = os.path.join(folder, "out.csv")
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Export…")
    chooser(app, "Export the List")
    app.key("ctrl+a")
    choose_file(app, "Export the List", path)
    def exported():
        if not os.path.exists(path):
            return ""
        with open(path, encoding="utf-8") as file:
            return file.read()
    wait_until(lambda: "Zoë" in exported(), 3, "the exported file")
    lines = exported().splitlines()
    check(lines[0].startswith("text,category") and lines[1].startswith("Anna,")
          and lines[2].startswith("Zoë,"), f"the export reads {lines!r}")
    app.need("label", "Exported 2 entries to “out.csv”")
def print_to_pdf(app, item, names, pdf):
    """Prints through GTK's print dialog, opened by the menu `item` (or Ctrl+P), to `pdf`: the
    app preselects “Print to File” with that path (ROSTER_PRINT_TO_FILE: GTK 4.8's printer list
    and its file field are not reachable through AT-SPI), the scenario presses the dialog's
    Print button, then reads the PDF back."""
    for name in names:
        add(app, name)
    if item is None:
        app.key("ctrl+p")
    else:
        app.press_named("push button", "Main Menu")
        app.press_named("menu item", item)
    app.need(None, "Print to File", timeout=10)
    # GTK 4.8 reads a button labelled with a mnemonic twice (design/gtk.md).
    button = app.need("push button", "_Print Print", timeout=10)
    wait_until(lambda: has_state(button, pyatspi.STATE_SENSITIVE), 10, "Print to be enabled")
    app.screenshot("dialog")
    app.click(button)
    def finished():
        # Cairo writes the trailer last, when the document is closed.
        with open(pdf, "rb") as file:
            return file.read().rstrip().endswith(b"%%EOF")
    wait_until(lambda: os.path.exists(pdf) and finished()
               and not app.find("push button", "_Print Print"), 15, "the printed PDF, whole")
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    positions = [text.find(name) for name in names]
    check(all(p >= 0 for p in positions) and positions == sorted(positions),
          f"the names are not all there in order: {text!r}")
    return text


PRINT_FOLDER = tempfile.mkdtemp(prefix="roster-print-")


def printing(function):
    """Runs the scenario's app with “Print to File” preselected, to a PDF in PRINT_FOLDER."""
    function.env = {"ROSTER_PRINT_TO_FILE": os.path.join(PRINT_FOLDER, function.__name__ + ".pdf")}
    return function


@scenario
@printing
def print_list(app):
    pdf = os.path.join(PRINT_FOLDER, "print_list.pdf")
    names = ["Ama Owusu", "Łukasz Nowak", "Zoë", "李小龙", "Олена"]
    text = print_to_pdf(app, "Print…", names, pdf)
    check("Names" in text and "5 entries" in text and "Page 1 of 1" in text,
          f"the header or the foot is missing: {text!r}")
    check("1." in text and "5." in text and "Signature" not in text, f"the rows read {text!r}")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(app.shots, "print_list-page")], check=True)


@scenario
@printing
def print_many_pages(app):
    """120 entries (added by the CLI, as another program would) print on several pages, each
    with the title and its number. Ctrl+P opens the dialog: with 120 rows in the window, walking
    the tree to the menu's item takes longer than the scenario waits."""
    names = many_names(120)
    roster_cli(app, "add", *names[1:])
    app.need("label", "119 entries", timeout=15)
    pdf = os.path.join(PRINT_FOLDER, "print_many_pages.pdf")
    text = print_to_pdf(app, None, names[:1], pdf)
    pages = text.count("\f")
    check(pages >= 2 and f"Page 1 of {pages}" in text and f"Page {pages} of {pages}" in text,
          f"the page numbers are wrong over {pages} pages")
    check(text.count("120 entries") == pages, "the header is not on every page")
    found = [re.search(re.escape(name) + r"\b", text) for name in names[1:] + names[:1]]
    check(all(found), "a name is missing")
    positions = [match.start() for match in found]
    check(positions == sorted(positions), "the names are not in order")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "2", "-l", "2", pdf,
                    os.path.join(app.shots, "print_many_pages-page")], check=True)


@scenario
@printing
def print_sign_in_sheet(app):
    pdf = os.path.join(PRINT_FOLDER, "print_sign_in_sheet.pdf")
    text = print_to_pdf(app, "Print Sign-in Sheet…", ["Anna", "Bob"], pdf)
    check("Signature" in text, f"the sign-in sheet has no signature column: {text!r}")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(app.shots, "print_sign_in_sheet-page")], check=True)


def export_through_chooser(app, name, spreadsheet=False):
    """Exports the list through Export… to a new file called `name`, ticking “For spreadsheets”
    when asked, and returns the file's bytes."""
    path = os.path.join(tempfile.mkdtemp(prefix="roster-export-"), name)
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Export…")
    chooser(app, "Export the List")
    toggle = app.need("check box", "For spreadsheets (byte-order mark)")
    app.key("ctrl+a")
    app.type(path)
    if spreadsheet:
        app.click(toggle)
        try:
            wait_until(lambda: has_state(toggle, pyatspi.STATE_CHECKED), 2, "the toggle ticked")
        except Failure:
            # A click while the chooser still lays itself out can miss: tick it by its action.
            app.press(toggle)
            wait_until(lambda: has_state(toggle, pyatspi.STATE_CHECKED), 3, "the toggle ticked")
    # GTK 4.8 reads a button labelled with a mnemonic twice (design/gtk.md).
    app.click(app.need("push button", "_Export Export"))
    app.gone(None, "Export the List")
    wait_until(lambda: os.path.exists(path) and os.path.getsize(path) > 0, 5, "the exported file")
    app.need("label", f"Exported 2 entries to “{name}”")
    with open(path, "rb") as file:
        return file.read()


@scenario
def export_for_spreadsheets_and_json(app):
    for name in ["Anna", "Zoë"]:
        add(app, name)
    marked = export_through_chooser(app, "excel.csv", spreadsheet=True)
    check(marked.startswith(b"\xef\xbb\xbftext,category") and "Zoë".encode() in marked,
          f"the spreadsheet CSV starts {marked[:20]!r}")
    plain = export_through_chooser(app, "plain.csv")
    check(plain.startswith(b"text,category"), f"the plain CSV starts {plain[:20]!r}")
    document = json.loads(export_through_chooser(app, "list.json", spreadsheet=True))
    check([entry["text"] for entry in document["entries"]] == ["Anna", "Zoë"],
          f"the JSON export reads {document!r}")


@scenario
@german
def german_menus_and_reasons(app):
    app.need("label", "Hier gibt es nichts zu sehen")
    app.need("label", "0 Einträge")
    button = app.need("push button", "Hinzufügen")
    check(not app.find("push button", "Add"), "an English Add button beside the German one")
    app.press_named("push button", "Hauptmenü")
    for label in ("Neue Liste …", "Liste umbenennen …", "Liste löschen", "Rückgängig",
                  "Wiederholen", "Kategorien …", "Tastenkürzel"):
        app.need("menu item", label)
    for label in ("Importieren …", "Exportieren …", "Drucken …", "Anwesenheitsliste drucken …",
                  "Info zu Roster"):
        app.need("menu item", label)
    for english in ("Delete List", "Import…", "Export…", "Sort"):
        check(not app.find("menu item", english), f"an English {english!r} in the German menu")
    app.screenshot("german-menu")
    # The first “Sortieren” opens the submenu; the last is the submenu's own title.
    app.press(app.need("menu item", "Sortieren"))
    for label in ("A–Z", "Z–A", "A–Z nach letztem Wort", "Z–A nach letztem Wort",
                  "Sortiert halten"):
        app.need("menu item", label)
    for english in ("A–Z by Last Word", "Keep Sorted"):
        check(not app.find("menu item", english), f"an English {english!r} in the Sort submenu")
    wait_until(lambda: [n for n in app.all("menu item", "Sortiert halten") if n.queryComponent()
                        .getExtents(pyatspi.DESKTOP_COORDS)[2] > 0], 3, "the Sort submenu open")
    app.screenshot("german-sort-menu")
    app.press_named("menu item", "Sortiert halten")
    app.need("label", "Die Liste hält sich A–Z sortiert: Neue Einträge kommen an ihren Platz")
    field = app.need("text", "Neuer Eintrag")
    app.focus(field)
    app.type("R2D2")
    reason = wait_until(lambda: field.description, 3, "the reason as the field's description")
    check(reason == "„2“ (U+0032) an Position 2: Ziffern gehören nicht in einen Namen.",
          f"the reason is {reason!r}")
    check(not has_state(button, pyatspi.STATE_SENSITIVE), "Hinzufügen is sensitive for R2D2")
    app.screenshot("german-reason")


@scenario
@german
def german_import_preview(app):
    import_file(
        app, "gaeste.csv", "text,category\nBob,Familie\nR2D2,\nŁukasz Nowak,Arbeit\nZoë,\n",
        ("Hauptmenü", "Importieren …", "Eine Liste importieren", "„{}“ importieren"))
    app.need("label", "1 von 4 Zeilen wird abgelehnt. Alles oder nichts: Solange eine Zeile "
             "abgelehnt wird, wird nichts importiert; überspringen Sie die abgelehnten Zeilen, "
             "um den Rest zu importieren.")
    app.need("label", "Zeile 3: „R2D2“ abgelehnt: „2“ (U+0032) an Position 2: Ziffern gehören "
             "nicht in einen Namen.")
    check(not has_state(app.need("push button", "0 Einträge importieren"),
                        pyatspi.STATE_SENSITIVE), "all or nothing imports despite R2D2")
    app.screenshot("german-preview")
    app.click(app.need("check box", "Die abgelehnte Zeile überspringen"))
    app.need("label", "3 werden zu „Names“ hinzugefügt; 1 von 4 Zeilen wird abgelehnt und "
             "übersprungen.")
    button = app.need("push button", "3 Einträge importieren")
    wait_until(lambda: has_state(button, pyatspi.STATE_SENSITIVE), 3, "Import to be enabled")
    app.click(button)
    wait_until(lambda: app.entry_texts() == ["Bob", "Łukasz Nowak", "Zoë"], 3, "the good rows")
    app.need("label", "3 Einträge importiert; 1 abgelehnte übersprungen")
    app.screenshot("german-imported")


def shared_as(role):
    """Runs the scenario's app as `role` on the sharing cluster (sharing.py)."""
    def decorate(function):
        def setup():
            sharing.fresh_list()
            return sharing.app_setup(role)
        function.setup = setup
        return function
    return decorate


def second_window(app, role, name):
    """Another roster-app, as `role`, on the same server; the first window stays on top."""
    other = App(app.binary, app.shots, name, **sharing.app_setup(role))
    app.raise_window()
    return other


def roster_as(role, *args):
    """Runs the built `roster` as `role`, straight to the server."""
    return subprocess.run(["roster", "--db", sharing.uri(role), *args, "--list", "Guests"],
                          check=True, capture_output=True, text=True).stdout


def header_says(app, subtitle, timeout=5.0):
    app.need("label", subtitle, timeout=timeout)


@scenario
@shared_as("anna")
def shared_add_appears_live(app):
    bob = second_window(app, "bob", "shared_add_appears_live-bob")
    try:
        header_says(app, "0 entries")
        delays = []
        for name in ("Ama Owusu", "Adjoa Mensah", "Kwesi Appiah", "Akua Danso", "Yaa Asantewaa"):
            add(app, name)
            started = time.monotonic()
            bob.need("text", name, timeout=3)
            delays.append(time.monotonic() - started)
        print(f"  propagation to the other window, median of 5 (through AT-SPI, polled every "
              f"{POLL * 1000:.0f} ms): {sorted(delays)[2] * 1000:.0f} ms", flush=True)
        header_says(bob, "5 entries")
        # A row being edited in one window is left alone while the other adds.
        row = bob.need("text", "Ama Owusu")
        bob.raise_window()
        bob.focus(row)
        bob.key("End")
        bob.type(" Jr")
        # The other person adds through the CLI meanwhile, as the same team.
        roster_as("anna", "add", "Kofi Mensah")
        bob.need("text", "Kofi Mensah", timeout=3)
        check(text_of(row) == "Ama Owusu Jr", f"the row being edited became {text_of(row)!r}")
        check(has_state(row, pyatspi.STATE_FOCUSED), "the row being edited lost the focus")
        bob.screenshot("editing")
        bob.key("Return")
        app.need("text", "Ama Owusu Jr", timeout=3)
        app.raise_window()
        app.screenshot("anna")
    finally:
        bob.close()


def header_starts(app, prefix, timeout=5.0):
    """Waits for a label that starts with `prefix` (a subtitle that ends in a time)."""
    def found():
        return next((node for node in app.all("label") if (node.name or "").startswith(prefix)),
                    None)
    return wait_until(found, timeout, f"a label starting “{prefix}”")


@scenario
@shared_as("anna")
def shared_offline_and_back(app):
    """A window keeps working on its replica while the server is down; a second window of the
    same user starts on that replica with the server down, and both count what waits; once
    the server is back, the edits arrive in another user's window in order, once."""
    bob = second_window(app, "bob", "shared_offline_and_back-bob")
    state = app.state
    anna = None
    try:
        add(app, "Yaw Boateng")
        bob.need("text", "Yaw Boateng", timeout=3)
        sharing.stop_server()
        header_starts(app, "Offline · as of ", timeout=20)
        app.screenshot("offline")
        # A user whose machine never synced cannot start without the server: one line, host and
        # port, no password.
        fresh = sharing.app_setup("anna")["extra_env"]
        started = subprocess.run(
            [app.binary], env=dict(os.environ, **fresh, ROSTER_DB=sharing.uri("anna")),
            capture_output=True, text=True, timeout=30, check=False)
        errors = [line for line in started.stderr.splitlines() if line.startswith("roster-app:")]
        check(started.returncode == 1, f"a start without the server exits {started.returncode}")
        check(len(errors) == 1 and f"127.0.0.1:{sharing.cluster()['port']}" in errors[0],
              f"the start without the server said {errors}")
        check(sharing.PASSWORD not in started.stderr + started.stdout, "the password was printed")
        # The same user's second window starts on the replica, with the server still down.
        anna = App(app.binary, app.shots, "shared_offline_and_back-anna2",
                   **sharing.app_setup("anna", state=state))
        anna.need("text", "Yaw Boateng")
        header_starts(anna, "Offline · as of ", timeout=20)
        app.raise_window()
        add(app, "Efua Sarpong")
        header_starts(app, "Offline · 1 change waiting · as of ")
        header_starts(anna, "Offline · 1 change waiting · as of ")
        anna.raise_window()
        add(anna, "Kwame Asante")
        header_starts(anna, "Offline · 2 changes waiting · as of ")
        header_starts(app, "Offline · 2 changes waiting · as of ")
        anna.screenshot("second-window-offline")
        app.raise_window()
        # Each window shows the other's waiting add: one replica, one outbox.
        app.need("text", "Kwame Asante")
        anna.need("text", "Efua Sarpong")
        for window in (app, anna):
            check(window.entry_texts() == ["Yaw Boateng", "Efua Sarpong", "Kwame Asante"],
                  f"a window shows {window.entry_texts()}")
        app.screenshot("offline-waiting")
        sharing.resume_server()
        bob.need("text", "Kwame Asante", timeout=20)
        bob.need("text", "Efua Sarpong")
        texts = bob.entry_texts()
        check(texts.index("Efua Sarpong") < texts.index("Kwame Asante"),
              f"the offline adds arrived out of order: {texts}")
        check(texts.count("Kwame Asante") == 1, f"an offline add arrived twice: {texts}")
        header_says(app, f"{len(texts)} entries", timeout=10)
        header_says(anna, f"{len(texts)} entries", timeout=10)
        app.need("text", "Kwame Asante", timeout=5)
        anna.need("text", "Efua Sarpong", timeout=5)
        bob.raise_window()
        bob.screenshot("after-reconnect")
    finally:
        if anna:
            anna.close()
        bob.close()


@scenario
@shared_as("anna")
def shared_door_checks_in_offline(app):
    """A door keeps checking guests in with the server down: the tick and the count change at
    once and stay in sight, the header counts the check-in among the changes waiting, and once
    the server is back another user's window shows the guest checked in; the server's log marks
    the check-in as made offline."""
    roster_as("anna", "add", "Ama Owusu", "Kwame Asante")
    app.need("text", "Kwame Asante", timeout=5)
    bob = second_window(app, "bob", "shared_door_checks_in_offline-bob")
    try:
        bob.need("text", "Kwame Asante", timeout=5)
        app.raise_window()
        app.click(app.need("check box", "Check in Ama Owusu"))
        header_says(app, "1 of 2 checked in · 1 inside")
        header_says(bob, "1 of 2 checked in · 1 inside", timeout=5)
        sharing.stop_server()
        header_starts(app, "1 of 2 checked in · 1 inside · Offline · as of ", timeout=20)
        app.raise_window()
        app.click(app.need("check box", "Check in Kwame Asante"))
        header_starts(app, "2 of 2 checked in · 2 inside · Offline · 1 change waiting · as of ")
        wait_until(lambda: (check_button(app, "Kwame Asante").name or "")
                   .startswith("Checked in at"), 3, "the row to show the check-in")
        app.screenshot("offline-check-in")
        sharing.resume_server()
        header_says(bob, "2 of 2 checked in · 2 inside", timeout=20)
        header_says(app, "2 of 2 checked in · 2 inside", timeout=20)
        log = json.loads(roster_as("bob", "attendance", "--log", "--json"))
        made_offline = [event for event in log if event.get("offline")]
        check(len(log) == 2 and len(made_offline) == 1, f"the server's log is {log}")
        bob.raise_window()
        bob.screenshot("after-reconnect")
    finally:
        bob.close()


@scenario
@shared_as("bob")
def shared_double_check_in_is_told_to_the_offline_door(app):
    """Two doors: anna's loses the network and checks Zoë in; meanwhile bob's door, online,
    checks her in too. When anna's network is back, both check-ins are kept (hers flagged as a
    double), the count counts Zoë once, and anna's window says she was checked in twice."""
    roster_as("bob", "add", "Zoë Saldaña", "Kwame Asante")
    app.need("text", "Zoë Saldaña", timeout=5)
    proxy = sharing.Proxy()
    anna = App(app.binary, app.shots, "shared_double_check_in-anna",
               **sharing.app_setup("anna", proxy.port))
    try:
        anna.need("text", "Zoë Saldaña", timeout=5)
        proxy.kill()
        header_starts(anna, "Offline · as of ", timeout=20)
        anna.raise_window()
        anna.click(anna.need("check box", "Check in Zoë Saldaña"))
        header_starts(anna, "1 of 2 checked in · 1 inside · Offline · 1 change waiting · as of ")
        app.raise_window()
        app.click(app.need("check box", "Check in Zoë Saldaña"))
        header_says(app, "1 of 2 checked in · 1 inside")
        proxy.start()
        wait_until(lambda: any("was checked in twice" in (node.name or "")
                               for node in anna.all("label")), 30, "the double check-in toast")
        anna.raise_window()
        anna.screenshot("checked-in-twice")
        header_says(anna, "1 of 2 checked in · 1 inside", timeout=10)
        header_says(app, "1 of 2 checked in · 1 inside")
        log = json.loads(roster_as("bob", "attendance", "--log", "--json"))
        check([(event["offline"], event["double"]) for event in log]
              == [(False, False), (True, True)], f"the server's log is {log}")
    finally:
        anna.close()
        proxy.close()


def synthetic_names(count):
    """`count` distinct personal names made of syllables (“Kalo Manetu”)."""
    syllables = ["ka", "lo", "me", "na", "tu", "si", "ra", "po", "de", "vi", "sa", "mo", "le",
                 "ni", "ba", "ro", "fe", "gu", "ha", "ji", "ku", "ze", "wa", "yo", "ti"]
    firsts = [a.capitalize() + b for a in syllables for b in syllables]
    names = []
    for number in range(count):
        last, first = divmod(number, len(firsts))
        family = "".join(syllables[(last // 25 ** k) % 25] for k in range(3)).capitalize()
        names.append(f"{firsts[first]} {family}")
    return names


@scenario
@shared_as("anna")
def shared_first_start_shows_what_it_fetches(app):
    """A machine's first start on a shared server fills its replica: while it fetches a big
    list, a window says which one, then the list shows."""
    count = 150_000
    folder = tempfile.mkdtemp(prefix="rui-big-")
    csv = os.path.join(folder, "guests.csv")
    with open(csv, "w", encoding="utf-8") as out:
        out.write("".join(f"{name}\n" for name in synthetic_names(count)))
    roster_as("anna", "import", csv, "--no-header")
    setup = sharing.app_setup("anna")
    log = open(os.path.join(app.shots, "shared_first_start.log"), "w")  # noqa: SIM115
    process = subprocess.Popen(
        [app.binary], env=dict(os.environ, **setup["extra_env"], ROSTER_DB=setup["db"]),
        stdout=log, stderr=subprocess.STDOUT)
    try:
        def fetching():
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                node = desktop.getChildAtIndex(index)
                pid = None
                with contextlib.suppress(Exception):
                    pid = node.get_process_id()
                if node is None or pid != process.pid:
                    continue
                for child in walk(node):
                    with contextlib.suppress(Exception):
                        if (child.name or "").startswith("Fetching “Guests” (150,000 entries)"):
                            return node
            return None
        root = wait_until(fetching, 20, "the window saying what the first sync fetches")
        app.screenshot("first-sync")
        wait_until(lambda: any((child.name or "") == "150,000 entries" for child in walk(root)),
                   60, "the list once fetched")
        app.screenshot("first-sync-done")
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@scenario
@shared_as("bob")
def shared_edit_of_a_deleted_entry_is_reported(app):
    proxy = sharing.Proxy()
    roster_as("bob", "add", "Esi Owusu")
    app.need("text", "Esi Owusu", timeout=3)
    anna = App(app.binary, app.shots, "shared_report-anna", **sharing.app_setup("anna", proxy.port))
    try:
        row = anna.need("text", "Esi Owusu")
        proxy.kill()
        header_starts(anna, "Offline · as of ", timeout=20)
        anna.raise_window()
        anna.focus(row)
        anna.key("End")
        anna.type(" Mensah")
        anna.key("Return")
        header_starts(anna, "Offline · 1 change waiting · as of ")
        entry_id = roster_as("bob", "show", "--json")
        roster_as("bob", "rm", json.loads(entry_id)[0]["id"])
        anna.screenshot("offline-edit")
        proxy.start()
        anna.need("label", "“Esi Owusu Mensah” was not saved: someone deleted that entry "
                  "meanwhile.", timeout=20)
        anna.gone("text", "Esi Owusu Mensah", timeout=5)
        anna.screenshot("reported")
        header_says(anna, "0 entries")
        app.gone("text", "Esi Owusu")
    finally:
        anna.close()
        proxy.close()


@scenario
@shared_as("bob")
def shared_black_holed_server_keeps_the_window_responsive(app):
    proxy = sharing.Proxy()
    anna = App(app.binary, app.shots, "shared_black_hole-anna",
               **sharing.app_setup("anna", proxy.port))
    try:
        anna.raise_window()
        add(anna, "Abena Osei")
        app.need("text", "Abena Osei", timeout=3)
        proxy.pause()  # the connections stay open and nothing answers
        started = time.monotonic()
        add(anna, "Kojo Antwi")
        check(time.monotonic() - started < 3, "the window froze on the silent server")
        header_starts(anna, "Offline · 1 change waiting · as of ", timeout=30)
        anna.screenshot("black-hole")
        proxy.go_on()
        app.need("text", "Kojo Antwi", timeout=20)
        header_says(anna, "2 entries", timeout=10)
    finally:
        anna.close()
        proxy.close()


# One truth for every action (issue 21): one undo model, refusals taken back, a window that
# never waits on the disk.


def type_into_empty_row(app, text):
    """Types `text` into the always-present empty last row, a key at a time."""
    app.focus(app.need("text", "New row"))
    app.type(text, delay=60)
    app.need("text", text)


def stored_texts(app):
    """The entries of the database's first list, as another process reads them."""
    return [entry["text"] for entry in json.loads(roster_cli(app, "show", "--json"))]


@scenario
def typed_row_undone_then_cli_undoes_the_action_before(app):
    """A name typed into the empty last row is one undo step in the window and in the store:
    after Ctrl+Z takes it back, `roster undo` in another process undoes the action before."""
    roster_cli(app, "add", "Anna")
    roster_cli(app, "add", "Berta")
    app.need("text", "Berta", timeout=5)
    type_into_empty_row(app, "Carla")
    wait_until(lambda: stored_texts(app) == ["Anna", "Berta", "Carla"], 5, "Carla stored")
    app.key("ctrl+z")
    app.gone("text", "Carla")
    wait_until(lambda: stored_texts(app) == ["Anna", "Berta"], 5, "Carla's removal stored")
    said = roster_cli(app, "undo")
    check("Berta" in said, f"roster undo said {said!r}")
    check(stored_texts(app) == ["Anna"], f"the database holds {stored_texts(app)}")
    app.gone("text", "Berta", timeout=5)
    check(app.entry_texts() == ["Anna"], f"rows are {app.entry_texts()}")
    app.screenshot("cli-undid-the-action-before")


@scenario
def rename_to_a_title_taken_meanwhile(app):
    """Another process takes a title a moment before the window renames its list to it: the
    rename is taken back, with the reason in words, and the sidebar shows the title once."""
    add(app, "Anna")
    start_rename(app, "Names")
    app.type("Guests")
    roster_cli(app, "lists", "create", "Guests")
    app.key("Return")
    app.need("label", "“Guests” is already the title of another list.")
    wait_until(lambda: app.find("label", "Names"), 3, "the title taken back in the header")
    wait_until(lambda: len(app.all("label", "Guests")) == 1, 3, "Guests once in the sidebar")
    app.screenshot("rename-taken-back")
    lists = roster_cli(app, "lists")
    check(lists.count("Guests") == 1 and "Names" in lists, f"the database's lists: {lists!r}")


class SmallDisk:
    """A 2 MB tmpfs holding the scenario's database, which `fill` fills to the last byte."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="roster-ui-full-")
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", self.folder],
                       check=True)
        self.db = os.path.join(self.folder, "roster.sqlite")
        self.filler = os.path.join(self.folder, "filler")

    def fill(self):
        """Writes zeros until the disk says it is full (ENOSPC)."""
        with contextlib.suppress(OSError), open(self.filler, "wb", buffering=0) as file:
            while True:
                file.write(b"\0" * 4096)

    def free(self):
        os.unlink(self.filler)

    def remove(self):
        subprocess.run(["umount", "-l", self.folder], check=False)


def on_small_disk(function):
    def setup():
        function.disk = SmallDisk()
        return {"db": function.disk.db}
    function.setup = setup
    return function


@scenario
@on_small_disk
def full_disk_takes_the_add_back(app):
    """The disk fills up: an add is taken back with the reason, nothing else is lost, and
    once there is room again the same add is stored."""
    disk = full_disk_takes_the_add_back.disk
    try:
        add(app, "Anna")
        wait_until(lambda: stored_texts(app) == ["Anna"], 5, "Anna stored")
        disk.fill()
        field = app.need("text", "New entry")
        app.focus(field)
        app.type("Zoë", field=field)
        app.key("Return")
        app.need("label", "The disk is full: “Zoë” was not saved.", timeout=10)
        wait_until(lambda: app.entry_texts() == ["Anna"], 5, "Zoë taken back from the window")
        app.screenshot("disk-full")
        disk.free()
        add(app, "Zoë")
        wait_until(lambda: stored_texts(app) == ["Anna", "Zoë"], 5, "Zoë stored once there is room")
    finally:
        disk.remove()


class HeldLock:
    """Another process that holds the database's write lock (`BEGIN EXCLUSIVE`) until
    `release`, as `sqlite3 db 'BEGIN EXCLUSIVE; …'` would."""

    def __init__(self, db):
        self.process = subprocess.Popen(
            [sys.executable, "-c",
             "import sqlite3, sys\n"
             "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
             "c.execute('BEGIN EXCLUSIVE')\n"
             "print('locked', flush=True)\n"
             "sys.stdin.readline()\n"
             "c.execute('COMMIT')\n", db],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        check(line.strip() == "locked", f"the lock holder said {line!r}")

    def release(self):
        if self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
            self.process.wait(timeout=10)


@scenario
def locked_database_keeps_the_window_drawing(app):
    """Another process holds the database locked: the window keeps answering (adds show at
    once, the search field takes keys) and stores what was done, in order, once the lock is
    let go; closing while actions wait stores them first, saying so after a second."""
    add(app, "Anna")
    wait_until(lambda: stored_texts(app) == ["Anna"], 5, "Anna stored")
    lock = HeldLock(app.db)
    try:
        for name in ["Berta", "Cem"]:
            add(app, name)
        app.key("ctrl+f")
        search = app.need_focused("entry", "Search", "focus in the search field")
        app.type("Be", field=search)
        wait_until(lambda: app.entry_texts() == ["Berta"], 3, "the search answered while locked")
        check(lock.process.poll() is None, "the lock was let go before the window answered")
        check(stored_texts(app) == ["Anna"], "an add was stored through a held lock")
        app.screenshot("locked-and-searching")
        app.key("Escape")
    finally:
        lock.release()
    wait_until(lambda: stored_texts(app) == ["Anna", "Berta", "Cem"], 15,
               "the adds stored in order once the lock was let go")
    lock = HeldLock(app.db)
    try:
        add(app, "Dora")
        app.key("ctrl+w")
        app.need("label", "Saving 1 change before closing…", timeout=5)
        check(app.process.poll() is None, "the window closed with an action waiting")
        app.screenshot("saving-before-closing")
    finally:
        lock.release()
    app.process.wait(timeout=20)
    check(stored_texts(app) == ["Anna", "Berta", "Cem", "Dora"],
          f"the database holds {stored_texts(app)}")


# Check-in: the rows' check buttons, the door's search, the filters, and live counts.

def guests(app, names=("Anna Amsel", "Berta Brandt", "Cem Çelik")):
    """Adds `names` with the built `roster` and waits until the window shows them."""
    roster_cli(app, "add", *names)
    for name in names:
        app.need("text", name, timeout=5)


def attendance_of(app):
    """The stored attendance in today's session, entry text → status (None when not marked)."""
    rows = json.loads(roster_cli(app, "attendance", "--json"))
    return {row["text"]: row["status"] for row in rows}


def check_button(app, text):
    """The check button of the row showing `text`: named “Check in TEXT” until checked in."""
    return app.row_part(text, "check box")


@scenario
def check_in_by_clicking(app):
    guests(app)
    app.click(app.need("check box", "Check in Berta Brandt"))
    header_says(app, "1 of 3 checked in · 1 inside")
    wait_until(lambda: (check_button(app, "Berta Brandt").name or "").startswith("Checked in at"),
               3, "the button to say when and by whom")
    check(attendance_of(app)["Berta Brandt"] == "present",
          f"the database holds {attendance_of(app)}")
    app.screenshot("checked-in")
    # The row menu gives a status on purpose.
    app.press_named("push button", "More for Anna Amsel")
    app.need("menu item", "Status")
    app.screenshot("row-menu")
    app.key("Escape")
    # Ctrl+Z takes the check-in back: a clear in the log, nothing deleted.
    app.focus(app.need("text", "New entry"))
    app.key("ctrl+z")
    header_says(app, "0 of 3 checked in · 0 inside")
    app.need("check box", "Check in Berta Brandt")
    check(attendance_of(app)["Berta Brandt"] is None, f"the database holds {attendance_of(app)}")
    log = json.loads(roster_cli(app, "attendance", "--log", "--json"))
    check([event["kind"] for event in log] == ["checkin", "clear"], f"the log is {log}")


@scenario
def door_checks_in_by_search_and_enter(app):
    guests(app)
    app.key("ctrl+f")
    search = app.need_focused("entry", "Search", "focus on search")
    app.type("bert")
    app.key("Return")
    app.need("label", "Checked in “Berta Brandt” · 1 of 3")
    wait_until(lambda: text_of(search) == "", 3, "the search to clear for the next guest")
    check(has_state(search, pyatspi.STATE_FOCUSED), "the search lost the focus")
    header_says(app, "1 of 3 checked in · 1 inside")
    app.screenshot("checked-in-toast")
    # Already checked in: a toast with who and when, never a dialog.
    app.type("bert")
    app.key("Return")
    wait_until(lambda: any("was already checked in at" in (node.name or "")
                           for node in app.all("label")), 3, "the already-checked-in toast")
    check(attendance_of(app)["Berta Brandt"] == "present", "the second check-in changed it")
    # Several match: Enter only says how many.
    app.type("a")
    app.key("Return")
    app.need("label", "2 entries match: type more to check one in.")
    check(all(status is None for text, status in attendance_of(app).items()
              if text != "Berta Brandt"), "Enter with several matches checked someone in")
    # A scanner types a short id and Enter, 20 ms a key.
    app.key("ctrl+a", "BackSpace")
    ids = {row["text"]: row["id"] for row in json.loads(roster_cli(app, "show", "--json"))}
    xdotool("type", "--delay", "20", ids["Cem Çelik"][:8])
    xdotool("key", "Return")
    app.need("label", "Checked in “Cem Çelik” · 2 of 3")
    header_says(app, "2 of 3 checked in · 2 inside")
    # Rows a search lent to other entries show their own again, ticked or not.
    app.need("check box", "Check in Anna Amsel")
    check(not has_state(check_button(app, "Anna Amsel"), pyatspi.STATE_CHECKED),
          "Anna's row kept another entry's tick after the search")
    # The toast's Undo takes that check-in back.
    app.press(app.need("push button", "Undo"))
    header_says(app, "1 of 3 checked in · 1 inside")
    check(attendance_of(app)["Cem Çelik"] is None, f"the database holds {attendance_of(app)}")
    app.screenshot("door")


@scenario
def filters_show_who_arrived(app):
    guests(app)
    roster_cli(app, "checkin", "#1", "#3")
    roster_cli(app, "checkout", "#3")
    header_says(app, "2 of 3 checked in · 1 inside")
    app.key("ctrl+f")
    app.need_focused("entry", "Search", "focus on search")
    expected = {
        "Not yet arrived": ["Berta Brandt"],
        "Checked in": ["Anna Amsel", "Cem Çelik"],
        "Inside now": ["Anna Amsel"],
        "Everyone": ["Anna Amsel", "Berta Brandt", "Cem Çelik"],
    }
    order = ["Everyone", "Not yet arrived", "Checked in", "Inside now"]
    current = 0
    for choice, texts in expected.items():
        app.click(app.need("combo box", "Filter by attendance"))
        # The choices are a popover AT-SPI places wrongly: the keyboard picks one.
        app.need_choices("the attendance filter's choices")
        steps = order.index(choice) - current
        app.key(*(["Down"] * steps if steps > 0 else ["Up"] * -steps), "Return")
        current = order.index(choice)
        wait_until(lambda texts=texts: app.entry_texts() == texts, 3, f"the filter {choice}")
        if choice == "Inside now":
            app.screenshot("inside-now")


@scenario
def check_in_elsewhere_appears_live(app):
    guests(app)
    field = app.need("text", "New entry")
    app.focus(field)
    app.type("Do", field=field)
    roster_cli(app, "checkin", "#1")
    header_says(app, "1 of 3 checked in · 1 inside")
    wait_until(lambda: (check_button(app, "Anna Amsel").name or "").startswith("Checked in at"),
               3, "the row to show the check-in")
    check(has_state(field, pyatspi.STATE_FOCUSED), "the live update took the focus")
    check(text_of(field) == "Do", f"the add field holds {text_of(field)!r}")
    app.screenshot("live")


@scenario
@german
def german_check_in(app):
    """Check-in speaks German: the button's name, the header's count, the door's toast."""
    guests(app)
    app.click(app.need("check box", "Berta Brandt einchecken"))
    header_says(app, "1 von 3 eingecheckt · 1 anwesend")
    wait_until(lambda: (check_button(app, "Berta Brandt").name or "").startswith("Eingecheckt um"),
               3, "the button to say when and by whom")
    app.key("ctrl+f")
    app.need_focused("entry", "Suchen", "focus on search")
    app.type("cem")
    app.key("Return")
    app.need("label", "„Cem Çelik“ eingecheckt · 2 von 3")
    # The rows the search lent to Cem show their own entries again, unticked.
    app.need("check box", "Anna Amsel einchecken")
    check(not has_state(check_button(app, "Anna Amsel"), pyatspi.STATE_CHECKED),
          "Anna's row kept Cem's tick after the search")
    app.screenshot("german-door")


@scenario
@printing
def print_sign_in_ticks_the_checked_in(app):
    """The sign-in sheet printed from the app ticks who is checked in in the session shown, and
    counts them under the title."""
    pdf = os.path.join(PRINT_FOLDER, "print_sign_in_ticks_the_checked_in.pdf")
    guests(app)
    roster_cli(app, "checkin", "#2")
    header_says(app, "1 of 3 checked in · 1 inside")
    text = print_to_pdf(app, "Print Sign-in Sheet…", [], pdf)
    check("1 of 3 checked in" in text, f"the sheet does not count the check-in: {text!r}")
    check(all(name in text for name in ["Anna Amsel", "Berta Brandt", "Cem Çelik"]),
          f"the names are missing: {text!r}")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(app.shots, "print_sign_in-page")], check=True)


@scenario
@printing
def print_register(app):
    """Print Register… prints the class register: a column per session with each entry's mark,
    and the count of check-ins under each."""
    pdf = os.path.join(PRINT_FOLDER, "print_register.pdf")
    guests(app)
    roster_cli(app, "checkin", "#1", "#2", "--session", "Monday")
    roster_cli(app, "checkin", "#1", "--session", "Tuesday", "--status", "late")
    text = print_to_pdf(app, "Print Register…", [], pdf)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    check(any("Monday" in line and "Tuesday" in line for line in lines), f"headings: {lines}")
    check(any(line.startswith("1. Anna Amsel P L") for line in lines), f"Anna's row: {lines}")
    check(any(line.startswith("Checked in 2 1") for line in lines), f"the counts: {lines}")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(app.shots, "print_register-page")], check=True)


@scenario
def check_in_at_phone_width(app):
    """A door on a phone-sized window: the header keeps the count and the menu, whose Session
    submenu stands in for the picker there is no room for; each row's check button stays
    inside 360 px."""
    guests(app)
    roster_cli(app, "checkin", "#1", "--session", "Evening 1")
    roster_cli(app, "checkin", "#2", "#3", "--session", "Evening 2")
    app.need("combo box", "Session")
    app.resize(360, 640)
    app.gone("combo box", "Session")
    for node in [app.need("push button", "Main Menu"),
                 app.need("check box", "Check in Berta Brandt"),
                 app.need("push button", "Delete Berta Brandt")]:
        check_inside(app, node, 360, f"“{node.name}” at 360 px")
    app.press_named("push button", "Main Menu")
    app.press_named("menu item", "Session")
    app.press_named("menu item", "Evening 2")
    header_says(app, "2 of 3 checked in · 2 inside")
    app.screenshot("phone", size=(360, 640))


def main():
    binary, shots, *names = sys.argv[1:]
    chosen = [s for s in SCENARIOS if not names or s.__name__ in names]
    passed = failed = 0
    for function in chosen:
        app = None
        started = time.monotonic()
        try:
            setup = function.setup() if hasattr(function, "setup") else {}
            app = App(binary, shots, function.__name__, env=getattr(function, "env", None),
                      ready=getattr(function, "ready", "New entry"), **setup)
            function(app)
            passed += 1
            print(f"PASS {function.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception as error:  # noqa: BLE001 - any error fails this scenario, not the run
            failed += 1
            print(f"FAIL {function.__name__}: {error}", flush=True)
            if not isinstance(error, Failure):
                traceback.print_exc()
            if app:
                with contextlib.suppress(Exception):  # the scenario has failed already
                    app.screenshot("failure")
        finally:
            if app:
                app.close()
    sharing.stop_cluster()
    print(f"{passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed or not chosen else 0)


if __name__ == "__main__":
    main()
