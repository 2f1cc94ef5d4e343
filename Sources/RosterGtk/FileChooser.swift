import CGtk
import CGtkShim
import Foundation

/// GTK's own file chooser (GtkFileChooserNative: the desktop portal's dialog where there is
/// one, GTK's dialog otherwise), to open or save one file.
@MainActor
public final class FileChooser {
  /// A file type the chooser can show alone: a name and its patterns.
  public struct Filter: Sendable {
    /// What the person reads: “CSV files”.
    public var name: String
    /// Glob patterns: `*.csv`.
    public var patterns: [String]

    /// A filter from its parts.
    public init(name: String, patterns: [String]) {
      self.name = name
      self.patterns = patterns
    }
  }

  /// A check box the chooser shows under its files (“For spreadsheets”): an id and its label.
  public struct Toggle: Sendable {
    /// Its id, among the ticked ones given to `chosen`.
    public var id: String
    /// What the person reads.
    public var label: String

    /// A toggle from its parts.
    public init(id: String, label: String) {
      self.id = id
      self.label = label
    }
  }

  /// Whether the chooser opens an existing file or names one to write.
  public enum Mode: Sendable {
    /// Choose an existing file.
    case open
    /// Name a file to write; `suggestedName` fills the name field.
    case save(suggestedName: String)
  }

  nonisolated(unsafe) private let chooser: OpaquePointer
  /// Open choosers, kept until they answer (GTK holds no reference of its own).
  private static var open: [ObjectIdentifier: FileChooser] = [:]

  /// Shows a chooser over `parent`; `chosen` gets the local path when the person accepts.
  @discardableResult
  public convenience init(
    mode: Mode, title: String, accept: String, parent: Widget, filters: [Filter],
    chosen: @escaping @MainActor (String) -> Void
  ) {
    self.init(
      mode: mode, title: title, accept: accept, parent: parent, filters: filters, toggles: []
    ) { path, _ in chosen(path) }
  }

  /// Shows a chooser over `parent` with `toggles` under its files, unticked; `chosen` gets the
  /// local path and the ids of the ticked toggles when the person accepts.
  @discardableResult
  public init(
    mode: Mode, title: String, accept: String, parent: Widget, filters: [Filter],
    toggles: [Toggle], chosen: @escaping @MainActor (String, Set<String>) -> Void
  ) {
    let action: GtkFileChooserAction
    switch mode {
    case .open: action = GTK_FILE_CHOOSER_ACTION_OPEN
    case .save: action = GTK_FILE_CHOOSER_ACTION_SAVE
    }
    chooser = gtk_file_chooser_native_new(
      title, parent.typed(GtkWindow.self), action, accept, nil)
    let fileChooser = chooser
    for filter in filters {
      let gtkFilter = gtk_file_filter_new()!
      gtk_file_filter_set_name(gtkFilter, filter.name)
      for pattern in filter.patterns { gtk_file_filter_add_pattern(gtkFilter, pattern) }
      gtk_file_chooser_add_filter(fileChooser, gtkFilter)
      g_object_unref(UnsafeMutableRawPointer(gtkFilter))
    }
    for toggle in toggles {
      gtk_file_chooser_add_choice(fileChooser, toggle.id, toggle.label, nil, nil)
    }
    if case .save(let name) = mode {
      gtk_file_chooser_set_current_name(fileChooser, name)
    }
    Self.open[ObjectIdentifier(self)] = self
    Signal.connectInt(UnsafeMutableRawPointer(chooser), "response") { [unowned self] response in
      defer { Self.open[ObjectIdentifier(self)] = nil }
      guard response == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(fileChooser)
      else { return }
      defer { g_object_unref(UnsafeMutableRawPointer(file)) }
      guard let path = g_file_get_path(file) else { return }
      let text = String(cString: path)
      g_free(path)
      let ticked = toggles.filter { toggle in
        gtk_file_chooser_get_choice(fileChooser, toggle.id).map {
          String(cString: $0) == "true"
        } ?? false
      }
      chosen(text, Set(ticked.map(\.id)))
    }
    gtk_native_dialog_set_modal(
      UnsafeMutableRawPointer(chooser).assumingMemoryBound(
        to: GtkNativeDialog.self), 1)
    gtk_native_dialog_show(
      UnsafeMutableRawPointer(chooser).assumingMemoryBound(
        to: GtkNativeDialog.self))
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(chooser))
  }
}
