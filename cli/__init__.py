"""The `caledonia` command line: Typer commands, rich output, questionary prompts."""
