#!/usr/bin/env bash
# Speed-up of the settling box with MPI processes (issue 12, item 8):
# impactlab-cli simulate under mpirun -np K for K = 1, 2, 4, one thread per
# process, and the time per step rank 0 measured (wall_s / steps: stepping
# only, no setup). On a machine with fewer cores than K the processes share
# them (--oversubscribe): the figure then shows the cost of the
# decomposition, not a speed-up.
#
#   bench/granular_ranks.sh [BUILD_DIR] [STEPS] [N...]
#   defaults: build-core, 1000 steps (0.1 s: the lattice collides and its
#   lower half lands), N = 8000 27000
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-core}"
steps="${2:-1000}"
shift $(( $# > 2 ? 2 : $# )) || true
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(8000 27000)
cli="$build/app/cli/impactlab-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 1; }
printf "%-10s %-6s %-14s %-22s %s\n" particles ranks "ms per step" "contact solves per s" "speed-up"
for n in "${sizes[@]}"; do
  base=""
  for k in 1 2 4; do
    out=$(mpirun --oversubscribe --allow-run-as-root -np "$k" "$cli" simulate "$root/scenes/settling-box.json" \
          --set particles="$n" --steps "$steps" --threads 1 --quiet)
    read -r wall solves <<<"$(python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["wall_s"], s["contact_solves_per_s"])' <<<"$out")"
    ms=$(python3 -c "print(f'{1000*$wall/$steps:.1f}')")
    [ -z "$base" ] && base=$wall
    printf "%-10s %-6s %-14s %-22s %s\n" "$n" "$k" "$ms" "$(python3 -c "print(f'{$solves:.3g}')")" \
      "$(python3 -c "print(f'{$base/$wall:.2f}')")"
  done
done
