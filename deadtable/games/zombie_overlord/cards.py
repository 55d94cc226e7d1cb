"""Zombie Overlord card data: loaded from TOML, validated, shared by every state (RULINGS ZO-1).

A card *kind* is an int, the index of its `Card` in `CardSet.cards`; zones hold kinds, and copies of
a kind are interchangeable. A bad file raises `CardDataError` naming the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from deadtable.core import Action
from deadtable.core.cardlists import BuiltinLists, Loader
from deadtable.core.pickling import by_constructor
from deadtable.i18n import N_, Message

from . import actions as A

# Found through the package, not `__file__` (see zombie_shedding/cards.py: compiled builds).
DATA = Path(str(files(__package__ or __name__.rpartition(".")[0]) / "data" / "core.toml"))
BUILTINS = BuiltinLists(DATA, "built-in core.toml")  # and every released one (data/history)

TRAP: Final = 0
SURVIVOR: Final = 1
ACTION: Final = 2
SCAVENGER: Final = 3
SUPPLY: Final = 4
MINION: Final = 5
CATEGORY_NAMES = ("Trap", "Survivor", "Action", "Scavenger", "Supply", "Minion")
LURE_TYPES = ("ammo", "fuel", "food", "medicine")
KEYWORDS = ("once_per_turn", "when_placed", "combo")
USED_FROM_HUB = ("once_per_turn", "combo")  # a Trap's abilities used from the Action Phase
ICONS = ("", "2", "3", "4", "3-4")
# The message context (msgctxt) of card names and ability texts in the catalogues: a card text is
# translated with translator(lang).pgettext(CARD_CONTEXT, text) (names printed in English stay English).
CARD_CONTEXT = "zombie-overlord:card"

# effect name -> {parameter: type}; the vocabulary implemented once in effects.py.
EFFECTS: dict[str, dict[str, type]] = {
    "draw": {"n": int},
    "gain_health": {"n": int},
    "attack_bonus": {"n": int, "deactivate_self": bool},
    "purchase_points": {"n": int},
    "opponent_discards": {"random": bool, "all": bool},
    "banish": {"zone": str, "heal": int, "optional": bool},
    "deactivate_trap": {"until": str},
    "destroy_trap": {"max_defense": int},
    "lure": {"type": str, "max_attack": int},
    "steal_random": {},
    "search_discard": {},
    "cycle": {},
    "reinforce": {"n": int},
    "malfunction": {},
}
CHOICES = {"zone": ("hand", "discard", "either"), "until": ("owner", "yours"), "type": ("", *LURE_TYPES)}


@dataclass(frozen=True)
class Ability:
    keyword: str  # once_per_turn | when_placed | combo | play
    effect: str
    params: dict[str, Any] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled (mypyc), pickled through the constructor

    def get(self, name: str, default: Any = 0) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Card:
    kind: int
    category: int
    name: str  # the word used in action texts (lowercase, unique in the set)
    title: str  # as printed
    cost: int = 0
    lure: tuple[int, ...] = ()  # lure type indices: a Trap's one type, a Survivor's one or two
    attack: int = 0
    defense: int = 0  # the white number: destroy
    deactivate: int = 0  # the red number
    points: int = 0  # purchase points (Supply 1, Scavenger 2)
    abilities: tuple[Ability, ...] = ()
    barricade: bool = False
    indestructible: bool = False
    icon: str = ""
    copies: int = 1
    misfit: bool = False
    text: str = ""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled (mypyc), pickled through the constructor

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES[self.category]

    def lure_text(self) -> str:
        return " + ".join(LURE_TYPES[t].capitalize() for t in self.lure)


# A Trap in the log: its printed title is only its lure type (AMMO...), so its cost and Defense
# tell copies apart, as the rulebook's "Medicine Trap with 4(2) of Defense" does.
TRAP_LOGGED: Final = N_("{type} Trap (cost {cost}, Defense {white}({red}))")


def logged_name(c: Card) -> Message:
    """How narration names `c`, rendered in the reader's language: its printed title (catalogue
    context CARD_CONTEXT), a Trap with its lure type, cost and Defense; never the card's id.

    >>> logged_name(load().card(load().by_name["ammo-01"])).render("en")
    'Ammo Trap (cost 4, Defense 3(2))'
    >>> logged_name(load().card(load().minion)).render("es")
    'Minion'
    """
    if c.category == TRAP:
        return Message(TRAP_LOGGED, type=c.title.capitalize(), cost=c.cost, white=c.defense, red=c.deactivate)
    return Message.in_context(CARD_CONTEXT, c.title)


def hub_uses(c: Card) -> tuple[tuple[int, bool], ...]:
    """A Trap's abilities used from the Action Phase: (ability index, is Combo) each."""
    if c.category != TRAP:
        return ()
    return tuple((j, a.keyword == "combo") for j, a in enumerate(c.abilities) if a.keyword in USED_FROM_HUB)


