"""Compile options shared by every numba kernel, kept in one place (STYLE: KERNEL).

`cache=True` writes compiled kernels to `__pycache__`, so a second process starts fast.
numba does not notice edits to other files a cached kernel depends on: `make clean` clears it.
"""

KERNEL = dict(cache=True)
