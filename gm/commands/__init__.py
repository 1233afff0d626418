"""The subcommands of `gm`, each loaded only when used."""
