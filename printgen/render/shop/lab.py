"""CIELAB and colour difference, for judging printed colour against the design.

A design colour is sRGB; what a print shop prints is seen back on screen through the shop's
ICC profile as sRGB too (the soft proof). Both go to CIELAB (D65, the sRGB white) with the
sRGB formulas of IEC 61966-2-1, and their difference is CIEDE2000 (CIE 142-2001, as written
out by Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula", 2005): about 1 is
the least difference an eye sees side by side, 2 to 3 is close, over 5 is another colour.

Arrays of any shape ending in 3 are taken (numpy), so the ink limit can judge hundreds of
candidate inkings at once.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

WHITE_D65 = (0.95047, 1.0, 1.08883)
SRGB_TO_XYZ = np.array(
    [
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ]
)

Floats = NDArray[np.float64]
"""What these functions give: float arrays (numpy's own type)."""


def srgb_to_lab(rgb: ArrayLike) -> Floats:
    """sRGB (0..1, last axis R, G, B) to CIELAB (L* 0..100, a*, b*)."""
    rgb = np.asarray(rgb, dtype=float)
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    xyz = linear @ SRGB_TO_XYZ.T / np.array(WHITE_D65)
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def chroma(lab: ArrayLike) -> Floats:
    """C*ab: how far from grey (0 for a neutral)."""
    lab = np.asarray(lab, dtype=float)
    return np.hypot(lab[..., 1], lab[..., 2])


def ciede2000(lab1: ArrayLike, lab2: ArrayLike) -> Floats:
    """ΔE00 between CIELAB colours (broadcast against each other), kL = kC = kH = 1."""
    lab1, lab2 = np.asarray(lab1, dtype=float), np.asarray(lab2, dtype=float)
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dL = L2 - L1
    dC = c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dH = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    Lm = (L1 + L2) / 2
    Cm = (c1p + c2p) / 2
    hsum = h1p + h2p
    hm = np.where(
        np.abs(h1p - h2p) <= 180, hsum / 2, np.where(hsum < 360, (hsum + 360) / 2, (hsum - 360) / 2)
    )
    hm = np.where(c1p * c2p == 0, hsum, hm)
    t = (
        1
        - 0.17 * np.cos(np.radians(hm - 30))
        + 0.24 * np.cos(np.radians(2 * hm))
        + 0.32 * np.cos(np.radians(3 * hm + 6))
        - 0.20 * np.cos(np.radians(4 * hm - 63))
    )
    d_theta = 30 * np.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * np.sqrt(Cm**7 / (Cm**7 + 25.0**7))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / np.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * Cm
    sh = 1 + 0.015 * Cm * t
    rt = -np.sin(np.radians(2 * d_theta)) * rc
    return np.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))
