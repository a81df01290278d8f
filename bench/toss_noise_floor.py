#!/usr/bin/python3
"""The error that the start state's measurement noise alone leaves.

Reads the measured tosses, estimates the tracking noise from the residuals of
the ballistic fit of free flight (position, orientation), perturbs every start
state by a draw of that noise (the pose by the noise itself, the velocities by
the uncertainty of a straight-line fit over the free-flight samples), predicts
both with the same law and parameters, and prints the time-mean position and
rotation error between the two predictions over each toss's recorded length:
what a perfect law would still score against the data, to first order.

    bench/toss_noise_floor.py build/app/cli/impactlab-cli TOSSES.csv BODY.json PARAMS.json [SEED]
"""
import csv, json, math, os, random, subprocess, sys, tempfile

import numpy as np


def quat_mul(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return np.array([w1*w2 - x1*x2 - y1*y2 - z1*z2, w1*x2 + x1*w2 + y1*z2 - z1*y2,
                     w1*y2 - x1*z2 + y1*w2 + z1*x2, w1*z2 + x1*y2 - y1*x2 + z1*w2])


def quat_exp(r):
    a = np.linalg.norm(r)
    if a == 0:
        return np.array([1.0, 0, 0, 0])
    return np.concatenate([[math.cos(a / 2)], math.sin(a / 2) * r / a])


def angle_deg(a, b):
    c = abs(float(np.dot(a, b)) / (np.linalg.norm(a) * np.linalg.norm(b)))
    return 2 * math.degrees(math.acos(min(1.0, c)))


def main():
    cli, tosses_csv, body_json, params_json = sys.argv[1:5]
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp()
    starts_path = os.path.join(tmp, "starts.json")
    subprocess.run([cli, "tosses", "starts", tosses_csv, "--body", body_json, "--out", starts_path], check=True)
    starts = json.load(open(starts_path))
    half = starts["half_width"]
    rows = {}
    for r in csv.DictReader(open(tosses_csv)):
        rows.setdefault(int(r["toss"]), []).append(r)
    # Tracking noise: residuals of the ballistic fit (quadratic in z, linear in x, y)
    # over the free-flight samples of every toss.
    res_p, res_q, flights = [], [], []
    reach = half * math.sqrt(3)
    for toss, samples in rows.items():
        free = [s for s in samples if float(s["z"]) > reach]
        free = free[:next((i for i, s in enumerate(samples) if float(s["z"]) <= reach), len(samples))]
        if len(free) < 5:
            continue
        t = np.array([float(s["t"]) for s in free])
        flights.append((len(free), t[-1] - t[0]))
        for c, deg in (("x", 1), ("y", 1), ("z", 2)):
            y = np.array([float(s[c]) for s in free])
            res_p.extend(y - np.polyval(np.polyfit(t, y, deg), t))
        q = np.array([[float(s[c]) for c in ("qw", "qx", "qy", "qz")] for s in free])
        for c in range(4):
            res_q.extend(q[:, c] - np.polyval(np.polyfit(t, q[:, c], 2), t))
    sigma_p = float(np.std(res_p))
    sigma_angle = 2 * float(np.std(res_q)) * math.sqrt(4 / 3)   # per-axis rotation, rad
    n = np.median([f[0] for f in flights])
    span = np.median([f[1] for f in flights])
    sigma_v = sigma_p * math.sqrt(12 / n) / span
    sigma_w = sigma_angle * math.sqrt(12 / n) / span
    perturbed = json.loads(json.dumps(starts))
    for s in perturbed["tosses"]:
        s["p0"] = [x + rng.gauss(0, sigma_p) for x in s["p0"]]
        s["v0_world"] = [x + rng.gauss(0, sigma_v) for x in s["v0_world"]]
        s["omega0_body"] = [x + rng.gauss(0, sigma_w) for x in s["omega0_body"]]
        q = quat_mul(np.array(s["q0_wxyz"]), quat_exp(np.array([rng.gauss(0, sigma_angle) for _ in range(3)])))
        s["q0_wxyz"] = list(q / np.linalg.norm(q))
    perturbed_path = os.path.join(tmp, "perturbed.json")
    json.dump(perturbed, open(perturbed_path, "w"))
    preds = []
    for path in (starts_path, perturbed_path):
        out = os.path.join(tmp, os.path.basename(path) + ".csv")
        subprocess.run([cli, "tosses", "predict", path, "--params", params_json, "--out", out], check=True)
        p = {}
        for r in csv.DictReader(open(out)):
            p.setdefault(int(r["toss"]), []).append(r)
        preds.append(p)
    pos, rot = [], []
    for s in starts["tosses"]:
        toss = s["toss"]
        k0 = next(i for i, r in enumerate(rows[toss]) if abs(float(r["x"]) - s["p0"][0]) < 1e-12
                  and abs(float(r["z"]) - s["p0"][2]) < 1e-12)
        n_meas = len(rows[toss]) - k0
        a, b = preds[0][toss][:n_meas], preds[1][toss][:n_meas]
        pos.append(np.mean([np.linalg.norm([float(x[c]) - float(y[c]) for c in "xyz"]) for x, y in zip(a, b)]) / (2 * half))
        rot.append(np.mean([angle_deg(np.array([float(x[c]) for c in ("qw", "qx", "qy", "qz")]),
                                      np.array([float(y[c]) for c in ("qw", "qx", "qy", "qz")])) for x, y in zip(a, b)]))
    print(json.dumps({"sigma_position_m": sigma_p, "sigma_angle_deg": math.degrees(sigma_angle),
                      "sigma_velocity_m_s": sigma_v, "sigma_spin_rad_s": sigma_w,
                      "position": {"mean": float(np.mean(pos)), "median": float(np.median(pos))},
                      "rotation_deg": {"mean": float(np.mean(rot)), "median": float(np.median(rot))}}, indent=1))


if __name__ == "__main__":
    main()
