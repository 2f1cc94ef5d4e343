import Foundation

// roster: a thin command line over RosterKit and RosterStore. See `roster --help`.
let tool = CommandLineTool(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(tool.run())
