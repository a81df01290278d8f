#include "diagram/Polylines.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <utility>

namespace impactlab {

namespace {

using Key = std::pair<std::int64_t, std::int64_t>;

Key quantise(const Vec2& p, double tol) {
    return {static_cast<std::int64_t>(std::llround(p.x() / tol)), static_cast<std::int64_t>(std::llround(p.y() / tol))};
}

}  // namespace

std::vector<std::vector<Vec2>> joinSegments(const std::vector<std::array<Vec2, 2>>& segments, double tol) {
    // End points are matched through a grid of cell `tol`; points closer than
    // tol that straddle a cell edge stay apart, which only splits a polyline.
    std::multimap<Key, std::size_t> ends;   // key -> 2 * segment + end
    for (std::size_t i = 0; i < segments.size(); ++i)
        for (std::size_t e = 0; e < 2; ++e) ends.emplace(quantise(segments[i][e], tol), 2 * i + e);
    std::vector<bool> used(segments.size(), false);

    // The unused segment end at point p (other than `self`), as 2 * segment + end.
    auto findNext = [&](const Vec2& p) -> std::ptrdiff_t {
        const auto range = ends.equal_range(quantise(p, tol));
        for (auto it = range.first; it != range.second; ++it)
            if (!used[it->second / 2]) return static_cast<std::ptrdiff_t>(it->second);
        return -1;
    };
    auto extend = [&](std::vector<Vec2>& line) {
        for (std::ptrdiff_t next = findNext(line.back()); next >= 0; next = findNext(line.back())) {
            const std::size_t seg = static_cast<std::size_t>(next) / 2, end = static_cast<std::size_t>(next) % 2;
            used[seg] = true;
            line.push_back(segments[seg][1 - end]);
        }
    };

    std::vector<std::vector<Vec2>> lines;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (used[i]) continue;
        used[i] = true;
        std::vector<Vec2> forward{segments[i][0], segments[i][1]};
        extend(forward);
        // Then from the first point the other way, prepended.
        std::vector<Vec2> backward{segments[i][0]};
        extend(backward);
        std::vector<Vec2> line(backward.rbegin(), backward.rend() - 1);
        line.insert(line.end(), forward.begin(), forward.end());
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace impactlab
