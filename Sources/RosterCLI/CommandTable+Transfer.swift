import RosterLocalization

/// `roster check`, `import` and `export`.
extension CommandTable {
  private static let rule = [Option.option("--rule", "R"), .option("--pattern", "REGEX")]
  private static let format = Option.option("--format", "csv|json")

  static let transfer: [Command] = [
    Command(
      "check", section: .transfer,
      listing: .init("check NAME… | check --json-lines", localized("Validate without storing.")),
      usage: [
        "check NAME… [--list TITLE | --rule R [--pattern REGEX]]",
        "check --json-lines [--list TITLE | --rule R [--pattern REGEX]]",
      ],
      description: localized(
        """
        Validates names without storing them, with the list's rule (--list) or the rule given
        (default: personal-name). Prints one verdict per name; exit status 1 if any is refused.
        """),
      options: [list] + rule + [
        .flag(
          "--json-lines",
          help: localized(
            """
            Read one JSON string per line on standard input; write one JSON object
            per line, in input order:
            {"input":…,"valid":true|false,"normalized":…,"reason":…,"message":…}
            A line that is not a JSON string gets {"line":N,"error":…}. Exit status 0
            unless the input cannot be read.
            """))
      ],
      run: { tool, arguments throws(CLIError) in try tool.check(arguments) }),
    Command(
      "import", section: .transfer,
      listing: .init("import FILE [--format csv|json] [--skip-invalid] [--dry-run]"),
      usage: ["import FILE [--format csv|json] [--skip-invalid] [--dry-run] [--list TITLE]"],
      description: """
        Appends the entries of FILE (“-” for standard input) to the list, validating every row with
        the list's rule. By default it is all or nothing: every bad row is reported (line number
        and reason) and nothing is imported. The format defaults to the file's extension, else CSV.
        """,
      options: [
        list, format,
        .flag("--skip-invalid", help: localized("Import the good rows and report the others.")),
        .flag("--dry-run", help: localized("Check everything, write nothing.")),
      ],
      details: """
        CSV (RFC 4180): UTF-8, optional byte-order mark, CRLF or LF, fields quoted with " when they
        hold commas, quotes or line breaks. When the first row names columns among text, category,
        id, created and updated, it is a header; otherwise the columns are text, then an optional
        category. A leading ' before = + - @ or ' (added by export against formula injection) is
        removed. Fields are limited to 65,536 bytes.

        JSON: the document `roster export --format json` writes (see `roster export --help`).
        Ids in the file are kept; an id already in the list is a bad row. Imports of more than
        10,000 entries cannot be undone.
        """,
      run: { tool, arguments throws(CLIError) in try tool.importFile(arguments) }),
    Command(
      "export", section: .transfer, listing: .init("export [--format csv|json] [-o FILE]"),
      usage: ["export [--format csv|json] [-o FILE] [--list TITLE]"],
      description: """
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
      options: [list, format, .option("--output", "FILE", short: "-o")],
      run: { tool, arguments throws(CLIError) in try tool.export(arguments) }),
  ]
}
