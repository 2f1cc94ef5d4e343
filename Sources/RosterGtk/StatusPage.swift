import CAdw
import CGtk

/// AdwStatusPage: an icon, a title and a hint, for empty states.
public final class StatusPage: Widget {
  /// A page showing `icon`, `title` and `description`, taking all the space it is given.
  public init(icon: String, title: String, description: String) {
    super.init(adw_status_page_new())
    adw_status_page_set_icon_name(opaque, icon)
    adw_status_page_set_title(opaque, title)
    adw_status_page_set_description(opaque, description)
    expand(horizontally: true, vertically: true)
  }

  /// The hint under the title.
  public var details: String {
    get { String(cString: adw_status_page_get_description(opaque)) }
    set { adw_status_page_set_description(opaque, newValue) }
  }
}
