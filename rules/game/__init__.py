"""The game engine: a game is its setup plus every event in order; state is the replay.

`gamefile` is the game file's format (storage/ reads and writes the files), `setup`
builds a game's setup, `state` holds what is on the table, `events` checks event shapes
and words them, and `actions`, `phases`, `ports` and `fixes` apply them: each refuses
with reasons in words before it changes anything.
"""
