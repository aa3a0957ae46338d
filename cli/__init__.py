"""The `caledonia` command line: Typer commands, rich output, questionary prompts."""

# The one place the version is written (pyproject.toml reads it from here), so that
# `caledonia --version` needs no package metadata, which is slow to import.
VERSION = "0.1.0"
