import CPangoCairo
public import Foundation
public import RosterTransfer

/// Writes a ``PrintDocument`` as a PDF, page by page through ``PageRenderer``, with its fonts
/// embedded (subsets of the Noto fonts the text uses) and the list's title as the PDF's title.
///
/// ```swift
/// let handle = FileHandle(forWritingAtPath: "class.pdf")!
/// let pages = try PDFWriter.write(document, to: handle) { step in
///   bar.fraction = step.fraction ?? 0
///   return !cancelled
/// }
/// ```
public enum PDFWriter {
  /// Why a PDF could not be written.
  public enum Failure: Error, CustomStringConvertible {
    /// Writing to the file failed: the error from the write.
    case write(any Error)
    /// Cairo could not make the PDF: its status message.
    case cairo(String)
    /// Pango and Cairo could not be loaded: the loader's message.
    case unavailable(String)
    /// The progress handler cancelled: the file is incomplete and should be removed.
    case cancelled

    /// One line for a person.
    public var description: String {
      switch self {
      case .write(let error): "\(error.localizedDescription)"
      case .cairo(let message): "cannot make the PDF: \(message)"
      case .unavailable(let reason):
        "Pango and Cairo cannot be loaded (install libpangocairo-1.0-0): \(reason)"
      case .cancelled: "cancelled"
      }
    }
  }

  /// Writes every page of `document` on pages of `pageSize` to `handle`.
  /// - Parameters:
  ///   - document: What to print.
  ///   - handle: Where the PDF goes: a file, or a pipe (it is written front to back).
  ///   - pageSize: The sheet, A4 unless said.
  ///   - progress: Called after each page with the pages done; returns `false` to cancel.
  /// - Returns: The number of pages written.
  /// - Throws: ``Failure``; what was written then is not a whole PDF.
  /// - Complexity: O(n) in the number of rows.
  @discardableResult
  public static func write(
    _ document: PrintDocument, to handle: FileHandle, pageSize: PageSize = .a4,
    progress: TransferProgress.Handler? = nil
  ) throws(Failure) -> Int {
    if let reason = PangoCairo.load() { throw .unavailable(reason) }
    let renderer = PageRenderer(document: document, pageSize: pageSize)
    let output = Output(handle: handle)
    let context = Unmanaged.passRetained(output)
    defer { context.release() }
    let surface = rp_cairo_pdf_surface_create_for_stream(
      { closure, bytes, length in
        guard let closure, let bytes else { return RP_CAIRO_STATUS_WRITE_ERROR }
        let output = Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue()
        return output.write(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
          ? RP_CAIRO_STATUS_SUCCESS : RP_CAIRO_STATUS_WRITE_ERROR
      }, context.toOpaque(), pageSize.width, pageSize.height)
    defer { rp_cairo_surface_destroy(surface) }
    rp_cairo_pdf_surface_set_metadata(surface, RP_CAIRO_PDF_METADATA_TITLE, document.title)
    rp_cairo_pdf_surface_set_metadata(surface, RP_CAIRO_PDF_METADATA_CREATOR, "Roster")
    guard let cairo = rp_cairo_create(surface) else { throw .cairo("no drawing context") }
    var cancelled = false
    for page in 0..<renderer.pageCount {
      renderer.drawPage(page, on: cairo)
      rp_cairo_show_page(cairo)
      if output.failure != nil { break }
      let step = TransferProgress(
        done: page + 1, fraction: Double(page + 1) / Double(renderer.pageCount))
      if let progress, !progress(step) {
        cancelled = true
        break
      }
    }
    rp_cairo_destroy(cairo)
    rp_cairo_surface_finish(surface)
    if let failure = output.failure { throw .write(failure) }
    if cancelled { throw .cancelled }
    let status = rp_cairo_surface_status(surface)
    guard status == RP_CAIRO_STATUS_SUCCESS else {
      throw .cairo(String(cString: rp_cairo_status_to_string(status)))
    }
    return renderer.pageCount
  }

  /// The file Cairo's stream writes to, and the first write that failed.
  private final class Output {
    let handle: FileHandle
    var failure: (any Error)?

    init(handle: FileHandle) {
      self.handle = handle
    }

    /// Writes `bytes`; `false` once a write has failed.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard failure == nil else { return false }
      do {
        try handle.write(contentsOf: Data(bytes))
      } catch {
        failure = error
      }
      return failure == nil
    }
  }
}
