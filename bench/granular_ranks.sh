#!/usr/bin/env bash
# Speed-up of the settling box with MPI processes:
# impactlab-cli simulate under mpirun -np K for each K, one
# thread per process, the time per step rank 0 measured (wall_s / steps:
# stepping only, no setup) and the halo traffic the summary reports (bytes
# and point-to-point messages per step, all processes together and the
# busiest one). On a machine with fewer cores than K the processes share
# them (--oversubscribe): the times then show the cost of the
# decomposition, not a speed-up; the halo traffic does not depend on it.
#
#   bench/granular_ranks.sh [--decomposition grid|slabs] [--ranks "1 2 4"] [BUILD_DIR] [STEPS] [N...]
#   defaults: grid, ranks 1 2 4, build-core, 1000 steps (0.1 s: the lattice
#   collides and its lower half lands), N = 8000 27000
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
decomposition=grid
ranks=(1 2 4)
while [ $# -gt 0 ]; do
  case "$1" in
    --decomposition) decomposition="$2"; shift 2 ;;
    --ranks) read -r -a ranks <<<"$2"; shift 2 ;;
    *) break ;;
  esac
done
build="${1:-$root/build-core}"
steps="${2:-1000}"
shift $(( $# > 2 ? 2 : $# )) || true
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(8000 27000)
cli="$build/app/cli/impactlab-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 1; }
printf "%-9s %-5s %-13s %-11s %-12s %-9s %-15s %-13s %s\n" particles ranks decomposition "ms/step" \
  "solves/s" speed-up "halo kB/step" "messages/step" "busiest rank: kB, messages"
for n in "${sizes[@]}"; do
  base=""
  for k in "${ranks[@]}"; do
    out=$(mpirun --oversubscribe --allow-run-as-root -np "$k" "$cli" simulate "$root/scenes/settling-box.json" \
          --set particles="$n" --steps "$steps" --threads 1 --quiet --decomposition "$decomposition")
    SUMMARY="$out" python3 -c '
import json, os, sys
s = json.loads(os.environ["SUMMARY"])
n, k, steps, base = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
wall, solves, kind = s["wall_s"], s["contact_solves_per_s"], s["decomposition"]
kb, msgs = s["halo_bytes_per_step"] / 1e3, s["halo_messages_per_step"]
kbMax, msgsMax = s["halo_bytes_per_step_max_rank"] / 1e3, s["halo_messages_per_step_max_rank"]
speedup = (base / wall) if base > 0 else 1.0
print(f"{n:<9} {k:<5} {kind:<13} {1000 * wall / steps:<11.1f} {solves:<12.3g} {speedup:<9.2f} {kb:<15.1f} "
      f"{msgs:<13.0f} {kbMax:.1f}, {msgsMax:.0f}")
' "$n" "$k" "$steps" "${base:-0}"
    [ -z "$base" ] && base=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["wall_s"])' <<<"$out")
  done
done
