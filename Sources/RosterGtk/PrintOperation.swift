import CAdw
import CGtk

/// GTK's print dialog and printing (GtkPrintOperation): the person picks a printer (or “Print
/// to File”, which writes a PDF), and the pages are drawn one by one on the Cairo context GTK
/// hands over, with GTK's own progress window and its Cancel while they are drawn.
///
/// Units are PostScript points and the whole sheet is the drawing area (the drawer sets its own
/// margins), so a page drawn for a PDF surface of the same size comes out the same.
///
/// ```swift
/// PrintOperation(
///   job: "Class 3b", parent: window,
///   pages: { width, height in renderer(width, height).pageCount },
///   draw: { cairo, page in renderer.drawPage(page, on: cairo) }, finished: { _ in })
/// ```
@MainActor
public final class PrintOperation {
  /// How a print ended.
  public enum Outcome: Sendable {
    /// The pages went to the printer or the file.
    case printed
    /// The person closed the dialog or cancelled the progress.
    case cancelled
    /// GTK could not print: its message, already in the person's language, or `nil` when GTK
    /// gave none (the front end words it).
    case failed(String?)
  }

  nonisolated(unsafe) private let operation: UnsafeMutablePointer<GtkPrintOperation>
  /// Running operations, kept until they end (GTK holds them only while the dialog shows).
  private static var running: [ObjectIdentifier: PrintOperation] = [:]
  /// The settings of the last print, offered again by the next (printer, copies, file).
  private static var lastSettings: OpaquePointer?

  /// Shows the print dialog over `parent` and prints when the person accepts.
  /// - Parameters:
  ///   - job: The job's name, and the file's name (without `.pdf`) for “Print to File”.
  ///   - parent: The window the dialog belongs to.
  ///   - outputFile: A PDF path to preselect with the “Print to File” printer (the dialog still
  ///     shows; a test sets it, for lack of a way to type into the dialog's printer list).
  ///   - pages: The page count for sheets of this width and height (points), asked once the
  ///     person has chosen the paper.
  ///   - draw: Draws page N (0-based) on a `cairo_t *` in points, top left at the origin.
  ///   - finished: How it ended.
  @discardableResult
  public init(
    job: String, parent: Widget, outputFile: String? = nil,
    pages: @escaping @MainActor (_ width: Double, _ height: Double) -> Int,
    draw: @escaping @MainActor (_ cairo: OpaquePointer, _ page: Int) -> Void,
    finished: @escaping @MainActor (Outcome) -> Void
  ) {
    operation = gtk_print_operation_new()
    let operation = self.operation
    gtk_print_operation_set_job_name(operation, job)
    gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
    gtk_print_operation_set_use_full_page(operation, 1)
    gtk_print_operation_set_show_progress(operation, 1)
    gtk_print_operation_set_allow_async(operation, 1)
    gtk_print_operation_set_embed_page_setup(operation, 1)
    let settings = Self.lastSettings.map { gtk_print_settings_copy($0) } ?? gtk_print_settings_new()
    gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, job)
    gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
    if let outputFile {
      gtk_print_settings_set_printer(settings, "Print to File")
      let uri = g_filename_to_uri(outputFile, nil, nil)
      gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri)
      g_free(uri)
    }
    gtk_print_operation_set_print_settings(operation, settings)
    g_object_unref(UnsafeMutableRawPointer(settings))

    let instance = UnsafeMutableRawPointer(operation)
    Signal.connect(instance, "begin-print") { context in
      let context = OpaquePointer(context)
      let width = gtk_print_context_get_width(context)
      let height = gtk_print_context_get_height(context)
      gtk_print_operation_set_n_pages(operation, Int32(max(1, pages(width, height))))
    }
    Signal.connect(
      instance, "draw-page",
      pointerAndInt: { context, page in
        guard let cairo = gtk_print_context_get_cairo_context(OpaquePointer(context)) else {
          return
        }
        draw(cairo, Int(page))
      })
    Self.running[ObjectIdentifier(self)] = self
    Signal.connectInt(instance, "done") { [unowned self] result in
      defer { Self.running[ObjectIdentifier(self)] = nil }
      finished(self.outcome(of: GtkPrintOperationResult(rawValue: UInt32(result))))
    }
    var error: UnsafeMutablePointer<GError>?
    let result = gtk_print_operation_run(
      operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent.typed(GtkWindow.self), &error)
    if result == GTK_PRINT_OPERATION_RESULT_ERROR {
      let message = error.map { String(cString: $0.pointee.message) }
      if let error { g_error_free(error) }
      Self.running[ObjectIdentifier(self)] = nil
      finished(.failed(message))
    }
  }

  /// The outcome a finished run reports, keeping the settings of a successful one.
  private func outcome(of result: GtkPrintOperationResult) -> Outcome {
    switch result {
    case GTK_PRINT_OPERATION_RESULT_APPLY:
      if let settings = gtk_print_operation_get_print_settings(operation) {
        if let old = Self.lastSettings { g_object_unref(UnsafeMutableRawPointer(old)) }
        Self.lastSettings = gtk_print_settings_copy(settings)
      }
      return .printed
    case GTK_PRINT_OPERATION_RESULT_ERROR:
      var error: UnsafeMutablePointer<GError>?
      gtk_print_operation_get_error(operation, &error)
      let message = error.map { String(cString: $0.pointee.message) }
      if let error { g_error_free(error) }
      return .failed(message)
    default:
      return .cancelled
    }
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(operation))
  }
}
