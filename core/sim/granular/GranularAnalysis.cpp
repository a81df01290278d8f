#include "sim/granular/GranularAnalysis.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "sim/granular/CellKey.h"

namespace impactlab::granular {

namespace {

bool isInWindow(double t, double tBegin, double tEnd) { return t >= tBegin && t <= tEnd; }

bool contains(const Bounds& b, const Vec3& x) {
    return (x.array() >= b.min.array()).all() && (x.array() <= b.max.array()).all();
}

void requireWindow(const Bounds& w, const char* field) {
    if (!w.min.allFinite() || !w.max.allFinite() || !(w.min.array() < w.max.array()).all())
        throw InputError(field, "must be a finite box with min < max");
}

// Cells of side `size` holding the indices of the points in them, so the
// pairs closer than `size` are found among neighbouring cells.
struct PointGrid {
    double size = 1.0;
    Vec3 origin = Vec3::Zero();
    std::unordered_map<std::int64_t, std::vector<int>> cells;
    Eigen::Vector3i cellOf(const Vec3& x) const { return findCell(x, origin, size); }
    static std::int64_t key(const Eigen::Vector3i& c) { return makeCellKey(c); }
};

}  // namespace

BinnedField calcMeanField(const std::vector<GranularFrame>& frames, FieldQuantity quantity, const FieldGrid& grid,
                          double tBegin, double tEnd) {
    if (grid.nx < 1 || grid.ny < 1 || !(grid.xMax > grid.xMin) || !(grid.yMax > grid.yMin))
        throw InputError("grid", "needs nx, ny >= 1 and xMin < xMax, yMin < yMax");
    if (!(tEnd >= tBegin)) throw InputError("window", "needs tBegin <= tEnd");
    BinnedField f;
    f.grid = grid;
    const std::size_t cells = static_cast<std::size_t>(grid.nx) * static_cast<std::size_t>(grid.ny);
    f.samples.assign(cells, 0);
    f.mean.assign(cells, Vec3::Zero());
    f.meanMagnitude.assign(cells, 0.0);
    const double cx = grid.nx / (grid.xMax - grid.xMin), cy = grid.ny / (grid.yMax - grid.yMin);
    for (const GranularFrame& frame : frames) {
        if (!isInWindow(frame.time, tBegin, tEnd)) continue;
        const std::vector<Vec3>& values = quantity == FieldQuantity::Velocity ? frame.velocities : frame.angularVelocities;
        for (std::size_t i = 0; i < frame.size(); ++i) {
            const Vec3& x = frame.positions[i];
            const double u = (x.x() - grid.xMin) * cx, v = (x.y() - grid.yMin) * cy;
            if (!(u >= 0.0 && u < grid.nx && v >= 0.0 && v < grid.ny)) continue;
            const int k = f.index(static_cast<int>(u), static_cast<int>(v));
            ++f.samples[k];
            f.mean[k] += values[i];
            f.meanMagnitude[k] += values[i].norm();
        }
    }
    for (std::size_t k = 0; k < cells; ++k)
        if (f.samples[k] > 0) {
            f.mean[k] /= f.samples[k];
            f.meanMagnitude[k] /= f.samples[k];
        }
    return f;
}

BinnedField calcMeanVelocityField(const std::vector<GranularFrame>& frames, const FieldGrid& grid, double tBegin,
                                  double tEnd) {
    return calcMeanField(frames, FieldQuantity::Velocity, grid, tBegin, tEnd);
}

BinnedField calcMeanAngularVelocityField(const std::vector<GranularFrame>& frames, const FieldGrid& grid,
                                         double tBegin, double tEnd) {
    return calcMeanField(frames, FieldQuantity::AngularVelocity, grid, tBegin, tEnd);
}

RadialDistribution calcRadialDistribution(const std::vector<GranularFrame>& frames, const Bounds& window, double rMax,
                                          int bins, double tBegin, double tEnd, RdfNormalisation normalisation) {
    requireWindow(window, "window");
    if (!(rMax > 0.0) || !std::isfinite(rMax)) throw InputError("r_max", "must be > 0");
    if (bins < 1) throw InputError("bins", "must be >= 1");
    RadialDistribution out;
    out.binWidth = rMax / bins;
    out.r.resize(bins);
    out.g.assign(bins, 0.0);
    for (int k = 0; k < bins; ++k) out.r[k] = (k + 0.5) * out.binWidth;
    const double volume = (window.max - window.min).prod();
    std::vector<double> counts(bins, 0.0);
    double expectedPerShellUnit = 0.0;   // sum over frames of references x density
    double densitySum = 0.0;
    for (const GranularFrame& frame : frames) {
        if (!isInWindow(frame.time, tBegin, tEnd)) continue;
        std::vector<Vec3> inside;
        for (const Vec3& x : frame.positions)
            if (contains(window, x)) inside.push_back(x);
        ++out.frames;
        if (inside.empty()) continue;
        const double density = static_cast<double>(inside.size()) / volume;
        densitySum += density;
        PointGrid grid;
        grid.size = rMax;
        grid.origin = window.min;
        for (int i = 0; i < static_cast<int>(inside.size()); ++i)
            grid.cells[PointGrid::key(grid.cellOf(inside[i]))].push_back(i);
        long long references = 0;
        for (int i = 0; i < static_cast<int>(inside.size()); ++i) {
            const Vec3& xi = inside[i];
            if (normalisation == RdfNormalisation::Interior &&
                !((xi - window.min).minCoeff() >= rMax && (window.max - xi).minCoeff() >= rMax))
                continue;
            ++references;
            const Eigen::Vector3i c = grid.cellOf(xi);
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dz = -1; dz <= 1; ++dz) {
                        const auto it = grid.cells.find(PointGrid::key(c + Eigen::Vector3i(dx, dy, dz)));
                        if (it == grid.cells.end()) continue;
                        for (int j : it->second) {
                            if (j == i) continue;
                            const double r = (inside[j] - xi).norm();
                            if (r < rMax) counts[std::min(bins - 1, static_cast<int>(r / out.binWidth))] += 1.0;
                        }
                    }
        }
        out.references += references;
        expectedPerShellUnit += static_cast<double>(references) * density;
    }
    if (out.frames > 0) out.density = densitySum / out.frames;
    if (expectedPerShellUnit <= 0.0) return out;
    // Expected neighbours of a reference in a shell: the shell's volume
    // (the integral of 4 pi r^2 dr over the bin) times the density.
    for (int k = 0; k < bins; ++k) {
        const double r0 = k * out.binWidth, r1 = (k + 1) * out.binWidth;
        const double shell = 4.0 / 3.0 * EIGEN_PI * (r1 * r1 * r1 - r0 * r0 * r0);
        out.g[k] = counts[k] / (expectedPerShellUnit * shell);
    }
    return out;
}

