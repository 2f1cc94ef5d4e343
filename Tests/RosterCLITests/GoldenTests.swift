import Foundation
import Testing

/// End-to-end runs of the built `roster` binary, compared with golden transcripts.
@Suite struct GoldenTests {
  @Test func help() throws {
    let t = try Transcript()
    try t.run("--help")
    try t.run("--version")
    try t.run()
    try t.run("add", "--help")
    try t.run("lists", "create", "-h")
    try t.run("watch", "--help")
    try t.run("help", "import")
    try t.verify("help")
  }

  @Test func usageErrors() throws {
    let t = try Transcript()
    try t.run("frobnicate")
    try t.run("add")
    try t.run("add", "Anna", "--colour", "red")
    try t.run("add", "Anna", "--category")
    try t.run("show", "extra")
    try t.run("edit", "#1")
    try t.run("rm", "xyz")
    try t.run("rm", "#0")
    try t.run("mv", "#1", "first")
    try t.run("lists", "create", "L", "--rule", "fancy")
    try t.run("export", "--format", "xml")
    try t.run("check")
    try t.run("show", "--json=yes")
    // After `--` everything is an argument, `-h` too: it is a name to add, and refused.
    try t.run("add", "--", "-h")
    try t.verify("usage-errors")
  }

  @Test(arguments: Transcript.Engine.allCases) func entries(engine: Transcript.Engine) throws {
    let t = try Transcript(engine: engine)
    try t.run("add", "Anna Lindqvist", "  Zoë   Smith ", "Łukasz")
    try t.run("add", "R2D2")
    try t.run("add", "Bob", "X Æ A-12")
    try t.run("show")
    try t.run("mv", "#3", "1")
    try t.run("edit", "#2", "Anna-Maria Lindqvist")
    try t.run("edit", "@1", "Łukasz 2")
    try t.run("edit", "@1", "Łukasz  Nowak")
    try t.run("rm", "@2", "#3")
    try t.run("show", "--json")
    try t.run("rm", "0000")
    try t.run("rm", "#9")
    try t.run("mv", "#1", "5")
    try t.run("undo")
    try t.run("undo")
    try t.run("redo")
    try t.run("show")
    try t.run("undo")
    try t.run("undo")
    try t.run("undo")
    try t.run("undo")
    try t.run("redo")
    try t.run("show", "--search", "anna")
    try t.verify("entries")
  }

  @Test(arguments: Transcript.Engine.allCases) func lists(engine: Transcript.Engine) throws {
    let t = try Transcript(engine: engine)
    try t.run("lists")
    try t.run("lists", "create", "Courses", "--pattern", "^[A-Z]{3}[0-9]{3}$")
    try t.run("lists", "create", "Broken", "--rule", "pattern", "--pattern", "([a-z")
    try t.run("lists", "create", "Courses")
    try t.run("lists", "create", "Tasks", "--rule", "text")
    try t.run("add", "MAT101", "--list", "Courses")
    try t.run("add", "mat101", "--list", "Courses")
    try t.run("add", "Buy milk, eggs", "--list", "Tasks")
    try t.run("show", "--list", "Nope")
    try t.run("lists", "rename", "Tasks", "Chores")
    try t.run("lists", "rename", "Chores", "Courses")
    try t.run("lists")
    try t.run("lists", "--json")
    try t.run("lists", "delete", "Chores")
    try t.run("lists", "delete", "Chores")
    let notDatabase = try t.file("notes.txt", "not a database\n")
    try t.run("lists", "--db", notDatabase)
    try t.verify("lists")
  }

  @Test(arguments: Transcript.Engine.allCases) func categories(engine: Transcript.Engine) throws {
    let t = try Transcript(engine: engine)
    try t.run("add", "Anna", "Bob", "--category", "Staff")
    try t.run("add", "Carl", "--category", "Family")
    try t.run("categories")
    try t.run("categories", "color", "Staff", "#00aa11")
    try t.run("categories", "color", "Staff", "green")
    try t.run("categories", "color", "Nobody", "#000000")
    try t.run("categories", "rename", "Staff", "Team")
    try t.run("categories", "rename", "Team", "Family")
    try t.run("categories", "--json")
    try t.run("show", "--category", "Team")
    try t.verify("categories")
  }

  @Test func check() throws {
    let t = try Transcript()
    try t.run("check", "Anna", "  Zoë  Smith ", "R2D2", "O’Brien")
    try t.run("check", "Buy milk", "--rule", "text")
    try t.run("check", "ABC123", "abc", "--pattern", "^[A-Z]{3}[0-9]{3}$")
    try t.run(
      "check", "--json-lines",
      stdin:
        "\"Anna\"\n\"R2D2\"\n42\nnot json\n\"\"\n\"  Łukasz \"\n\"\(String(repeating: "a", count: 1_100_000))\"\n\"Zoë\""
    )
    try t.run("check", "Anna", "--list", "Nope")
    try t.verify("check")
  }

