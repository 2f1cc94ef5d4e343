public import Foundation

/// The rules for a list's categories, written once: what naming, creating on first use,
/// recolouring, renaming and removing a category do, as the ``ListEdit``s that do it.
///
/// A ``RosterList`` applies these edits to itself; a store that edits a list without loading it
/// records the same edits. Each rule checks its input, throws the refusal a person sees, and
/// returns no edits when nothing would change.
///
/// ```swift
/// let rules = CategoryRules(list.categories)
/// let family = list.entries.filter { $0.category == "Family" }
/// let edits = try rules.renaming("Family", to: "Kin", carriers: family, at: Date())
/// // [.categories(old:new:), .update(old:new:) for each entry of "Family"]
/// ```
public struct CategoryRules: Hashable, Sendable {
  /// The list's categories, in order, as the rules see them.
  public var categories: [EntryCategory]

  /// Rules over a list's current categories.
  public init(_ categories: [EntryCategory]) {
    self.categories = categories
  }

  // MARK: Names

  /// A category name as lists store it, for an entry's category: `nil` (no category) for `nil`
  /// or a blank name, else the name as the text rule normalizes it.
  ///
  /// ```swift
  /// try CategoryRules.normalizedName("  Family ")   // "Family"
  /// try CategoryRules.normalizedName("   ")         // nil
  /// ```
  /// - Throws: ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(m) in the name's length.
  public static func normalizedName(_ name: String?) throws(RosterError) -> String? {
    guard let name, !name.allSatisfy(\.isWhitespace) else { return nil }
    return try requiredName(name)
  }

  /// A name a category must have: blank names are refused, like any other invalid text.
  /// - Throws: ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(m) in the name's length.
  static func requiredName(_ name: String) throws(RosterError) -> String {
    switch Rule.text.validate(name) {
    case .valid(let normalized): return normalized
    case .invalid(let refusal): throw .invalidCategoryName(refusal)
    }
  }

