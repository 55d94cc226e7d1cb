"""GET /healthz: whether this server process can serve, for a proxy, a container or a monitor.

200 {"status": "ok", "store": "ok"} when the store answers a trivial query (one table id read,
store.ping), 503 {"status": "unavailable", "store": "<one line why>"} when it does not, or not
within `PING_TIMEOUT` seconds. It is cheap: no table is loaded and no lock is taken, so it runs
every few seconds beside play; it is neither rate-limited nor logged, and any Host may ask it
(middleware.HostCheck lets it through: a prober names the server by its address).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..deps import hub_of

PATH = "/healthz"
PING_TIMEOUT = 5.0
WHY_MOST = 200  # characters of the reason kept

router = APIRouter(include_in_schema=False)


def one_line(err: BaseException) -> str:
    """An error's first line, short: the driver's own message when SQLAlchemy wraps one.

    >>> one_line(OSError("connection refused\\n\\tIs the server running?"))
    'connection refused'
    """
    cause = getattr(err, "orig", None) or err
    lines = str(cause).strip().splitlines()
    return (lines[0].strip() if lines else type(cause).__name__)[:WHY_MOST]


@router.get(PATH)
async def healthz(request: Request) -> JSONResponse:
    hub = hub_of(request)
    try:
        await asyncio.wait_for(hub.run(hub.store.ping), PING_TIMEOUT)
    except TimeoutError:
        why = f"no answer within {PING_TIMEOUT:g} seconds"
    except Exception as err:  # whatever the driver raises: the store does not answer
        why = one_line(err)
    else:
        return JSONResponse({"status": "ok", "store": "ok"})
    return JSONResponse({"status": "unavailable", "store": why}, status_code=503)
