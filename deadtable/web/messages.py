"""Every text the browser client shows, for the message catalogues (domain `web`).

The pages (deadtable/web/static) write their texts as English message ids: `t("Your turn")`,
`nt("{n} card", "{n} cards", n)` in the JavaScript, `data-i18n="..."` (and `data-i18n-title`,
`data-i18n-placeholder`) in the HTML, and read the translations from `/i18n/<lang>.json`
(`deadtable.i18n.catalogue_json`). Babel cannot read JavaScript, so the ids are listed here,
where the extractor finds them; `ui_messages()` reads them back out of the static files and
tests/web/test_catalogue.py fails when a page uses a text missing from this list.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from deadtable.i18n import N_

STATIC = Path(__file__).resolve().parent / "static"
_CALL = re.compile(r'\b(n?t)\("((?:[^"\\]|\\.)*)"(?:,\s*"((?:[^"\\]|\\.)*)")?')
_ATTR = re.compile(r'data-i18n(?:-title|-placeholder)?="([^"]*)"')

Key = str | tuple[str, str]


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (singular and plural ids) for the catalogue."""
    return (singular, plural)


def ui_messages() -> list[Key]:
    """The message ids the static pages use, in order of first use."""
    out: list[Key] = []
    for path in sorted(STATIC.rglob("*")):
        if path.suffix == ".js":
            for m in _CALL.finditer(path.read_text(encoding="utf-8")):
                first = json.loads('"' + m.group(2) + '"')
                key: Key = (first, json.loads('"' + m.group(3) + '"')) if m.group(1) == "nt" else first
                if key not in out:
                    out.append(key)
        elif path.suffix == ".html":
            for m in _ATTR.finditer(path.read_text(encoding="utf-8")):
                text = html.unescape(m.group(1))
                if text not in out:
                    out.append(text)
    return out


