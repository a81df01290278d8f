#pragma once
// runGranularDistributed on a communicator of the caller's choice (a part of
// MPI_COMM_WORLD, for tests and for programs that run several worlds side by
// side). Includes mpi.h, unlike GranularDistributed.h.
#include <mpi.h>

#include "sim/granular/mpi/GranularDistributed.h"

namespace impactlab::granular::mpi {

// Collective on `comm`; rank 0 of `comm` reports.
DistributedRunResult runGranularDistributed(const GranularWorld& world, const GranularRunSettings& settings,
                                            const GranularRunCallbacks& callbacks, MPI_Comm comm,
                                            Decomposition kind = Decomposition::Grid);

}  // namespace impactlab::granular::mpi
