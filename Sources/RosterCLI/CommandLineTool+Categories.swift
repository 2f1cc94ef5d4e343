import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster categories …`
extension CommandLineTool {
  func listCategories(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let list = try list(arguments)
    let store = try store(arguments)
    let usage = try attempt { () throws(StoreError) in try store.categoryUsage(in: list.id) }
    if arguments.has(.json) {
      out.line(
        JSONText.array(
          usage.map {
            JSONText.object([
              ("name", JSONText.string($0.category.name)),
              ("color", JSONText.string($0.category.color.hex)), ("count", String($0.count)),
            ])
          }))
      return
    }
    if usage.isEmpty { out.line(localized("“%@” has no categories.", list.title)) }
    let width = usage.map(\.category.name.count).max() ?? 0
    for (category, count) in usage {
      let color = category.color
      let name = out.styled(category.name, "38;2;\(color.red);\(color.green);\(color.blue)")
      let padding = String(repeating: " ", count: width - category.name.count)
      out.line(
        "\(name)\(padding)  \(color.hex)  \(localizedPlural("%@ entry", "%@ entries", count: count, count))"
      )
    }
  }

  func colorCategory(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("a category NAME and a colour '#rrggbb'"))
    let (name, hex) = (arguments.positionals[0], arguments.positionals[1])
    guard let color = CategoryColor(hex: hex) else {
      throw .failed(
        localized("“%@” is not a colour: write it as #rrggbb, for example #1c71d8.", hex))
    }
    let list = try list(arguments)
    let store = try store(arguments)
    try attempt { () throws(StoreError) in try store.setColor(color, ofCategory: name, in: list.id)
    }
    out.line(localized("The category “%1$@” is now %2$@.", name, color.hex))
  }

  func renameCategory(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("OLD and NEW category names"))
    let (old, new) = (arguments.positionals[0], arguments.positionals[1])
    let list = try list(arguments)
    let store = try store(arguments)
    try attempt { () throws(StoreError) in try store.renameCategory(old, to: new, in: list.id) }
    out.line(localized("Renamed the category “%1$@” to “%2$@”.", old, new))
  }
}
