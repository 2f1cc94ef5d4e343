import RosterBackend
import RosterEngines
import RosterLocalization

/// `roster db …`
extension CommandLineTool {
  func initializeDatabase(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let done = try attempt { () throws(StoreError) in
      try StorageOpener.initialize(location(arguments), environment: environment)
    }
    switch done {
    case .sqliteReady(let path): out.line(localized("The SQLite database %@ is ready.", path))
    case .postgresCurrent(let place, let version):
      out.line(
        localized(
          "The PostgreSQL database at %1$@ already has Roster schema version %2$@.", place,
          version))
    case .postgresCreated(let place, let version):
      out.line(
        localized(
          "Created Roster schema version %1$@ in the PostgreSQL database at %2$@.", version,
          place))
    case .postgresMigrated(let place, let version):
      out.line(
        localized(
          "Migrated to Roster schema version %1$@ in the PostgreSQL database at %2$@.",
          version, place))
    }
  }
}
