#!/usr/bin/env python3
"""Checks that an independent OSRM client reads `gemnav serve` answers correctly.

routingpy's OSRM router (PyPI) sends the requests and parses the responses; the `polyline`
package decodes geometries independently of both routingpy and GemNav. Run against a server
on Monaco data:

    python ci/osrm_client_check.py http://127.0.0.1:PORT

Exits 0 when every check passes and prints 'N passed, 0 failed'.
"""
import math
import sys

import polyline
from routingpy import OSRM
from routingpy.exceptions import RouterApiError

# Trips across Monaco: Place du Casino to Fontvieille, Moneghetti to Larvotto, and back and forth.
TRIPS = [
    ((7.4278, 43.7395), (7.4155, 43.7275)),
    ((7.4206, 43.7310), (7.4378, 43.7490)),
    ((7.4246, 43.7384), (7.4213, 43.7312)),
    ((7.4163, 43.7307), (7.4289, 43.7406)),
]

passed, failed = 0, 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}", file=sys.stderr)


def metres(a, b):
    """Haversine distance between two (lat, lon) points."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def line_length(points):
    return sum(metres(a, b) for a, b in zip(points, points[1:]))


def check_trip(client, origin, destination):
    label = f"{origin}->{destination}"
    direction = client.directions([list(origin), list(destination)], profile="driving", steps=True,
                                  overview="full", geometries="polyline", annotations=True)
    raw = direction.raw
    check(raw["code"] == "Ok", f"{label}: code {raw.get('code')}")
    route = raw["routes"][0]
    # routingpy's own reading of distance and duration agrees with the JSON.
    check(direction.distance == int(route["distance"]), f"{label}: routingpy distance")
    check(direction.duration == int(route["duration"]), f"{label}: routingpy duration")
    crow = metres((origin[1], origin[0]), (destination[1], destination[0]))
    check(crow * 0.9 <= route["distance"] <= crow * 4 + 500, f"{label}: distance {route['distance']} vs crow {crow:.0f}")
    speed = route["distance"] / max(route["duration"], 0.1)
    check(2 <= speed <= 30, f"{label}: mean speed {speed:.1f} m/s")

    # The geometry, decoded independently, runs from origin to destination over the route's length.
    line = polyline.decode(route["geometry"], 5)
    check(len(line) >= 2, f"{label}: geometry has {len(line)} points")
    check([(round(lat, 5), round(lon, 5)) for lon, lat in direction.geometry] ==
          [(round(lat, 5), round(lon, 5)) for lat, lon in line], f"{label}: routingpy and polyline decode alike")
    check(metres(line[0], (origin[1], origin[0])) < 150, f"{label}: geometry starts near the origin")
    check(metres(line[-1], (destination[1], destination[0])) < 150, f"{label}: geometry ends near the destination")
    length = line_length(line)
    check(abs(length - route["distance"]) <= max(5, 0.02 * route["distance"]),
          f"{label}: geometry length {length:.0f} vs distance {route['distance']}")

    legs = route["legs"]
    check(len(legs) == 1, f"{label}: one leg")
    check(abs(sum(l["duration"] for l in legs) - route["duration"]) < 0.5, f"{label}: leg durations add up")
    steps = legs[0]["steps"]
    check(steps[0]["maneuver"]["type"] == "depart" and steps[-1]["maneuver"]["type"] == "arrive",
          f"{label}: depart ... arrive")
    check(abs(sum(s["distance"] for s in steps) - route["distance"]) <= 2, f"{label}: step distances add up")
    check(abs(sum(s["duration"] for s in steps) - route["duration"]) <= 2, f"{label}: step durations add up")
    names = [s["name"] for s in steps]
    check(all(isinstance(n, str) for n in names) and any(names), f"{label}: named steps {names}")
    for s in steps:
        step_line = polyline.decode(s["geometry"], 5)
        check(metres(step_line[0], (s["maneuver"]["location"][1], s["maneuver"]["location"][0])) < 1,
              f"{label}: step '{s['name']}' geometry starts at its maneuver")
    annotation = legs[0]["annotation"]
    check(abs(sum(annotation["distance"]) - route["distance"]) <= 2, f"{label}: annotation distances add up")
    check(len(annotation["distance"]) == len(line) - 1, f"{label}: one annotation per segment")
    return route, names


def check_matrix(client):
    """routingpy's matrix reads /table; every entry is what /route says for that pair."""
    points = [list(TRIPS[0][0]), list(TRIPS[0][1]), list(TRIPS[1][0]), list(TRIPS[1][1]), list(TRIPS[2][0])]
    matrix = client.matrix(points, profile="driving")
    check(matrix.raw["code"] == "Ok", f"matrix code {matrix.raw.get('code')}")
    n = len(points)
    check(len(matrix.durations) == n and all(len(row) == n for row in matrix.durations), "matrix durations are n x n")
    check(len(matrix.distances) == n and all(len(row) == n for row in matrix.distances), "matrix distances are n x n")
    check(all(matrix.durations[i][i] == 0 and matrix.distances[i][i] == 0 for i in range(n)), "matrix diagonal is 0")
    check(len(matrix.raw["sources"]) == n and len(matrix.raw["destinations"]) == n, "matrix waypoints")
    for i, j in [(0, 1), (1, 0), (2, 3), (3, 2), (4, 0), (1, 4)]:
        route = client.directions([points[i], points[j]], profile="driving").raw["routes"][0]
        check(matrix.durations[i][j] == route["duration"],
              f"matrix {i}->{j}: {matrix.durations[i][j]} s, route {route['duration']} s")
        check(matrix.distances[i][j] == route["distance"],
              f"matrix {i}->{j}: {matrix.distances[i][j]} m, route {route['distance']} m")
    part = client.matrix(points, profile="driving", sources=[4, 0], destinations=[1, 3, 2], annotations=["duration"])
    check(part.distances is None, "duration-only matrix has no distances")
    check(part.durations == [[matrix.durations[i][j] for j in (1, 3, 2)] for i in (4, 0)],
          "sources and destinations pick rows and columns")
    try:
        client.matrix(points * 21, profile="driving")
        check(False, "a 105 x 105 table must be refused")
    except RouterApiError as e:
        check(e.status == 400 and "TooBig" in str(e.message), f"TooBig table: {e.status} {e.message}")
    print("matrix: 5 x 5 Monaco table agrees with /route on", 6, "pairs")


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:5000"
    client = OSRM(base_url=base, timeout=10)

    for origin, destination in TRIPS:
        check_trip(client, origin, destination)

    check_matrix(client)

    # A fixed trip's street names, as a person reading the directions would see them: from
    # Avenue de la Costa up through Rue Grimaldi to the Prince's Palace.
    _, names = check_trip(client, (7.4246, 43.7384), (7.4213, 43.7312))
    print("Avenue de la Costa -> Place du Palais, steps:", " / ".join(n or "(unnamed)" for n in names))
    check({"Avenue de la Costa", "Rue Grimaldi"} <= set(names) and names[-1] == "Place du Palais",
          f"step names along the way: {names}")

    # The same route in the other geometry encodings decodes to the same line.
    origin, destination = TRIPS[0]
    p5 = client.directions([list(origin), list(destination)], overview="full", geometries="polyline")
    p6 = client.directions([list(origin), list(destination)], overview="full", geometries="polyline6")
    gj = client.directions([list(origin), list(destination)], overview="full", geometries="geojson")
    check(len(p5.geometry) == len(p6.geometry) == len(gj.geometry), "polyline, polyline6, geojson point counts")
    check(all(abs(a[0] - b[0]) < 2e-5 and abs(a[1] - c[1]) < 2e-5
              for a, b, c in zip(p5.geometry, p6.geometry, gj.geometry)), "encodings agree")

    # Alternatives come back as routingpy Directions; bearings and radiuses are accepted.
    alts = client.directions([list(origin), list(destination)], alternatives=2)
    check(1 <= len(alts) <= 3, f"alternatives: {len(alts)} routes")
    check(all(d.distance > 0 and len(d.geometry) >= 2 for d in alts), "alternatives have geometry")
    viaroute = client.directions([list(origin), [7.4206, 43.7310], list(destination)], radiuses=[100, 100, 100],
                                 bearings=[[0, 180], [0, 180], [0, 180]], continue_straight=False)
    check(len(viaroute.raw["routes"][0]["legs"]) == 2, "via point gives two legs")

    # Errors reach the client as OSRM codes with their HTTP status.
    try:
        client.directions([[7.30, 43.60], list(destination)])
        check(False, "a point in the sea must fail")
    except RouterApiError as e:
        check(e.status == 400 and "NoSegment" in str(e.message), f"NoSegment error: {e.status} {e.message}")
    try:
        client.directions([list(origin), list(destination)], profile="cycling")
        check(False, "a cycling request on a car graph must fail")
    except RouterApiError as e:
        check(e.status == 400 and "InvalidValue" in str(e.message), f"profile error: {e.status} {e.message}")

    print(f"osrm client check: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
