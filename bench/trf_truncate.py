#!/usr/bin/env python3
"""Keeps the first R rounds of a TRF (player lines cut after round R, scores recomputed from
the results with the file's points, BBW/BBD/... or the standard ones) and sets XXR to the
original number of rounds, so that round R + 1 can be paired: truncate.py IN OUT R."""
import re
import sys

src, dst, keep = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(src, newline="").read()
lines = re.split(r"\r\n|\r|\n", text)
points = {"W": 10, "D": 5, "L": 0, "Z": 0, "F": 0, "U": None}
for line in lines:
    m = re.match(r"BB([WDLZFU])\s+(\d+(?:\.\d)?)", line)
    if m:
        points[m.group(1)] = round(float(m.group(2)) * 10)
if points["U"] is None:
    points["U"] = points["W"]
value = {"1": "W", "W": "W", "+": "W", "F": "W", "=": "D", "D": "D", "H": "D",
         "0": "L", "L": "L", "-": "F", "Z": "Z", " ": "Z", "U": "U"}
rounds = 0
out = []
for line in lines:
    if line.startswith("001"):
        blocks = (len(line) - 91 + 2) // 10
        rounds = max(rounds, blocks)
        head = line[:91]
        kept = line[91:91 + 10 * keep - 2]
        score = 0
        for k in range(0, len(kept), 10):
            block = kept[k:k + 8]
            if len(block) < 8:
                break
            code = value[block[7]]
            if code == "F" and block[:4] == "0000":
                code = "Z"
            score += points[code]
        head = head[:80] + f"{score // 10}.{score % 10}".rjust(4) + head[84:]
        out.append((head + kept).rstrip())
    elif line.startswith("XXR") or line.startswith("142"):
        continue
    else:
        out.append(line)
total = rounds
out.insert(1, f"XXR {total}")
open(dst, "w").write("\n".join(out).rstrip("\n") + "\n")
