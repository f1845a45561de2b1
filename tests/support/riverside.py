"""A Junior district fixed for tests: Riverside, along the boat line 157-194, as first drawn.

The shipped districts are tuned for balance and may change; tests that show a
rule or a screen on known stations play here instead.
"""

from __future__ import annotations

from engine.junior.district import district_of

STATIONS = [133, 138, 139, 140, 141, 151, 152, 153, 154, 155, 156, 157, 158, 159, 166, 167, 168, 169, 170, 181, 182,
            183, 184, 185, 186, 193, 194, 195, 196, 197, 198]
RIVERSIDE = district_of("riverside", "Riverside", STATIONS, [138, 170, 196], [154, 159])
