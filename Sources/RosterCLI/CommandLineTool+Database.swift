import RosterBackend
import RosterEngines

/// `roster db …`
extension CommandLineTool {
  func initializeDatabase(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, "no arguments")
    let done = try attempt { () throws(StoreError) in
      try StorageOpener.initialize(location(arguments), environment: environment)
    }
    out.line(done)
  }
}
