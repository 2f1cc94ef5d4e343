import CAdw
import CGtk

/// AdwHeaderBar with an AdwWindowTitle.
public final class HeaderBar: Widget {
  private let title: Widget

  /// A header bar with an empty title.
  public init() {
    title = Widget(adw_window_title_new("", "")!)
    super.init(adw_header_bar_new())
    adw_header_bar_set_title_widget(opaque, title.widget)
  }

  /// Shows `text` as the title, `subtitle` under it.
  public func setTitle(_ text: String, subtitle: String) {
    adw_window_title_set_title(title.opaque, text)
    adw_window_title_set_subtitle(title.opaque, subtitle)
  }

  /// Adds `child` at the start of the bar.
  public func packStart(_ child: Widget) { adw_header_bar_pack_start(opaque, child.widget) }
  /// Adds `child` at the end of the bar.
  public func packEnd(_ child: Widget) { adw_header_bar_pack_end(opaque, child.widget) }

  /// Hides the window buttons (a sidebar's header bar).
  public func hideWindowButtons(start: Bool, end: Bool) {
    adw_header_bar_set_show_start_title_buttons(opaque, start ? 0 : 1)
    adw_header_bar_set_show_end_title_buttons(opaque, end ? 0 : 1)
  }
}
