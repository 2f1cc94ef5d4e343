import RosterCLI

// roster: a thin command line over RosterCLI. See `roster --help`.
CommandLineTool.main()
