import Foundation
import Testing

/// `roster sort` and `roster lists keep-sorted`, end to end, against golden transcripts.
@Suite struct SortingGoldenTests {
  @Test func sort() throws {
    // The locale comes from LANG unless --locale says otherwise.
    let t = try Transcript(environment: ["LANG": "sv_SE.UTF-8"])
    try t.run("add", "Zoë Adams", "Östen Berg", "Anna Öberg", "Ärla Nowak", "anna Zander")
    try t.run("sort")
    try t.run("show")
    try t.run("sort", "--locale", "de_DE.UTF-8")
    try t.run("show")
    try t.run("sort", "--locale", "de-DE")
    try t.run("sort", "--by", "last-word", "--locale", "de", "--reverse")
    try t.run("show")
    try t.run("undo")
    try t.run("show")
    try t.run("sort", "--locale", "es", "--list", "Names")
    try t.run("sort", "--locale", "klingon")
    try t.run("sort", "--by", "first-word")
    try t.run("sort", "extra")
    try t.run("sort", "--list", "Nope")
    try t.run("sort", "--help")
    try t.verify("sort")
  }

  @Test func keepSorted() throws {
    let t = try Transcript()
    try t.run("lists", "create", "Class", "--rule", "text")
    try t.run("add", "--list", "Class", "chata", "hrad", "cibule", "izba")
    try t.run("lists", "keep-sorted", "Class", "on", "--locale", "cs_CZ.UTF-8")
    try t.run("show", "--list", "Class")
    try t.run("add", "--list", "Class", "Chrudim", "Brno")
    try t.run("edit", "--list", "Class", "#1", "zámek")
    try t.run("show", "--list", "Class")
    try t.run("mv", "--list", "Class", "#1", "3")
    try t.run("lists")
    try t.run("sort", "--list", "Class", "--reverse")
    try t.run("lists", "keep-sorted", "Class", "maybe")
    try t.run("lists", "keep-sorted", "Class", "off", "--reverse")
    try t.run("lists", "keep-sorted", "Class", "off")
    try t.run("mv", "--list", "Class", "#1", "3")
    try t.run("add", "--list", "Class", "Adam")
    try t.run("show", "--list", "Class")
    try t.run("undo", "--list", "Class")
    try t.run("undo", "--list", "Class")
    try t.run("undo", "--list", "Class")
    try t.run("lists")
    try t.run("lists", "keep-sorted", "Nope", "on")
    try t.verify("keep-sorted")
  }

  @Test func importIntoAListKeptSorted() throws {
    let t = try Transcript()
    try t.run("add", "Dora", "Bob")
    try t.run("lists", "keep-sorted", "Names", "on", "--locale", "de_DE.UTF-8")
    try t.run("import", "-", "--format", "csv", stdin: "text,category\nÄrla,Family\nZoë,\nAnna,\n")
    try t.run("show")
    try t.run("add", "Cleo")
    try t.run("show")
    try t.run("undo")
    try t.run("undo")
    try t.run("show")
    // The same rules and messages as any import; nothing is written while a row is refused.
    try t.run("import", "-", "--format", "csv", stdin: "text\nR2D2\nCleo\n")
    try t.run("import", "-", "--format", "csv", "--skip-invalid", stdin: "text\nR2D2\nCleo\n")
    try t.run("show")
    try t.verify("import-keep-sorted")
  }
}
