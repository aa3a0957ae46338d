"""caledonia: a command-line referee for Clans of Caledonia (see cli/ and rules/)."""