@dataclass(frozen=True)
class CardSet:
    path: str
    name: str
    cards: tuple[Card, ...]
    by_name: dict[str, int]
    life: int
    start_supply: int
    start_minions: int
    hand_size: int
    purchase_row: int
    max_traps: int
    supply: int  # kinds
    minion: int
    scavenger: int
    banish_attack: int
    traps: tuple[int, ...]
    survivors: tuple[int, ...]
    misfits: tuple[int, ...]
    actions: tuple[int, ...]
    categories: tuple[int, ...] = ()  # by kind, for the engine's inner loops
    sha: str = ""  # the SHA-256 of the file's text (deadtable.core.cardlists)
    # Tables by kind for the engine's inner loops, derived from `cards` (filled in __post_init__).
    costs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    cheapest: int = field(init=False, repr=False, compare=False)  # the lowest cost of anything bought
    lures: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    # How the log names each kind (`logged_name`): never its id, which is only for action texts.
    logged: tuple[Message, ...] = field(init=False, repr=False, compare=False)
    barricades: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    # A Trap's abilities used from the Action Phase: (ability index, is Combo) each (not When Placed).
    uses: tuple[tuple[tuple[int, bool], ...], ...] = field(init=False, repr=False, compare=False)
    reinforce: tuple[int, ...] = field(init=False, repr=False, compare=False)  # defense added when attached
    bits: tuple[int, ...] = field(init=False, repr=False, compare=False)  # 1 << category, by kind
    # "play <name>" and "place <name>" of each kind, made once: the Action Phase offers them often.
    named: tuple[tuple[Action, Action], ...] = field(init=False, repr=False, compare=False)
    # The Attack Phase's actions by attacker and target, and what each does by its id: attack.py's.
    attacks: list[Action | None] = field(init=False, repr=False, compare=False)
    hits: dict[int, Any] = field(init=False, repr=False, compare=False)
    # (players, misfits) -> the box and the unshuffled Trap and Survivor decks (CardSet.decks)
    setups: dict[tuple[int, bool], Any] = field(default_factory=dict, repr=False, compare=False)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled (mypyc), pickled through the constructor

    def __post_init__(self) -> None:
        cards = self.cards
        put = object.__setattr__
        put(self, "costs", tuple(c.cost for c in cards))
        put(self, "cheapest", min(cards[k].cost for k in (*self.traps, *self.actions, self.scavenger)))
        put(self, "lures", tuple(c.lure for c in cards))
        put(self, "names", tuple(c.name for c in cards))
        put(self, "logged", tuple(logged_name(c) for c in cards))
        put(self, "bits", tuple(1 << c.category for c in cards))
        put(self, "named", tuple((A.play(c.name), A.place(c.name)) for c in cards))
        put(self, "barricades", tuple(c.barricade for c in cards))
        put(self, "attacks", [])
        put(self, "hits", {})
        put(self, "uses", tuple(hub_uses(c) for c in cards))
        put(
            self,
            "reinforce",
            tuple(
                c.abilities[0].get("n", 2) if c.abilities and c.abilities[0].effect == "reinforce" else 0
                for c in cards
            ),
        )

    def card(self, kind: int) -> Card:
        return self.cards[kind]

    def trap_deck(self, players: int) -> list[int]:
        """Every Trap copy used at this player count (RULINGS ZO-3), in canonical order."""
        return [
            k
            for k in self.traps
            for _ in range(self.cards[k].copies)
            if self.cards[k].icon in ("", str(players))
        ]

    def survivor_deck(self, players: int, misfits: bool) -> list[int]:
        """Survivor copies: the 3-4 icon out at 2 players; Misfits replace the second copies."""
        out = []
        for k in self.survivors:
            c = self.cards[k]
            if players == 2 and c.icon == "3-4":
                continue
            out.extend([k] * (1 if misfits else c.copies))
        if misfits:
            out.extend(self.misfits)
        return out

    def action_deck(self) -> list[int]:
        return [k for k in self.actions for _ in range(self.cards[k].copies)]

    def total(self, kind: int) -> int:
        return self.cards[kind].copies

    def decks(self, n: int, misfits: bool) -> tuple[list[int], tuple[int, ...], tuple[int, ...]]:
        """The box, and the Trap and Survivor decks before shuffling, at `n` players; made once."""
        key = (n, misfits)
        got = self.setups.get(key)
        if got is None:
            need = (self.start_supply * n, self.start_minions * n)
            box = [self.supply] * (self.total(self.supply) - need[0])
            box += [self.minion] * (self.total(self.minion) - need[1])
            traps = self.trap_deck(n)
            box += [k for k in self.traps for _ in range(self.cards[k].copies)]
            for k in traps:  # the box keeps the Traps whose player icon does not match (RULINGS ZO-3)
                box.remove(k)
            survivors = self.survivor_deck(n, misfits)
            all_survivors = [k for k in self.survivors for _ in range(self.cards[k].copies)]
            all_survivors += self.misfits
            for k in survivors:
                all_survivors.remove(k)
            box += all_survivors
            box.sort()
            got = self.setups[key] = (box, tuple(traps), tuple(survivors))
        return got


