#pragma once
// Granular runs on several processes (issue 12, item 3): MPI domain
// decomposition of the serial stepper (sim/granular/GranularPhases.h), in the
// manner of the paper's engine pe (Preclik & Ruede 2015). Built only with the
// CMake option IMPACTLAB_MPI, as the library impactlab_granular_mpi; core
// does not depend on it, and this header does not include mpi.h.
//
// Decomposition: slabs of equal width along x over the world's bounds, one
// per process, in rank order. A process owns the particles whose centres lie
// in its slab.
// Ghosts: each process also holds read-only copies of its neighbours'
// particles within the ghost width (2 largest radii + the contact margin) of
// its slab's faces, refreshed every step after migration. Slabs must be at
// least a ghost width wide, so ghosts come from the two neighbours only.
// Contacts: a process detects the contacts of its own particles; a pair of an
// own particle and a ghost is solved by the process owning the particle with
// the smaller id (the other skips it), so every contact is solved once.
// Sweeps: within a process, the scene's Gauss-Seidel or Jacobi sweep; after
// every sweep each process sends the velocity corrections it applied to its
// ghosts to their owners, which add them in a fixed order (left neighbour,
// then right), and the owners then send the corrected velocities back to
// every copy. Across process faces the iteration is thus a Jacobi step: the
// result is not the serial run's, but consistent (every process sees the same
// velocity of a particle after every sweep) and deterministic for a given
// number of processes.
// Migration: after the positions advance, particles whose centres left the
// slab are sent to the process owning their new position.
// Inflow layers are drawn on every process with the same random numbers (the
// ids agree); each keeps those in its slab.
//
// Every process must pass the same world (built from the same scene). Rank
// 0's callbacks see progress with the global statistics and frames gathered
// from every process (sorted by id); other ranks' callbacks are not called.
#include "sim/granular/GranularRun.h"

namespace impactlab::granular::mpi {

// True when the process was started by an MPI launcher (mpirun, mpiexec,
// srun): Open MPI's or PMI's environment variables are set.
bool isLaunchedByMpi();
// MPI_Init_thread (funnelled) once; MPI_Finalize runs at exit.
void initialize();
int getRank();
int getSize();

// The slab width (m) each of `ranks` processes gets for `world`, and the
// ghost width it needs; InputError("ranks") when the slabs are too thin.
void checkDecomposition(const GranularWorld& world, int ranks);

// Runs `world` on every process of MPI_COMM_WORLD (collective: call it on
// all). Every process returns the global totals, the end reason and rank 0's
// stepping time; the frames (if kept) on rank 0 only.
GranularRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                         const GranularRunCallbacks& callbacks = {});

}  // namespace impactlab::granular::mpi
