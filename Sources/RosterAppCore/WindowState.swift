import RosterLocalization

/// What the main window shows for its current list: the header's subtitle, which page (the
/// entries, the empty state, or no search results), and which actions are enabled.
public struct WindowState: Equatable, Sendable {
  /// The window's main page.
  public enum Page: Equatable, Sendable {
    /// The entries.
    case list
    /// The list has no entries (and no search is on).
    case empty
    /// A search matches nothing.
    case noResults
  }

  /// The window actions (`win.…`) that work only once the whole list can be edited.
  public static let editingActions: [WindowAction] = [
    .focusAdd, .search, .newList, .renameList, .deleteList, .categories, .importFile, .export,
  ]

  /// The window actions that need a shared server to be reachable: off while offline.
  public static let serverActions: [WindowAction] = [.newList, .deleteList]

  /// The header's subtitle: “1 entry”, “1,200 entries”; while searching, how many match out
  /// of how many: “12 of 1,000,000”; while a shared server cannot be reached, where the
  /// replica stands: “Offline · 2 changes waiting · as of 19:02”.
  public var subtitle: String
  /// The page shown.
  public var page: Page
  /// Whether anything can change the list (not while a long list loads): the sidebar, the
  /// search button and ``editingActions``.
  public var isEditable: Bool
  /// Every window action the window manages, and whether it is enabled.
  public var enabledActions: [WindowAction: Bool]

  /// The state for a list of `count` entries; `matchCount` is the number of search results
  /// while a search is on, `nil` otherwise; `offlineWaiting` is how many actions wait to be
  /// sent while a shared server cannot be reached, `nil` while it can (or for a local file), and
  /// `offlineAsOf` the time the replica was last in step with it; `attendance` is the
  /// session's count (`13 of 40 checked in · 11 inside`) for a list that takes attendance,
  /// shown instead of the number of entries (and before the offline state).
  public init(
    count: Int, matchCount: Int?, isLoading: Bool, canUndo: Bool, canRedo: Bool,
    offlineWaiting: Int? = nil, offlineAsOf: String? = nil, attendance: String? = nil
  ) {
    let offline: String? =
      if let offlineWaiting, let offlineAsOf {
        offlineWaiting == 0
          ? localized("Offline · as of %@", offlineAsOf)
          : localizedPlural(
            "Offline · %1$@ change waiting · as of %2$@",
            "Offline · %1$@ changes waiting · as of %2$@", count: offlineWaiting,
            GroupedNumber.text(offlineWaiting), offlineAsOf)
      } else if let offlineWaiting {
        offlineWaiting == 0
          ? localized("Offline — the server cannot be reached")
          : localizedPlural(
            "Offline — %@ change waiting to be sent", "Offline — %@ changes waiting to be sent",
            count: offlineWaiting, GroupedNumber.text(offlineWaiting))
      } else {
        nil
      }
    subtitle =
      if let offline {
        // A door offline still sees its count: `2 of 40 checked in · 2 inside · Offline · …`.
        attendance.map { "\($0) · \(offline)" } ?? offline
      } else if let matchCount {
        localized("%1$@ of %2$@", GroupedNumber.text(matchCount), GroupedNumber.text(count))
      } else if let attendance {
        attendance
      } else {
        localizedPlural("%@ entry", "%@ entries", count: count, GroupedNumber.text(count))
      }
    page =
      switch matchCount {
      case nil: count == 0 ? .empty : .list
      case 0?: .noResults
      case _?: .list
      }
    isEditable = !isLoading
    var actions: [WindowAction: Bool] = [
      .undo: !isLoading && canUndo, .redo: !isLoading && canRedo,
    ]
    for name in Self.editingActions { actions[name] = !isLoading }
    // Creating and deleting lists need the server; edits to the open list wait in the outbox.
    if offlineWaiting != nil {
      for name in Self.serverActions { actions[name] = false }
    }
    enabledActions = actions
  }
}
