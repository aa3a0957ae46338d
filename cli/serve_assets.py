"""The stylesheet and the script of `serve`'s page, served from its own address (the
Content-Security-Policy allows nothing else: no inline script, no outside source).

Phone first: one column that reads at 375 px, more columns on a wide screen (a TV at
1920 px). The players' colours are the board's (board_svg.PLAYER_FILLS), so a player's card
and banner match their units on the board; the words say the colour too.
"""

from __future__ import annotations

from functools import cache

from .board_svg import INK, LIGHT_PLAYERS, PAPER, PLAYER_FILLS

_CSS = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.4 system-ui, sans-serif; color: INK; background: PAPER; }
main { padding: 8px; max-width: 1900px; margin: 0 auto; display: grid; gap: 10px;
  grid-template-columns: minmax(0, 1fr); }
section { min-width: 0; }
h2 { font-size: 1.15rem; margin: .6em 0 .3em; }
h3 { font-size: 1.05rem; margin: .3em 0; overflow-wrap: anywhere; }
p, li, dd { overflow-wrap: anywhere; }
svg { max-width: 100%; height: auto; display: block; }
.turn { border-radius: 10px; padding: 10px 14px; background: var(--c, #555); color: var(--ink, #fff);
  border: 4px solid INK; }
.turn p { margin: 0; }
.turn .now { font-size: 1rem; text-transform: uppercase; letter-spacing: .06em; }
.turn .who { font-size: 2.6rem; font-weight: 800; line-height: 1.1; overflow-wrap: anywhere; }
.turn .about { font-size: 1.2rem; font-weight: 600; }
.turn .next { margin-top: .3em; }
.turn.table, .turn.over { --c: #eeeae0; --ink: INK; }
.board svg { width: 100%; border-radius: 6px; }
.players { display: grid; gap: 8px; grid-template-columns: minmax(0, 1fr); }
.players h2 { grid-column: 1 / -1; margin-bottom: 0; }
.player { background: #fff; border: 1px solid #bbb; border-left: 12px solid var(--c, #888);
  border-radius: 8px; padding: 6px 10px; }
.player[aria-current] { outline: 4px solid INK; outline-offset: 2px; }
.player .swatch { display: inline-block; width: .9em; height: .9em; margin-right: .35em;
  background: var(--c, #888); border: 1px solid INK; vertical-align: -0.1em; }
.player .mark { margin-left: .5em; padding: 0 .4em; border-radius: 4px; background: INK;
  color: #fff; font-size: .85em; }
.player .clan { margin: 0 0 .2em; color: #444; }
.player dl { margin: 0; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 0 .7em; }
.player dl div { display: contents; }
.player dt { font-weight: 600; }
.player dd { margin: 0; }
.player [data-row="Money"] dd, .player [data-row="VP"] dd { font-weight: 700; }
.round ul, .final ul, .options ul { margin: .2em 0; padding-left: 1.2em; }
.round p { margin: .25em 0; }
details { border-bottom: 1px solid #ddd; padding: .25em 0; }
summary { cursor: pointer; font-weight: 600; min-height: 1.8em; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; }
th, td { padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child { text-align: left; }
.total td { font-size: 1.1em; }
.qr { max-width: 320px; background: #fff; padding: 8px; }
.qr svg { width: 100%; }
a.bgstats { font-size: 1.2rem; font-weight: 700; overflow-wrap: anywhere; }
.offline { position: sticky; top: 0; z-index: 1; margin: 0; padding: 8px 12px;
  background: #b00020; color: #fff; font-weight: 700; }
.problem { padding: 12px; border: 3px solid #b00020; background: #fff; }
@media (max-width: 480px) {
  th, td { padding: 2px 4px; }
}
@media (min-width: 900px) {
  main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; }
  .turn, .final { grid-column: 1 / -1; }
  .board { grid-row: span 3; position: sticky; top: 8px; }
  .players { grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); }
}
@media (min-width: 1600px) {
  body { font-size: 20px; }
  .turn .who { font-size: 3.4rem; }
}
"""

# The page's few lines of script: each state the event stream sends replaces the page's
# changing part (the groups of options that were open stay open); when the stream breaks,
# a line says so until it is back (the browser reconnects by itself, and the server sends
# the state again as it does).
SCRIPT = """\
(function () {
  "use strict";
  var main = document.getElementById("game");
  var offline = document.getElementById("offline");
  var address = document.body.getAttribute("data-events");
  function show(html, key) {
    var open = [];
    main.querySelectorAll("details[open]").forEach(function (d) { open.push(d.id); });
    main.innerHTML = html;
    open.forEach(function (id) {
      var found = document.getElementById(id);
      if (found) { found.open = true; }
    });
    document.body.setAttribute("data-key", key);
  }
  function listen() {
    var stream = new EventSource(address);
    stream.addEventListener("state", function (e) {
      offline.hidden = true;
      if (e.lastEventId !== document.body.getAttribute("data-key")) { show(e.data, e.lastEventId); }
    });
    stream.onopen = function () { offline.hidden = true; };
    stream.onerror = function () {
      offline.hidden = false;
      if (stream.readyState === EventSource.CLOSED) { setTimeout(listen, 2000); }
    };
  }
  listen();
}());
"""


@cache
def stylesheet() -> str:
    """The page's CSS, with a class per player colour in the board's fills."""
    colours = []
    for name, fill in PLAYER_FILLS.items():
        ink = INK if name in LIGHT_PLAYERS else "#ffffff"
        colours.append(f".c-{name} {{ --c: {fill}; --ink: {ink}; }}")
    colours.append(f".c-other {{ --c: #888888; --ink: {INK}; }}")
    return _CSS.replace("INK", INK).replace("PAPER", PAPER) + "\n".join(colours) + "\n"
