#!/usr/bin/env python3
"""impactlab.solve_many and a Python loop over impactlab.solve against C++.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_solve_many.py build [N] [MODEL]

Makes N (default 10,000) random single-contact problems at contact level (W a
random symmetric positive definite matrix, an approaching v_minus, friction in
[0, 1], restitution in [0, 1], seed 1) with law MODEL (default stronge), and
times, best of five rounds (processor time for one thread, wall clock for
solve_many on every core):
  cpp_typed   the law on problems read beforehand, C++, one thread
              (build/bin/impactlab_bench_solve_batch)
  cpp_json    the CLI's path per problem in C++, one thread: read the document,
              solve, write the result (what solve_many does per problem)
  solve_many  impactlab.solve_many(problems): every core, results as dicts (wall clock)
  solve_many_one_thread  the same on one thread (processor time)
  loop        [impactlab.solve(p) for p in problems] (processor time)
  loop_discard  the same loop, each result dropped at once (no list of 10,000 dicts to grow)
and prints microseconds per problem, the ratio solve_many / cpp_json and the
loop's overhead per call over cpp_typed (docs/benchmarks.md, "Python module").
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy

import impactlab

ROUNDS = 5


def make_problems(n, model, seed=1):
    rng = numpy.random.default_rng(seed)
    problems = []
    for _ in range(n):
        a = rng.normal(size=(3, 3))
        w = a @ a.T + 0.1 * numpy.eye(3)
        v = rng.normal(size=3)
        v[2] = -abs(v[2]) - 0.1
        problems.append({
            "format": "impactlab.problem/1",
            "model": model,
            "contact_level": {"W": w.tolist(), "v_minus": v.tolist()},
            "friction": float(rng.uniform(0, 1)),
            "restitution": float(rng.uniform(0, 1)),
        })
    return problems


def best_of(f, clock, rounds=ROUNDS):
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        f()
        best = min(best, clock() - start)
    return best


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    model = sys.argv[3] if len(sys.argv) > 3 else "stronge"
    problems = make_problems(n, model)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(problems, f)
        path = f.name
    try:
        out = subprocess.run([os.path.join(build, "bin", "impactlab_bench_solve_batch"), path, str(ROUNDS)],
                             check=True, stdout=subprocess.PIPE, text=True).stdout
    finally:
        os.unlink(path)
    cpp = json.loads(out)
    impactlab.solve(problems[0])   # the first call loads the law registry and numpy's C API
    # solve_many on every core: wall-clock time. The loop (one thread) and the
    # C++ program: processor time, which other programs on the machine do not
    # inflate.
    many = best_of(lambda: impactlab.solve_many(problems), time.perf_counter) / n
    many_one = best_of(lambda: impactlab.solve_many(problems, threads=1), time.process_time) / n
    loop = best_of(lambda: [impactlab.solve(p) for p in problems], time.process_time) / n

    def discard():
        for p in problems:
            impactlab.solve(p)
    loop_discard = best_of(discard, time.process_time) / n
    result = {
        "problems": n,
        "model": model,
        "cores": os.cpu_count(),
        "cpp_typed_us": cpp["typed_ns"] / 1e3,
        "cpp_json_us": cpp["json_ns"] / 1e3,
        "solve_many_us": many * 1e6,
        "solve_many_one_thread_us": many_one * 1e6,
        "loop_us": loop * 1e6,
        "loop_discard_us": loop_discard * 1e6,
        "solve_many_over_cpp_json": many * 1e6 / (cpp["json_ns"] / 1e3),
        "solve_many_over_cpp_typed": many * 1e6 / (cpp["typed_ns"] / 1e3),
        "loop_overhead_us": loop * 1e6 - cpp["typed_ns"] / 1e3,
        "loop_discard_overhead_us": loop_discard * 1e6 - cpp["typed_ns"] / 1e3,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
