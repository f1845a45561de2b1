"""The pairing URL as a QR code's modules, for the console's screen to draw (no image library needed)."""

from __future__ import annotations

import qrcode  # type: ignore[import-untyped, unused-ignore]

QUIET_ZONE = 4
"""Light modules around the code on each side, as the QR standard asks, so that a phone's camera finds its edges."""


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of *text* (medium error correction), rows of modules, True for dark, quiet zone included."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET_ZONE)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(module) for module in row] for row in code.get_matrix()]
