"""Where an SVG's texts lie, estimated on the safe side, and which of them stick out of the sheet.

A text's box comes from its position, ``text-anchor``, ``dominant-baseline`` and font size,
and its width from Helvetica's advance widths (fpdf2 ships them) made 15 % wider, so a
wider sans-serif face (DejaVu Sans, what a Linux viewer substitutes for "sans") still fits
in it. Every line of a ``<tspan x= dy=>`` stack is a box of its own, and every transform
on the text or its groups is applied. The sheet is the ``viewBox`` (else width and height).

>>> svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><text x="90" y="20" font-size="10">Hello</text></svg>'
>>> [box.text for box in outside(svg)]
['Hello']
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from fpdf.fonts import CORE_FONTS_CHARWIDTHS

WIDER = 1.15
"""How much wider than Helvetica the box is made (DejaVu Sans runs about 10 % wider)."""
HELVETICA = CORE_FONTS_CHARWIDTHS["helvetica"]
"""Advance widths in thousandths of the font size, by character."""
SVG = "{http://www.w3.org/2000/svg}"

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class TextBox:
    text: str
    left: float
    top: float
    right: float
    bottom: float


def text_width(text: str, size: float) -> float:
    """*text*'s width at font size *size*, on the safe side (a character Helvetica lacks counts a full em)."""
    return sum(HELVETICA.get(char, 1000) for char in text) / 1000 * size * WIDER


def _number(text: str | None, default: float = 0.0) -> float:
    if text is None or not text.strip():
        return default
    match = re.match(r"\s*(-?[\d.]+(?:e-?\d+)?)\s*(px|pt|mm)?", text)
    if match is None:
        raise ValueError(f"not a length: {text!r}")
    value = float(match[1])
    return value * {"pt": 4 / 3, "mm": 1.0, "px": 1.0, None: 1.0}[match[2]]


def _multiply(a: Matrix, b: Matrix) -> Matrix:
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
            a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def _transform(text: str | None) -> Matrix:
    """An SVG ``transform`` attribute as one matrix."""
    matrix = IDENTITY
    for name, arguments in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        values = [float(v) for v in re.split(r"[\s,]+", arguments.strip()) if v]
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale":
            step = (values[0], 0, 0, values[1] if len(values) > 1 else values[0], 0, 0)
        elif name == "matrix":
            step = (values[0], values[1], values[2], values[3], values[4], values[5])
        elif name == "rotate":
            angle = math.radians(values[0])
            cx, cy = (values[1], values[2]) if len(values) == 3 else (0.0, 0.0)
            cos, sin = math.cos(angle), math.sin(angle)
            step = _multiply(_multiply((1, 0, 0, 1, cx, cy), (cos, sin, -sin, cos, 0, 0)), (1, 0, 0, 1, -cx, -cy))
        else:
            raise ValueError(f"unknown transform {name!r}")
        matrix = _multiply(matrix, step)
    return matrix


def _style(node: ET.Element, name: str) -> str | None:
    """A presentation attribute, from the element's ``style`` first."""
    for part in (node.get("style") or "").split(";"):
        key, _, value = part.partition(":")
        if key.strip() == name:
            return value.strip()
    return node.get(name)


def _inherited(chain: list[ET.Element], name: str, default: str) -> str:
    for node in reversed(chain):
        value = _style(node, name)
        if value is not None:
            return value
    return default


def _box(text: str, x: float, y: float, size: float, anchor: str, baseline: str, matrix: Matrix) -> TextBox:
    width = text_width(text, size)
    left = {"middle": x - width / 2, "end": x - width}.get(anchor, x)
    top, bottom = {"central": (y - 0.6 * size, y + 0.6 * size), "middle": (y - 0.6 * size, y + 0.6 * size),
                   "hanging": (y - 0.1 * size, y + 1.1 * size), "text-before-edge": (y - 0.1 * size, y + 1.1 * size)
                   }.get(baseline, (y - 1.0 * size, y + 0.3 * size))  # alphabetic, ideographic and the rest: above the line
    corners = [(px, py) for px in (left, left + width) for py in (top, bottom)]
    xs = [matrix[0] * px + matrix[2] * py + matrix[4] for px, py in corners]
    ys = [matrix[1] * px + matrix[3] * py + matrix[5] for px, py in corners]
    return TextBox(text, min(xs), min(ys), max(xs), max(ys))


def text_boxes(svg: bytes | str) -> list[TextBox]:
    """Every line of text in *svg*, as a box in the sheet's user units."""
    root = ET.fromstring(svg)
    boxes: list[TextBox] = []

    def walk(node: ET.Element, chain: list[ET.Element], matrix: Matrix) -> None:
        chain = [*chain, node]
        matrix = _multiply(matrix, _transform(node.get("transform")))
        if node.tag == f"{SVG}text":
            size = _number(_inherited(chain, "font-size", "16"))
            anchor = _inherited(chain, "text-anchor", "start")
            baseline = _inherited(chain, "dominant-baseline", "auto")
            x, y = _number(node.get("x")), _number(node.get("y"))
            if node.text and node.text.strip():
                boxes.append(_box(node.text.strip(), x, y, size, anchor, baseline, matrix))
            for span in node.iter(f"{SVG}tspan"):
                x = _number(span.get("x"), x)
                y = _number(span.get("y"), y) + _number(span.get("dy"))
                span_size = _number(_style(span, "font-size") or str(size))
                words = "".join(span.itertext()).strip()
                if words:
                    boxes.append(_box(words, x, y, span_size, anchor, baseline, matrix))
            return
        for child in node:
            walk(child, chain, matrix)

    walk(root, [], IDENTITY)
    return boxes


def sheet(svg: bytes | str) -> tuple[float, float, float, float]:
    """The sheet: (left, top, right, bottom) of the ``viewBox``, else of width and height."""
    root = ET.fromstring(svg)
    view = root.get("viewBox")
    if view:
        left, top, width, height = (float(v) for v in re.split(r"[\s,]+", view.strip()))
    else:
        left, top, width, height = 0.0, 0.0, _number(root.get("width")), _number(root.get("height"))
    return left, top, left + width, top + height


def outside(svg: bytes | str) -> list[TextBox]:
    """The texts that are not wholly on the sheet."""
    left, top, right, bottom = sheet(svg)
    return [box for box in text_boxes(svg) if box.left < left or box.top < top or box.right > right or box.bottom > bottom]
