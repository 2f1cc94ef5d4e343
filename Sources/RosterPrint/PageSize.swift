/// A sheet's size in PostScript points (1/72 inch), as Cairo's PDF surface and GTK's print
/// context measure it.
///
/// ```swift
/// let renderer = PageRenderer(document: document, pageSize: .a4)
/// ```
public struct PageSize: Equatable, Sendable {
  /// The width, in points.
  public var width: Double
  /// The height, in points.
  public var height: Double

  /// A page of this size, in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// ISO A4, 210 × 297 mm.
  public static let a4 = PageSize(width: 595.276, height: 841.89)
  /// US Letter, 8.5 × 11 in.
  public static let letter = PageSize(width: 612, height: 792)
}
