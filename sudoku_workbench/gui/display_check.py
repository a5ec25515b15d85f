"""Say which system package is missing before Qt's X11 plugin aborts the process without a hint.

When a library of Qt's ``xcb`` platform plugin cannot be loaded, Qt prints a generic message and
aborts, which no Python code can catch. Trying the same shared libraries first lets the window name
the Debian/Ubuntu package to install instead. Standard library only: it runs before Qt is imported.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

__all__ = ["XCB_LIBRARIES", "display_problem"]

#: Shared libraries the xcb plugin of Qt 6 loads that desktops often lack, with their Debian package.
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
}


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def display_problem(
    env: Mapping[str, str] | None = None,
    platform: str = sys.platform,
    loads: Callable[[str], bool] = _loads,
) -> str | None:
    """Why the window cannot open on this display, in words a user can act on; None when it can.

    Only the X11 case is checked: other platforms and Qt's explicit platform choices are left to Qt.
    """
    env = os.environ if env is None else env
    chosen = env.get("QT_QPA_PLATFORM", "")
    if not platform.startswith("linux") or (chosen and not chosen.startswith("xcb")):
        return None
    if not chosen and env.get("WAYLAND_DISPLAY"):
        return None
    if not env.get("DISPLAY"):
        return (
            "no display to open the window on (DISPLAY is not set). Run it from a desktop session, "
            "or render a picture offscreen: sudoku-workbench gui FILE --screenshot OUT.png"
        )
    missing = sorted({package for library, package in XCB_LIBRARIES.items() if not loads(library)})
    if not missing:
        return None
    return (
        "the window needs system libraries that are not installed. On Debian or Ubuntu: "
        f"sudo apt-get install {' '.join(missing)} (Fedora: xcb-util-cursor, xcb-util-wm, "
        "xcb-util-keysyms, xcb-util-image, xcb-util-renderutil, libxkbcommon-x11)"
    )
