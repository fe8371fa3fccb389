"""Belfort's flat action space: Discrete(184). Every decision of Appendix F is one step of the
player who makes it; multi-part choices are sequences of these small actions, and what an
index means in a range depends on the phase (`state.phase`, names in state.PHASE_NAMES).

Ranges (name, meaning):
* 0-69 SITE s: a marker site (tables.py): build there in your actions turn; the Gatehouse
  lock's extra marker; the Architects' target; the Wizards' picks; a non-player's marker;
  (2-player setup) the guild spot for a non-player's Dwarf.
* 70-93 PLACE: `70 + race * 12 + plank`, race 0 Elf / 1 Dwarf; planks 0-4 your own
  Blacksmith, Bank, Inn, Library, Tower card; 5-9 the guild of district D1..D5; 10 the
  Recruiter's Desk; 11 the King's Camp.
* 94 PASS: pass in placement (the remaining workers then go to resource areas).
* 95-110 AREA: `95 + kind * 4 + area`: one worker of kind (elf, master elf, dwarf, master
  dwarf) to area (forest, quarry, mine, gold mine).
* 111-120 ACTIVATE: activate your worker on plank 0-9 (numbered as in PLACE).
* 121-130 CARD t: a property card type: discard it (setup, Library, Librarians', hand
  limit) or reveal it (Spies').
* 131-140 GNOME t: a gnome onto a lock of your built card of type t: the paid hire in your
  actions turn, or the free gnome of the Tower / Recruiters'.
* 141-143 BUY r / 144-146 SELL r: Trading Post, 1 wood / stone / metal.
* 147 SMITH: Blacksmith lock, buy 1 metal.
* 148-149 EXCHANGE r: Merchants', 1 wood / stone for 1 metal.
* 150-153 TAKE_CARD: column slot 0-2 or the deck top (3): buy a card (ends the turn), or a
  non-player's pick.
* 154-158 SEAT q: another seat: the King's Camp swap target, the Spies' card to take.
* 159-178 STEAL: `159 + resource * 5 + seat`: Thieves' / Bandits' take 1 wood, stone, metal
  or gold.
* 179-182 OPTION i: Inn / Recruiters': 0 Elf, 1 Dwarf, 2 gnome; Architects' discount: 0 one
  metal, 1 two wood, 2 wood + stone, 3 two stone.
* 183 DONE: end the turn / stop (steals, Wizards') / no swap at the King's Camp.
"""

from __future__ import annotations

from eurogym.envs.belfort.tables import (
    GUILD_NAMES,
    NUM_SITES,
    PLANK_TYPES,
    PROPERTY_NAMES,
    RESOURCE_NAMES,
    site_name,
)

A_SITE = 0
A_PLACE = A_SITE + NUM_SITES  # 70
NUM_PLANKS = 12
PLANK_RECRUITER = 10
PLANK_CAMP = 11
A_PASS = A_PLACE + 2 * NUM_PLANKS  # 94
A_AREA = A_PASS + 1  # 95
A_ACTIVATE = A_AREA + 16  # 111
A_CARD = A_ACTIVATE + 10  # 121
A_GNOME = A_CARD + 10  # 131
A_BUY = A_GNOME + 10  # 141
A_SELL = A_BUY + 3  # 144
A_SMITH = A_SELL + 3  # 147
A_EXCHANGE = A_SMITH + 1  # 148
A_TAKE_CARD = A_EXCHANGE + 2  # 150
TAKE_DECK = 3
A_SEAT = A_TAKE_CARD + 4  # 154
A_STEAL = A_SEAT + 5  # 159
A_OPTION = A_STEAL + 20  # 179
A_DONE = A_OPTION + 4  # 183
NUM_ACTIONS = A_DONE + 1  # 184

ARCH_DISCOUNTS = ((0, 0, 1), (2, 0, 0), (1, 1, 0), (0, 2, 0))  # W S M off (Appendix B.1)
PLANK_NAMES = (
    tuple(PROPERTY_NAMES[t] for t in PLANK_TYPES)
    + tuple(f"guild D{d + 1}" for d in range(5))
    + ("recruiter", "kings_camp")
)
KIND_NAMES = ("elf", "master_elf", "dwarf", "master_dwarf")
AREA_NAMES = ("forest", "quarry", "mine", "gold_mine")


def describe(action: int, phase: int = -1) -> str:
    """Human-readable name of an action index (phase-independent part)."""
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        return f"<out of range {a}>"
    if a < A_PLACE:
        return f"site {site_name(a)}"
    if a < A_PASS:
        race, plank = divmod(a - A_PLACE, NUM_PLANKS)
        return f"place {('elf', 'dwarf')[race]} on {PLANK_NAMES[plank]}"
    if a == A_PASS:
        return "pass"
    if a < A_ACTIVATE:
        kind, area = divmod(a - A_AREA, 4)
        return f"send {KIND_NAMES[kind]} to {AREA_NAMES[area]}"
    if a < A_CARD:
        return f"activate {PLANK_NAMES[a - A_ACTIVATE]}"
    if a < A_GNOME:
        return f"card {PROPERTY_NAMES[a - A_CARD]}"
    if a < A_BUY:
        return f"gnome on {PROPERTY_NAMES[a - A_GNOME]}"
    if a < A_SELL:
        return f"buy {RESOURCE_NAMES[a - A_BUY]}"
    if a < A_SMITH:
        return f"sell {RESOURCE_NAMES[a - A_SELL]}"
    if a == A_SMITH:
        return "blacksmith metal"
    if a < A_TAKE_CARD:
        return f"exchange {RESOURCE_NAMES[a - A_EXCHANGE]} for metal"
    if a < A_SEAT:
        slot = a - A_TAKE_CARD
        return "take deck top" if slot == TAKE_DECK else f"take column card {slot}"
    if a < A_STEAL:
        return f"seat {a - A_SEAT}"
    if a < A_OPTION:
        r, q = divmod(a - A_STEAL, 5)
        return f"steal {RESOURCE_NAMES[r]} from seat {q}"
    if a < A_DONE:
        return f"option {a - A_OPTION}"
    return "done"


assert len(GUILD_NAMES) == 12 and NUM_ACTIONS == 184
