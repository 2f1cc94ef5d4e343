/// The text of `roster --help` and of each command's `--help`.
enum Help {
  /// Words that select a subcommand after `lists` and `categories`.
  static let subcommands = [
    "lists": ["create", "rename", "delete"], "categories": ["color", "rename"],
  ]

  /// The help for `command` ("" for the overview).
  static func text(for command: String) -> String {
    (pages[command] ?? overview) + "\n"
  }

  static let overview = """
    roster: keep lists of names (or any text) in a local database.

    Usage: roster [--db PATH] COMMAND [ARGUMENTS] [OPTIONS]

    Lists:
      lists [--json]                          Show every list with its entry count.
      lists create TITLE [--rule R] [--pattern REGEX]
      lists rename OLD NEW
      lists delete TITLE
    Entries (in the list given by --list TITLE; default “Names”, created on first use):
      add NAME… [--category C]                Validate and append entries.
      show [--search Q] [--category C] [--json]
      edit ENTRY TEXT                         Replace an entry's text.
      rm ENTRY…                               Remove entries.
      mv ENTRY POSITION                       Move an entry to a 1-based position.
      undo, redo                              Undo or redo the last action on the list,
                                              whichever process made it.
    Categories:
      categories [--json]
      categories color NAME '#rrggbb'
      categories rename OLD NEW
    Checking, import and export:
      check NAME… | check --json-lines        Validate without storing.
      import FILE [--format csv|json] [--skip-invalid] [--dry-run]
      export [--format csv|json] [-o FILE]

    ENTRY is an id, the first 4 or more characters of an id (as `show` prints them), or a
    1-based position written #N (#1 is the first entry). Put -- before arguments that start
    with a dash: roster add -- -Anna.

    Options for every command:
      --db PATH       The database file. Default: $ROSTER_DB, else
                      $XDG_DATA_HOME/roster/roster.sqlite3, else
                      ~/.local/share/roster/roster.sqlite3.
      -h, --help      Show help for the command.
      --version       Show the version.

    Output: results on standard output, errors on standard error (one line each). Colour only
    when standard output is a terminal and NO_COLOR is not set.

    Exit status:
      0  success
      1  refused input (an invalid name, a bad file, an unknown list or entry) or a failure
      2  usage error (unknown command or option, missing argument)
    """

  static let pages: [String: String] = [
    "lists": """
    Usage: roster lists [--json]

    Shows every list: title, entry count and rule.

      --json    One JSON array of {"id","title","rule","count"}.
    """,
    "lists create": """
    Usage: roster lists create TITLE [--rule personal-name|text|pattern] [--pattern REGEX]

    Creates a list. The rule decides what entries it accepts:
      personal-name   people's names in every script (the default)
      text            any single line of text
      pattern         a whole-string regular expression (--pattern), over the text rule
    """,
    "lists rename": """
    Usage: roster lists rename OLD NEW

    Renames a list (undoable with `roster undo --list NEW`).
    """,
    "lists delete": """
    Usage: roster lists delete TITLE

    Deletes a list with its entries, categories and history. Cannot be undone.
    """,
    "add": """
    Usage: roster add NAME… [--category C] [--list TITLE] [--json]

    Validates each NAME with the list's rule and appends them all, as one action. If any
    name is refused, nothing is added. Prints each new entry's short id.

      --category C   Give the entries category C (created when new).
      --json         Print the new entries as a JSON array.
    """,
    "show": """
    Usage: roster show [--search Q] [--category C] [--list TITLE] [--json]

    Prints the list: position, short id, text and [category].

      --search Q     Only entries containing Q (ignoring case and accents).
      --category C   Only entries in category C.
      --json         A JSON array of {"position","id","text","category","created","updated"}.
    """,
    "edit": """
    Usage: roster edit ENTRY TEXT [--list TITLE]

    Replaces the text of ENTRY (an id, an id prefix or #POSITION), validated by the list's rule.
    """,
    "rm": """
    Usage: roster rm ENTRY… [--list TITLE]

    Removes entries (ids, id prefixes or #POSITIONs, all meaning the list before the removal),
    as one action.
    """,
    "mv": """
    Usage: roster mv ENTRY POSITION [--list TITLE]

    Moves ENTRY so that it ends up at POSITION (1-based; written 3 or #3).
    """,
    "undo": """
    Usage: roster undo [--list TITLE]

    Undoes the last action on the list, even one made by another process. The list keeps its
    last 100 actions. Exit status 1 when there is nothing to undo.
    """,
    "redo": """
    Usage: roster redo [--list TITLE]

    Redoes the last undone action on the list. Exit status 1 when there is nothing to redo.
    """,
    "categories": """
    Usage: roster categories [--list TITLE] [--json]

    Shows the list's categories: name, colour and how many entries carry each.
    """,
    "categories color": """
    Usage: roster categories color NAME '#rrggbb' [--list TITLE]

    Sets a category's badge colour.
    """,
    "categories rename": """
    Usage: roster categories rename OLD NEW [--list TITLE]

    Renames a category and every entry that carries it, as one action.
    """,
    "check": """
    Usage: roster check NAME… [--list TITLE | --rule R [--pattern REGEX]]
           roster check --json-lines [--list TITLE | --rule R [--pattern REGEX]]

    Validates names without storing them, with the list's rule (--list) or the rule given
    (default: personal-name). Prints one verdict per name; exit status 1 if any is refused.

      --json-lines   Read one JSON string per line on standard input; write one JSON object
                     per line, in input order:
                     {"input":…,"valid":true|false,"normalized":…,"reason":…,"message":…}
                     A line that is not a JSON string gets {"line":N,"error":…}. Exit status 0
                     unless the input cannot be read.
    """,
    "import": """
    Usage: roster import FILE [--format csv|json] [--skip-invalid] [--dry-run] [--list TITLE]

    Appends the entries of FILE (“-” for standard input) to the list, validating every row with
    the list's rule. By default it is all or nothing: every bad row is reported (line number
    and reason) and nothing is imported. The format defaults to the file's extension, else CSV.

      --skip-invalid   Import the good rows and report the others.
      --dry-run        Check everything, write nothing.

    CSV (RFC 4180): UTF-8, optional byte-order mark, CRLF or LF, fields quoted with " when they
    hold commas, quotes or line breaks. When the first row names columns among text, category,
    id, created and updated, it is a header; otherwise the columns are text, then an optional
    category. A leading ' before = + - @ or ' (added by export against formula injection) is
    removed. Fields are limited to 65,536 bytes.

    JSON: the document `roster export --format json` writes (see `roster export --help`).
    Ids in the file are kept; an id already in the list is a bad row. Imports of more than
    10,000 entries cannot be undone.
    """,
    "export": """
    Usage: roster export [--format csv|json] [-o FILE] [--list TITLE]

    Writes the list to standard output or FILE.

    CSV: a header row `text,category,id,created,updated`, then one row per entry in list
    order, CRLF line ends. Cells starting with = + - @ (or with ' before one of those or ')
    get a leading ' so spreadsheets do not run them as formulas; import removes it.

    JSON, schema version 1:
      {"roster":1,"title":…,"rule":{"kind":"personal-name"|"text"|"pattern","pattern":…},
       "categories":[{"name":…,"color":"#rrggbb"}],
       "entries":[{"id":…,"text":…,"category":…|null,"created":…,"updated":…}]}
    Times are ISO 8601 in UTC with milliseconds. Importing an export into an empty list gives
    back the same entries, ids, order and categories.
    """,
  ]
}
