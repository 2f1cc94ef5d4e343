"""Roster's translation tooling, over GNU gettext (`make pot`, `make po-check`, `make locale`).

  po.py extract POT           xgettext over Sources/, keywords `localized` and
                              `localizedPlural` (singular and plural), into POT
  po.py check PO [POT]        every msgid of POT translated in PO: nothing missing, fuzzy,
                              untranslated or obsolete, the same placeholders; exit 1 otherwise
  po.py compile FOLDER        po/LL.po into FOLDER/LL/LC_MESSAGES/roster.mo (msgfmt -c)
  po.py unwrapped             literals the front ends show people (labels, names, menu items,
                              tooltips, help, output lines) not wrapped in `localized`; exit 1
                              if any. One line each: its place may hold a format instead.

xgettext has no Swift parser; its Vala one reads Swift's literals alike (`//` comments, `"…"`
with C escapes, `+` joining literals, `\"\"\"` multi-line literals), except that a multi-line
literal comes out raw. `extract` gives those the value Swift gives them: without the first and
last line break, the closing delimiter's indentation removed from every line, escapes read. A
msgid with `\\(` (an interpolated string) or `\\u{` is refused, as no catalog could match it.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

# ROSTER_PO_ROOT: another tree to extract from (the tests use it).
ROOT = Path(os.environ.get("ROSTER_PO_ROOT") or Path(__file__).resolve().parent.parent)
DOMAIN = "roster"
PLACEHOLDER = re.compile(r"%(?:\d+\$)?@")
SWIFT_ESCAPE = re.compile(r"\\(u\{([0-9A-Fa-f]+)\}|.|\n)", re.DOTALL)
SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


def po_unquote(text):
    """The value of a PO string's body (between its quotes)."""
    escapes = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), "\\" + m.group(1)), text)


