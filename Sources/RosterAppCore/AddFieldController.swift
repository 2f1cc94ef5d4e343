public import RosterKit
import RosterLocalization

/// The add field's state: the text typed so far, whether Add is allowed, and what to tell the
/// person about it.
///
/// The reason appears as soon as the text is non-empty and refused; an empty field says nothing.
/// A duplicate is allowed, with a gentle warning.
///
/// ```swift
/// let field = AddFieldController(list: guests)
/// field.text = "R2D2"
/// field.canAdd            // false
/// field.reason            // the rule's reason, naming the "2"
/// field.text = "Anna"
/// let added = field.add() // appends "Anna" and clears the field
/// ```
@MainActor
public final class AddFieldController {
  /// The list entries are added to.
  public let list: RosterList
  /// What the person has typed.
  public var text: String = "" {
    didSet { validation = list.rule.validate(text) }
  }
  private var validation: Validation

  /// Creates the controller for `list`, with an empty field.
  public init(list: RosterList) {
    self.list = list
    self.validation = list.rule.validate("")
  }

  /// Whether the Add button is sensitive: the text passes the list's rule.
  public var canAdd: Bool { validation.normalized != nil }

  /// Why the text is refused, or `nil` when it is valid or the field is empty.
  public var reason: String? {
    guard !text.isEmpty else { return nil }
    return validation.refusal.map(RefusalWording.sentence)
  }

  /// A gentle warning when the text is valid but the list already has it.
  public var warning: String? {
    guard let normalized = validation.normalized, list.isDuplicate(normalized) else { return nil }
    return localized("“%@” is already in the list; Add adds it again.", normalized)
  }

  /// Adds the text as a new entry at the end of the list and clears the field.
  /// - Returns: The new entry, or `nil` when the text is refused (nothing changes).
  @discardableResult
  public func add() -> Entry? {
    guard canAdd else { return nil }
    // The list's own rule accepted the text, and appending can fail for no other reason.
    do {
      let entry = try list.append(text)
      text = ""
      return entry
    } catch {
      preconditionFailure("\(error)")
    }
  }
}
