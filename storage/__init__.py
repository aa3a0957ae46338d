"""caledonia's files on disk, apart from the rules: the game files read and saved
(games.py), and the cache folder's checkpoints (checkpoint.py), component data
(datacache.py) and views (views.py), all through cachefile.py's private, checked files.
The rules never import this package; the components loader reaches the data cache
through the plug rules/keeping.py, which the command line fills (datacache.install)."""