  @Test(arguments: Transcript.Engine.allCases) func importAndExport(engine: Transcript.Engine)
    throws
  {
    let t = try Transcript(engine: engine)
    let folder = t.folder.path
    try t.file("names.csv", "Anna\nZoë Smith,Staff\nO’Brien\n")
    try t.file("bad.csv", "Anna\nR2D2\nBob\n\n\"Carl\nDora\"\n")
    try t.file(
      "tasks.csv",
      "\u{FEFF}text,category\r\n\"Buy milk, eggs\",Home\r\n\"Say \"\"hi\"\"\",\r\n=1+2,Home\r\n")
    try t.file("header.csv", "category,text\nStaff,Anna\n,Bob\n")
    try t.file("multiline.csv", "text\n\"two\nlines\"\n")
    try t.file("unclosed.csv", "Anna\n\"Bob\n")
    try t.file("stray-quote.csv", "Anna\nBo\"b\n")
    try t.file("latin1.csv", [0x41, 0x6E, 0x6E, 0x61, 0x0A, 0x4A, 0xF6, 0x72, 0x67, 0x0A])
    try t.file("huge-field.csv", "Anna\n" + String(repeating: "a", count: 70_000) + "\n")
    try t.file("bad-id.csv", "text,id\nAnna,not-an-id\n")
    try t.file("broken.json", "{\"roster\":1,\"entries\":[{\"text\":1}]}")
    try t.run("import", "\(folder)/none.csv")
    try t.run("import", "\(folder)/names.csv")
    try t.run("import", "\(folder)/bad.csv")
    try t.run("import", "\(folder)/bad.csv", "--dry-run")
    try t.run("import", "\(folder)/bad.csv", "--skip-invalid")
    try t.run("import", "\(folder)/header.csv")
    try t.run("import", "\(folder)/unclosed.csv")
    try t.run("import", "\(folder)/stray-quote.csv")
    try t.run("import", "\(folder)/latin1.csv")
    try t.run("import", "\(folder)/huge-field.csv")
    try t.run("import", "\(folder)/bad-id.csv")
    try t.run("import", "\(folder)/broken.json")
    try t.run("import", "\(folder)/names.csv", "--format", "yaml")
    try t.run("show")
    try t.run("export")
    try t.run("export", "--format", "json")
    try t.run("export", "-o", "\(folder)/out.json")
    try t.run("lists", "create", "Copy")
    try t.run("import", "\(folder)/out.json", "--list", "Copy")
    try t.run("import", "\(folder)/out.json", "--list", "Copy")
    try t.run("lists", "create", "Tasks", "--rule", "text")
    try t.run("import", "\(folder)/tasks.csv", "--list", "Tasks")
    try t.run("import", "\(folder)/multiline.csv", "--list", "Tasks")
    try t.run("export", "--list", "Tasks")
    try t.run("import", "-", "--list", "Tasks", stdin: "From stdin\n")
    try t.run("undo", "--list", "Tasks")
    try t.verify("import-export")
  }

  /// A spreadsheet's own columns: refused until chosen, then joined; nothing written by a
  /// refusal; the byte-order mark and the PDF export's options.
  @Test func importColumnsAndExportOptions() throws {
    let t = try Transcript()
    let folder = t.folder.path
    try t.file("class.csv", "Last name,First name,Class\nNowak,Łukasz,3b\nSaldaña,Zoë,\n,Anna,3a\n")
    try t.file("twice.csv", "Name,Name\nAnna,Bob\n")
    try t.file("one.csv", "Name\nAnna\nBob\n")
    try t.file("doc.json", "{\"roster\":1,\"entries\":[]}")
    let file = "\(folder)/class.csv"
    try t.run("import", file)
    try t.run("import", file, "--header")
    try t.run("lists")
    try t.run("import", file, "--text-columns", "2,1")
    try t.run("import", file, "--text-columns", "9", "--header")
    try t.run("import", file, "--text-columns", "Vorname")
    try t.run("import", file, "--text-columns", "First name", "--no-header")
    try t.run("import", file, "--category-column", "3")
    try t.run("import", file, "--text-columns", "1", "--header", "--no-header")
    try t.run("import", file, "--text-columns", "1,", "--header")
    try t.run("import", "\(folder)/twice.csv", "--text-columns", "Name")
    try t.run("import", "\(folder)/doc.json", "--text-columns", "1")
    try t.run(
      "import", file, "--text-columns", "2,1", "--category-column", "3", "--no-header", "--dry-run")
    try t.run(
      "import", file, "--text-columns", "First name,Last name", "--category-column", "class")
    try t.run("import", "\(folder)/one.csv", "--header")
    try t.run("show")
    try t.run("export", "--bom", "--list", "Names")
    try t.run("export", "--bom", "--format", "json")
    try t.run("export", "--sign-in")
    try t.run("export", "--format", "pdf", "--sign-in", "-o", "\(folder)/sheet.pdf")
    try t.run("export", "-o", "\(folder)/names.pdf")
    try t.run("export", "--format", "pdf", "--bom", "-o", "\(folder)/names.pdf")
    try t.run("help", "export")
    try t.verify("columns-and-options")
  }
}
