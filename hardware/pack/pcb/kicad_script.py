"""Build one tile as a KiCad project, check it with KiCad's DRC and plot its Gerbers: run by KiCad's own Python.

KiCad's Python module (``pcbnew``) lives in the Python that KiCad was built for, not in the console's environment, so
``hardware.pack.pcb.kicad`` runs this file in that Python with two arguments: the tile described as JSON, and the
folder to write into. It imports nothing of the console's (only the standard library and ``pcbnew``) and writes
``result.json`` there: the DRC's findings, and every pad that KiCad put somewhere other than where the description
says. Written against KiCad 6's API (``wxPoint``); KiCad 7 and later take ``VECTOR2I`` for points.
"""

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pcbnew

LAYERS = {"F.Cu": pcbnew.F_Cu, "In1.Cu": pcbnew.In1_Cu, "In2.Cu": pcbnew.In2_Cu, "B.Cu": pcbnew.B_Cu,
          "F.SilkS": pcbnew.F_SilkS, "B.SilkS": pcbnew.B_SilkS, "F.Mask": pcbnew.F_Mask, "B.Mask": pcbnew.B_Mask,
          "F.Paste": pcbnew.F_Paste, "B.Paste": pcbnew.B_Paste, "F.CrtYd": pcbnew.F_CrtYd, "B.CrtYd": pcbnew.B_CrtYd,
          "F.Fab": pcbnew.F_Fab, "B.Fab": pcbnew.B_Fab, "Edge.Cuts": pcbnew.Edge_Cuts}
PLOTTED = ("F.Cu", "In1.Cu", "In2.Cu", "B.Cu", "F.Mask", "B.Mask", "F.Paste", "B.Paste", "F.SilkS", "B.SilkS", "Edge.Cuts")
SHAPES = {"rect": pcbnew.PAD_SHAPE_RECT, "roundrect": pcbnew.PAD_SHAPE_ROUNDRECT, "circle": pcbnew.PAD_SHAPE_CIRCLE}


def mm(value: float) -> int:
    return int(pcbnew.FromMM(float(value)))


def point(x: float, y: float) -> Any:
    return pcbnew.wxPoint(mm(x), mm(y))


def line(board: Any, parent: Any, layer: str, a: Sequence[float], b: Sequence[float], width: float) -> None:
    shape = pcbnew.FP_SHAPE(parent) if parent is not None else pcbnew.PCB_SHAPE(board)
    shape.SetShape(pcbnew.SHAPE_T_SEGMENT)
    shape.SetLayer(LAYERS[layer])
    shape.SetWidth(mm(width))
    if parent is not None:
        shape.SetStart0(point(*a))
        shape.SetEnd0(point(*b))
        parent.Add(shape)
    else:
        shape.SetStart(point(*a))
        shape.SetEnd(point(*b))
        board.Add(shape)


def rectangle(board: Any, parent: Any, layer: str, box: Sequence[float], width: float) -> None:
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for a, b in zip(corners, corners[1:] + corners[:1]):
        line(board, parent, layer, a, b, width)


def settings(board: Any, rules: dict[str, Any]) -> None:
    design = board.GetDesignSettings()
    design.SetCopperLayerCount(4)
    board.SetCopperLayerCount(4)
    default = board.GetNetClasses().GetDefault()
    default.SetClearance(mm(rules["clearance"]))
    default.SetTrackWidth(mm(rules["track"]))
    default.SetViaDiameter(mm(rules["via"]))
    default.SetViaDrill(mm(rules["drill"]))
    design.m_MinClearance = mm(rules["clearance"])
    design.m_TrackMinWidth = mm(rules["track"])
    design.m_ViasMinSize = mm(rules["via"])
    design.m_MinThroughDrill = mm(rules["drill"])
    design.m_CopperEdgeClearance = mm(rules["edge"])
    design.m_HoleClearance = mm(rules["hole"])
    design.m_HoleToHoleMin = mm(rules["hole"])
    design.m_SilkClearance = 0


