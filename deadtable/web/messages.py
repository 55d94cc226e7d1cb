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

from .table_messages import TABLE_MESSAGES

STATIC = Path(__file__).resolve().parent / "static"
_CALL = re.compile(r'\b(n?t)\("((?:[^"\\]|\\.)*)"(?:,\s*"((?:[^"\\]|\\.)*)")?')
_ATTR = re.compile(r'data-i18n(?:-title|-placeholder)?="([^"]*)"')

Key = str | tuple[str, str]


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (singular and plural ids) for the catalogue."""
    return (singular, plural)


def _pages() -> list[Path]:
    """The static pages and scripts, then each installed game's own renderer (its package's `web/`)."""
    from deadtable.core import games
    from deadtable.core.parts import files

    own = [files(g, "web", name) for g in games() for name in ("renderer.js", "panels.js")]
    return sorted(STATIC.rglob("*")) + [Path(str(p)) for p in own if p.is_file()]


def ui_messages() -> list[Key]:
    """The message ids the static pages and the games' renderers use, in order of first use."""
    out: list[Key] = []
    for path in _pages():
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
        "When a person's time runs out, a bot plays that one move for them and they keep their seat."
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
    N_("Options"),
    N_("Create and play"),
    N_("Tables with a move in the last day. Each person's seat has its own link: here you can watch."),
    N_("Go to my seat"),
    N_("use the built-in cards"),
    N_("uploading {name}…"),
    N_("{name} is ready"),
    N_("The card file cannot be used: {reason}"),
    N_("seat {n} name"),
    N_("your seat"),
    N_("copied"),
    N_("select the link and copy it"),
    N_("join"),
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
    # The Carson City Zoo board (renderers/carson-zoo.js): pieces, menus, details, the ending.
    N_("Place your {value} here"),
    N_("Move your {value} here from {src}"),
    N_("top card {value}"),
    N_("no zoo card left"),
    N_("Point at or tap a position to see it here."),
    N_("Top zoo card: {value}"),
    N_("Close this menu"),
    N_("{n} captured, worth {points}"),
    N_("no character in hand"),
    N_("Each position: its top zoo card in large type and how many cards are left (×2, ×1). ☣ = a mutant."),
    N_("Now tap a highlighted position."),
    N_("Tap a character in your hand, one of yours on the grid, or a position."),
    N_("{who} had no legal action left (no character to place and no move), so the game ended (CZ-7)."),
    N_("Zoo cards captured"),
    N_("Characters captured"),
    N_("Mutants captured"),
    N_("Cards captured"),
    N_("Characters kept"),
    N_(
        "Score: every captured card's value plus the characters still in hand or on the grid "
        "(not those that turned into mutants)."
    ),
    N_("Recent play"),
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
    # Overlords' board (renderers/overlords.js): prompts, the menus of a piece, controls, the ending.
    N_("The dummy"),
    N_("Cancel"),
    N_("Recruit"),
    N_("Recruit for the dummy"),
    N_("Offer to your teammate"),
    N_("Activate"),
    N_("Put on top"),
    N_("Take this card"),
    N_("Look through this army"),
    N_("Steal the top card"),
    N_("Make {who} recruit {card}"),
    N_("Swap the hands of {first} and {second}"),
    N_("Pass the top cards clockwise"),
    N_("Pass the top cards counter-clockwise"),
    N_("Activate no Hired Hand"),
    N_("Keep my cards (no exchange)"),
    N_("Keep the hands as they are"),
    N_("Waiting for the others ({phase})."),
    N_("Choose the card the dummy recruits."),
    N_("Choose a card to recruit, and one for the dummy."),
    N_(
        "You play the dummy this turn: the top card of its hand joined yours, which is why you hold "
        "one card more; recruit one card for your army and one for the dummy."
    ),
    N_("Choose a card from your hand to recruit."),
    N_("Choose a card to offer your teammate, or keep your cards."),
    N_("Activate one of your Hired Hands, or none."),
    N_("Red Knight: choose an army to look through."),
    N_("Red Knight: choose the card to put on top of the army."),
    N_("Blue Knight: take a card from the draw pile."),
    N_("Thief: choose the army whose top card you take."),
    N_("Sorcerer: pass every army's top card."),
    N_("Medusa: choose the card an opponent must recruit."),
    N_("Lich King: choose two hands to swap, or keep them."),
    N_("played by {who}"),
    N_("top card"),
    N_("your pick"),
    N_("Red Knight: {army}'s army, bottom to top"),
    N_("The draw pile"),
    N_("Your hand ({n})"),
    N_("Swap this hand"),
    N_("Your Hired Hands set aside"),
    n_("{n} card in hand", "{n} cards in hand"),
    N_("The dummy's pick, hidden until everyone has picked: {card}"),
    N_("Score sheet"),
    N_("Total"),
    N_("{team}: {points}"),
    N_("Winners: {who}"),
    N_("Winner: {who}"),
    n_(
        "The game ended after the last round ({n} round).",
        "The game ended after the last round ({n} rounds).",
    ),
    N_("The dummy's army counts for Minotaur places but cannot win."),
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
    N_("{seat} drew {card}: play it if it fits, or keep it"),
    N_("{seat} drew a card: play it if it fits, or keep it"),
    N_("{seat} names the corporation to match"),
    n_("{seat} chooses an opponent to draw {n} card", "{seat} chooses an opponent to draw {n} cards"),
    N_("{seat} chooses an opponent to miss a turn"),
    N_("{seat} chooses an opponent for the Thief (take one, give one back)"),
    N_("{seat} chooses an opponent to give a card to (the Schemer)"),
    n_(
        "{actor} makes {victim} draw {n} card: {seat} may answer with {cards}",
        "{actor} makes {victim} draw {n} cards: {seat} may answer with {cards}",
    ),
    N_("{actor} makes {victim} miss a turn: {seat} may answer with {cards}"),
    N_("{actor} plays the Thief on {victim}: {seat} may answer with {cards}"),
    N_("{actor} gives {victim} a card (the Schemer): {seat} may answer with {cards}"),
    N_("{some} or {last}"),
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
    # The shedding game's board (renderers/zombie-shedding.js): controls, menus, seats, ending.
    N_("Duel to {target}"),
    N_("Alliances {layout} to {target}"),
    N_("Marathon to {target}"),
    N_("Blitz: first out wins"),
    N_("Outsider: the last one loses"),
    N_("Zombie Overlord: first past {target}"),
    N_("Team {team}"),
    N_("Cancel"),
    N_("Play with {card}"),
    N_("Play"),
    N_("Play after {card}"),
    N_("Give"),
    N_("Choose this opponent"),
    N_("dealer"),
    N_("hit"),
    N_("score {n}"),
    N_("Hand {n} went to {seat}"),
    N_("Screamer: {n}"),
    N_("Keep the drawn card"),
    N_("No protection: let it happen"),
    N_("Your turn: play a card that matches the card to match"),
    N_("{who} to play"),
    N_("Just drawn"),
    N_("Name the corporation to match"),
    N_("{seat}'s hand: take a card"),
    N_("Among the hands of {seats}, known to you: {cards}"),
    N_("Take"),
    N_("hand {n}"),
    N_("Do: {what}"),
    N_("Blitz: {seat} went out first and wins"),
    N_("Outsider: {seat} was the last one left and loses"),
    N_("Zombie Overlord: a score passed {target}; the highest score wins"),
    N_("A score reached {target}: the game ends and the lowest score wins"),
    N_("Hand"),
    N_("went out first"),
    N_("Team"),
    N_("Winner: {who}"),
    N_("Points are the zombie points left in hands when a hand ends."),
    N_("move {step} of {steps}"),
    N_("The deal, before any move."),
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
    # the table's shell: moves sent, bots thinking, teams, the connection, the clock, the ending
    N_("Move sent…"),
    N_("Team {team}"),
    N_("{who} ({agent}) is thinking…"),
    N_("bot"),
    N_("{who} (a bot stands in) is thinking…"),
    N_("thinking"),
    N_("Reconnecting…"),
    N_("The server is restarting; the table reconnects by itself in a moment."),
    N_("Your team wins: {team}"),
    N_("{team} wins"),
    N_("You win, with {others}"),
    N_("You win"),
    N_("Nobody wins"),
    N_("Your move was made."),
    N_("Your last move was not made: make it again."),
    n_("Winner: {who}", "Winners: {who}"),
    n_("{n} second left", "{n} seconds left"),
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
    # The table's chat and "Play again" (js/chat.js, js/rematch.js).
    N_("Chat"),
    N_("Say something to the table…"),
    N_("Chat message"),
    N_("Send"),
    N_("Mute a seat"),
    N_("You are watching: the seats write here, you read."),
    N_("Play again"),
    N_("Setting up the next game…"),
    N_("Same seats and options, a new deal."),
    N_("The next game is ready: go to your seat"),
    N_("Watch the next game"),
    # Turn-based tables, your tables and a lost seat link (js/clock.js, mytables.js, yourtables.js,
    # yourturn.js, seatlinks.js).
    N_("Your tables"),
    N_("The seats you took in this browser. Only this browser knows them."),
    N_("Clock"),
    N_("real-time: seconds per move"),
    N_("turn-based: hours per move"),
    N_("turn-based: days per move"),
    N_("Move time (hours)"),
    N_("Move time (days)"),
    N_(
        "Turn-based: nobody needs to stay at the table. "
        "When a person's time runs out, a bot plays that one move for them and they keep their seat."
    ),
    n_("{n} day", "{n} days"),
    n_("{n} hour", "{n} hours"),
    n_("{n} minute", "{n} minutes"),
    N_("{left} left"),
    N_("not found on this server"),
    N_("finished"),
    N_("go to my seat"),
    N_("Forget this table in this browser"),
    N_("(Your turn)"),
    N_("Tell me when it is my turn"),
    N_("blocked by this browser"),
    N_("It is your turn at {game}."),
    N_("Seat links"),
    N_("New link"),
    N_(
        "You made this table: you can give a seat a new link if its player lost theirs. "
        "The old link then stops working."
    ),
    N_("A new link for {who}: whoever holds the old one can no longer play it. Go on?"),
    # "Undo" (js/undo.js).
    N_("Undo"),
    N_("Take back your last move (Ctrl+Z): your own moves of this turn, while they showed nothing new"),
    # The post-game review (js/review.js).
    N_("Review"),
    N_("Review P{seat}"),
    N_("Winning chance after each move played"),
    N_("move {n}"),
    N_("Move"),
    N_("Played"),
    N_("Chance"),
    N_("Best found"),
    N_("Loss"),
    N_("The bot is reviewing the game (up to a minute)…"),
    N_(
        "P{seat} · blunders: {blunders} · mistakes: {mistakes} · inaccuracies: {inaccuracies} · "
        "decisions reviewed: {n}"
    ),
    N_("This seat had no decision with more than one move."),
    N_(
        "Winning chance: the share of sampled games the seat wins when every seat plays on like the bot, "
        "from what the seat knew then (never the hidden cards)."
    ),
    N_(
        "The chances are calibrated: corrected by a map fitted on thousands of bot games, so that they "
        "agree with how often such positions were won."
    ),
    # Hints at casual tables (js/hint.js, lobby).
    N_("Hints (casual table)"),
    N_("Hints are on at this table"),
    N_("Hint"),
    N_("The move the bot would play, from what you can see (never the hidden cards)"),
    # Accessibility: the table's skip link (table.html), the board's shapes by seat (Carson City Zoo).
    N_("Skip to the board"),
    N_("Characters by shape: P1 round, P2 square, P3 arch, P4 leaf."),
    # Guided first games (js/coach.js, js/learn.js, the lobby, the table's rules panel).
    N_("Learn to play"),
    N_(
        "A guided first game with the bots: a coach beside the board explains each choice, suggests a "
        "move and tells each rule as it happens."
    ),
    N_("Learn to play {game}"),
    N_("Start the guided game again"),
    N_("Coach"),
    N_("The coach is reading the table…"),
    N_("A new rule"),
    N_("New rules"),
    N_("How the game is scored"),
    N_("Your decision"),
    N_("Why:"),
    N_("Its pieces are outlined. You may play any move: the coach follows."),
    N_(
        "The others are playing: the log tells their moves, and a new rule is explained here when it "
        "first happens."
    ),
    N_("Rules met so far ({n})"),
)
MESSAGES += TABLE_MESSAGES  # the table's panels, confirmations and summary (table_messages.py)
