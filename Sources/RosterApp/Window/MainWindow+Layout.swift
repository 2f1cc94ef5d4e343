import RosterGtk

extension MainWindow {
  /// The narrowest the window gets: a phone's width.
  static let minimumWidth: Int32 = 360
  /// The sidebar's width; with the entries' minimum width it sets where the window folds.
  static let sidebarWidth: Int32 = 200

  /// The sidebar and the entries side by side in a leaflet. Narrower than both need (about
  /// 570 px), it folds: the entries fill the window, the header's Lists button slides the
  /// sidebar in, and choosing a list (or the sidebar's Show Entries button) slides it out.
  func wireLayout() {
    main.sizeRequest(width: Self.minimumWidth)
    sidebar.root.sizeRequest(width: Self.sidebarWidth)
    leaflet.append(sidebar.root)
    leaflet.append(Separator(vertical: true), navigatable: false)
    leaflet.append(main)
    leaflet.show(main)
    header.packStart(listsButton)
    listsButton.onClicked { [unowned self] in self.leaflet.show(self.sidebar.root) }
    sidebar.onShowEntries = { [unowned self] in self.leaflet.show(self.main) }
    leaflet.onFoldedChanged { [unowned self] in self.foldChanged() }
    foldChanged()
  }

  /// Shows the entries after a list was chosen in a folded sidebar, the add field focused
  /// (the sidebar that had the focus slides away).
  func showEntriesIfFolded() {
    guard leaflet.isFolded else { return }
    leaflet.show(main)
    addBar.field.focusAtEnd()
  }

  private func foldChanged() {
    let folded = leaflet.isFolded
    listsButton.isVisible = folded
    sidebar.setFolded(folded)
    // Unfolded, the entries' header carries the window buttons only at its end.
    header.hideWindowButtons(start: !folded, end: false)
    // A phone-wide window has no room for the session picker: the main menu has the sessions.
    refreshSessionPicker()
  }
}