def footprint(board: Any, nets: dict[str, Any], part: dict[str, Any]) -> Any:
    fp = pcbnew.FOOTPRINT(board)
    library, name = part["footprint"].split(":", 1)
    fp.SetFPID(pcbnew.LIB_ID(library, name))
    fp.SetReference(part["ref"])
    fp.SetValue(part["value"])
    fp.Reference().SetLayer(pcbnew.F_Fab)
    fp.Reference().SetTextSize(pcbnew.wxSize(mm(0.5), mm(0.5)))
    fp.Reference().SetTextThickness(mm(0.08))
    fp.Reference().SetPos0(point(0, 0))
    fp.Value().SetLayer(pcbnew.F_Fab)
    fp.Value().SetVisible(False)
    board.Add(fp)
    for pad_data in part["pads"]:
        pad = pcbnew.PAD(fp)
        pad.SetName(pad_data["number"])
        shape = pad_data["shape"]
        pad.SetShape(SHAPES[shape])
        if shape == "roundrect":
            pad.SetRoundRectRadiusRatio(0.25)
        pad.SetSize(pcbnew.wxSize(mm(pad_data["width"]), mm(pad_data["height"])))
        if pad_data["drill"]:
            pad.SetAttribute(pcbnew.PAD_ATTRIB_PTH if pad_data["number"] else pcbnew.PAD_ATTRIB_NPTH)
            pad.SetDrillSize(pcbnew.wxSize(mm(pad_data["drill"]), mm(pad_data["drill"])))
            pad.SetLayerSet(pad.PTHMask() if pad_data["number"] else pad.UnplatedHoleMask())
        else:
            pad.SetAttribute(pcbnew.PAD_ATTRIB_SMD)
            pad.SetLayerSet(pad.SMDMask())
        pad.SetPos0(point(pad_data["x"], pad_data["y"]))
        pad.SetPosition(point(pad_data["x"], pad_data["y"]))
        if pad_data["net"]:
            pad.SetNet(nets[pad_data["net"]])
        fp.Add(pad)
    rectangle(board, fp, "F.CrtYd", part["courtyard"], 0.05)
    if part["body"]:
        rectangle(board, fp, "F.Fab", part["body"], 0.1)
    attributes = pcbnew.FP_THROUGH_HOLE if part["through_hole"] else pcbnew.FP_SMD
    if not part["populated"]:
        attributes |= pcbnew.FP_EXCLUDE_FROM_BOM | pcbnew.FP_EXCLUDE_FROM_POS_FILES
    fp.SetAttributes(attributes)
    if part["bottom"]:
        fp.Flip(fp.GetPosition(), True)
    fp.SetOrientationDegrees(part["rotation"])
    fp.SetPosition(point(part["x"], part["y"]))
    return fp


def zone(board: Any, net: Any, layer: str, outline: list[list[float]]) -> None:
    area = pcbnew.ZONE(board)
    area.SetLayer(LAYERS[layer])
    area.SetNet(net)
    area.SetIsRuleArea(False)
    area.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
    area.SetThermalReliefGap(mm(0.3))
    area.SetThermalReliefSpokeWidth(mm(0.4))
    area.SetMinThickness(mm(0.25))
    area.SetLocalClearance(mm(0.3))
    contour = area.Outline()
    contour.NewOutline()
    for x, y in outline:
        contour.Append(mm(x), mm(y))
    board.Add(area)


def text(board: Any, layer: str, at: Sequence[float], words: str, size: float, thickness: float, mirrored: bool = False) -> None:
    item = pcbnew.PCB_TEXT(board)
    item.SetText(words)
    item.SetLayer(LAYERS[layer])
    item.SetTextSize(pcbnew.wxSize(mm(size), mm(size)))
    item.SetTextThickness(mm(thickness))
    item.SetPosition(point(*at))
    item.SetMirrored(mirrored)
    board.Add(item)


def build(tile: dict[str, Any], folder: Path) -> Path:
    board = pcbnew.BOARD()
    settings(board, tile["rules"])
    nets: dict[str, Any] = {}
    for name in tile["nets"]:
        net = pcbnew.NETINFO_ITEM(board, name)
        board.Add(net)
        nets[name] = net
    outline = tile["outline"]
    for a, b in zip(outline, outline[1:] + outline[:1]):
        line(board, None, "Edge.Cuts", a, b, 0.1)
    for part in tile["parts"]:
        footprint(board, nets, part)
    for track in tile["tracks"]:
        item = pcbnew.PCB_TRACK(board)
        item.SetStart(point(*track["start"]))
        item.SetEnd(point(*track["end"]))
        item.SetWidth(mm(track["width"]))
        item.SetLayer(LAYERS[track["layer"]])
        item.SetNet(nets[track["net"]])
        board.Add(item)
    for via in tile["vias"]:
        item = pcbnew.PCB_VIA(board)
        item.SetPosition(point(via["x"], via["y"]))
        item.SetWidth(mm(via["diameter"]))
        item.SetDrill(mm(via["drill"]))
        item.SetNet(nets[via["net"]])
        board.Add(item)
    for plane in tile["planes"]:
        zone(board, nets[plane["net"]], plane["layer"], outline)
    for label in tile["texts"]:
        text(board, label["layer"], label["at"], label["text"], label["size"], label["thickness"], label["layer"].startswith("B."))
    path: Path = folder / (tile["name"] + ".kicad_pcb")
    pcbnew.SaveBoard(str(path), board)
    return path


