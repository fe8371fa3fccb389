"""Replay a game record: print it move by move, or write a one-file HTML viewer.

    python -m eurogym.envs.replay game.json                 # the moves and the final view
    python -m eurogym.envs.replay game.json --html out.html # a self-contained step-through page

The HTML page needs no network and no server: every board image (PNG) and text view is
embedded in it. It steps through the game with next/previous buttons, the arrow keys and a
slider, and shows the move list; clicking a move jumps to it. Identical consecutive images
are stored once, which keeps long games small.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import sys
from pathlib import Path
from typing import Any

from eurogym.envs.core.registry import spec
from eurogym.envs.core.render import png_bytes
from eurogym.envs.record import RecordError, load_record, replay


def frames(record: dict[str, Any], images: bool = True) -> list[dict[str, Any]]:
    """One frame per state of the replayed game: its ansi view, its board image (PNG bytes,
    None when unchanged from the previous frame or `images` is False) and the move that led
    to it."""
    entry = spec(record["env_id"])
    out: list[dict[str, Any]] = []
    previous = None
    for i, state in enumerate(replay(record)):
        png = None
        if images:
            png = png_bytes(entry.raw_env.render_rgb(state))
            if png == previous:
                png = None
            else:
                previous = png
        move = record["moves"][i - 1] if i else None
        out.append({"text": entry.raw_env.render_ansi(state), "png": png, "move": move})
    return out


def write_html(record: dict[str, Any], path: str | Path, title: str | None = None) -> Path:
    """Write the viewer page for `record` (already loaded and validated) to `path`."""
    record = load_record(record)
    data = frames(record)
    images: list[str] = []
    image_of_frame: list[int] = []
    for frame in data:
        if frame["png"] is not None:
            images.append("data:image/png;base64," + base64.b64encode(frame["png"]).decode())
        image_of_frame.append(len(images) - 1)
    moves = [_move_label(record, i, f["move"]) for i, f in enumerate(data) if f["move"]]
    payload = {
        "texts": [f["text"] for f in data],
        "images": images,
        "imageOfFrame": image_of_frame,
        "moves": moves,
    }
    seats = record.get("seats") or []
    heading = title or (
        f"{record['env_id']}: {record['num_players']} players, seed {record['seed']}"
        + (f" ({', '.join(seats)})" if seats else "")
    )
    scores = record.get("final_scores")
    result = "unfinished" if scores is None else "final scores " + ", ".join(
        f"{(seats[i] if i < len(seats) else f'seat {i}')}: {s:g}" for i, s in enumerate(scores)
    )
    page = _PAGE.format(
        title=html.escape(heading),
        result=html.escape(result),
        version=html.escape(str(record.get("package_version", "?"))),
        payload=json.dumps(payload).replace("</", "<\\/"),
    )
    path = Path(path)
    path.write_text(page, encoding="utf-8")
    return path


def _move_label(record: dict[str, Any], index: int, move: dict[str, Any]) -> str:
    seats = record.get("seats") or []
    who = seats[move["seat"]] if move["seat"] < len(seats) else f"seat {move['seat']}"
    return f"{index}. {who} (seat {move['seat']}): {move.get('description', move['action'])}"


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; background: #fafafa; color: #222; }}
#controls {{ margin: 0.5em 0; display: flex; gap: 0.5em; align-items: center; }}
#slider {{ flex: 1; max-width: 40em; }}
#main {{ display: flex; gap: 1em; align-items: flex-start; }}
#board {{ max-width: 100%; border: 1px solid #ccc; background: white; }}
#text {{ font-family: monospace; font-size: 12px; white-space: pre; background: white;
        border: 1px solid #ccc; padding: 0.5em; overflow: auto; max-height: 40em; }}
#moves {{ font-size: 12px; max-height: 40em; overflow: auto; min-width: 22em;
          border: 1px solid #ccc; background: white; margin: 0; padding: 0.3em 0.3em 0.3em 2.5em; }}
#moves li {{ cursor: pointer; }}
#moves li.current {{ background: #ffe08a; }}
</style></head><body>
<h2>{title}</h2>
<div>{result} &middot; eurogym {version}</div>
<div id="controls">
 <button id="first">&laquo; first</button><button id="prev">&#x25C0; previous</button>
 <button id="next">next &#x25B6;</button><button id="last">last &raquo;</button>
 <input id="slider" type="range" min="0" value="0">
 <span id="counter"></span>
</div>
<div id="current-move"></div>
<div id="main">
 <div><img id="board" alt="board"><div id="text"></div></div>
 <ol id="moves"></ol>
</div>
<script>
const data = {payload};
const n = data.texts.length;
let step = 0;
const slider = document.getElementById("slider");
slider.max = n - 1;
const list = document.getElementById("moves");
data.moves.forEach((label, i) => {{
  const li = document.createElement("li");
  li.textContent = label.replace(/^\\d+\\. /, "");
  li.onclick = () => show(i + 1);
  list.appendChild(li);
}});
function show(k) {{
  step = Math.max(0, Math.min(n - 1, k));
  slider.value = step;
  document.getElementById("counter").textContent = "step " + step + " / " + (n - 1);
  const img = data.imageOfFrame[step];
  document.getElementById("board").src = data.images[img];
  document.getElementById("text").textContent = data.texts[step];
  document.getElementById("current-move").textContent =
    step ? "after move " + data.moves[step - 1] : "start of the game";
  list.querySelectorAll("li").forEach((li, i) => li.className = i + 1 === step ? "current" : "");
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(step - 1);
document.getElementById("next").onclick = () => show(step + 1);
document.getElementById("last").onclick = () => show(n - 1);
slider.oninput = () => show(Number(slider.value));
document.addEventListener("keydown", (e) => {{
  if (e.key === "ArrowRight") show(step + 1);
  if (e.key === "ArrowLeft") show(step - 1);
}});
show(0);
</script></body></html>
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Replay a eurogym game record.")
    parser.add_argument("record", help="a record file (JSON) written by the play CLI, the "
                        "tournament's --record-dir or eurogym.envs.record.Recorder")
    parser.add_argument("--html", metavar="OUT", help="write a self-contained HTML viewer")
    args = parser.parse_args(argv)
    try:
        record = load_record(args.record)
        if args.html:
            path = write_html(record, args.html)
            print(f"wrote {path} ({path.stat().st_size // 1024} KB, {len(record['moves'])} moves)")
            return 0
        entry = spec(record["env_id"])
        states = list(replay(record))
        for i, move in enumerate(record["moves"], 1):
            print(_move_label(record, i, move))
        print(entry.raw_env.render_ansi(states[-1]))
        print(f"final scores: {record.get('final_scores')}")
    except RecordError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
