"""Three-letter codes for the units, shared by the terminal board and the SVG picture, so a
table reads the same code in both."""

UNIT_CODES = {
    "sheep": "shp",
    "cow": "cow",
    "cheese_dairy": "dry",
    "bakery": "bak",
    "field": "fld",
    "distillery": "dst",
    "woodcutter": "wdc",
    "miner": "min",
    "fisherman": "fsh",
}
