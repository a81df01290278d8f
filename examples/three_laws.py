#!/usr/bin/env python3
"""One impact, three laws: the impulse paths of Newton, Poisson and Stronge.

An eccentric impact whose W couples normal and tangential directions (tests/data/problems/
models-comparison.json); each law's trace is its path in impulse space, the
second tangential impulse against the normal one. Writes three_laws.png.

    PYTHONPATH=build/python /usr/bin/python3 examples/three_laws.py
"""
import matplotlib.pyplot as plt

import impactlab
from _common import out_path, problem

fig, (ax_path, ax_energy) = plt.subplots(1, 2, figsize=(10, 4))
for law in ["newton", "poisson", "stronge"]:
    r = impactlab.solve(problem("models-comparison.json"), model=law, trace=True)
    t = r["trace"]                                  # columns: numpy arrays
    ax_path.plot(t["normal_impulse"], t["impulse"][:, 1], label=f"{law}: I = {r['impulse'].round(3)}")
    ax_energy.plot(t["normal_impulse"], t["energy"], label=law)
    print(f"{law:8s} impulse {r['impulse']}  energy {r['energy_before']:.4f} -> {r['energy_after']:.4f} J")
ax_path.set(xlabel="normal impulse I_n [N s]", ylabel="tangential impulse I_t2 [N s]", title="impulse paths")
ax_energy.set(xlabel="normal impulse I_n [N s]", ylabel="kinetic energy [J]", title="energy along the path")
ax_path.legend(fontsize=8)
ax_energy.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out_path("three_laws.png"), dpi=100)
