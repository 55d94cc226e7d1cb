"""Abuse of the online table: a normal player's move latency while one abuse at a time runs.

The normal player is a Carson City Zoo table with two human seats (no bot thinks in the measure),
played by two WebSockets that take turns with random legal moves. A move's latency runs from
sending {"type": "act"} to receiving, on the same socket, the state whose index is past it. Each
scenario measures `--moves` moves (new games as games end) within `--duration` seconds: a server
that freezes gives a "timed out" row (a move left unanswered shows as ">N" in the max column)
instead of a hang. The abuse runs in its own process (so the player's numbers do not include the
abuser's own work), is in place before the player starts, and reports what the server answered it.

Scenarios (run in this order, one at a time, against the same server):
  baseline         no abuse
  slow-readers     --slow-readers raw WebSockets with a tiny receive buffer (SO_RCVBUF) that say
                   hello as spectators and never read: half on the player's table (they follow
                   it to each new game), half on 5 other tables; the first of each table asks
                   --slow-fill times for the state again, to fill its pipe as a long game would
  spectators       --spectators reading spectators on the player's table (following it; each is
                   in place once it has read its first state; how soon the end of each game
                   reached all of them is reported); its row is judged against the baseline's
                   with the targets: a move within 20 ms at p50 and 100 ms at p99
  big-body         POST /api/tables with a --body-mb MB body (a seat name), two at a time
  lang-flood       a spectator of another table sending {"type": "lang", "lang": "es"} as fast
                   as it can (and reading what comes back)
  lobby-all        GET /api/tables?limit=-1 in a loop, two at a time, after --lobby-tables tables
  create-flood     POST /api/tables as fast as 16 clients can
  cards-fifo       POST /api/tables for overlords with options {"cards": <a FIFO nobody writes>};
                   when the scenario ends the FIFO is opened for writing (EOF), to free the server
  cards-devzero    the same with "/dev/zero"; only against a server this benchmark started, which
                   runs with its address space capped (--server-memory)
  hostile-strings  tables whose seat name, standby bot or game holds a lone surrogate (\\ud800),
                   a NUL or raw invalid UTF-8, sent as raw JSON bytes; each created table is then
                   read back (GET /api/tables/{id}, the lobby, a spectator WebSocket)
  bot-tables       --bot-tables tables of 4 --bot-agent bots, nobody watching (last: their games
                   go on after the scenario)

Below each row: what the server answered the abuser (status codes and how many, "no answer",
connections dropped) and, for a started server, the tracebacks its log gained meanwhile. Between
scenarios the server must answer GET /api/games within 20 s, else (when started here) it is
restarted on a new store. Progress goes to stderr, one line per scenario.

    python -m benchmarks.abuse                                  # every scenario, about 5 minutes
    python -m benchmarks.abuse --scenarios baseline,lang-flood --moves 30
    python -m benchmarks.abuse --markdown                       # the table for the docs
    python -m benchmarks.abuse --url http://127.0.0.1:8000      # a running server (loopback only)
"""

# The modules: cli (the options and the table), report (one scenario run and its row), server (the
# server measured), player (the normal player and its latencies), scenarios (the order, and the
# abuser process), abuser (what an abuse gets), websocket_abuses and http_abuses (the abuses
# themselves), wire (what the player and the abusers share).
