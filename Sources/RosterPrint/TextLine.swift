import CPangoCairo

/// One line of text set by Pango on a Cairo context: a font, a width it is cut to with an
/// ellipsis, and an alignment that Pango mirrors for right-to-left text (an Arabic name sits at
/// the right of its column). Fonts come from fontconfig, with Noto's families for every script.
struct TextLine {
  /// How a line sits in its width.
  enum Alignment { case leading, trailing, center }

  /// The families tried in order, then fontconfig's fallback: Latin, Greek and Cyrillic;
  /// Arabic; Devanagari; Chinese, Japanese and Korean.
  static let families = "Noto Sans,Noto Sans Arabic,Noto Sans Devanagari,Noto Sans CJK SC"

  private let layout: OpaquePointer

  /// A line of `text` in `size` points (bold when asked), at most `width` points wide.
  init(
    _ text: String, on cairo: OpaquePointer, size: Double, bold: Bool = false, width: Double,
    alignment: Alignment = .leading
  ) {
    layout = pango_cairo_create_layout(cairo)
    let font = pango_font_description_from_string(Self.families)
    pango_font_description_set_size(font, Int32(size * Double(PANGO_SCALE)))
    if bold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
    pango_layout_set_font_description(layout, font)
    pango_font_description_free(font)
    pango_layout_set_single_paragraph_mode(layout, 1)
    pango_layout_set_width(layout, Int32(max(0, width) * Double(PANGO_SCALE)))
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    switch alignment {
    case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    }
    pango_layout_set_text(layout, text, -1)
  }

  /// Draws the line with its baseline `baseline` points down the page and its box starting
  /// `x` points from the left, so that lines in different scripts (and fonts) share a baseline.
  func draw(on cairo: OpaquePointer, x: Double, baseline: Double) {
    let ascent = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    cairo_move_to(cairo, x, baseline - ascent)
    pango_cairo_show_layout(cairo, layout)
  }

  /// Frees the layout.
  func release() {
    g_object_unref(UnsafeMutableRawPointer(layout))
  }
}
