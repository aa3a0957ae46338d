"""Map-module sides as YAML data (filled by the map engine)."""
