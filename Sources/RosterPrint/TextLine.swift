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
    layout = rp_pango_cairo_create_layout(cairo)
    let font = rp_pango_font_description_from_string(Self.families)
    rp_pango_font_description_set_size(font, Int32(size * Double(RP_PANGO_SCALE)))
    if bold { rp_pango_font_description_set_weight(font, RP_PANGO_WEIGHT_BOLD) }
    rp_pango_layout_set_font_description(layout, font)
    rp_pango_font_description_free(font)
    rp_pango_layout_set_single_paragraph_mode(layout, 1)
    rp_pango_layout_set_width(layout, Int32(max(0, width) * Double(RP_PANGO_SCALE)))
    rp_pango_layout_set_ellipsize(layout, RP_PANGO_ELLIPSIZE_END)
    switch alignment {
    case .leading: rp_pango_layout_set_alignment(layout, RP_PANGO_ALIGN_LEFT)
    case .trailing: rp_pango_layout_set_alignment(layout, RP_PANGO_ALIGN_RIGHT)
    case .center: rp_pango_layout_set_alignment(layout, RP_PANGO_ALIGN_CENTER)
    }
    rp_pango_layout_set_text(layout, text, -1)
  }

  /// Draws the line with its baseline `baseline` points down the page and its box starting
  /// `x` points from the left, so that lines in different scripts (and fonts) share a baseline.
  func draw(on cairo: OpaquePointer, x: Double, baseline: Double) {
    let ascent = Double(rp_pango_layout_get_baseline(layout)) / Double(RP_PANGO_SCALE)
    rp_cairo_move_to(cairo, x, baseline - ascent)
    rp_pango_cairo_show_layout(cairo, layout)
  }

  /// Frees the layout.
  func release() {
    rp_g_object_unref(UnsafeMutableRawPointer(layout))
  }
}
