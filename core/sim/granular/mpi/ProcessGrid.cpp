#include "sim/granular/mpi/ProcessGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace impactlab::granular::mpi {

namespace {

// Two factorisations whose cut areas differ by less than this share of the
// larger are equal (a cube's faces computed from rounded extents), so the
// tie rule (more cuts along x, then y) decides and not the round-off.
constexpr double kCutAreaTieShare = 1e-9;

std::string formatMetres(double x) {
    std::ostringstream os;
    os.precision(4);
    os << x << " m";
    return os.str();
}

// The boxes of `count` along an axis of `extent` are wide enough for ghosts.
bool fits(double extent, int count, double ghostWidth) { return count == 1 || extent / count >= ghostWidth; }

ProcessGrid makeSlabs(const GranularWorld& world, int ranks) {
    ProcessGrid g;
    g.kind = Decomposition::Slabs;
    g.counts = {ranks, 1, 1};
    g.min = world.bounds.min;
    g.cell = world.bounds.max - world.bounds.min;
    g.cell.x() /= ranks;
    const double ghost = calcGhostWidth(world);
    if (!(g.cell.x() >= ghost) && ranks > 1)
        throw InputError("ranks", std::to_string(ranks) + " slabs of " + formatMetres(g.cell.x()) +
                                      " along x are thinner than the ghost layer (" + formatMetres(ghost) +
                                      "): use at most " + std::to_string(static_cast<int>(ranks * g.cell.x() / ghost)) +
                                      " processes for this scene");
    return g;
}

ProcessGrid makeGrid(const GranularWorld& world, int ranks) {
    const Bounds region = calcDecompositionRegion(world);
    const Vec3 extent = region.max - region.min;
    const double ghost = calcGhostWidth(world);
    // The face across axis a, the area one cut along a adds.
    const Vec3 face(extent.y() * extent.z(), extent.x() * extent.z(), extent.x() * extent.y());
    std::array<int, 3> best{0, 0, 0};
    double bestArea = std::numeric_limits<double>::infinity();
    for (int px = ranks; px >= 1; --px) {
        if (ranks % px != 0 || !fits(extent.x(), px, ghost)) continue;
        for (int py = ranks / px; py >= 1; --py) {
            if ((ranks / px) % py != 0 || !fits(extent.y(), py, ghost)) continue;
            const int pz = ranks / px / py;
            if (!fits(extent.z(), pz, ghost)) continue;
            const double area = (px - 1) * face.x() + (py - 1) * face.y() + (pz - 1) * face.z();
            if (area < bestArea * (1.0 - kCutAreaTieShare) || best[0] == 0) {
                best = {px, py, pz};
                bestArea = area;
            }
        }
    }
    if (best[0] == 0) {
        std::array<int, 3> most{};
        for (int a = 0; a < 3; ++a)
            most[a] = ghost > 0.0 ? std::max(1, static_cast<int>(std::floor(extent(a) / ghost))) : 1;
        throw InputError("ranks", std::to_string(ranks) + " processes do not factor into a grid of boxes at least a ghost width (" +
                                      formatMetres(ghost) + ") wide over the particles' region (" +
                                      formatMetres(extent.x()) + " x " + formatMetres(extent.y()) + " x " +
                                      formatMetres(extent.z()) + "): at most " + std::to_string(most[0]) + " x " +
                                      std::to_string(most[1]) + " x " + std::to_string(most[2]) +
                                      " boxes fit; use a count that factors within that, or --decomposition slabs");
    }
    ProcessGrid g;
    g.kind = Decomposition::Grid;
    g.counts = best;
    g.min = region.min;
    for (int a = 0; a < 3; ++a) g.cell(a) = extent(a) / best[a];
    return g;
}

}  // namespace

const char* toString(Decomposition d) { return d == Decomposition::Slabs ? "slabs" : "grid"; }

Decomposition parseDecomposition(const std::string& text, const std::string& field) {
    if (text == "grid") return Decomposition::Grid;
    if (text == "slabs") return Decomposition::Slabs;
    throw InputError(field, "must be grid or slabs, got '" + text + "'");
}

