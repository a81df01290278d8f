#!/usr/bin/env python3
"""Reconstruct RICSAC test 6 from its evidence and plot the speed samples.

The point estimate and the Monte Carlo samples of both vehicles' impact speeds
(a fixed seed: the same numbers on every machine). SAMPLES defaults to 200 for a
quick run; the CLI's default is 1000. Writes reconstruct_speeds.png.

    PYTHONPATH=build/python /usr/bin/python3 examples/reconstruct_speeds.py [SAMPLES]
"""
import sys

import matplotlib.pyplot as plt
import numpy as np

import impactlab
from _common import out_path

samples = int(sys.argv[1]) if len(sys.argv) > 1 else 200
r = impactlab.reconstruct("reconstruction-ricsac-06", samples=samples, seed=1)
print(f"status {r['status']}, chi2 {r['chi2']:.3g} on {r['dof']} dof, {len(r['sample_values'])} samples kept")

fig, ax = plt.subplots(figsize=(6, 4))
for vehicle in (0, 1):
    target = f"/vehicles/{vehicle}/speed"
    column = r["sample_columns"].index(target)
    speeds = r["sample_values"][:, column] * 3.6            # km/h
    estimate = next(u for u in r["unknowns"] if u["target"] == target)
    low, high = np.array(estimate["interval_95"]) * 3.6
    ax.hist(speeds, bins=30, alpha=0.6, label=f"vehicle {vehicle + 1}: {estimate['value'] * 3.6:.1f} km/h "
                                              f"[{low:.1f}, {high:.1f}]")
    ax.axvline(estimate["value"] * 3.6, color="k", lw=0.8)
    print(f"vehicle {vehicle + 1}: {estimate['value'] * 3.6:.1f} km/h, 95 % in [{low:.1f}, {high:.1f}]")
ax.set(xlabel="impact speed [km/h]", ylabel="samples", title="RICSAC 6: reconstructed impact speeds")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out_path("reconstruct_speeds.png"), dpi=100)
