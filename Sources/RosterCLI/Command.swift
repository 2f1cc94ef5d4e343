import RosterKit
import RosterLocalization

/// One command of `roster`, described once: dispatch, `roster --help`, `roster COMMAND --help`
/// (and a man page or shell completions) all read it from ``CommandTable``.
///
/// A help page is, in order: `Usage:` with each of ``usage``, the ``description``, the options
/// that have help, then the ``details``.
struct Command: Sendable {
  /// The words that select the command: `add`, `lists create`.
  let name: String
  /// The group it is listed under in `roster --help`.
  let section: Section
  /// Its line in `roster --help`, or `nil` when it is not listed there.
  let listing: Listing?
  /// The synopses after `roster `, one per form.
  let usage: [String]
  /// What it does, in paragraphs.
  let description: String
  /// The options and flags it takes besides ``CommandTable/commonOptions``.
  let options: [Option]
  /// Paragraphs after the options (formats, limits).
  let details: String?
  /// Runs the command with its parsed arguments.
  let run: @Sendable (CommandLineTool, Arguments) throws(CLIError) -> Void

  init(
    _ name: String, section: Section, listing: Listing? = nil, usage: [String],
    description: String, options: [Option] = [], details: String? = nil,
    run: @escaping @Sendable (CommandLineTool, Arguments) throws(CLIError) -> Void
  ) {
    self.name = name
    self.section = section
    self.listing = listing
    self.usage = usage
    self.description = description
    self.options = options
    self.details = details
    self.run = run
  }

  /// The groups of `roster --help`, in order.
  enum Section: CaseIterable, Sendable {
    case lists, entries, categories, attendance, transfer, other

    /// The group's heading, or `nil` for commands not listed in groups.
    var title: String? {
      switch self {
      case .lists: localized("Lists:")
      case .entries:
        localized(
          "Entries (in the list given by --list TITLE; default “%@”, created on first use):",
          RosterList.defaultTitle)
      case .categories: localized("Categories:")
      case .attendance:
        localized("Attendance (--session S; default today's date, YYYY-MM-DD, made on first use):")
      case .transfer: localized("Checking, import and export:")
      case .other: nil
      }
    }
  }

  /// A line of `roster --help`: a short synopsis and, when it fits, a summary.
  struct Listing: Sendable {
    /// The synopsis: `add NAME… [--category C]`.
    let synopsis: String
    /// One sentence, broken into lines as printed.
    let summary: [String]

    /// A listing whose summary is `summary`'s lines (a line break inside one starts another).
    init(_ synopsis: String, _ summary: String...) {
      self.synopsis = synopsis
      self.summary = summary.flatMap { $0.split(separator: "\n").map(String.init) }
    }
  }
}
