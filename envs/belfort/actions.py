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

With `expansion=True` or `promo_guilds=True` the space is Discrete(279): the base indices keep
their meaning and these follow (spec §6, §9.2, Appendices C-E):
* 184-193 DRAFT a: take assistant a (xtables order) from the display.
* 194-203 ASSIST a: use assistant a's specialty (Djinn, Gargoyle, Pixie).
* 204-213 PERMIT t: take the permit of property type t for one of your built cards (with
  your assistant in your actions turn; or as a Planners' Guild pick).
* 214-233 PERMIT_PLACE: `214 + race * 10 + t`: an Elf / Dwarf on a plank of your type-t permit.
* 234-243 EXPAND t: take back the workers of your type-t permit and pay its red board: the
  property is expanded (E.3).
* 244-253 RECLAIM t: take them back with no effect (the fee is lost).
* 254-278 IMP: `254 + seat * 5 + plank`, plank 0-4 as in PLACE (Blacksmith, Bank, Inn,
  Library, Tower): in Placement, put the next Imp token on that plank of that seat's card;
  in your actions turn, activate your Imp standing there.
In the expansion phases OPTION, SITE, GNOME, CARD and TAKE_CARD are reused (state.py names what
each phase asks).
"""

from __future__ import annotations

from eurogym.envs.belfort.tables import (
    GUILD_NAMES,
    NUM_DISTRICTS,
    NUM_SINGLE,
    NUM_SITES,
    PLANK_TYPES,
    PROPERTY_NAMES,
    RESOURCE_NAMES,
    SINGLE_TYPES,
    SITE_GATE,
    SITE_GUILD,
    SITE_KEEP,
    SITE_WALL,
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
# Expansion actions (module docstring); the base game's space stops at NUM_ACTIONS.
A_DRAFT = NUM_ACTIONS  # 184
A_ASSIST = A_DRAFT + 10  # 194
A_PERMIT = A_ASSIST + 10  # 204
A_PERMIT_PLACE = A_PERMIT + 10  # 214
A_EXPAND = A_PERMIT_PLACE + 20  # 234
A_RECLAIM = A_EXPAND + 10  # 244
A_IMP = A_RECLAIM + 10  # 254
NUM_X_ACTIONS = A_IMP + 5 * 5  # 279

ARCH_DISCOUNTS = ((0, 0, 1), (2, 0, 0), (1, 1, 0), (0, 2, 0))  # W S M off (Appendix B.1)
PLANK_NAMES = (
    tuple(PROPERTY_NAMES[t] for t in PLANK_TYPES)
    + tuple(f"guild D{d + 1}" for d in range(5))
    + ("recruiter", "kings_camp")
)


def describe(action: int, phase: int = -1) -> str:
    """What `action` does in `phase` (state.PHASE_NAMES), in a player's words, e.g. "place a
    dwarf on your Inn's plank" or "steal 1 gold from player 2".

    The same index means different things in different phases (a SITE is a build in the actions
    turn, a Wizards' pick, a non-player's marker ...), so the phase picks the wording; with
    phase -1 (unknown) the range's generic meaning is given. Details that need the state (the
    card in a column slot, a guild's name) are added by BelfortEngine.describe_action.
    """
    a = int(action)
    if not 0 <= a < NUM_X_ACTIONS:
        return f"<out of range {a}>"
    from eurogym.envs.belfort import state as st  # state.py imports this module (NUM_ACTIONS)

    ph = int(phase)
    if a >= NUM_ACTIONS or ph > st.P_GAME_OVER:
        return _x_words(a, ph, st)
    if a < A_PLACE:
        return _site_action(a, ph, st)
    if a < A_PASS:
        race, plank = divmod(a - A_PLACE, NUM_PLANKS)
        return f"place {('an elf', 'a dwarf')[race]} on {_plank_words(plank)}"
    if a == A_PASS:
        return "pass: send your remaining workers to the resource areas"
    if a < A_ACTIVATE:
        kind, area = divmod(a - A_AREA, 4)
        return f"send {_KIND_WORDS[kind]} to the {AREA_WORDS[area]}"
    if a < A_CARD:
        return f"activate your worker on {_plank_words(a - A_ACTIVATE)}"
    if a < A_GNOME:
        card = PROPERTY_NAMES[a - A_CARD]
        verb = {
            st.P_SETUP_DISCARD: "discard from your starting hand:",
            st.P_DISCARD: "discard",
            st.P_SPIES_REVEAL: "reveal to the Spies' Guild user:",
        }.get(ph, "choose card")
        return f"{verb} {card}"
    if a < A_BUY:
        card = PROPERTY_NAMES[a - A_GNOME]
        if ph == st.P_LOCK:
            return f"put the free gnome on a lock of your {card}"
        return f"hire a gnome for a lock of your {card}"
    if a < A_SELL:
        return f"buy 1 {RESOURCE_NAMES[a - A_BUY]} at the Trading Post"
    if a < A_SMITH:
        return f"sell 1 {RESOURCE_NAMES[a - A_SELL]} at the Trading Post"
    if a == A_SMITH:
        return "buy 1 metal at your Blacksmith"
    if a < A_TAKE_CARD:
        return f"Merchants': exchange 1 {RESOURCE_NAMES[a - A_EXCHANGE]} for 1 metal"
    if a < A_SEAT:
        slot = a - A_TAKE_CARD
        where = "the top card of the deck" if slot == TAKE_DECK else f"column card {slot + 1}"
        if ph == st.P_NP_PICK:
            return f"give the non-player {where}"
        return f"buy {where} (ends your turn)"
    if a < A_STEAL:
        q = a - A_SEAT
        if ph == st.P_SPIES_TAKE:
            return f"take the card player {q} revealed"
        return f"swap turn-order shields with player {q}"
    if a < A_OPTION:
        r, q = divmod(a - A_STEAL, 5)
        return f"steal 1 {RESOURCE_NAMES[r]} from player {q}"
    if a < A_DONE:
        return _option_words(a - A_OPTION, ph, st)
    return {
        st.P_CAMP: "keep your shield (no swap)",
        st.P_STEAL: "stop stealing",
        st.P_WIZ_FIRST: "skip the Wizards' swap",
    }.get(ph, "end your actions turn")


_KIND_WORDS = ("an elf", "a master elf", "a dwarf", "a master dwarf")
AREA_WORDS = ("forest", "quarry", "mine", "gold mine")


def _plank_words(plank: int) -> str:
    if plank < 5:
        return f"your {PROPERTY_NAMES[PLANK_TYPES[plank]]}'s plank"
    if plank < PLANK_RECRUITER:
        return f"the D{plank - 4} guild's plank"
    return "the Recruiter's Desk" if plank == PLANK_RECRUITER else "the King's Camp"


def site_words(site: int) -> str:
    """A site in words: "the pub in D2", "gatehouse G3, D4 side", "wall 1 of D4"."""
    if site < SITE_KEEP:
        d, k = divmod(site, NUM_SINGLE)
        return f"the {PROPERTY_NAMES[SINGLE_TYPES[k]]} space in D{d + 1}"
    if site < SITE_GATE:
        return f"the keep section of D{site - SITE_KEEP + 1}"
    if site < SITE_WALL:
        g, h = divmod(site - SITE_GATE, 2)
        return f"gatehouse G{g + 1}, D{(g + h) % NUM_DISTRICTS + 1} side"
    if site < SITE_GUILD:
        d, w = divmod(site - SITE_WALL, 2)
        return f"wall {w + 1} of D{d + 1}"
    return f"the guild of D{site - SITE_GUILD + 1}"


def _site_action(site: int, ph: int, st: object) -> str:
    where = site_words(site)
    words = {
        st.P_NP_DWARF: f"put the non-player's dwarf on {where}",
        st.P_ACTIONS: f"build on {where}",
        st.P_GATE_MARKER: f"put the extra gatehouse marker on {where}",
        st.P_ARCH_SITE: f"Architects': build on {where} without a card",
        st.P_WIZ_FIRST: f"Wizards': first location to swap: {where}",
        st.P_WIZ_SECOND: f"Wizards': swap the first location with {where}",
        st.P_WIZ_GATE: f"put the moved gatehouse marker on {where}",
        st.P_NP_PLACE: f"put the non-player's marker on {where}",
    }
    return words.get(ph, f"choose {where}")


def _option_words(option: int, ph: int, st: object) -> str:
    """Inn / Recruiters': the worker or gnome gained; Architects': the discount (the only use
    of option 3, so that is its meaning in any phase)."""
    if ph == st.P_ARCH_DISCOUNT or option == len(ARCH_DISCOUNTS) - 1:
        w, s, m = ARCH_DISCOUNTS[option]
        off = [f"{n} {r}" for n, r in ((w, "wood"), (s, "stone"), (m, "metal")) if n]
        return "Architects' discount: " + " + ".join(off) + " less"
    return ("gain an elf", "gain a dwarf", "take a free gnome")[option]


_SEASON_WORDS = ("spring", "summer", "autumn")


def _x_words(a: int, ph: int, st: object) -> str:
    """The expansion actions, and the base indices as the expansion phases use them."""
    from eurogym.envs.belfort.xtables import ASSISTANT_NAMES, EXPANSION_NAMES

    if a >= A_IMP:
        q, plank = divmod(a - A_IMP, 5)
        card = PROPERTY_NAMES[PLANK_TYPES[plank]]
        if ph == st.P_IMPS:
            return f"Imps: put an Imp on the plank of player {q}'s {card}"
        return f"activate your Imp on the plank of player {q}'s {card}"
    if a >= A_RECLAIM:
        return f"take back your workers from the {PROPERTY_NAMES[a - A_RECLAIM]} permit (no effect)"
    if a >= A_EXPAND:
        t = a - A_EXPAND
        return f"pay the red board: expand your {PROPERTY_NAMES[t]} with a {EXPANSION_NAMES[t]}"
    if a >= A_PERMIT_PLACE:
        race, t = divmod(a - A_PERMIT_PLACE, 10)
        return f"place {('an elf', 'a dwarf')[race]} on your {PROPERTY_NAMES[t]} permit's plank"
    if a >= A_PERMIT:
        how = "Planners': take" if ph == st.P_PLANNERS else "turn your assistant down: take"
        return f"{how} the {PROPERTY_NAMES[a - A_PERMIT]} permit"
    if a >= A_ASSIST:
        if ph == st.P_PLACEMENT and ASSISTANT_NAMES[a - A_ASSIST] == "goon":
            return "place the Goon's token on an occupied guild instead of a worker"
        if ph == st.P_PLACEMENT:
            return "place Imp tokens on planks of built cards instead of a worker"
        if ph == st.P_ACTIONS and a == A_ASSIST:
            return "use the Centaur: your gnome hire this turn costs X gold less"
        return f"use the {ASSISTANT_NAMES[a - A_ASSIST]}'s specialty"
    if a >= A_DRAFT:
        if ph == st.P_WHICH_ASST:
            return f"turn the {ASSISTANT_NAMES[a - A_DRAFT]} face down for the permit"
        return f"draft the {ASSISTANT_NAMES[a - A_DRAFT]}"
    if A_OPTION <= a < A_DONE:
        option = a - A_OPTION
        words = {
            st.P_DJINN_SEASON: f"Djinn: use the {_SEASON_WORDS[option % 3]} values",
            st.P_DJINN_MODE: ("Djinn: points for metal", "Djinn: points for wood/stone/gold")[
                option % 2
            ],
            st.P_DJINN_PICK: f"Djinn: take 1 {('wood', 'stone', 'gold', 'gold')[option]}",
            st.P_LAWYERS: f"Lawyers': buy points, tier {option + 1}",
            st.P_HOB_MIX: f"Hobgoblin: {2 - option % 3} wood + {option % 3} stone off this build",
            st.P_HALFLING: "use the Halfling instead of paying the tax",
            st.P_SENTINEL_PAY: f"Sentinels': pay 1 {RESOURCE_NAMES[option]} to the guild's user",
            st.P_NHR_TAKE: f"Non-Human Resources: take {('an elf', 'a dwarf')[option % 2]}",
            st.P_NHR_RETURN: f"Non-Human Resources: return {('an elf', 'a dwarf')[option % 2]}",
            st.P_EXPAND_PAY: (
                f"red board: return {('an elf', 'a dwarf')[option % 2]} (Inn+Pool), or pay"
                f" {2 - option % 3} wood + {option % 3} stone (Market+Plaza)"
            ),
        }
        return words.get(ph, f"pick option {option + 1}")
    if A_AREA <= a < A_ACTIVATE:
        kind, area = divmod(a - A_AREA, 4)
        return f"Giant: a token into the {AREA_WORDS[area]} as {_KIND_WORDS[kind]}"
    if a == A_DONE:
        if ph in (st.P_GIANT, st.P_GORGON):
            return f"do not use the {('Giant', 'Gorgon')[ph == st.P_GORGON]} this round"
        if ph == st.P_HALFLING:
            return "pay the tax as usual (keep the Halfling)"
        return "stop" if ph != st.P_ACTIONS else "end your actions turn"
    if a < A_PLACE:
        if ph == st.P_PIXIE:
            return f"Pixie: score district D{a - SITE_GUILD + 1} now"
        if ph == st.P_GORGON:
            return f"Gorgon: put its token in district D{a - SITE_GUILD + 1}"
        if ph == st.P_GOON:
            return f"Goon: join the guild of D{a - SITE_GUILD + 1}"
        if ph == st.P_CENTAUR_GATE:
            return f"put the extra gatehouse marker on {site_words(a)}"
        if ph in (st.P_GATE_REMOVE, st.P_CENTAUR_UNDO):
            return f"remove your marker from {site_words(a)}"
        return f"choose {site_words(a)}"
    if A_GNOME <= a < A_BUY:
        card = PROPERTY_NAMES[a - A_GNOME]
        if ph == st.P_CLIP_HIRE:
            return f"Clipboard Makers': hire a gnome for a lock of your {card}"
        if ph == st.P_CENTAUR_HIRE:
            return f"Centaur: hire a gnome at its discount for a lock of your {card}"
        if ph == st.P_CENTAUR:
            return f"put the Centaur's token on a gnome lock of your {card}"
        return f"return the gnome on a lock of your {card} to the stock"
    if A_CARD <= a < A_GNOME:
        return f"Gargoyle: take a {PROPERTY_NAMES[a - A_CARD]} from the discard pile"
    if A_TAKE_CARD <= a < A_SEAT:
        return f"Gargoyle: take column card {a - A_TAKE_CARD + 1}"
    return f"<action {a} in phase {ph}>"


assert len(GUILD_NAMES) == 12 and NUM_ACTIONS == 184
