import RosterLocalization

/// `roster check`, `import` and `export`.
extension CommandTable {
  private static let rule = [Option.option(.rule, "R"), .option(.pattern, "REGEX")]
  private static let format = Option.option(.format, "csv|json")
  private static let exportFormat = Option.option(.format, "csv|json|pdf")

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
          .jsonLines,
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
      usage: [
        "import FILE [--format csv|json] [--skip-invalid] [--dry-run] [--list TITLE]",
        "import FILE.csv --text-columns COL[,COL…] [--category-column COL] [--header|--no-header]",
      ],
      description: localized(
        """
        Appends the entries of FILE (“-” for standard input) to the list, validating every row with
        the list's rule. By default it is all or nothing: every bad row is reported (line number
        and reason) and nothing is imported. The format defaults to the file's extension, else CSV.
        """),
      options: [
        list, format,
        .flag(.skipInvalid, help: localized("Import the good rows and report the others.")),
        .flag(.dryRun, help: localized("Check everything, write nothing.")),
        .option(
          .textColumns, "COL[,COL…]",
          help: localized("The CSV columns that make the text, joined with a space.")),
        .option(.categoryColumn, "COL", help: localized("The CSV column of the category.")),
        .flag(.header, help: localized("The first row names the columns; it is not imported.")),
        .flag(.noHeader, help: localized("The first row is an entry like the others.")),
      ],
      details: localized(
        """
        CSV (RFC 4180): UTF-8, optional byte-order mark, CRLF or LF, fields quoted with " when they
        hold commas, quotes or line breaks. When the first row names columns among text, category,
        id, created and updated, it is a header; when it has one column, every row is text, then
        an optional category. Any other file (a spreadsheet's `Last name,First name,Class`) is
        refused, its columns listed, until you choose them: COL is a name from the header row or
        a column's number from 1, and `--text-columns "First name,Last name"` makes
        “Łukasz Nowak”. Columns given by name imply --header; by number, say --header or
        --no-header. A leading ' before = + - @ or ' (added by export against formula injection)
        is removed. Fields are limited to 65,536 bytes.

        JSON: the document `roster export --format json` writes (see `roster export --help`).
        Ids in the file are kept; an id already in the list is a bad row. Imports of more than
        10,000 entries cannot be undone. Progress goes to standard error when it is a terminal.
        """),
      run: { tool, arguments throws(CLIError) in try tool.importFile(arguments) }),
    Command(
      "export", section: .transfer, listing: .init("export [--format csv|json|pdf] [-o FILE]"),
      usage: [
        "export [--format csv|json] [--bom] [-o FILE] [--list TITLE]",
        "export --format pdf [--sign-in [--session S]] [-o FILE] [--list TITLE]",
      ],
      description: localized(
        """
        Writes the list to standard output or FILE. The format defaults to FILE's extension
        (.json, .pdf), else CSV. Progress goes to standard error when it is a terminal (and the
        list does not go to that terminal).

        CSV: a header row `text,category,id,created,updated`, then one row per entry in list
        order, CRLF line ends. Cells starting with = + - @ (or with ' before one of those or ')
        get a leading ' so spreadsheets do not run them as formulas; import removes it. --bom
        starts the file with a UTF-8 byte-order mark, so that Excel and LibreOffice show
        “Zoë” instead of “ZoÃ«”.

        JSON, schema version 1:
          {"roster":1,"title":…,"rule":{"kind":"personal-name"|"text"|"pattern","pattern":…},
           "categories":[{"name":…,"color":"#rrggbb"}],
           "entries":[{"id":…,"text":…,"category":…|null,"created":…,"updated":…}]}
        Times are ISO 8601 in UTC with milliseconds. Importing an export into an empty list gives
        back the same entries, ids, order and categories.
        """),
      options: [
        list, exportFormat, .option(.output, "FILE", short: "-o"),
        .flag(
          .bom, help: localized("CSV: start with a UTF-8 byte-order mark, for spreadsheets.")),
        .flag(
          .signIn, help: localized("PDF: a sign-in sheet, with a box and a signature column.")),
        .option(
          .session, "S",
          help: localized(
            "--sign-in: tick those checked in in session S; default today's, if it exists.")),
      ],
      details: localized(
        """
        PDF: A4 pages to print: the title, the date and the entry count, numbered rows with the
        category, the header on every page and the page number at the foot; --sign-in adds a
        box to tick and a column to sign, and ticks the boxes of those already checked in in
        the session (--session S, else today's session when there is one; the line under the
        title then counts them). Fonts: Debian's Noto (fonts-noto-core,
        fonts-noto-cjk), for every script. A PDF goes to standard output only when that is not
        a terminal.
        """),
      run: { tool, arguments throws(CLIError) in try tool.export(arguments) }),
  ]
}
