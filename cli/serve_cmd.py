"""`caledonia serve GAME`: a live page of the game for every phone at the table and the TV.

The server is Starlette's routes under uvicorn (serve_app.py), from the optional extra
`serve` (`pip install 'caledonia[serve]'`), with segno for the QR codes. No other command
imports them; `play --serve` starts the same server beside itself (serve_server.py).
"""

from __future__ import annotations

from .game_io import load
from .output import GameArgument, emit, message
from .serve_options import PORT, LanOption, PortOption
from .serve_server import needs_the_extra, prepared, print_qr
from .translation import t


def serve(game_file: GameArgument, port: PortOption = PORT, lan: LanOption = False) -> None:
    """A live page of the game for every phone at the table and the TV: the board, whose
    turn it is, every player, what may be done now, and the score at the end.

    Read-only. It prints the address and runs until Ctrl-C; every save by any command
    shows on every open page within a second. On this machine only, unless --lan.

    Example: [cyan]caledonia serve game.yaml --lan[/cyan]
    """
    needs_the_extra()
    load(game_file)  # a file that cannot be served is said now, not on the page
    server, url = prepared(game_file, port, lan)
    emit(url)
    if lan:
        print_qr(url)
    message(t("Serving {file} at {url}: press Ctrl-C to stop.", file=game_file, url=url))
    server.run()
    message(t("Stopped serving {file}.", file=game_file))
