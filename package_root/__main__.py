"""`python -m caledonia`: the same as the `caledonia` command."""

from caledonia.cli.main import main

main()