def describe(ability: Ability) -> str:
    """An ability as card text, built from its effect and parameters."""
    p, e = ability, ability.effect
    n = p.get("n", 1)
    if e == "draw":
        body = "draw a card" if n == 1 else f"draw {n} cards"
    elif e == "gain_health":
        body = f"gain {n} health point{'s' if n != 1 else ''}"
    elif e == "attack_bonus":
        body = f"your next attack gains +{n} Attack"
        if p.get("deactivate_self", False):
            body = f"you may deactivate this Trap to give your next attack +{n} Attack"
    elif e == "purchase_points":
        body = f"gain {n} purchase point{'s' if n != 1 else ''} this turn"
    elif e == "opponent_discards":
        what = "a random card" if p.get("random", False) else "a card"
        body = (
            f"all opponents must discard {what} from their hand"
            if p.get("all", False)
            else f"choose an opponent to discard {what} from their hand"
        )
    elif e == "banish":
        zone = {"hand": "your hand", "discard": "your Discard Pile"}.get(
            p.get("zone", "either"), "your hand or Discard Pile"
        )
        body = f"{'you may ' if p.get('optional', False) else ''}Banish a card from {zone}"
        if p.get("heal", 0):
            body += f" and gain {p.get('heal')} health points"
    elif e == "deactivate_trap":
        body = "deactivate any Trap"
        if p.get("until", "owner") == "yours":
            body += "; it stays inactive until the start of your next turn"
    elif e == "destroy_trap":
        body = f"destroy a Trap with Defense {p.get('max_defense', 99)} or less"
    elif e == "lure":
        t = p.get("type", "")
        body = f"lure a {t.capitalize() + ' ' if t else ''}Survivor from the Wasteland"
        if p.get("max_attack", 0):
            body += f" with {p.get('max_attack')} Attack or less"
    elif e == "steal_random":
        body = "take a random card from an opponent's hand into yours and show it"
    elif e == "search_discard":
        body = "search your Discard Pile for a card and put it into your hand"
    elif e == "cycle":
        body = "you may put a card from your hand into your Discard Pile, then draw a card"
    elif e == "reinforce":
        body = f"place this on an active Trap in your base; it gets +{n}/{n} Defense until destroyed"
    else:
        body = "place this on any active Trap; its owner must discard a random card to reactivate it"
    label = {"once_per_turn": "Once Per Turn: ", "when_placed": "When Placed: ", "combo": "Combo: "}
    text = label.get(ability.keyword, "") + body
    return text[0].upper() + text[1:] + "."


def card_texts(cs: CardSet) -> list[str]:
    """Every card name and ability text of a set, as the catalogues' message ids (CARD_CONTEXT)."""
    return sorted({c.title for c in cs.cards} | {c.text for c in cs.cards if c.text})


