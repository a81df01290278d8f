#pragma once
// The geometry of a granular run's domain decomposition:
// which process owns which box of space, who its neighbours are, and which
// factorisation px x py x pz of the process count to use. Free of MPI, so it
// is tested and reasoned about without processes.
//
// Region: the box that is cut into px x py x pz boxes of equal size, ranks
// numbered x fastest (rank = ix + px (iy + py iz)). A particle outside the
// region belongs to the nearest box (the outer boxes reach to infinity).
//   slabs: today's decomposition, px = ranks along x over the world's bounds.
//   grid:  the world's bounds clipped to the box holding the particles'
//          centres at the start and the inflow's layers (the settling box's
//          bounds reach 1 km up for its open top; cutting that height would
//          leave the pile on one process). Of the factorisations whose boxes
//          are at least a ghost width wide along every cut axis, the one with
//          the least cut area, sum over axes of (p_a - 1) x the region's face
//          across axis a, which is proportional to the ghost (halo) volume;
//          ties go to more cuts along x, then y. An axis too thin for a cut
//          is not cut.
// Neighbours: boxes that share a face, an edge or a corner (up to 26). Boxes
// are at least a ghost width wide, so a ghost comes from a neighbour only.
#include <array>
#include <string>
#include <vector>

#include "sim/granular/GranularWorld.h"

namespace impactlab::granular::mpi {

enum class Decomposition { Grid, Slabs };
const char* toString(Decomposition d);
// "grid" or "slabs"; InputError(field) otherwise.
Decomposition parseDecomposition(const std::string& text, const std::string& field);

// Ghosts reach this much beyond the contact range (a share of the ghost
// width), so a pair exactly at the margin is never missed by round-off.
inline constexpr double kGhostWidthSlack = 1e-6;

// m: the largest contact distance, 2 largest radii + the contact margin
// (GranularOptions::contactMarginShare x the smallest radius), with the slack.
double calcGhostWidth(const GranularWorld& world);

struct ProcessGrid {
    Vec3 min = Vec3::Zero();          // m, the region's corner
    Vec3 cell = Vec3::Ones();         // m, a box's size along each axis
    std::array<int, 3> counts{1, 1, 1};
    Decomposition kind = Decomposition::Grid;

    int getSize() const { return counts[0] * counts[1] * counts[2]; }
    std::array<int, 3> getCoords(int rank) const;
    int getRank(const std::array<int, 3>& coords) const;
    // The box holding x (clamped to the outer boxes; a NaN coordinate counts
    // as the first box along its axis).
    int findOwner(const Vec3& x) const;
    double getLow(int axis, int coord) const { return min(axis) + coord * cell(axis); }
    double getHigh(int axis, int coord) const { return min(axis) + (coord + 1) * cell(axis); }
    // "grid 2x2x1" or "slabs 4x1x1".
    std::string describe() const;
};

// A neighbouring box and its direction (each component -1, 0 or 1).
struct Neighbour {
    int rank = 0;
    std::array<int, 3> offset{0, 0, 0};
};
// The neighbours of `rank`, in increasing rank order (the order every
// exchange adds in, which keeps a run deterministic).
std::vector<Neighbour> findNeighbours(const ProcessGrid& grid, int rank);

// Whether a particle at x, owned by box `ownCoords`, is within `ghostWidth`
// of the box in direction `offset` along every axis the offset points along
// (a box-distance test by axes: a superset of the contact range).
bool isNearNeighbour(const ProcessGrid& grid, const std::array<int, 3>& ownCoords, const std::array<int, 3>& offset,
                     const Vec3& x, double ghostWidth);

// The region a grid decomposition cuts (see above).
Bounds calcDecompositionRegion(const GranularWorld& world);

// The decomposition of `world` over `ranks` processes; InputError("ranks")
// when none fits (with the largest count that would).
ProcessGrid makeProcessGrid(const GranularWorld& world, int ranks, Decomposition kind);

}  // namespace impactlab::granular::mpi
