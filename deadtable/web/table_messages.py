"""The texts of the table's player panels, confirmations and summary (js/panels.js, confirm.js,
whynot.js, summary.js, sound.js and the games' web/panels.js), for the message catalogues.

Listed apart from `messages.MESSAGES`, which takes them in, so that these pages' texts keep their
own catalogue file (`table.po`).
"""

from __future__ import annotations

from deadtable.i18n import N_


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (singular and plural ids) for the catalogue."""
    return (singular, plural)


TABLE_MESSAGES: tuple[str | tuple[str, str], ...] = (
    # Confirming a move that cannot be taken back (js/confirm.js).
    N_("Make the move"),
    N_("This move cannot be taken back. Make it?"),
    N_("{what}: this move cannot be taken back. Make it?"),
    N_("Ask before a move that commits more than one click shows"),
    # A piece that cannot be played, Enter or Space on it, when the server gives no reason (js/whynot.js).
    N_("You cannot play this now."),
    # Open seats, taken from the lobby (js/openseats.js, lobby.js).
    N_("open seat"),
    N_("take seat P{seat}"),
    N_("anyone may take it from the lobby; a bot plays it meanwhile"),
    # The turn's sound and vibration (js/sound.js).
    N_("Sound and vibration when it is your turn"),
    # What happened since your last move (js/summary.js).
    N_("Since your last move"),
    N_("Nothing yet."),
    # The players' panels (js/panels.js and each game's web/panels.js).
    N_("Life"),
    N_("Turn"),
    N_("In hand"),
    N_("Captured"),
    N_("Turn {n}"),
    n_("{n} zoo card left on the grid", "{n} zoo cards left on the grid"),
    n_("{n} mutant found", "{n} mutants found"),
    N_("Army"),
    N_("This turn"),
    N_("Round {round} of {rounds}"),
    N_("Draw pile: {n}"),
    N_("Deck"),
    N_("Discard"),
    N_("Traps"),
    N_("Round {n}"),
    N_("Phase: {phase}"),
    N_("Survivor deck: {n}"),
    N_("Trap deck: {n}"),
    N_("Penalty points"),
    N_("This hand"),
    N_("Next turn"),
    N_("Deck: {n}"),
    N_("Discard: {n}"),
)
