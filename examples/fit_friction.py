#!/usr/bin/env python3
"""Fit friction to measured cube tosses with scipy.

Pfrommer, Halm & Posa's cube tosses: each is simulated from its measured start
with the law `plus`, and scipy's bounded scalar minimiser searches the friction
that minimises the mean position error (impactlab.tosses.score). The objective
is piecewise constant in places (docs/experiments.md: which corner strikes first
can change), so the search is bounded and coarse. TOSSES picks the first tosses
(default 8; 191 is the whole set). Writes fit_friction.png.

    PYTHONPATH=build/python /usr/bin/python3 examples/fit_friction.py [TOSSES]
"""
import csv
import sys
import tempfile

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import minimize_scalar

import impactlab
from _common import out_path, tosses_dir

count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
data = tosses_dir()
body = impactlab.load(data / "body.json")

# The first `count` tosses, as a CSV of their own.
subset = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, newline="")
with open(data / "tosses.csv") as f:
    rows = csv.reader(f)
    writer = csv.writer(subset, lineterminator="\n")
    writer.writerow(next(rows))
    ids = []
    for row in rows:
        if row[0] not in ids:
            if len(ids) == count:
                break
            ids.append(row[0])
        writer.writerow(row)
subset.close()


def position_error(mu):
    params = {"format": "impactlab.toss-params/1", "law": "plus", "friction": float(mu),
              "restitution": body.get("nominal", {}).get("restitution", 0.125)}
    return impactlab.tosses.score(subset.name, body, params)["position"]["mean"]


fit = minimize_scalar(position_error, bounds=(0.02, 0.6), method="bounded", options={"xatol": 0.01, "maxiter": 20})
print(f"{count} tosses: friction {fit.x:.3f}, mean position error {100 * fit.fun:.1f} % of the width "
      f"({fit.nfev} evaluations)")

mu = np.linspace(0.02, 0.6, 8)
err = [position_error(m) for m in mu]
fig, ax = plt.subplots(figsize=(6, 4))
ax.plot(mu, 100 * np.array(err), "o-", label="mean position error")
ax.axvline(fit.x, color="k", lw=0.8, label=f"scipy's fit: mu = {fit.x:.3f}")
ax.set(xlabel="friction mu", ylabel="% of the cube's width", title=f"plus on {count} measured tosses")
ax.legend()
fig.tight_layout()
fig.savefig(out_path("fit_friction.png"), dpi=100)
