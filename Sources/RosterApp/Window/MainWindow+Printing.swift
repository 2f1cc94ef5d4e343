import Foundation
import RosterAppCore
import RosterBackend
import RosterGtk
import RosterKit
import RosterLocalization
import RosterPrint
import RosterTransfer

extension MainWindow {
  /// Print… and Print Sign-in Sheet… in the main menu: GTK's print dialog, with the pages of
  /// RosterPrint (the same as `roster export --format pdf`); the sign-in sheet ticks those
  /// checked in in the session the window shows. `ROSTER_PRINT_TO_FILE` (tests)
  /// preselects “Print to File” with that PDF path; the dialog still shows.
  func wirePrinting(into menu: Menu) {
    menu.append(localized("Print…"), action: .print)
    menu.append(localized("Print Sign-in Sheet…"), action: .printSignIn)
    menu.append(localized("Print Register…"), action: .printRegister)
    actions.add(.print) { [unowned self] in self.print(style: .list) }
    actions.add(.printSignIn) { [unowned self] in self.print(style: .signIn) }
    actions.add(.printRegister) { [unowned self] in self.printRegister() }
  }

  /// Whether the whole list is here to print; says so when it is not.
  private func readyToPrint() -> Bool {
    guard !library.isLoading else {
      // Only the first rows are here yet: a printout of them would look complete.
      toasts.show(localized("The list is still loading; print it in a moment."))
      return false
    }
    entries.list.endTyping()
    return true
  }

  /// The class register: a column per session with each entry's mark (P, L, E, A), and the
  /// count of check-ins under each.
  private func printRegister() {
    guard readyToPrint(), let attendance else { return }
    do throws(StoreError) {
      let register = try attendance.register()
      guard !register.sessions.isEmpty else {
        toasts.show(localized("“%@” has no sessions.", entries.list.title))
        return
      }
      print(
        PrintDocument.register(
          title: entries.list.title, date: Self.printDate(), register: register,
          labels: .localized))
    } catch {
      toasts.show(StoreErrorWording.sentence(for: error))
    }
  }

  private func print(style: PrintDocument.Style) {
    guard readyToPrint() else { return }
    let list = entries.list
    // A sign-in sheet ticks those checked in, in the session the window shows.
    let ticks = style == .signIn && attendance?.session != nil ? attendance : nil
    let rows = list.entries.map { entry in
      PrintRow(entry, isCheckedIn: ticks?.state(of: entry.id)?.isCheckedIn == true)
    }
    let document = PrintDocument(
      title: list.title, date: Self.printDate(), rows: rows, style: style, labels: .localized,
      session: ticks?.sessionName)
    print(document)
  }

  private func print(_ document: PrintDocument) {
    let list = entries.list
    var renderer: PageRenderer?
    PrintOperation(
      job: list.title, parent: window,
      outputFile: ProcessInfo.processInfo.environment["ROSTER_PRINT_TO_FILE"],
      pages: { width, height in
        let pages = PageRenderer(
          document: document, pageSize: PageSize(width: width, height: height))
        renderer = pages
        return pages.pageCount
      },
      draw: { cairo, page in renderer?.drawPage(page, on: cairo) },
      finished: { [weak self] outcome in
        switch outcome {
        case .printed, .cancelled: break
        case .failed(let message):
          self?.toasts.show(
            localized(
              "Cannot print: %@", message ?? localized("the printing system gave no reason")))
        }
      })
  }

  /// Today, as the person's locale writes a date.
  private static func printDate() -> String {
    let formatter = DateFormatter()
    formatter.dateStyle = .long
    formatter.timeStyle = .none
    return formatter.string(from: Date())
  }
}
