"""`python -m caledonia`: the same as the `caledonia` command."""

from caledonia.cli.start import main

main()
