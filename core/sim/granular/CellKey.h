#pragma once
// Integer cells of a uniform grid and a 64-bit key per cell, shared by the
// contact search (GranularPhases.cpp) and the g(r) pair search
// (GranularAnalysis.cpp). Keys of cells (x, y, z) and (x, y, z + 1) are
// consecutive, so a column of cells is a range of keys.
#include <cmath>
#include <cstdint>

#include "mechanics/Types.h"

namespace impactlab::granular {

// Keys stay unique within this many cells a side.
inline constexpr std::int64_t kCellsPerAxis = 1 << 20;

inline Eigen::Vector3i findCell(const Vec3& p, const Vec3& origin, double cellSize) {
    const Vec3 q = (p - origin) / cellSize;
    return Eigen::Vector3i(static_cast<int>(std::floor(q.x())), static_cast<int>(std::floor(q.y())),
                           static_cast<int>(std::floor(q.z())));
}

inline std::int64_t makeCellKey(const Eigen::Vector3i& c) {
    return (static_cast<std::int64_t>(c.x()) * kCellsPerAxis + c.y()) * kCellsPerAxis + c.z();
}

}  // namespace impactlab::granular
