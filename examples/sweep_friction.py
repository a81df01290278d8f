#!/usr/bin/env python3
"""A parameter sweep with numpy: the ball on a half-space over friction.

The same impact at 200 friction coefficients, solved in one solve_many call (on
every core): with little friction the ball slides throughout, with enough its
slip stops during the impact and it rolls off (from mu = 0.19 here). Writes
sweep_friction.png.

    PYTHONPATH=build/python /usr/bin/python3 examples/sweep_friction.py
"""
import matplotlib.pyplot as plt
import numpy as np

import impactlab
from _common import out_path, problem

base = impactlab.load(problem("ball-on-half-space.json"))
mu = np.linspace(0.0, 0.5, 200)
results = impactlab.solve_many([dict(base, friction=float(m)) for m in mu])
impulse = np.array([r["impulse"] for r in results])            # (200, 3): t1, t2, n
v_plus = np.array([r["v_plus"] for r in results])
lost = np.array([r["energy_before"] - r["energy_after"] for r in results])

stick = mu[np.argmax(np.abs(v_plus[:, 0]) < 1e-9)]
print(f"the ball sticks from mu = {stick:.3f} on; tangential impulse there {impulse[mu == stick, 0][0]:.4f} N s")

fig, axes = plt.subplots(1, 3, figsize=(12, 3.5))
axes[0].plot(mu, impulse[:, 0])
axes[0].set(xlabel="friction mu", ylabel="I_t1 [N s]", title="tangential impulse")
axes[1].plot(mu, v_plus[:, 0])
axes[1].set(xlabel="friction mu", ylabel="v_t1+ [m/s]", title="slip after the impact")
axes[2].plot(mu, lost)
axes[2].set(xlabel="friction mu", ylabel="[J]", title="energy lost")
fig.tight_layout()
fig.savefig(out_path("sweep_friction.png"), dpi=100)
