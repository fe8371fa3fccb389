"""Caverna: Frantic Fiends' flat action space, Discrete(NUM_ACTIONS). Every decision is one
small step of the player who makes it; what an index means inside a range depends on the
phase (`state.phase`, names in state.PHASE_NAMES).

Ranges:
* SPACE s (38): place the next person on action space s (spaces.SPACE_NAMES); Imitation's
  target space.
* SPACE_X k (caverna_ff_v1 only, after REARRANGE): as SPACE, for the 5-7 player boards' space
  NUM_SPACES_V0 + k (depot ... imitation_7).
* REWARD_X k (caverna_ff_v1 only, after SPACE_X): as REWARD, the fifth reward row's column k
  (5-7 players).
* TWIN_X j (40, caverna_ff_v1 only, after REWARD_X): as TWIN, an overhanging placement with
  the Office Room (tables.TWIN_X_CELLS: one half on a printed cell, the other on the border
  cell beside it, rules E23).
* CELL_X k (20, caverna_ff_v1 only, after TWIN_X): as CELL, the Office Room's border cell
  24 + k (tables.CELL_ROW / CELL_COL).
* OFFICE (caverna_ff_v1 only, last): build the Office Room (as FURN).
* TWIN i (96): a twin tile at `cell * 4 + k` (tables.TWIN_CELLS: k 0/1 horizontal with half A
  left/right, 2/3 vertical with half A top/bottom); also the large pasture's two meadows.
* CELL c (24): a home-board cell `r * 6 + c`: single tiles, the cavern to furnish, a trap's
  cell, a small pasture's meadow, a stable's cell, the field to sow, an invading orc's cave
  cell among the tied ones (decided by the cave's owner).
* FURN f (27): a furnishing tile (tables.FURN_NAMES).
* FURN_X k (caverna_ff_v1 only, after CONVERT, tables.FX_NAMES): v1's further furnishing tiles.
* TILE_X k (caverna_ff_v1 only, last): at any of your decisions, Trader 2 gold -> 1 wood, 1 stone,
  1 ore (0); Peaceful Cave: discard dwarf d's weapon for food equal to its strength (1 + d);
  Hunting Parlor 2 boars -> 2 gold + 2 food (7); Blacksmithing Parlor 1 ruby + 1 ore -> 2 gold +
  1 food (8). The decision stays pending, as with CONVERT.
* TRAP t (4): a trap type (tables.TRAP_NAMES).
* TRAP_X k (caverna_ff_v1 only, after TILE_X): v1's further traps (tables.TRAP_X_NAMES).
* REARRANGE (caverna_ff_v1 only, last): at your placement, feeding, event-4 harvest choice or solo
  clearing, outside orc events, rearrange your animals (spec A9): the housing decisions
  `house_lift` (CELL a unit to take out, SKIP keep the arrangement) and `house` follow; once per
  decision (docs/caverna_ff.md E17).
* LOOT l (26): an expedition loot item (tables.LOOT_NAMES), taken in the chosen order.
* OPTION k (15): a number or branch: forge strength, dogs spent in a fight, stone paid into a
  Cave-in (food into Poisoned Food), ore trades, which branch of an either/or space, which
  item of a farming space, the farm animal type to breed (0 sheep, 1 boar, 2 cattle, 3
  donkey), which dwarf (0-5) to arm, the Warrior Dwelling's wood then stone (the ore is the
  rest of 8).
* PUSH d (8): push the active orc one cell N, NE, E, SE, S, SW, W, NW (spec B8, D38).
* REWARD r (16): the reward space `strip * 4 + column` of strips L1, L2, L4, L5 (spec B6).
* GOLD: take the orc's gold instead of a reward.
* BRIBE: pay 1 of this event's bribe good, the active orc loses 1 strength.
* SOW_GRAIN / SOW_VEG: sow grain / a vegetable; with several empty fields a CELL then picks
  the field (phase sow_cell).
* ORC o (4): the orc to fight (letters A-D); in caverna_ff_v1 also a pick of an Explosive
  Trap or Poisoned Arrows (phase trap_pick).
* RUBY r (15): at any of your decisions, trade rubies (spec A7): 1 ruby -> wood, stone, ore,
  grain, vegetable, sheep, boar, donkey, dog (0-8), 2 food (9), 1 ruby + 1 food -> cattle (10),
  a single meadow, field, tunnel (11-13), 2 rubies -> a single cavern (14). The decision stays
  pending; limits (tiles, animals during orc events) in docs/caverna_ff.md E12.
* PERSON k (10): at your placement, pay 1 ruby to place dwarf k (0-5) or friendly orc k - 6
  (6-9) out of order.
* SKIP: decline an optional step; stay home at a placement with no legal space (E2). DONE:
  finish a repeatable step (loot, sowing, farming, breeding picks, feeding: beg for the rest,
  bribes and push: then the orc moves, the trades before scoring).
* CONVERT k (17): at any of your decisions, a food conversion (spec A12, D04, A10; kernels.CONV_*):
  1 grain, 1 vegetable, 1 sheep, 1 boar, 1 cattle, 1 donkey, 2 donkeys, 1 ruby, 2/3/4 gold
  (0-10), Cooking Cave 1 grain + 1 vegetable -> 5 food (11), Working Cave 1 wood / 1 stone /
  2 ore for one dwarf's meal (12-14, at feeding only), Beer Parlor 2 grain -> 4 food (15) or
  -> 3 gold (16). The decision stays pending (at feeding: the feeding goes on).
"""

