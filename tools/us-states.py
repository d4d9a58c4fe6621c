#!/usr/bin/env python3
"""Projects the US state shapes to SVG paths for `cra report`'s map.

Source: the npm package us-atlas 3 (ISC licence, by Mike Bostock), file
states-albers-10m.json: the US Census Bureau's cartographic boundary files
(public domain), 1:10,000,000, already projected (Albers USA, Alaska and
Hawaii inset) to a 975 x 610 frame, as TopoJSON. This script decodes the
TopoJSON arcs and writes one line per state: postal code, name, SVG path
(coordinates rounded to 0.1 unit), tab-separated.

    npm pack us-atlas@3 && tar xzf us-atlas-3.0.1.tgz
    python3 tools/us-states.py package/states-albers-10m.json > src/output/report/us-states.tsv
"""

import json
import sys

POSTAL = {
    "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR", "California": "CA",
    "Colorado": "CO", "Connecticut": "CT", "Delaware": "DE", "District of Columbia": "DC",
    "Florida": "FL", "Georgia": "GA", "Hawaii": "HI", "Idaho": "ID", "Illinois": "IL",
    "Indiana": "IN", "Iowa": "IA", "Kansas": "KS", "Kentucky": "KY", "Louisiana": "LA",
    "Maine": "ME", "Maryland": "MD", "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN",
    "Mississippi": "MS", "Missouri": "MO", "Montana": "MT", "Nebraska": "NE", "Nevada": "NV",
    "New Hampshire": "NH", "New Jersey": "NJ", "New Mexico": "NM", "New York": "NY",
    "North Carolina": "NC", "North Dakota": "ND", "Ohio": "OH", "Oklahoma": "OK", "Oregon": "OR",
    "Pennsylvania": "PA", "Rhode Island": "RI", "South Carolina": "SC", "South Dakota": "SD",
    "Tennessee": "TN", "Texas": "TX", "Utah": "UT", "Vermont": "VT", "Virginia": "VA",
    "Washington": "WA", "West Virginia": "WV", "Wisconsin": "WI", "Wyoming": "WY",
}


def decode_arcs(topo):
    """The arcs as absolute coordinates (TopoJSON stores quantized deltas)."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(arcs, ring):
    points = []
    for index in ring:
        arc = arcs[index] if index >= 0 else list(reversed(arcs[~index]))
        # Consecutive arcs share their joining point.
        points.extend(arc if not points else arc[1:])
    return points


def path_of(arcs, geometry):
    polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    parts = []
    for polygon in polygons:
        for ring in polygon:
            cells = []
            last = None
            for x, y in ring_points(arcs, ring):
                cell = (round(x, 1), round(y, 1))
                if cell != last:
                    cells.append(cell)
                    last = cell
            if len(cells) < 3:
                continue
            text = "L".join(f"{x:g},{y:g}" for x, y in cells)
            parts.append(f"M{text}Z")
    return "".join(parts)


def main():
    topo = json.load(open(sys.argv[1]))
    arcs = decode_arcs(topo)
    rows = []
    for geometry in topo["objects"]["states"]["geometries"]:
        name = geometry["properties"]["name"]
        rows.append((POSTAL[name], name, path_of(arcs, geometry)))
    for postal, name, path in sorted(rows):
        print(f"{postal}\t{name}\t{path}")


if __name__ == "__main__":
    main()
