"""Validates `roster export --format json` against docs/roster.schema.json.

Builds lists of every rule with categories and names in several scripts through the built
`roster`, exports each, and checks every export against the schema; then checks that documents
breaking the contract are rejected, so the schema has teeth. Exit status 0 when all hold.
"""

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]


def roster(binary, database, *args):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(Path(database).parent),
           "NO_COLOR": "1", "LANG": "C.UTF-8"}
    result = subprocess.run([binary, "--db", database, *args], capture_output=True, text=True,
                            env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(f"roster {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def exports(binary, folder):
    database = str(folder / "roster.sqlite3")
    roster(binary, database, "add", "Łukasz Nowak", "Zoë Saldaña", "--category", "Staff")
    roster(binary, database, "add", "王秀英", "محمد", "Αλέξανδρος", "O’Brien")
    roster(binary, database, "categories", "color", "Staff", "#1c71d8")
    roster(binary, database, "lists", "create", "Rooms", "--rule", "pattern", "--pattern",
           "[A-Z][0-9]{3}")
    roster(binary, database, "add", "--list", "Rooms", "A101", "B202")
    roster(binary, database, "lists", "create", "Tasks", "--rule", "text")
    roster(binary, database, "add", "--list", "Tasks", "Order 3 × pizza 🍕", "=SUM(A1)")
    roster(binary, database, "lists", "create", "Empty")
    return {title: json.loads(roster(binary, database, "export", "--list", title, "--format",
                                      "json"))
            for title in ["Names", "Rooms", "Tasks", "Empty"]}


def broken(document):
    """Documents that break the contract, each with what is wrong."""
    cases = []
    for what, change in [
        ("a newer version", lambda d: d.update(roster=2)),
        ("no entries", lambda d: d.pop("entries")),
        ("an entry without text", lambda d: d["entries"][0].pop("text")),
        ("a malformed id", lambda d: d["entries"][0].update(id="not-an-id")),
        ("a local time", lambda d: d["entries"][0].update(created="2026-12-01T10:00:00+01:00")),
        ("a colour name", lambda d: d["categories"][0].update(color="blue")),
        ("a pattern on a name rule", lambda d: d.update(rule={"kind": "text", "pattern": "x"})),
        ("an unknown rule", lambda d: d.update(rule={"kind": "emoji"})),
    ]:
        changed = copy.deepcopy(document)
        change(changed)
        cases.append((what, changed))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roster", default=str(ROOT / ".build/debug/roster"))
    args = parser.parse_args()
    schema = json.loads((ROOT / "docs/roster.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    with tempfile.TemporaryDirectory(prefix="roster-schema-") as folder:
        documents = exports(args.roster, Path(folder))
    for title, document in documents.items():
        problems += [f"export of {title}: {error.message}"
                     for error in validator.iter_errors(document)]
        print(f"schema: export of {title} ({len(document['entries'])} entries) checked")
    for what, document in broken(documents["Names"]):
        if validator.is_valid(document):
            problems.append(f"the schema accepts {what}")
    for problem in problems:
        print(f"schema: {problem}")
    print("schema: ok" if not problems else f"schema: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
