"""Game-independent drawing helpers for hex-board renderers: player colours and glyphs, pixel
geometry of pointy-top "odd-r" boards (see envs.core.hexgrid), a numpy hex rasterizer and
filled discs for pieces. Numpy only, so rendering needs no GUI or imaging dependency.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

PLAYER_COLOURS = np.array(
    [
        (220, 40, 40),  # red
        (40, 80, 230),  # blue
        (250, 250, 250),  # white
        (20, 20, 20),  # black
        (150, 50, 200),  # purple
    ],
    np.uint8,
)
PLAYER_COLOURS.setflags(write=False)
PLAYER_COLOUR_NAMES = ("red", "blue", "white", "black", "purple")  # words for PLAYER_COLOURS
PLAYER_GLYPHS = "01234"  # digits never clash with the letters renderers use for terrain
OUTLINE = (40, 40, 40)
SQRT3 = math.sqrt(3.0)


def image_size(rows: int, cols: int, size: float) -> tuple[int, int]:
    """(height, width) in pixels of a board of hexes with circumradius `size`."""
    height = math.ceil(size * (1.5 * (rows - 1) + 2.0))
    width = math.ceil(SQRT3 * size * (cols + 0.5))
    return height, width


def hex_centres(rows: int, cols: int, size: float) -> np.ndarray:
    """float64[rows*cols, 2]: (x, y) pixel centre of each hex id `row * cols + col`.

    Pointy-top hexes are sqrt(3)*size wide and stack every 1.5*size rows; odd rows shift half
    a hex right. Hex (0, 0) touches the top-left corner of the image.
    """
    row, col = np.divmod(np.arange(rows * cols), cols)
    x = SQRT3 * size * (col + 0.5 * (row & 1) + 0.5)
    y = size * (1.5 * row + 1.0)
    return np.stack([x, y], axis=1)


@functools.lru_cache(maxsize=16)
def hex_index_map(rows: int, cols: int, size: float) -> np.ndarray:
    """int64[H, W]: the hex id covering each pixel, or -1 outside the board (read-only, cached).

    Converts each pixel to fractional axial coordinates and rounds in cube space, which picks
    the nearest hex centre exactly, i.e. the true hexagonal tiling, with no per-hex loop.
    """
    height, width = image_size(rows, cols, size)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    x = x - SQRT3 * size / 2.0
    y = y - size
    q = (SQRT3 / 3.0 * x - y / 3.0) / size
    r = (2.0 / 3.0 * y) / size
    row, col = _cube_round(q, r)
    col = col + (row - (row & 1)) // 2
    inside = (row >= 0) & (row < rows) & (col >= 0) & (col < cols)
    index = np.where(inside, row * cols + col, -1)
    index.setflags(write=False)
    return index


def _cube_round(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Round fractional axial (q, r) to the containing hex: (r, q) as int64 arrays."""
    s = -q - r
    rq, rr, rs = np.round(q), np.round(r), np.round(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rr.astype(np.int64), rq.astype(np.int64)


def rasterize_hexes(
    rows: int,
    cols: int,
    size: float,
    colours_by_hex: np.ndarray,
    background: tuple[int, int, int] = (255, 255, 255),
    outline: tuple[int, int, int] | None = OUTLINE,
) -> np.ndarray:
    """uint8[H, W, 3]: every hex filled with its colour, off-board pixels in `background`.

    Args:
        rows, cols: board shape; hex ids are `row * cols + col`.
        size: hex circumradius in pixels.
        colours_by_hex: uint8[rows*cols, 3] fill colour of each hex.
        background: colour outside the board.
        outline: colour of a 1-pixel border between hexes (so equal-coloured neighbours stay
            distinguishable), or None for none.
    """
    index = hex_index_map(rows, cols, size)
    palette = np.vstack([np.asarray(colours_by_hex, np.uint8), np.array([background], np.uint8)])
    image = palette[index]  # index -1 picks the appended background row
    if outline is not None:
        image[_boundary(index)] = outline
    return image


def _boundary(index: np.ndarray) -> np.ndarray:
    """bool[H, W]: on-board pixels whose right or lower neighbour lies in another hex."""
    edge = np.zeros(index.shape, bool)
    edge[:, :-1] |= index[:, :-1] != index[:, 1:]
    edge[:-1, :] |= index[:-1, :] != index[1:, :]
    return edge & (index >= 0)


def draw_discs(
    image: np.ndarray,
    centres: np.ndarray,
    radius: float,
    colours: np.ndarray,
    outline: tuple[int, int, int] | None = None,
) -> None:
    """Draw filled circles in place, e.g. pieces on their hexes.

    Args:
        image: uint8[H, W, 3], modified in place.
        centres: float[k, 2] (x, y) pixel centres.
        radius: disc radius in pixels.
        colours: uint8[k, 3] (one per disc) or a single uint8[3] colour for all.
        outline: if given, a 1-pixel ring of this colour around each disc, so a piece stays
            visible on a hex of similar colour.
    """
    colours = np.broadcast_to(np.asarray(colours, np.uint8), (len(centres), 3))
    for (x, y), colour in zip(centres, colours, strict=True):
        if outline is not None:
            _fill_circle(image, x, y, radius + 1.0, outline)
        _fill_circle(image, x, y, radius, colour)


def _fill_circle(
    image: np.ndarray, x: float, y: float, radius: float, colour: tuple[int, int, int] | np.ndarray
) -> None:
    """Fill the pixels within `radius` of (x, y), touching only its clipped bounding box."""
    height, width = image.shape[:2]
    top, bottom = max(0, math.floor(y - radius)), min(height, math.ceil(y + radius) + 1)
    left, right = max(0, math.floor(x - radius)), min(width, math.ceil(x + radius) + 1)
    if top >= bottom or left >= right:
        return
    yy, xx = np.ogrid[top:bottom, left:right]
    inside = (xx - x) ** 2 + (yy - y) ** 2 <= radius**2
    image[top:bottom, left:right][inside] = colour


def ansi_colour(text: str, rgb: tuple[int, int, int] | np.ndarray) -> str:
    """`text` wrapped in 24-bit ANSI foreground colour escapes, for terminals that show them."""
    r, g, b = (int(v) for v in rgb)
    return f"\x1b[38;2;{r};{g};{b}m{text}\x1b[0m"


def default_font(size: int = 14) -> Any:
    """Pillow's built-in scalable font at `size` pixels (Pillow >= 10.1 ships it, so images
    with text need no font file on the machine)."""
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def png_bytes(image: np.ndarray) -> bytes:
    """A uint8 RGB image [H, W, 3] as PNG file bytes (zlib only, no imaging library), for
    self-contained HTML and files a person can open."""
    import struct
    import zlib

    image = np.ascontiguousarray(image, np.uint8)
    height, width = image.shape[:2]
    rows = np.zeros((height, width * 3 + 1), np.uint8)  # filter byte 0 = none, then pixels
    rows[:, 1:] = image.reshape(height, width * 3)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + chunk(b"IEND", b"")
    )


@functools.lru_cache(maxsize=8)
def pil_font(size: int = 14):  # noqa: ANN201  (a PIL font; Pillow is imported lazily)
    """Pillow's built-in scalable font at `size` pixels (Pillow >= 10.1), so image renderers
    can write text without shipping or locating a font file."""
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def text_colour(fill: tuple[int, int, int] | np.ndarray) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `fill` (by its perceived luminance), so a
    label stays legible on every player colour, white and black included."""
    r, g, b = (int(v) for v in fill)
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)