MESSAGES: tuple[Key, ...] = (
    N_("zombie card games at one table"),
    N_("New table"),
    N_("Game"),
    N_("Players"),
    N_(
        "Seconds each person has for a move; 0 = no clock. "
        "A player who runs out of time is played by a bot until they come back."
    ),
    N_("Move time (s)"),
    N_("Seats"),
    N_("Create table"),
    N_("Table created"),
    N_(
        "Each link is a seat: keep yours, send the others to your friends. "
        "Anyone with the link plays that seat."
    ),
    N_("Open tables"),
    N_("Finished games"),
    N_("Seat"),
    N_("Score"),
    N_("Rank"),
    N_("Your turn"),
    N_("{n} card"),
    n_("{n} card", "{n} cards"),
    N_("house rule {id}"),
    N_("seat {n} kind"),
    N_("person"),
    N_("bot"),
    N_("seat {n} bot"),
    N_("name (optional)"),
    N_("bot ({agent})"),
    N_("copy"),
    N_("Spectators:"),
    N_("replay"),
    N_("watch"),
    N_("winner: {winners}"),
    N_("move {n}"),
    N_("no open tables yet"),
    N_("none yet"),
    N_("mutant (was {who}'s {value})"),
    N_("{who}'s {value}"),
    N_("zoo"),
    n_("{n} zoo card", "{n} zoo cards"),
    N_("Not allowed: {reason}"),
    N_("place your {value}"),
    N_("character {value}"),
    N_("(you)"),
    N_("to act"),
    n_("{n} point", "{n} points"),
    N_("captured {n}: {cards}"),
    N_("Mutants found among values: {values}"),
    N_("Top value in large type; one bar per zoo card left in the stack. M = mutant."),
    N_("Now click a highlighted position."),
    N_("Click a character in your hand, or one of yours on the grid."),
    N_("Recent play"),
    N_("everything in this view"),
    N_("yes"),
    N_("no"),
    N_("none"),
    N_("You are {who}."),
    N_("Spectator view."),
    N_("Armies"),
    N_("top: {card}"),
    N_("last recruited: {cards}"),
    N_("has picked"),
    N_("picking…"),
    N_("aside: {cards}"),
    N_("{who}: your hand ({n})"),
    n_("{who}: {n} card in hand", "{who}: {n} cards in hand"),
    N_("known to you: {cards}"),
    N_("nothing known"),
    N_("{who} decides: {decision}"),
    # Overlords' phase codes and the dummy, in the terminal's words (overlords/text.py).
    N_("Dummy"),
    N_("teammates exchanging cards"),
    N_("activating Hired Hands"),
    N_("a Hired Hand at work"),
    N_("recruiting"),
    N_("the game is over"),
    N_("Red Knight: {army}'s army, bottom to top: {cards}"),
    N_("Red Knight: the dummy's army, bottom to top: {cards}"),
    N_("Your pick, hidden until everyone has picked: {cards}"),
    N_("round"),
    N_("{n} of {total}"),
    N_("turn"),
    N_("phase"),
    # Zombie Overlord's phase codes ("phase: purchase" in the terminal) and lure types; the lure
    # types are printed in English on the cards and kept in English in every language.
    N_("choosing"),
    N_("purchase"),
    N_("action"),
    N_("attack"),
    N_("Ammo"),
    N_("Fuel"),
    N_("Food"),
    N_("Medicine"),
    N_("Overlord"),
    N_("draw pile"),
    N_("Hired Hands out"),
    N_("dummy played by"),
    N_("active"),
    N_("inactive"),
    N_("defense {value}"),
    N_("damage {value}"),
    N_("(Malfunction: repair by discarding a random card)"),  # the terminal's words (zombie_overlord)
    N_("(Power Down by {seat})"),
    N_("barricade"),
    N_("used this turn"),
    N_("attached: {cards}"),
    N_("Zombie Lord"),
    N_("life"),
    N_("hand"),
    N_("deck"),
    N_("discard"),
    N_("{who} leads"),
    N_("Bases"),
    N_("no Traps"),
    N_("Purchase Row"),
    N_("slot {n}"),
    N_("Wasteland"),
    N_("lures: {types}"),
    N_("attack {value}"),
    N_("led by {who}"),
    N_("nobody leads"),
    N_("Your hand"),
    N_("purchase points"),
    N_("attack bonus"),
    N_("Trap deck"),
    N_("Survivor deck"),
    N_("Action deck"),
    N_("Scavengers"),
    N_("banished"),
    N_("The game is over."),
    N_("event"),
    N_("{n} pts"),
    # The shedding game's pending decision and effects, in the terminal's words (zombie_shedding/text.py).
    n_("drawing {n} card", "drawing {n} cards"),
    N_("missing a turn"),
    N_("the Thief (look, take one, give one)"),
    N_("a gift of a card (the Schemer)"),
    N_("{seat} drew {card}: play it if it fits, or keep it"),
    N_("{seat} drew a card: play it if it fits, or keep it"),
    N_("{seat} names the corporation to match"),
    N_("{seat} chooses an opponent for {what}"),
    N_("{victim} is hit by {what} from {actor}: {seat} may answer with Hide or Boomerang"),
    N_("{seat} takes a card from {victim}'s hand"),
    N_("{seat} gives a card to {victim}"),
    N_("card: {card}"),
    N_("corporation named: {corporation}"),
    N_("cards"),
    N_("score"),
    N_("(dealer)"),
    N_("misses a turn"),
    N_("out"),
    N_("mode"),
    N_("direction"),
    N_("clockwise ↻"),
    N_("counter-clockwise ↺"),
    N_("discard pile"),
    N_("target"),
    N_("To match"),
    N_("move {step} of {steps}"),
    N_("The deal, before any move."),
    N_("sent: {action}"),
    N_("bot: {agent}"),
    N_("away: a bot plays"),
    N_("not here"),
    N_("You are watching."),
    N_("Not your turn."),
    N_("Game over"),
    N_("{who} to act"),
    N_("watching"),
    N_("you are {who}"),
    n_("{n} second", "{n} seconds"),
    N_("connecting…"),
    N_("disconnected"),
    N_("connection lost, reconnecting…"),
    N_("Options at this table"),
    N_("default: {value}"),
    N_("default"),
    N_("This game has no options."),
    N_("House rulings in force"),
    N_("({option} = {value})"),
    N_("|◀ start"),
    N_("◀ back"),
    N_("forward ▶"),
    N_("end ▶|"),
    N_("Final scores"),
    N_("Rules"),
    N_("A bot is playing your seat while you are away."),
    N_("I'm back"),
    N_("close"),
    N_("House rulings"),
    N_("Your actions"),
    N_("Replay this game"),
    N_("record (JSON)"),
    N_("Log"),
    # Zombie Overlord's table: its controls, menus, card faces and ending (renderers/zombie-overlord.js).
    N_("card"),
    N_("Once Per Turn"),
    N_("Combo"),
    N_("When Placed"),
    N_("Purchase Phase"),
    N_("Action Phase"),
    N_("Attack Phase"),
    N_("End turn"),
    N_("Done purchasing"),
    N_("Done with actions"),
    N_("Done attacking"),
    N_("Skip"),
    N_("Continue"),
    N_("Play for purchase points"),
    N_("Play {card}"),
    N_("Buy {card}"),
    N_("Buy the top Action card"),
    N_("Buy a Scavenger"),
    N_("Place in your base"),
    N_("Place over slot {n} ({card})"),
    N_("Use its Combo"),
    N_("Use its Once Per Turn ability"),
    N_("Repair (discard a random card)"),
    N_("Banish a Scavenger to attack"),
    N_("Attack with {card}"),
    N_("Choose {who}"),
    N_("Discard {card}"),
    N_("Destroy this Trap"),
    N_("Deactivate this Trap"),
    N_("Reinforce this Trap"),
    N_("Banish {card} from your Discard Pile"),
    N_("Banish {card} from your hand"),
    N_("Lure {card}"),
    N_("Take {card} into your hand"),
    N_("Choose"),
    N_("Close"),
    N_("Cancel"),
    N_("Defense: {red} deactivates it (red), {white} destroys it (white)"),
    N_("cost {n}"),
    N_("{type} · lure points: {n}"),
    N_("Purchase points: {n}"),
    N_("Banish: {n} attack"),
    N_("Attack {who}"),
    N_("eliminated"),
    N_("{n} left"),
    N_("Attacking with {card}: choose an opponent's life or one of their Traps."),
    N_("no cards"),
    N_("Zombie Lords"),
    N_("Your Discard Pile"),
    N_("winner"),
    N_("survived"),
    N_("eliminated (#{nth} out, round {round})"),
    N_("eliminated (#{nth} out)"),
    N_("eliminated (round {round})"),
    N_("Why it ended: one Zombie Lord is left standing; the others were eliminated."),
    N_(
        "Why it ended: the round limit ({n} rounds, ZO-10) was reached; "
        "the living Zombie Lord with the most life wins."
    ),
    N_("Zombie Overlord: the end"),
    N_("fate"),
    N_(
        "Score: a living Zombie Lord scores their life points; an eliminated one scores by when they fell "
        "(-1 for the last one eliminated, -2 for the one before, and so on), "
        "so every survivor ranks above every eliminated player."
    ),
)
