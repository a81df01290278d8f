#!/usr/bin/env bash
# Time `tosses predict` over N start states of 450 samples on one thread, and a
# fit over every public toss on two: the speed docs/benchmarks.md reports.
# The public file has 191 tosses; N (default 379, the size of the held-out
# set) starts are taken from them in turn, each a start of its own.
#   bench/toss_predict.sh [BUILD_DIR] [N] [LAW]
set -euo pipefail
build="${1:-build}"
count="${2:-379}"
law="${3:-plus}"
cli="$build/app/cli/impactlab-cli"
data="$(dirname "$0")/../scenes/data/cube-tosses"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$cli" tosses starts "$data/tosses.csv" --body "$data/body.json" --samples 450 --out "$work/public.json"
/usr/bin/python3 - "$work/public.json" "$work/starts.json" "$count" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
n = int(sys.argv[3])
public = doc["tosses"]
doc["tosses"] = [dict(public[i % len(public)], toss=i) for i in range(n)]
json.dump(doc, open(sys.argv[2], "w"))
PY
printf '{"format": "impactlab.toss-params/1", "law": "%s", "friction": 0.167, "restitution": 0.125}\n' "$law" >"$work/params.json"
start=$(date +%s%N)
"$cli" tosses predict "$work/starts.json" --params "$work/params.json" --out "$work/predicted.csv" --threads 1
end=$(date +%s%N)
echo "predict: $count starts x 450 samples, $law, one thread: $(( (end - start) / 1000000 )) ms"
start=$(date +%s%N)
"$cli" tosses fit "$data/tosses.csv" --body "$data/body.json" --law "$law" --threads 2 --quiet --out "$work/fit.json"
end=$(date +%s%N)
echo "fit: $(grep -c '"toss"' "$work/fit.json") tosses, $law, two threads: $(( (end - start) / 1000000 )) ms"