from __future__ import annotations

from eurogym.envs.caverna_ff.spaces import NUM_SPACES, NUM_SPACES_V0
from eurogym.envs.caverna_ff.tables import (
    BORDER_CELLS,
    CELLS,
    F_OFFICE,
    FX_FIRST,
    NUM_FURN,
    NUM_LOOT,
    NUM_REWARD_SPACES,
    NUM_REWARDS,
    NUM_TRAP_X,
    NUM_TRAPS,
    NUM_TWIN,
    NUM_TWIN_X,
)

# What a decision's handler (kernels.act) leaves to do: ADVANCE the automatic flow goes on
# (`advance`), ASK the same decision or a sub-decision it set is pending (`compute_mask` writes
# its mask), ASKED pending with its mask already written.
ADVANCE, ASK, ASKED = 0, 1, 2

NUM_OPTIONS = 15
A_SPACE = 0
A_TWIN = A_SPACE + NUM_SPACES_V0  # 38
A_CELL = A_TWIN + NUM_TWIN  # 134
A_FURN = A_CELL + CELLS  # 158
A_TRAP = A_FURN + NUM_FURN  # 185
A_LOOT = A_TRAP + NUM_TRAPS  # 189
A_OPTION = A_LOOT + NUM_LOOT  # 215
A_PUSH = A_OPTION + NUM_OPTIONS  # 230
A_REWARD = A_PUSH + 8  # 238
A_GOLD = A_REWARD + NUM_REWARDS  # 254
A_BRIBE = A_GOLD + 1
A_SOW_GRAIN = A_BRIBE + 1
A_SOW_VEG = A_SOW_GRAIN + 1
A_ORC = A_SOW_VEG + 1
A_RUBY = A_ORC + 4
NUM_RUBY_TRADES = 15
A_PERSON = A_RUBY + NUM_RUBY_TRADES
A_SKIP = A_PERSON + 10
A_DONE = A_SKIP + 1
A_CONVERT = A_DONE + 1  # 289
NUM_CONVERSIONS = 17
NUM_ACTIONS = A_CONVERT + NUM_CONVERSIONS  # 306
# caverna_ff_v1 appends its further furnishing tiles (tables.FX_NAMES), so every v0 index keeps
# its meaning: FURN_X k furnishes tile FX_FIRST + k; then the any-time actions of those tiles:
# TILE_X 0 the Trader's purchase, TILE_X 1 + d the Peaceful Cave trading dwarf d's weapon,
# TILE_X 7 the Hunting Parlor's and 8 the Blacksmithing Parlor's exchange.
A_FURN_X = NUM_ACTIONS
A_TILE_X = A_FURN_X + F_OFFICE - FX_FIRST  # the Office Room is OFFICE, below
X_TRADER, X_PEACEFUL = 0, 1
X_HUNTING, X_SMITHING = X_PEACEFUL + 6, X_PEACEFUL + 7
NUM_TILE_X = X_SMITHING + 1
# then v1's further traps (tables.TRAP_X_NAMES): TRAP_X k places trap NUM_TRAPS + k (spec B7)
A_TRAP_X = A_TILE_X + NUM_TILE_X
# then the any-time rearrangement of animals (spec A9, docs/caverna_ff.md E17)
A_REARRANGE = A_TRAP_X + NUM_TRAP_X
# then the 5-7 player boards' spaces (spaces.SPACE_NAMES from NUM_SPACES_V0 on): SPACE_X k is
# space NUM_SPACES_V0 + k wherever a SPACE is asked (placement, Imitation, Forger / Herald)
A_SPACE_X = A_REARRANGE + 1
# then the fifth reward row's spaces (5-7 players, rules B2 step 5): REWARD_X k is reward
# space NUM_REWARDS + k (row 4, column k)
A_REWARD_X = A_SPACE_X + NUM_SPACES - NUM_SPACES_V0
# then the Office Room (rules A10, E23): TWIN_X j lays the pending twin tile at overhanging
# placement NUM_TWIN + j (tables.TWIN_X_CELLS), CELL_X k is border cell CELLS + k wherever a
# CELL is asked, and OFFICE builds the Office Room (its furnishing id is tables.F_OFFICE, the
# last further tile, whose FURN_X number would be TILE_X 0's)
A_TWIN_X = A_REWARD_X + NUM_REWARD_SPACES - NUM_REWARDS
A_CELL_X = A_TWIN_X + NUM_TWIN_X
A_OFFICE = A_CELL_X + BORDER_CELLS
NUM_ACTIONS_V1 = A_OFFICE + 1


def describe(action: int, phase: int = -1) -> str:
    """What an action index does in decision phase `phase`, in a player's words (the texts live
    in describe.py, which needs state.py's phase numbers; state.py imports this module, hence
    the import at call time)."""
    from eurogym.envs.caverna_ff.describe import describe as describe_in_phase

    return describe_in_phase(action, phase)
