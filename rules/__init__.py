"""The rules engine of Clans of Caledonia: pure game logic, no terminal I/O.

Nothing in this package prints, prompts or exits; problems are returned or
raised as values that carry a reason a person can read.
"""
