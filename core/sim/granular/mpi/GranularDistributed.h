#pragma once
// Granular runs on several processes: MPI domain
// decomposition of the serial stepper (sim/granular/GranularPhases.h), in the
// manner of the paper's engine pe (Preclik & Ruede 2015). Built only with the
// CMake option IMPACTLAB_MPI, as the library impactlab_granular_mpi; core
// does not depend on it, and this header does not include mpi.h.
//
// Decomposition (ProcessGrid.h): the region is cut into px x py x pz boxes
// of equal size, one per process in rank order (x fastest): by default the
// grid with the least cut area whose boxes are at least a ghost width wide
// along every cut axis, or slabs along x over the bounds. A
// process owns the particles whose centres lie in its box.
// Ghosts: each process also holds read-only copies of its neighbours'
// particles within the ghost width (2 largest radii + the contact margin) of
// its box, across faces, edges and corners (up to 26 neighbours), refreshed
// every step after migration. Boxes are at least a ghost width wide, so
// ghosts come from the neighbours only.
// Contacts: a process detects the contacts of its own particles; a pair of an
// own particle and a ghost is solved by the process owning the particle with
// the smaller id (the other skips it), so every contact is solved once.
// Sweeps: within a process, the scene's Gauss-Seidel or Jacobi sweep; after
// every sweep each process sends the velocity corrections it applied to its
// ghosts to their owners, which add them in a fixed order (neighbour by
// neighbour in rank order), and the owners then send the corrected
// velocities back to every copy. Across box faces the iteration is thus a
// Jacobi step: the result is not the serial run's, but consistent (every
// process sees the same velocity of a particle after every sweep) and
// deterministic for a given number of processes and decomposition.
// Migration: after the positions advance, particles whose centres left the
// box are sent to the process owning their new position (a neighbour; any
// process, through a collective run only when needed, for a particle that
// crossed a whole box in one step).
// Inflow layers are drawn on every process with the same random numbers (the
// ids agree); each keeps those in its box.
//
// Every process must pass the same world (built from the same scene). Rank
// 0's callbacks see progress with the global statistics and frames gathered
// from every process (sorted by id); other ranks' callbacks are not called.
#include <array>
#include <string>

#include "sim/granular/GranularRun.h"
#include "sim/granular/mpi/ProcessGrid.h"

namespace impactlab::granular::mpi {

// True when the process was started by an MPI launcher (mpirun, mpiexec,
// srun): Open MPI's or PMI's environment variables are set.
bool isLaunchedByMpi();
// MPI_Init_thread (funnelled) once; MPI_Finalize runs at exit.
void initialize();
int getRank();
int getSize();

// The decomposition `ranks` processes would use for `world` ("grid 2x2x1");
// InputError("ranks") when none fits.
std::string checkDecomposition(const GranularWorld& world, int ranks, Decomposition kind = Decomposition::Grid);

// The decomposition a run used and its halo traffic: the point-to-point
// messages of the ghost exchange, the corrections and velocities after every
// sweep, and migration, mean per step (the collectives are not counted: a
// few reductions per step, and one per sweep when the scene's residual
// tolerance may end the sweeps early).
struct DecompositionReport {
    std::string description = "grid 1x1x1";
    std::array<int, 3> counts{1, 1, 1};
    double haloBytesPerStep = 0.0;               // bytes, all processes together
    double haloMessagesPerStep = 0.0;            // messages, all processes together
    double busiestHaloBytesPerStep = 0.0;        // bytes, the most one process sent
    double busiestHaloMessagesPerStep = 0.0;     // messages, the most one process sent
};

struct DistributedRunResult : GranularRunResult {
    DecompositionReport decomposition;   // the same on every process
};

// Runs `world` on every process of MPI_COMM_WORLD (collective: call it on
// all). Every process returns the global totals, the end reason, rank 0's
// stepping time and the decomposition's report; the frames (if kept) on rank
// 0 only.
DistributedRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                            const GranularRunCallbacks& callbacks = {},
                                            Decomposition kind = Decomposition::Grid);

}  // namespace impactlab::granular::mpi
