#pragma once
// The spheres of a granular world by grid cell, for the contact search of
// GranularPhases.cpp.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "sim/granular/CellKey.h"
#include "sim/granular/GranularWorld.h"

namespace impactlab::granular::phases {

// The dense cell grid is used while its bounding box holds at most this many
// cells a sphere (plus kDenseCellsMin): a settled pile or a falling lattice
// holds about one; a few spheres strewn over a large domain fall back to the
// sorted key list.
constexpr double kDenseCellsPerSphere = 8.0;
constexpr double kDenseCellsMin = 4096.0;
constexpr double kGridPadCells = 1.5;   // cells between the lowest sphere and the grid origin

// The spheres by grid cell. Dense: a counting sort over the cells of the
// spheres' bounding box, each cell's spheres a range (a run's usual case);
// sparse, when that box holds more than kDenseCellsPerSphere cells a sphere
// (spheres strewn over a large domain): sorted (cell key, sphere) pairs and
// a binary search per column. Either way a cell lists its spheres in index
// order, so the contact order depends only on the positions.
struct CellList {
    // What the search and a contact's masses need of a sphere, copied in
    // cell order so that the search reads a neighbourhood's candidates from
    // consecutive memory (one cache line each) rather than each candidate's
    // whole Sphere at random. Reading the velocity from the Sphere was the
    // search's costliest load on two threads (perf annotate: a sixth of its
    // cycles), and the masses were a pass of their own over the contacts.
    struct alignas(64) Packed {
        Vec3 position;
        double radius;
        Vec3 velocity;
        double mass;
    };

    double cellSize = 1.0;
    Vec3 origin = Vec3::Zero();
    bool dense = false;
    Eigen::Vector3i dims = Eigen::Vector3i::Zero();
    std::vector<int> first;   // dense: per cell (x ny + y) nz + z, the start of its range in `order`
    std::vector<int> order;   // dense: sphere indices by cell
    std::vector<std::pair<std::int64_t, int>> entries;   // sparse
    std::vector<Packed> packed;   // dense: per entry of `order`; sparse: of `entries`

    Eigen::Vector3i cellOf(const Vec3& p) const { return findCell(p, origin, cellSize); }
    static std::int64_t key(const Eigen::Vector3i& c) { return makeCellKey(c); }
    int linear(int x, int y, int z) const { return (x * dims.y() + y) * dims.z() + z; }

    // The bounding box and each sphere's cell on `threads` threads.
    void build(const std::vector<Sphere>& spheres, double size, int threads = 1) {
        cellSize = size;
        const int n = static_cast<int>(spheres.size());
        constexpr double kHuge = std::numeric_limits<double>::max();
        double lx = kHuge, ly = kHuge, lz = kHuge, hx = -kHuge, hy = -kHuge, hz = -kHuge;
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static) \
    reduction(min : lx, ly, lz) reduction(max : hx, hy, hz)
        for (int i = 0; i < n; ++i) {
            const Vec3& p = spheres[i].position;
            lx = std::min(lx, p.x());
            ly = std::min(ly, p.y());
            lz = std::min(lz, p.z());
            hx = std::max(hx, p.x());
            hy = std::max(hy, p.y());
            hz = std::max(hz, p.z());
        }
        const Vec3 lo(lx, ly, lz), hi(hx, hy, hz);
        // At least a cell of margin on every side (half a cell more below,
        // against round-off in the lowest sphere's cell): every neighbour of
        // a sphere's cell exists.
        origin = lo - Vec3::Constant(kGridPadCells * cellSize);
        const Vec3 extent = ((hi - origin) / cellSize).array().floor() + 2.0;
        const double cells = extent.prod();
        dense = cells <= kDenseCellsPerSphere * n + kDenseCellsMin;
        if (!dense) {
            entries.clear();
            entries.reserve(spheres.size());
            for (int i = 0; i < n; ++i) entries.emplace_back(key(cellOf(spheres[i].position)), i);
            std::sort(entries.begin(), entries.end());
            pack(spheres, [&](int m) { return entries[m].second; }, threads);
            return;
        }
        dims = extent.cast<int>();
        std::vector<int> cellOfSphere(spheres.size());
        first.assign(static_cast<std::size_t>(cells) + 1, 0);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
        for (int i = 0; i < n; ++i) {
            const Eigen::Vector3i c = cellOf(spheres[i].position);
            cellOfSphere[i] = linear(c.x(), c.y(), c.z());
        }
        for (int i = 0; i < n; ++i) ++first[cellOfSphere[i] + 1];
        for (std::size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
        order.resize(spheres.size());
        std::vector<int> fill(first.begin(), first.end() - 1);
        for (int i = 0; i < n; ++i) order[fill[cellOfSphere[i]]++] = i;
        pack(spheres, [&](int m) { return order[m]; }, threads);
    }

    template <typename SphereAt>
    void pack(const std::vector<Sphere>& spheres, SphereAt sphereAt, int threads) {
        const int n = static_cast<int>(spheres.size());
        packed.resize(spheres.size());
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
        for (int m = 0; m < n; ++m) {
            const Sphere& s = spheres[sphereAt(m)];
            packed[m] = Packed{s.position, s.radius, s.velocity, s.mass};
        }
    }

    // Calls visit(j, j's Packed) for every sphere j in the
    // 27 cells around cell c, column by column (x, then y), each column upwards.
    template <typename Visit>
    void forEachNeighbour(const Eigen::Vector3i& c, Visit&& visit) const {
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy) {
                if (dense) {
                    const int base = linear(c.x() + dx, c.y() + dy, c.z() - 1);
                    for (int m = first[base], end = first[base + 3]; m < end; ++m) visit(order[m], packed[m]);
                    continue;
                }
                // The three cells along z of a column are consecutive keys:
                // one search per column, then a scan.
                const std::int64_t lowest = key(c + Eigen::Vector3i(dx, dy, -1));
                auto it = std::lower_bound(entries.begin(), entries.end(), std::make_pair(lowest, 0));
                for (; it != entries.end() && it->first <= lowest + 2; ++it)
                    visit(it->second, packed[static_cast<std::size_t>(it - entries.begin())]);
            }
    }
};

}  // namespace impactlab::granular::phases
