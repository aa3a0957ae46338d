"""Every kind of event, one spec per module (`SPEC`); the tables, parser, help and words
derive from them. registry.py builds the table `EVENTS` from these and the rules units'
own specs; event_words.py reads and says events in words.

This package's __init__ imports nothing: a spec module is imported on its own, without
every other kind.
"""
