import Foundation
import RosterBackend
import RosterKit
import Testing

/// One undo model: the store keeps exactly the steps a window's ``RosterKit/RosterList`` forms,
/// so that after a window undoes its own action, `roster undo` in another process undoes the
/// action before it. Typing a name into the empty last row is one step in the list (the insert
/// and the typing after it); it must be one step in the store too.
@Suite struct UndoModelContractTests {
  /// Anna and Berta added by another process, then a window that has typed `text` into its
  /// empty last row, one keystroke at a time.
  private struct Scene {
    let database: any StorageDatabase
    let id: UUID
    let window: RosterList

    init(backend: Backend, typing text: String) throws {
      database = try backend.makeDatabase()
      let command = try database.open()
      id = try command.createList(title: "Names", rule: .personalName).id
      let earlier = try command.openRecording(id)
      try earlier.append("Anna")
      try earlier.append("Berta")
      window = try database.open().openRecording(id)
      window.type(text)
    }

    /// What another process reads.
    func stored() throws -> [String] {
      try database.open().loadList(id).entries.map(\.text)
    }

    /// `roster undo`: the store's undo, in another process.
    func commandUndo() throws -> [ListEdit]? {
      try database.open().undo(in: id)
    }
  }

  @Test(arguments: Backend.all)
  func afterTheWindowUndoesItsTypingTheCommandUndoesTheActionBefore(backend: Backend) throws {
    let scene = try Scene(backend: backend, typing: "Carla")
    #expect(try scene.stored() == ["Anna", "Berta", "Carla"])
    scene.window.undo()
    #expect(scene.window.entries.map(\.text) == ["Anna", "Berta"])
    #expect(try scene.stored() == ["Anna", "Berta"])
    guard try scene.database.open().capabilities.sharedHistory else {
      #expect(try scene.commandUndo() == nil)
      return
    }
    let undone = try #require(try scene.commandUndo())
    #expect(undone.count == 1, "one edit: Berta's insert taken back")
    #expect(try scene.stored() == ["Anna"])
  }

  @Test(arguments: Backend.all)
  func aRedoneTypingIsOneStepForTheCommand(backend: Backend) throws {
    let scene = try Scene(backend: backend, typing: "Carla")
    scene.window.undo()
    scene.window.redo()
    #expect(try scene.stored() == ["Anna", "Berta", "Carla"])
    guard try scene.database.open().capabilities.sharedHistory else { return }
    _ = try #require(try scene.commandUndo())
    #expect(try scene.stored() == ["Anna", "Berta"], "Carla's insert and typing in one step")
    _ = try #require(try scene.commandUndo())
    #expect(try scene.stored() == ["Anna"])
  }

  @Test(arguments: Backend.all)
  func twoWindowsOfOneUserEachUndoTheirOwnStep(backend: Backend) throws {
    let scene = try Scene(backend: backend, typing: "Carla")
    let other = try scene.database.open().openRecording(scene.id)
    other.type("Dora")
    guard try scene.database.open().capabilities.sharedHistory else { return }
    // The first window's Ctrl+Z takes Carla back, not the other window's newer Dora.
    scene.window.undo()
    #expect(try scene.stored() == ["Anna", "Berta", "Dora"])
    // `roster undo` then undoes the newest action left: Dora, typed in the other window.
    _ = try #require(try scene.commandUndo())
    #expect(try scene.stored() == ["Anna", "Berta"])
    _ = try #require(try scene.commandUndo())
    #expect(try scene.stored() == ["Anna"])
  }
}

extension RosterList {
  /// Types `text` into the empty last row one character at a time, as a person does.
  fileprivate func type(_ text: String) {
    let rows = editableRows
    let row = rows.draftOffset
    var typed = ""
    for character in text {
      typed.append(character)
      // Every prefix of a name is a valid name.
      _ = try? rows.setText(typed, at: row)
    }
  }
}
