"""The options `serve` and `play --serve` share; nothing of the server is imported here,
so `play` starts as fast as without them."""

from __future__ import annotations

from typing import Annotated

import typer
from caledonia.rules.messages import N_

HOST = "127.0.0.1"  # this machine only, unless --lan
PORT = 8017

PortOption = Annotated[
    int,
    typer.Option(
        "--port",
        metavar="N",
        min=0,
        max=65535,
        help=N_("The port to serve on (0: any free port)."),
    ),
]
LanOption = Annotated[
    bool,
    typer.Option(
        "--lan",
        help=N_(
            "Serve to the phones on this network (the machine's network address), with a "
            "secret token in the address and its QR code."
        ),
    ),
]
