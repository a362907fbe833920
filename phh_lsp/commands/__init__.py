"""The command-line subcommands (``check``, ``format``), one module each."""