def po_quote(text):
    """A PO string for `text`, one line per line of it."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = body.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if len(parts) == 1:
        return f'"{parts[0]}"'
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def parse(path):
    """The entries of a PO file: dicts with comments, msgid, msgstr, fuzzy and obsolete."""
    entries = []
    entry = None
    field = None
    for source_line in [*Path(path).read_text(encoding="utf-8").splitlines(), ""]:
        line = source_line
        if not line.strip():
            if entry is not None:
                entries.append(entry)
            entry, field = None, None
            continue
        if entry is None:
            entry = {"comments": [], "msgid": "", "msgstr": "", "fuzzy": False, "obsolete": False}
        if line.startswith("#~"):
            entry["obsolete"] = True
            line = line[2:].strip()
            if not line:
                continue
        if line.startswith("#"):
            entry["comments"].append(line)
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            continue
        match = re.match(r'(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+"(.*)"$', line)
        if match:
            field = match.group(1)
            entry[field] = po_unquote(match.group(2))
            entry.setdefault("fields", []).append(field)
        elif line.startswith('"') and field:
            entry[field] += po_unquote(line[1:-1])
    return entries


def swift_multiline(raw):
    """The value Swift gives a multi-line literal whose source text is `raw`."""
    lines = raw.split("\n")[1:]
    indent = lines[-1]
    body = [line.removeprefix(indent) for line in lines[:-1]]

    def unescape(match):
        if match.group(2):
            return chr(int(match.group(2), 16))
        if match.group(1) == "\n":
            return ""
        return SIMPLE_ESCAPES.get(match.group(1), match.group(0))

    return SWIFT_ESCAPE.sub(unescape, "\n".join(body))


def sources():
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / "Sources").rglob("*.swift"))


def undated(template):
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", template)


def extract(pot):
    raw = subprocess.run(
        ["xgettext", "--language=Vala", "--keyword=localized", "--keyword=localizedPlural:1,2",
         "--from-code=UTF-8",
         "--add-comments=TRANSLATORS:", f"--package-name={DOMAIN}", "--no-wrap", "-o", "-",
         *sources()],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    scratch = Path(pot).with_suffix(".raw")
    # xgettext leaves the charset open when every message is ASCII; the sources are UTF-8.
    scratch.write_text(raw.replace("charset=CHARSET", "charset=UTF-8"), encoding="utf-8")
    problems = []
    chunks = []
    for entry in parse(scratch):
        where = " ".join(c[3:] for c in entry["comments"] if c.startswith("#: "))
        lines = list(entry["comments"])
        for field in entry.get("fields", []):
            value = entry[field]
            if field.startswith("msgid"):
                if value.startswith("\n") and value.split("\n")[-1].strip() == "":
                    value = swift_multiline(value)
                if "\\(" in value or "\\u{" in value:
                    problems.append(f"{where}: pass a format (%@) to localized, not {value!r}")
            lines.append(f"{field} {po_quote(value)}")
        chunks.append("\n".join(lines))
    scratch.write_text("\n\n".join(chunks) + "\n", encoding="utf-8")
    subprocess.run(["msguniq", "--use-first", "-o", str(scratch), str(scratch)], check=True)
    # An unchanged template keeps its date, so that extracting again changes no file.
    fresh = scratch.read_text(encoding="utf-8")
    old = Path(pot).read_text(encoding="utf-8") if Path(pot).exists() else ""
    if undated(fresh) != undated(old):
        Path(pot).write_text(fresh, encoding="utf-8")
    scratch.unlink()
    for problem in problems:
        print(problem, file=sys.stderr)
    return not problems


def placeholders(text):
    """The numbered placeholders of a message, and how many `%@` it has."""
    found = PLACEHOLDER.findall(text.replace("%%", ""))
    return {p for p in found if "$" in p}, found.count("%@")


def translations(entry):
    """The msgstr of an entry, or each of its plural forms."""
    forms = [field for field in entry.get("fields", []) if field.startswith("msgstr[")]
    return [entry[field] for field in forms] or [entry["msgstr"]]


def check(po, pot):
    translated = {e["msgid"]: e for e in parse(po) if e["msgid"] and not e["obsolete"]}
    wanted = [e["msgid"] for e in parse(pot) if e["msgid"]]
    problems = []
    for msgid in wanted:
        entry = translated.get(msgid)
        if entry is None:
            problems.append(f"missing: {msgid!r}")
        elif entry["fuzzy"]:
            problems.append(f"fuzzy: {msgid!r}")
        elif not all(translations(entry)):
            problems.append(f"untranslated: {msgid!r}")
        elif any(placeholders(msgid) != placeholders(t) for t in translations(entry)):
            problems.append(f"placeholders differ: {msgid!r}")
    problems += [f"obsolete: {msgid!r}" for msgid in translated if msgid not in set(wanted)]
    seen = set()
    for entry in parse(po):
        if entry["msgid"] and not entry["obsolete"]:
            if entry["msgid"] in seen:
                problems.append(f"defined twice: {entry['msgid']!r}")
            seen.add(entry["msgid"])
    # What msgfmt itself refuses (a merge can leave a message defined twice, say).
    compiled = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(po)],
                              capture_output=True, text=True, check=False)
    if compiled.returncode != 0:
        problems.append(f"msgfmt -c: {compiled.stderr.strip()}")
    for problem in problems:
        print(f"{po}: {problem}")
    print(f"{po}: {len(wanted)} messages, {len(problems)} problems")
    return not problems


def compile_catalogs(folder):
    for po in sorted((ROOT / "po").glob("*.po")):
        target = Path(folder) / po.stem / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["msgfmt", "-c", "-o", str(target / f"{DOMAIN}.mo"), str(po)], check=True)
    return True


# What a person sees through these calls and parameters, in the front ends.
SHOWN = re.compile(r"""(?x)
  (?: \b(?:append|Button|Label|Shortcut|StatusPage|MessageDialog|DropDown|Entry|ToggleButton
        |MenuButton|ColorButton|setAccessibleLabel|setTitle|show|line|failed|usage)\s*\(\s*\[?
    | \b(?:label|name|heading|title|tooltip|placeholder|button|body|description|action|help
        |submenu)\s*[:=]\s*\[?
    | \baddResponse\(\s*"[^"]*",\s* )
  "(?P<text>[^"]*)"
""")
FRONT_ENDS = ["Sources/RosterApp", "Sources/RosterAppCore", "Sources/RosterCLI"]
# English by design: the generated man pages and completions, the app's own name, sample data.
NOT_SHOWN_FILES = {"ManualPage.swift", "ShellCompletion.swift", "SampleStorage.swift",
                   "SampleData.swift", "Instrumentation.swift"}
NOT_SHOWN = {
    "Roster",
    # The program's name before a message, as `CLIError.message` puts it.
    "roster: ",
}


# Help given as a multi-line literal (`description: """`).
SHOWN_BLOCK = re.compile(r'\b(?:description|details|help|summary)\s*[:=]\s*"""\s*$')
# Help other branches were rewriting when the translations came: printed as pending, not
# failed; wrap each in localized (and delete it here) once those changes are in.
PENDING = ()


def unwrapped():
    found = []
    for folder in FRONT_ENDS:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            if path.name in NOT_SHOWN_FILES:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, 1):
                if line.lstrip().startswith("//"):
                    continue
                if SHOWN_BLOCK.search(line) and number < len(lines):
                    first = lines[number].strip()
                    if first.startswith(PENDING):
                        print(f"pending: {path.relative_to(ROOT)}:{number}: {first[:50]!r}")
                    else:
                        found.append(f"{path.relative_to(ROOT)}:{number}: {first!r}")
                for match in SHOWN.finditer(line):
                    text = match.group("text")
                    words = re.sub(r"\\\(.*?(?:\)|$)", "", text)  # without interpolations
                    if text in NOT_SHOWN or not re.search(r"[A-Za-z]{2}", words):
                        continue
                    if re.fullmatch(r"[a-z0-9.\-]+", text):  # actions, icons, ids
                        continue
                    found.append(f"{path.relative_to(ROOT)}:{number}: {text!r}")
    for place in found:
        print(f"not wrapped in localized: {place}")
    return not found


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "extract":
        return extract(arguments[1])
    if len(arguments) >= 2 and arguments[0] == "check":
        pot = arguments[2] if len(arguments) > 2 else str(ROOT / "po" / f"{DOMAIN}.pot")
        return check(arguments[1], pot)
    if arguments == ["unwrapped"]:
        return unwrapped()
    if len(arguments) == 2 and arguments[0] == "compile":
        return compile_catalogs(arguments[1])
    print(__doc__, file=sys.stderr)
    return False


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1:]) else 1)
