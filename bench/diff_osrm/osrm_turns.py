#!/usr/bin/env python3
"""OSRM's own turn instructions at a junction, read from its extracted data.

    bench/diff_osrm/osrm_turns.py ~/.cache/peers/osrm-data/monaco/ch/monaco.osrm 7.426973,43.744526

osrm-routed shows only the steps left after its post-processing; this prints what OSRM's
guidance decided at every turn through the junction at LON,LAT before any of it: the type
(`Suppressed`, `NoTurn` and `Sliproad` included) and modifier, the neighbouring nodes turned
from and to, and the bearings before and after (to 1.4°, as OSRM stores them). It reads the
`.osrm.turn_penalties_index` (from, via, to node of each turn), `.osrm.edges` (each turn's
instruction and bearings, in the same order) and `.osrm.nbg_nodes` (node coordinates).
Plain Python 3, stdlib only.
"""
import struct
import sys
import tarfile

TYPES = {0: "invalid", 1: "new name", 2: "continue", 3: "turn", 4: "merge", 5: "on ramp", 6: "off ramp",
         7: "fork", 8: "end of road", 9: "notification", 10: "roundabout", 11: "roundabout (enter and exit)",
         12: "rotary", 13: "rotary (enter and exit)", 14: "roundabout turn", 15: "roundabout turn (enter and exit)",
         17: "NoTurn", 18: "Suppressed", 19: "EnterRoundaboutAtExit", 20: "ExitRoundabout", 21: "EnterRotaryAtExit",
         22: "ExitRotary", 23: "EnterRoundaboutIntersectionAtExit", 24: "ExitRoundaboutIntersection",
         25: "StayOnRoundabout", 26: "Sliproad"}
MODIFIERS = ["uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left"]


def member(path, name):
    """The bytes of one member of an OSRM tar file."""
    with tarfile.open(path) as t:
        for m in t.getmembers():
            if m.name.lstrip("/") == name:
                return t.extractfile(m).read()
    raise SystemExit(f"{path} has no {name}: extract with osrm-extract from OSRM 26.10")


def turns_at(base, lon, lat, tolerance=3):
    """(instruction, from (lon, lat), to (lon, lat), bearing before, bearing after) of every turn
    whose via node lies within `tolerance` microdegrees of lon, lat."""
    coords = member(base + ".nbg_nodes", "common/nbn_data/coordinates")
    nodes = [struct.unpack_from("<ii", coords, 8 * i) for i in range(len(coords) // 8)]
    index = member(base + ".turn_penalties_index", "extractor/turn_index")
    instructions = member(base + ".edges", "common/turn_data/turn_instructions")
    before = member(base + ".edges", "common/turn_data/pre_turn_bearings")
    after = member(base + ".edges", "common/turn_data/post_turn_bearings")
    x0, y0 = round(lon * 1e6), round(lat * 1e6)
    found = []
    for i in range(len(index) // 12):
        a, via, b = struct.unpack_from("<III", index, 12 * i)
        x, y = nodes[via]
        if abs(x - x0) <= tolerance and abs(y - y0) <= tolerance:
            kind, modifier = instructions[i] & 31, instructions[i] >> 5
            found.append((f"{TYPES.get(kind, kind)} {MODIFIERS[modifier]}",
                          tuple(c / 1e6 for c in nodes[a]), tuple(c / 1e6 for c in nodes[b]),
                          round(before[i] * 360 / 256, 1), round(after[i] * 360 / 256, 1)))
    return found


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    lon, lat = (float(v) for v in sys.argv[2].split(","))
    turns = turns_at(sys.argv[1], lon, lat)
    if not turns:
        raise SystemExit(f"no junction of {sys.argv[1]} at {lon},{lat} (give a node's coordinates, as "
                         "osrm-routed lists an intersection's location)")
    for instruction, src, dst, b0, b1 in turns:
        print(f"{instruction:28} from {src[0]:.6f},{src[1]:.6f} ({b0:5.1f}°) to {dst[0]:.6f},{dst[1]:.6f} ({b1:5.1f}°)")


if __name__ == "__main__":
    main()