def _parse(data: Any, where: str, sha: str) -> CardSet:
    """The validated card set of a file's TOML `data` (`where`: the file, `sha`: its text's hash)."""
    file = Path(where)
    from .card_file import Reader  # here, not at the top: card_file reads this module's names

    r = Reader(where)
    cards: list[Card] = []
    names: dict[str, int] = {}

    def add(card: Card) -> int:
        if card.name in names:
            raise r.fail(card.title, "name", Message("two cards have this name"))
        names[card.name] = card.kind
        cards.append(card)
        return card.kind

    meta = r.table(data, "meta")
    m = {
        k: r.get(meta, "meta", k, int, d)
        for k, d in (
            ("life", 50),
            ("start_supply", 7),
            ("start_minions", 3),
            ("hand_size", 5),
            ("purchase_row", 5),
            ("max_traps", 5),
        )
    }
    sup, mini, scav = r.table(data, "supply"), r.table(data, "minion"), r.table(data, "scavenger")
    supply = add(
        Card(
            len(cards),
            SUPPLY,
            "supply",
            r.get(sup, "Supply", "name", str, "Supply"),
            points=r.get(sup, "Supply", "points", int, 1),
            copies=r.get(sup, "Supply", "count", int),
        )
    )
    minion = add(
        Card(
            len(cards),
            MINION,
            "minion",
            r.get(mini, "Minion", "name", str, "Minion"),
            attack=r.get(mini, "Minion", "attack", int, 1),
            copies=r.get(mini, "Minion", "count", int),
        )
    )
    scavenger = add(
        Card(
            len(cards),
            SCAVENGER,
            "scavenger",
            r.get(scav, "Scavenger", "name", str, "Scavenger"),
            cost=r.get(scav, "Scavenger", "cost", int, 2),
            points=r.get(scav, "Scavenger", "points", int, 2),
            copies=r.get(scav, "Scavenger", "count", int),
        )
    )
    banish_attack = r.get(scav, "Scavenger", "banish_attack", int, 2)
    traps = []
    for e in r.entries(data, "trap"):
        cid = r.get(e, str(e.get("id", "?")), "id", str)
        d = e.get("defense")
        if not (isinstance(d, list) and len(d) == 2 and all(type(x) is int for x in d) and d[0] >= d[1] >= 1):
            raise r.fail(
                cid, "defense", Message("must be [destroy, deactivate] with destroy >= deactivate >= 1")
            )
        icon = str(r.get(e, cid, "players", int, 0) or "")
        if icon not in ("", "2", "3", "4"):
            raise r.fail(cid, "players", Message("a Trap's player icon is 2, 3 or 4"))
        abilities = r.abilities(e, cid, action=False)
        card = Card(
            len(cards),
            TRAP,
            cid.lower(),
            cid.split("-")[0].upper(),
            cost=r.get(e, cid, "cost", int),
            lure=r.lure(e, cid, "type", 1),
            defense=d[0],
            deactivate=d[1],
            abilities=abilities,
            barricade=r.get(e, cid, "barricade", bool, False),
            indestructible=r.get(e, cid, "indestructible", bool, False),
            icon=icon,
            copies=r.get(e, cid, "count", int, 1),
            text=r.get(e, cid, "text", str, "") or " ".join(describe(a) for a in abilities),
        )
        traps.append(add(card))
    groups: dict[str, list[int]] = {"survivor": [], "misfit": []}
    for group, required in (("survivor", True), ("misfit", False)):
        for e in r.entries(data, group, required):
            name = r.get(e, str(e.get("name", "?")), "name", str)
            copies = r.get(e, name, "copies", int, 1)
            if not 1 <= copies <= 2:
                raise r.fail(name, "copies", Message("a Survivor is printed once or twice"))
            icon = r.get(e, name, "icon", str, "")
            if icon not in ("", "3-4"):
                raise r.fail(name, "icon", Message('the only Survivor icon is "3-4"'))
            card = Card(
                len(cards),
                SURVIVOR,
                name.lower(),
                name,
                lure=r.lure(e, name, "lure", 2),
                attack=r.get(e, name, "attack", int),
                icon=icon,
                copies=copies,
                misfit=group == "misfit",
                text=r.get(e, name, "text", str, ""),
            )
            groups[group].append(add(card))
    actions: list[int] = []
    for e in r.entries(data, "action"):
        name = r.get(e, str(e.get("name", "?")), "name", str)
        abilities = r.abilities(e, name, action=True)
        card = Card(
            len(cards),
            ACTION,
            name.lower(),
            name,
            cost=r.get(e, name, "cost", int, 2),
            abilities=abilities,
            copies=r.get(e, name, "copies", int, 1),
            text=r.get(e, name, "text", str, "") or describe(abilities[0]),
        )
        if actions and card.cost != cards[actions[0]].cost:
            raise r.fail(
                name, "cost", Message("every Action card costs the same (the rules: 2), it is bought unseen")
            )
        actions.append(add(card))
    return CardSet(
        path=str(file),
        name=r.get(meta, "meta", "name", str, file.stem),
        cards=tuple(cards),
        by_name=names,
        life=m["life"],
        start_supply=m["start_supply"],
        start_minions=m["start_minions"],
        hand_size=m["hand_size"],
        purchase_row=m["purchase_row"],
        max_traps=m["max_traps"],
        supply=supply,
        minion=minion,
        scavenger=scavenger,
        banish_attack=banish_attack,
        traps=tuple(traps),
        survivors=tuple(groups["survivor"]),
        misfits=tuple(groups["misfit"]),
        actions=tuple(actions),
        categories=tuple(c.category for c in cards),
        sha=sha,
    )


# The built-in list (`path` "") or a player's file, checked against the pinned `card_list` (core.cardlists).
load: Final = Loader(BUILTINS, _parse)
