public import RosterKit

/// The one splice that puts a whole list's rows in place of its preview's.
///
/// While a long list loads, the view shows the preview's rows and then blank rows up to the
/// whole list's count, and cannot be scrolled, so only rows near the top have widgets. The
/// splice covers those rows from the first whose entry differs in the whole list (another
/// writer may have changed the list between the two reads); rows above it keep their widgets.
/// Rows past the covered ones are not announced again: GtkListView fetches every added item
/// once, a million allocations for a million rows.
public enum PreviewSwap {
  /// The splice from the rows shown to the whole list's.
  /// - Parameters:
  ///   - shown: How many rows the view shows now (the whole list's count when it was read).
  ///   - covered: How many rows from the top may have widgets: the preview's, and any blank
  ///     rows bound past them.
  ///   - unchanged: How many of the preview's leading rows show the same entry in the whole
  ///     list.
  ///   - whole: How many rows the whole list has in the view (its entries and the empty last
  ///     row); it differs from `shown` at least by that row.
  /// - Returns: A splice from the first changed row through the covered rows, growing to the
  ///   end when the whole list is too short for that.
  public static func splice(shown: Int, covered: Int, unchanged: Int, whole: Int) -> Splice {
    let start = min(unchanged, covered, shown, whole)
    var end = min(max(covered, start), shown)
    var inserted = end - start + whole - shown
    if inserted < 0 {
      end = shown
      inserted = whole - start
    }
    return Splice(offset: start, removed: end - start, inserted: inserted)
  }
}