  /// The index of the category named `name`.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  private func index(of name: String) throws(RosterError) -> Int {
    guard let index = categories.firstIndex(where: { $0.name == name }) else {
      throw .categoryNotFound(name)
    }
    return index
  }

  /// Throws ``RosterError/categoryExists(_:)`` when a category has `name`.
  private func refuseTaken(_ name: String) throws(RosterError) {
    guard !categories.contains(where: { $0.name == name }) else { throw .categoryExists(name) }
  }

  // MARK: Edits

  /// Takes a category from elsewhere (an imported document's): the edit that adds it with its
  /// colour, or gives the category of its name that colour. The name is normalized first.
  ///
  /// ```swift
  /// edits += try rules.adopting(EntryCategory(name: "Family", color: CategoryColor.palette[2]))
  /// ```
  /// - Returns: One ``ListEdit/categories(old:new:)`` edit, or none for a blank name or a
  ///   colour the category has.
  /// - Throws: ``RosterError/invalidCategoryName(_:)``.
  /// - Complexity: O(c) in the number of categories.
  public func adopting(_ category: EntryCategory) throws(RosterError) -> [ListEdit] {
    guard let name = try Self.normalizedName(category.name) else { return [] }
    let created = creating(name, color: category.color)
    return created.isEmpty ? try settingColor(category.color, of: name) : created
  }

  /// Creates a category on its first use: the edit that adds `name` when the list lacks it.
  ///
  /// ```swift
  /// let name = try CategoryRules.normalizedName(input)
  /// edits += rules.creating(name)   // nothing when the list has it, or for no category
  /// ```
  /// - Parameters:
  ///   - name: A name from ``normalizedName(_:)``; `nil` for no category.
  ///   - color: The badge colour; by default the palette colour for the name.
  /// - Returns: One ``ListEdit/categories(old:new:)`` edit, or none.
  /// - Complexity: O(c) in the number of categories.
  public func creating(_ name: String?, color: CategoryColor? = nil) -> [ListEdit] {
    guard let name, !categories.contains(where: { $0.name == name }) else { return [] }
    return [appending(EntryCategory(name: name, color: color))]
  }

  /// Adds a category that must be new.
  /// - Parameters:
  ///   - name: The name, normalized by the text rule.
  ///   - color: The badge colour; by default the palette colour for the name.
  /// - Returns: The new category and the edit that adds it.
  /// - Throws: ``RosterError/invalidCategoryName(_:)`` or ``RosterError/categoryExists(_:)``.
  /// - Complexity: O(c + m) for c categories and a name of length m.
  public func adding(_ name: String, color: CategoryColor? = nil) throws(RosterError) -> (
    category: EntryCategory, edits: [ListEdit]
  ) {
    let normalized = try Self.requiredName(name)
    try refuseTaken(normalized)
    let category = EntryCategory(name: normalized, color: color)
    return (category, [appending(category)])
  }

  /// The edit that adds `category` after the others.
  private func appending(_ category: EntryCategory) -> ListEdit {
    .categories(old: categories, new: categories + [category])
  }

  /// Sets a category's badge colour.
  /// - Returns: One ``ListEdit/categories(old:new:)`` edit, or none when it has that colour.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Complexity: O(c).
  public func settingColor(_ color: CategoryColor, of name: String) throws(RosterError)
    -> [ListEdit]
  {
    let index = try index(of: name)
    guard categories[index].color != color else { return [] }
    var new = categories
    new[index].color = color
    return [.categories(old: categories, new: new)]
  }

  /// Renames a category and every entry that carries it, keeping its colour and place.
  /// - Parameters:
  ///   - name: The category's current name, exactly.
  ///   - newName: The new name, normalized by the text rule.
  ///   - carriers: Every entry whose category is `name`, in list order.
  ///   - stamp: The entries' new `updated` time.
  /// - Returns: The ``ListEdit/categories(old:new:)`` edit, then an
  ///   ``ListEdit/update(old:new:)`` per carrier; none when the name does not change.
  /// - Throws: ``RosterError/categoryNotFound(_:)``, ``RosterError/invalidCategoryName(_:)`` or
  ///   ``RosterError/categoryExists(_:)``, in that order.
  /// - Precondition: every carrier's category is `name`.
  /// - Complexity: O(c + k) for k carriers.
  public func renaming(
    _ name: String, to newName: String, carriers: [Entry], at stamp: Date
  ) throws(RosterError) -> [ListEdit] {
    let index = try index(of: name)
    let normalized = try Self.requiredName(newName)
    guard normalized != name else { return [] }
    try refuseTaken(normalized)
    var new = categories
    new[index].name = normalized
    return [.categories(old: categories, new: new)]
      + Self.recategorizing(carriers, from: name, to: normalized, at: stamp)
  }

  /// Removes a category; the entries that carried it keep no category.
  /// - Parameters:
  ///   - name: The category's name, exactly.
  ///   - carriers: Every entry whose category is `name`, in list order.
  ///   - stamp: The entries' new `updated` time.
  /// - Returns: An ``ListEdit/update(old:new:)`` per carrier, then the
  ///   ``ListEdit/categories(old:new:)`` edit.
  /// - Throws: ``RosterError/categoryNotFound(_:)``.
  /// - Precondition: every carrier's category is `name`.
  /// - Complexity: O(c + k) for k carriers.
  public func removing(_ name: String, carriers: [Entry], at stamp: Date) throws(RosterError)
    -> [ListEdit]
  {
    _ = try index(of: name)
    return Self.recategorizing(carriers, from: name, to: nil, at: stamp)
      + [.categories(old: categories, new: categories.filter { $0.name != name })]
  }

  /// The updates that move `carriers` from category `name` to `newName`.
  private static func recategorizing(
    _ carriers: [Entry], from name: String, to newName: String?, at stamp: Date
  ) -> [ListEdit] {
    carriers.map { old in
      precondition(old.category == name, "A carrier of “\(name)” has another category.")
      var new = old
      new.category = newName
      new.updated = stamp
      return .update(old: old, new: new)
    }
  }
}
