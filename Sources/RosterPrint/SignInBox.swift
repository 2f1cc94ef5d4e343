/// A sign-in sheet's box on one row, as ``PageRenderer`` draws it: a square to tick by hand,
/// ticked already when the entry is checked in (``PrintRow/isCheckedIn``).
///
/// ```swift
/// let boxes = renderer.boxes(onPage: 0)
/// boxes.filter(\.isTicked).map(\.position)   // the rows checked in on the first page
/// ```
public struct SignInBox: Equatable, Sendable {
  /// A point on the page, in points from its top left.
  public struct Point: Equatable, Sendable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge.
    public var y: Double
  }

  /// The row's position in the document (0-based).
  public let position: Int
  /// The square's left edge.
  public let x: Double
  /// The square's top edge.
  public let y: Double
  /// The square's side.
  public let side: Double
  /// Whether a tick is drawn in it.
  public let isTicked: Bool

  /// The tick's stroke, when ticked: from the left, down to the corner, up past the square's
  /// top right, as a pen draws it; empty when not ticked.
  /// - Complexity: O(1).
  public var tick: [Point] {
    guard isTicked else { return [] }
    return [
      Point(x: x + side * 0.18, y: y + side * 0.5), Point(x: x + side * 0.42, y: y + side * 0.8),
      Point(x: x + side * 1.05, y: y - side * 0.15),
    ]
  }
}