double calcSolidFraction(const GranularFrame& frame, const Bounds& window) {
    requireWindow(window, "window");
    double solid = 0.0;
    for (std::size_t i = 0; i < frame.size(); ++i)
        if (contains(window, frame.positions[i])) solid += 4.0 / 3.0 * EIGEN_PI * std::pow(frame.radii[i], 3);
    return solid / (window.max - window.min).prod();
}

GranularTableStatistics calcTableStatistics(const std::vector<GranularStepRecord>& steps,
                                            const std::vector<GranularFrame>& frames,
                                            const Bounds& solidFractionWindow, double tBegin, double tEnd) {
    requireWindow(solidFractionWindow, "solid_fraction_window");
    GranularTableStatistics t;
    t.solidFractionWindow = solidFractionWindow;
    double particles = 0.0, contacts = 0.0;
    for (const GranularStepRecord& r : steps) {
        if (!isInWindow(r.time, tBegin, tEnd)) continue;
        ++t.stepsUsed;
        particles += r.stats.particles;
        contacts += r.stats.contacts;
        t.maxPenetration = std::max(t.maxPenetration, r.stats.maxPenetration);
    }
    if (t.stepsUsed > 0) {
        t.meanParticles = particles / t.stepsUsed;
        t.meanContacts = contacts / t.stepsUsed;
        if (t.meanParticles > 0.0) t.contactsPerParticle = t.meanContacts / t.meanParticles;
    }
    double fraction = 0.0;
    for (const GranularFrame& f : frames) {
        if (!isInWindow(f.time, tBegin, tEnd)) continue;
        ++t.framesUsed;
        fraction += calcSolidFraction(f, solidFractionWindow);
    }
    if (t.framesUsed > 0) t.solidFraction = fraction / t.framesUsed;
    return t;
}

double calcMeanSpeed(const GranularFrame& frame) {
    if (frame.size() == 0) return 0.0;
    double sum = 0.0;
    for (const Vec3& v : frame.velocities) sum += v.norm();
    return sum / static_cast<double>(frame.size());
}

double calcPileHeight(const GranularFrame& frame, double quantile) {
    if (frame.size() == 0) return 0.0;
    std::vector<double> z;
    z.reserve(frame.size());
    for (const Vec3& x : frame.positions) z.push_back(x.z());
    const double q = std::clamp(quantile, 0.0, 1.0);
    const std::size_t k = std::min(z.size() - 1, static_cast<std::size_t>(q * static_cast<double>(z.size() - 1) + 0.5));
    std::nth_element(z.begin(), z.begin() + static_cast<long>(k), z.end());
    return z[k] + *std::max_element(frame.radii.begin(), frame.radii.end());
}

}  // namespace impactlab::granular
