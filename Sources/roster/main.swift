import Foundation
import RosterCLI

// roster: a thin command line over RosterCLI. See `roster --help`.
exit(
  CommandLineTool(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
  ).run())
