import RosterGtk
import RosterKit

extension CategoryColor {
  /// The colour as a colour button shows it (opaque).
  var rgba: RGBA { RGBA(red: red, green: green, blue: blue) }
}