double calcGhostWidth(const GranularWorld& w) {
    double maxRadius = 0.0, minRadius = std::numeric_limits<double>::max();
    for (const Sphere& s : w.spheres) {
        maxRadius = std::max(maxRadius, s.radius);
        minRadius = std::min(minRadius, s.radius);
    }
    for (const Inflow& in : w.inflows) {
        maxRadius = std::max(maxRadius, in.radius);
        minRadius = std::min(minRadius, in.radius);
    }
    if (maxRadius == 0.0) return 0.0;
    const double width = 2.0 * maxRadius + w.options.contactMarginShare * minRadius;
    return width * (1.0 + kGhostWidthSlack);
}

std::array<int, 3> ProcessGrid::getCoords(int rank) const {
    return {rank % counts[0], (rank / counts[0]) % counts[1], rank / (counts[0] * counts[1])};
}

int ProcessGrid::getRank(const std::array<int, 3>& c) const { return c[0] + counts[0] * (c[1] + counts[1] * c[2]); }

int ProcessGrid::findOwner(const Vec3& x) const {
    std::array<int, 3> c{0, 0, 0};
    for (int a = 0; a < 3; ++a) {
        if (counts[a] == 1 || !(x(a) == x(a))) continue;
        const double k = std::floor((x(a) - min(a)) / cell(a));
        c[a] = static_cast<int>(std::clamp(k, 0.0, static_cast<double>(counts[a] - 1)));
    }
    return getRank(c);
}

std::string ProcessGrid::describe() const {
    return std::string(toString(kind)) + " " + std::to_string(counts[0]) + "x" + std::to_string(counts[1]) + "x" +
           std::to_string(counts[2]);
}

std::vector<Neighbour> findNeighbours(const ProcessGrid& grid, int rank) {
    const std::array<int, 3> c = grid.getCoords(rank);
    std::vector<Neighbour> out;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const std::array<int, 3> d{dx, dy, dz};
                if (dx == 0 && dy == 0 && dz == 0) continue;
                std::array<int, 3> n{};
                bool inside = true;
                for (int a = 0; a < 3; ++a) {
                    n[a] = c[a] + d[a];
                    inside = inside && n[a] >= 0 && n[a] < grid.counts[a];
                }
                if (inside) out.push_back(Neighbour{grid.getRank(n), d});
            }
    // z slowest, then y, then x: already increasing rank order.
    std::sort(out.begin(), out.end(), [](const Neighbour& a, const Neighbour& b) { return a.rank < b.rank; });
    return out;
}

bool isNearNeighbour(const ProcessGrid& grid, const std::array<int, 3>& own, const std::array<int, 3>& offset,
                     const Vec3& x, double ghostWidth) {
    for (int a = 0; a < 3; ++a) {
        if (offset[a] < 0 && !(x(a) < grid.getLow(a, own[a]) + ghostWidth)) return false;
        if (offset[a] > 0 && !(x(a) > grid.getHigh(a, own[a]) - ghostWidth)) return false;
    }
    return true;
}

Bounds calcDecompositionRegion(const GranularWorld& world) {
    Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity());
    Vec3 hi = -lo;
    auto add = [&](const Vec3& x) {
        lo = lo.cwiseMin(x);
        hi = hi.cwiseMax(x);
    };
    for (const Sphere& s : world.spheres) add(s.position);
    for (const Inflow& in : world.inflows) {
        const Plane& p = world.planes[static_cast<std::size_t>(in.plane)];
        for (const Vec3& x : in.layer) add(x + p.offset * p.normal);
    }
    Bounds region = world.bounds;
    for (int a = 0; a < 3; ++a) {
        const double l = std::max(world.bounds.min(a), lo(a)), h = std::min(world.bounds.max(a), hi(a));
        if (l <= h) {   // else no particle inside along this axis: the bounds
            region.min(a) = l;
            region.max(a) = h;
        }
    }
    return region;
}

ProcessGrid makeProcessGrid(const GranularWorld& world, int ranks, Decomposition kind) {
    if (ranks < 1) throw InputError("ranks", "must be >= 1, got " + std::to_string(ranks));
    return kind == Decomposition::Slabs ? makeSlabs(world, ranks) : makeGrid(world, ranks);
}

}  // namespace impactlab::granular::mpi
