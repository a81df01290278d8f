#pragma once
// The admissible range of everything ImpactLab reads (documented for
// users in docs/input-limits.md). Input outside these bounds is refused at the
// reader with InputError naming the field, so the solvers only ever see
// numbers they can represent and every run has a stated bound on its work.
#include <cstddef>

namespace impactlab::limits {

// Any number read from a problem or a scene, in SI units: |x| <= this. With
// speeds, masses, lengths and W entries below 1e12, kinetic energies (v^2/W)
// stay below 1e36 and squared impulses below 1e48, far from overflow.
inline constexpr double kMaxMagnitude = 1e12;

// Coulomb friction coefficient: 0 <= mu <= this. Beyond it every law behaves
// as mu -> infinity (no slip) to round-off, and some integrate in steps of 1/mu.
inline constexpr double kMaxFriction = 1e3;

// The largest ratio of the extreme eigenvalues of an inverse-inertia matrix W
// (or of a body's principal inertias) that is accepted: beyond it a solve in
// double precision loses all digits of the small direction.
inline constexpr double kMaxConditionNumber = 1e12;

// Simulated time of one run (s) and the number of samples it may record.
inline constexpr double kMaxEndTime = 1e3;
inline constexpr std::size_t kMaxSamplesPerRun = 100000;

// Impacts resolved in one run (each contact of a simultaneous impact counts
// once); a run that reaches it ends with end reason "impact limit" and a
// warning. A ball dropped on the ground at e = 0.9 settles in under 200.
inline constexpr int kMaxImpactsPerRun = 2000;

// Wall-clock budget of one simulation run (s) unless the caller asks for
// another; a run that exceeds it stops with end reason "time limit", its
// samples so far and a warning. Every built-in scene runs in well under a
// second, so a scene that needs more is larger than the event-driven
// simulator is made for (hundreds of bodies, a step of which costs
// milliseconds): neither the CLI nor the app keeps its user waiting for it
// more than about this long.
inline constexpr double kDefaultRunSeconds = 8.0;
// The largest budget a batch run may ask for (impactlab-cli simulate
// --max-run-seconds).
inline constexpr double kMaxRunSeconds = 3600.0;

// Input documents: size, nesting depth, length of any string (names, help).
inline constexpr std::size_t kMaxInputBytes = 16u * 1024u * 1024u;
inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxStringLength = 4096;

// Elements of one array (bodies, contacts, vehicles, parameters, samples of a
// sweep). Larger inputs belong to the granular engine, not to a scene file.
inline constexpr std::size_t kMaxArrayLength = 100000;

// Tessellation of generated meshes (segments around a solid of revolution).
inline constexpr int kMaxMeshSegments = 1024;

}  // namespace impactlab::limits
