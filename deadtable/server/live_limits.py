"""The limits of the live tables (the WebSocket side), in one place; the Hub takes them as defaults.

One careless or hostile client must not slow down anybody else's table: each connection has a
bounded queue of messages to send and a budget of messages to receive, a process keeps a bounded
number of tables in memory, and tables of bots only play, paced, while somebody watches them.
"""

from __future__ import annotations

from typing import Final

# -- sending: one queue and one writer task per connection (live_table.Conn) ------------------------
SEND_QUEUE: Final = 32  # messages waiting for one connection; one more and it is dropped
SEND_TIMEOUT: Final = 15.0  # seconds one message may take to leave; longer, and the peer is not reading
CLOSE_TIMEOUT: Final = 1.0  # seconds to say goodbye (a close frame) to a dropped connection
DROPPED: Final = 1008  # the close code of a connection dropped for its behaviour (policy violation)

# -- spectators: told by a task of each table's own, after the seats (spectators.py) -----------------
SPECTATOR_BATCH: Final = 4  # spectators woken at once; then the event loop turns (players go on)
SPECTATOR_REST: Final = 2.0  # after each batch, rest this many times as long as its sends took

# -- receiving: a token bucket per connection (routes/live.py) --------------------------------
MESSAGES_PER_SECOND: Final = 20.0
MESSAGES_BURST: Final = 40
LANG_PER_SECOND: Final = 1.0  # a language switch sends the whole state again
LANG_BURST: Final = 3
UNDO_PER_SECOND: Final = 1.0  # taking a move back replays the table's record (takeback.py)
UNDO_BURST: Final = 5
HINT_EVERY: Final = 3  # seconds between two hints of a connection: each runs a bot (server/hints.py)
# The coach of a guided game is asked once per state shown (bots' moves included: it tells the rules
# they meet), and runs the bot at the seat's turn only, for a decision it has not kept an answer
# for (server/lessons.py): a move's pace, not a hint's. Its other answers read the seat's view.
COACH_PER_SECOND: Final = 2.0
COACH_BURST: Final = 6
COACH_READS_PER_SECOND: Final = 20.0
COACH_READS_BURST: Final = 40
# Messages refused for coming too fast: this many in a row (refilled at the given rate) and the
# connection is closed, as it keeps flooding.
FLOOD_REFUSALS: Final = 20
FLOOD_FORGIVEN_PER_SECOND: Final = 2.0

# -- tables in memory (hub.Hub) ----------------------------------------------------------------
MAX_LIVE: Final = 500  # tables held at once; idle ones beyond this are unloaded (reloaded on demand)
IDLE_UNLOAD: Final = 300.0  # seconds without connections, bots or clocks before a table is unloaded
SWEEP_EVERY: Final = 30.0  # seconds between two looks for idle tables (at most)

# -- tables of bots only (no person's seat) ---------------------------------------------------
BOT_PACE: Final = 0.3  # seconds at least between two moves; they play only while watched
