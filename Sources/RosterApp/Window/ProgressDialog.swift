import RosterAppCore
import RosterGtk
import RosterLocalization
import RosterTransfer

/// The progress of a long import or export, with Cancel: a dialog with a progress bar, shown
/// at the first report (work of a few thousand rows never shows it).
///
/// The work runs on the main thread, as the list it fills lives there; ``update(_:)`` is its
/// progress handler (called every ``TransferProgress/interval`` rows), which moves the bar and
/// now and then runs the main loop for a moment (``MainLoop/spin(milliseconds:)``), so that the
/// window redraws and a click on Cancel is seen. The dialog is modal: nothing else starts
/// meanwhile.
///
/// ```swift
/// let progress = ProgressDialog(parent: window, heading: "Importing “big.csv”")
/// defer { progress.close() }
/// try plan.run(reading: handle, name: name, into: list, progress: progress.update) { _ in }
/// ```
@MainActor
final class ProgressDialog {
  private let parent: Widget
  private let heading: String
  private let unit: (Int) -> String
  private var dialog: MessageDialog?
  private var bar: ProgressBar?
  /// Whether the person pressed Cancel.
  private(set) var isCancelled = false
  /// When the window last had its slice.
  private var lastBreak = ContinuousClock.Instant.now

  /// A dialog over `parent` titled `heading`, not shown yet; `unit` names a count of what is
  /// done (“12,288 rows”).
  init(parent: Widget, heading: String, unit: @escaping (Int) -> String) {
    self.parent = parent
    self.heading = heading
    self.unit = unit
  }

  /// A dialog counting rows read.
  static func rows(parent: Widget, heading: String) -> ProgressDialog {
    ProgressDialog(parent: parent, heading: heading) {
      localizedPlural("%@ row", "%@ rows", count: $0, GroupedNumber.text($0))
    }
  }

  /// Shows `step`; returns `false` once the person has cancelled.
  ///
  /// The window gets a tenth of a second to map when the dialog first shows, then a slice of
  /// ``breakMilliseconds`` after every ``workMilliseconds`` of work.
  func update(_ step: TransferProgress) -> Bool {
    if dialog == nil {
      show()
      MainLoop.spin(milliseconds: 100)
      lastBreak = .now
    }
    bar?.fraction = step.fraction ?? 0
    bar?.text = unit(step.done)
    if lastBreak.duration(to: .now) > .milliseconds(Self.workMilliseconds) {
      MainLoop.spin(milliseconds: Self.breakMilliseconds)
      lastBreak = .now
    }
    return !isCancelled
  }

  /// How long the work runs between two slices for the window.
  static let workMilliseconds = 100
  /// How long the window's slice is: a frame or two, the clicks waiting, a screen reader's
  /// questions.
  static let breakMilliseconds: UInt32 = 30

  /// Closes the dialog, if it showed, without raising the window under it.
  func close() {
    dialog?.destroy()
    dialog = nil
  }

  private func show() {
    let dialog = MessageDialog(parent: parent, heading: heading)
    let bar = ProgressBar(name: localized("Progress"))
    bar.margins(top: 6, bottom: 6, start: 0, end: 0)
    dialog.setExtraChild(bar)
    dialog.addResponse("cancel", localized("Cancel"))
    dialog.setCloseResponse("cancel")
    dialog.onResponse { [weak self] response in
      if response == "cancel" { self?.isCancelled = true }
    }
    dialog.present()
    self.dialog = dialog
    self.bar = bar
  }
}
