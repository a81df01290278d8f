// The geometry of the MPI decomposition (sim/granular/mpi/ProcessGrid.h):
// which factorisation of the process count a world gets, which boxes are
// neighbours and which particles are ghosted to them. No MPI calls: every
// process of the mpirun runs these checks alike.
#include <gtest/gtest.h>

#include <set>

#include "sim/granular/SettlingBox.h"
#include "sim/granular/mpi/ProcessGrid.h"

namespace impactlab::granular::mpi {
namespace { namespace IMPACTLAB_UNITY_ID {

// The settling box of 216 spheres (6^3 lattice, spacing 1.1 d, d = 1 cm):
// centres span 5 x 1.1 d = 0.055 m along each axis; the ghost width is
// d + a quarter radius = 0.01125 m, so at most 4 boxes per axis fit.
GranularWorld makeBox() { return makeSettlingBox(216); }

// A flat layer: one lattice plane, so z cannot be cut.
GranularWorld makeLayer() {
    GranularWorld w = makeSettlingBox(216);
    for (Sphere& s : w.spheres) s.position.z() = kSettlingBoxDiameter;
    return w;
}

TEST(ProcessGrid, TheLeastCutAreaFactorisationIsChosen) {
    const GranularWorld box = makeBox();
    EXPECT_EQ(makeProcessGrid(box, 1, Decomposition::Grid).describe(), "grid 1x1x1");
    EXPECT_EQ(makeProcessGrid(box, 2, Decomposition::Grid).describe(), "grid 2x1x1");   // a tie: x first
    EXPECT_EQ(makeProcessGrid(box, 4, Decomposition::Grid).describe(), "grid 2x2x1");
    EXPECT_EQ(makeProcessGrid(box, 8, Decomposition::Grid).describe(), "grid 2x2x2");
    EXPECT_EQ(makeProcessGrid(box, 12, Decomposition::Grid).describe(), "grid 3x2x2");
    EXPECT_EQ(makeProcessGrid(box, 7, Decomposition::Slabs).describe(), "slabs 7x1x1");   // 8 are too thin
}

TEST(ProcessGrid, AnAxisTooThinIsNotCut) {
    const GranularWorld layer = makeLayer();
    EXPECT_EQ(makeProcessGrid(layer, 8, Decomposition::Grid).describe(), "grid 4x2x1");
    EXPECT_EQ(makeProcessGrid(layer, 16, Decomposition::Grid).describe(), "grid 4x4x1");
}

TEST(ProcessGrid, NoFittingFactorisationIsAnInputErrorOnRanks) {
    // 7 is prime and 7 boxes along any axis are thinner than a ghost width;
    // 5 x 5 x 1 exceeds the 4 boxes per axis that fit.
    for (int ranks : {7, 25, 0}) {
        try {
            makeProcessGrid(makeBox(), ranks, Decomposition::Grid);
            ADD_FAILURE() << ranks << " processes were accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "ranks") << e.what();
        }
    }
    EXPECT_THROW(parseDecomposition("cubes", "--decomposition"), InputError);
    EXPECT_EQ(parseDecomposition("slabs", "--decomposition"), Decomposition::Slabs);
}

TEST(ProcessGrid, NeighboursAcrossFacesEdgesAndCorners) {
    ProcessGrid g;
    g.counts = {3, 3, 3};
    const int centre = g.getRank({1, 1, 1});
    const std::vector<Neighbour> n = findNeighbours(g, centre);
    EXPECT_EQ(n.size(), 26u);
    for (std::size_t k = 1; k < n.size(); ++k) EXPECT_LT(n[k - 1].rank, n[k].rank);
    EXPECT_EQ(findNeighbours(g, g.getRank({0, 0, 0})).size(), 7u);   // a corner box
    g.counts = {4, 1, 1};
    const std::vector<Neighbour> slab = findNeighbours(g, 1);
    ASSERT_EQ(slab.size(), 2u);
    EXPECT_EQ(slab[0].rank, 0);
    EXPECT_EQ(slab[1].rank, 2);
}

TEST(ProcessGrid, GhostsGoToEveryBoxWithinTheGhostWidth) {
    // Boxes of 1 m from the origin, ghost width 0.1 m: a particle near the
    // corner (1, 1, 1) of box (0, 0, 0) is ghosted to the 7 boxes around it.
    ProcessGrid g;
    g.counts = {2, 2, 2};
    constexpr double kGhostWidth = 0.1;   // m
    const Vec3 nearCorner(0.95, 0.95, 0.95), nearFace(0.95, 0.5, 0.5);
    std::set<int> cornerTo, faceTo;
    for (const Neighbour& n : findNeighbours(g, 0)) {
        if (isNearNeighbour(g, {0, 0, 0}, n.offset, nearCorner, kGhostWidth)) cornerTo.insert(n.rank);
        if (isNearNeighbour(g, {0, 0, 0}, n.offset, nearFace, kGhostWidth)) faceTo.insert(n.rank);
    }
    EXPECT_EQ(cornerTo.size(), 7u);
    EXPECT_EQ(faceTo, std::set<int>{1});
    EXPECT_EQ(g.findOwner(Vec3(1.5, 0.5, 1.5)), 5);
    EXPECT_EQ(g.findOwner(Vec3(-3.0, 9.0, 0.5)), 2);   // outside: the nearest box
}

}}  // namespace
}  // namespace impactlab::granular::mpi