def misplaced(board: Any, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pads KiCad put more than 1 um from where the description says (a pad is matched by its part and number; two
    mechanical pads of one part, both unnumbered, by the nearer place)."""
    expected: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for part in parts:
        for pad in part["pads"]:
            expected.setdefault((part["ref"], pad["number"]), []).append((pad["board_x"], pad["board_y"]))
    found: list[dict[str, Any]] = []
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        for pad in fp.Pads():
            places = expected.get((ref, pad.GetName()), [])
            at = pad.GetPosition()
            x, y = pcbnew.ToMM(at.x), pcbnew.ToMM(at.y)
            off = min((max(abs(x - ex), abs(y - ey)) for ex, ey in places), default=float("inf"))
            if off > 0.001:
                found.append({"pad": f"{ref}.{pad.GetName()}", "kicad": [x, y], "expected": places})
    return found


def drc(board: Any, folder: Path, name: str) -> dict[str, Any]:
    report = folder / (name + "-drc.rpt")
    pcbnew.WriteDRCReport(board, str(report), pcbnew.EDA_UNITS_MILLIMETRES, True)
    lines = report.read_text(encoding="utf-8").splitlines()
    violations: dict[str, dict[str, int]] = {"error": {}, "warning": {}}
    kind = None
    for item in lines:
        head = re.match(r"\[(\w+)\]:", item)
        if head:
            kind = head.group(1)
        severity = re.search(r"Severity: (\w+)", item)
        if severity and kind:
            counts = violations.setdefault(severity.group(1), {})
            counts[kind] = counts.get(kind, 0) + 1
            kind = None
    unconnected = next((int(m.group(1)) for m in (re.search(r"Found (\d+) unconnected pads", x) for x in lines) if m), -1)
    return {"violations": violations, "unconnected": unconnected, "report": report.name}


def plot(board: Any, folder: Path, name: str) -> list[str]:
    gerbers = folder / "gerbers"
    gerbers.mkdir(exist_ok=True)
    controller = pcbnew.PLOT_CONTROLLER(board)
    options = controller.GetPlotOptions()
    options.SetOutputDirectory(str(gerbers))
    options.SetPlotFrameRef(False)
    options.SetUseGerberProtelExtensions(False)
    options.SetCreateGerberJobFile(True)
    options.SetSubtractMaskFromSilk(True)
    options.SetUseAuxOrigin(False)
    options.SetUseGerberX2format(True)
    options.SetIncludeGerberNetlistInfo(True)
    options.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
    for layer in PLOTTED:
        controller.SetLayer(LAYERS[layer])
        controller.OpenPlotfile(layer.replace(".", "_"), pcbnew.PLOT_FORMAT_GERBER, layer)
        controller.PlotLayer()
    controller.ClosePlot()
    drill = pcbnew.EXCELLON_WRITER(board)
    drill.SetOptions(False, False, pcbnew.wxPoint(0, 0), False)
    drill.SetFormat(True)
    drill.CreateDrillandMapFilesSet(str(gerbers), True, False)
    return sorted(p.name for p in gerbers.iterdir())


def main() -> None:
    tile = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    folder = Path(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    path = build(tile, folder)
    board = pcbnew.LoadBoard(str(path))  # a board read back from its file: KiCad's zone filler needs one
    filler = pcbnew.ZONE_FILLER(board)
    filler.Fill(board.Zones())
    pcbnew.SaveBoard(str(path), board)
    result = {"kicad": pcbnew.Version(), "misplaced": misplaced(board, tile["parts"]), "drc": drc(board, folder, tile["name"])}
    if tile.get("plot", True):
        result["gerbers"] = plot(board, folder, tile["name"])
    (folder / "result.json").write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
