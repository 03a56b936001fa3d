"""The command-line interface: a thin typer layer, one module per command."""
