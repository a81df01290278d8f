#include "sim/granular/GranularWorld.h"

#include <cmath>
#include <optional>
#include <utility>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "mechanics/InputLimits.h"
#include "sim/granular/GranularPhases.h"

namespace impactlab::granular {

namespace {
constexpr int kMaxThreads = 1024;
// glibc's allocator, once per process: blocks up to kStepMemoryMmapBytes come
// from the heap instead of fresh mappings, and up to kStepMemoryKeepBytes of
// freed heap stay with the process. A step allocates and frees its contact
// lists (megabytes; 10 MB at 27,000 spheres in a pile); by default glibc maps
// and unmaps them, or trims a worker thread's arena, every step, and the
// pages fault back in: measured on two threads at 27,000 spheres, a pile's
// step took 95 ms instead of 31 ms.
constexpr int kStepMemoryMmapBytes = 32 << 20;   // glibc's largest admitted threshold on 64-bit
constexpr int kStepMemoryKeepBytes = 256 << 20;
void keepStepMemory() {
#ifdef __GLIBC__
    static const bool once = [] {
        mallopt(M_MMAP_THRESHOLD, kStepMemoryMmapBytes);
        mallopt(M_TRIM_THRESHOLD, kStepMemoryKeepBytes);
        return true;
    }();
    (void)once;
#endif
}   // GranularOptions::threads admitted at most
constexpr double kMaxSpeculativeFactor = 100.0;   // GranularOptions::speculativeFactor admitted at most
}  // namespace

const char* toString(FrictionModel model) {
    return model == FrictionModel::MaxDissipation ? "max-dissipation" : "coulomb";
}

void GranularWorld::validate() const {
    auto fail = [](const std::string& field, const std::string& reason) { throw InputError(field, reason); };
    const GranularOptions& o = options;
    if (!(o.timeStep > 0.0) || o.timeStep > 1.0) fail("options.time_step", "must be in (0, 1] s");
    if (!o.gravity.allFinite() || o.gravity.cwiseAbs().maxCoeff() > limits::kMaxMagnitude) fail("options.gravity", "must be finite");
    if (!(o.friction >= 0.0) || o.friction > limits::kMaxFriction) fail("options.friction", "must be in [0, 1000]");
    if (o.maxIterations < 1 || o.maxIterations > 100000) fail("options.max_iterations", "must be in [1, 100000]");
    if (!(o.residualTolerance >= 0.0)) fail("options.residual_tolerance", "must be >= 0");
    if (!(o.relaxation > 0.0) || o.relaxation >= 2.0) fail("options.relaxation", "must be in (0, 2)");
    if (!(o.jacobiRelaxation > 0.0) || o.jacobiRelaxation > 1.0) fail("options.jacobi_relaxation", "must be in (0, 1]");
    if (o.threads < 0 || o.threads > kMaxThreads) fail("options.threads", "must be in [0, 1024] (0: all cores)");
    if (o.minParallelItems < 1) fail("options.min_parallel_items", "must be >= 1");
    if (!(o.errorReduction >= 0.0) || o.errorReduction >= 1.0) fail("options.error_reduction", "must be in [0, 1)");
    if (!(o.contactMarginShare >= 0.0) || o.contactMarginShare > 1.0) fail("options.contact_margin", "must be in [0, 1]");
    if (!(o.contactFloorShare >= 0.0) || o.contactFloorShare > 1.0) fail("options.contact_floor", "must be in [0, 1]");
    if (!(o.speculativeFactor >= 0.0) || o.speculativeFactor > kMaxSpeculativeFactor)
        fail("options.speculative_factor", "must be in [0, 100]");
    for (std::size_t i = 0; i < spheres.size(); ++i) {
        const Sphere& s = spheres[i];
        const std::string f = "spheres[" + std::to_string(i) + "]";
        if (!(s.radius > 0.0) || s.radius > limits::kMaxMagnitude) fail(f + ".radius", "must be > 0");
        if (!(s.mass > 0.0) || s.mass > limits::kMaxMagnitude) fail(f + ".mass", "must be > 0");
        if (!s.position.allFinite() || !s.velocity.allFinite() || !s.angularVelocity.allFinite())
            fail(f, "position and velocities must be finite");
    }
    constexpr double kUnitTol = 1e-9;   // |n| - 1 and the axes' orthogonality: round-off of a normalised input
    for (std::size_t i = 0; i < planes.size(); ++i)
        if (!(std::abs(planes[i].normal.norm() - 1.0) < kUnitTol))
            fail("planes[" + std::to_string(i) + "].normal", "must be a unit vector");
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const std::string f = "boxes[" + std::to_string(i) + "]";
        if (!(boxes[i].halfExtents.minCoeff() > 0.0) || !boxes[i].centre.allFinite()) fail(f + ".size", "must be > 0");
        if (!((boxes[i].axes.transpose() * boxes[i].axes - Mat3::Identity()).cwiseAbs().maxCoeff() < kUnitTol))
            fail(f + ".axes", "must be orthonormal");
    }
    for (std::size_t i = 0; i < cylinders.size(); ++i) {
        const Cylinder& c = cylinders[i];
        const std::string f = "cylinders[" + std::to_string(i) + "]";
        if (!(c.radius > 0.0) || !(c.halfLength > 0.0)) fail(f, "radius and length must be > 0");
        if (!(std::abs(c.axis.norm() - 1.0) < kUnitTol)) fail(f + ".axis", "must be a unit vector");
    }
    for (std::size_t i = 0; i < outflows.size(); ++i)
        if (!(std::abs(outflows[i].normal.norm() - 1.0) < kUnitTol) || !std::isfinite(outflows[i].offset))
            fail("outflows[" + std::to_string(i) + "]", "needs a unit normal and a finite offset");
    if (!bounds.min.allFinite() || !bounds.max.allFinite() || !(bounds.min.array() < bounds.max.array()).all())
        fail("bounds", "must be finite with min < max");
    for (std::size_t i = 0; i < inflows.size(); ++i) {
        const Inflow& in = inflows[i];
        const std::string f = "inflows[" + std::to_string(i) + "]";
        if (in.plane < 0 || in.plane >= static_cast<int>(planes.size())) fail(f + ".plane", "must name a plane");
        if (!(in.resetDistance > 0.0) || !std::isfinite(in.resetDistance)) fail(f + ".reset_distance", "must be > 0");
        if (!(in.radius > 0.0) || !(in.mass > 0.0)) fail(f, "radius and mass must be > 0");
        if (!(in.perturbation >= 0.0) || !in.velocity.allFinite()) fail(f + ".velocity", "must be finite");
    }
}

StepStatistics GranularWorld::step() {
    keepStepMemory();
    const GranularOptions& o = options;
    StepStatistics stats;
    const int owned = static_cast<int>(spheres.size());
    phases::ContactChunks found = phases::detectContactChunks(*this, owned, stats.maxPenetration);
    stats.contacts = static_cast<int>(found.size());
    phases::ContactList contacts;
    phases::SweepOrder order = phases::prepareContacts(*this, owned, std::move(found), contacts);
    // External impulses first (C.1.7: u + M^-1 dt f_ext); the Gauss-Seidel
    // sweeper adds them as it packs the velocities.
    std::optional<phases::JacobiSweeper> jacobi;
    std::optional<phases::GaussSeidelSweeper> gaussSeidel;
    if (o.sweep == SweepKind::Jacobi) {
        phases::applyGravity(*this, owned);
        jacobi.emplace(*this, contacts);
    } else {
        gaussSeidel.emplace(std::move(order));
        gaussSeidel->load(*this, o.timeStep * o.gravity);
    }
    if (gaussSeidel && o.residualTolerance == 0.0) {   // every sweep runs: they may overlap
        stats.residual = gaussSeidel->sweepsLoaded(o, contacts, o.maxIterations);
        stats.iterations = o.maxIterations;
    } else {
        for (int sweep = 0; sweep < o.maxIterations; ++sweep) {
            stats.residual = jacobi ? jacobi->sweep(*this, contacts) : gaussSeidel->sweepLoaded(o, contacts);
            stats.iterations = sweep + 1;
            if (o.residualTolerance > 0.0 && stats.residual <= o.residualTolerance) break;
        }
    }
    if (gaussSeidel) gaussSeidel->store(*this);
    if (o.residualTolerance > 0.0 && stats.residual > o.residualTolerance && !contacts.empty())
        stats.status = SolveStatus::IterationLimit;
    // Positions with the new velocities (semi-implicit Euler, C.1.7).
    phases::integratePositions(*this, owned);
    const phases::Removed removed = phases::applyOutflow(*this, owned);
    stats.discharged = removed.discharged;
    stats.lost = removed.lost;
    stats.inserted = phases::advanceBoundaries(*this);
    stats.particles = static_cast<int>(spheres.size());
    return stats;
}

void GranularWorld::advanceTime(double dt) {
    if (dt != stepSize_) {
        stepBase_ = time_;
        stepSize_ = dt;
        stepCount_ = 0;
    }
    ++stepCount_;
    time_ = stepBase_ + static_cast<double>(stepCount_) * stepSize_;
}

double GranularWorld::calcKineticEnergy() const {
    double e = 0.0;
    for (const Sphere& s : spheres)
        e += 0.5 * s.mass * s.velocity.squaredNorm() +
             0.5 * kSolidSphereInertiaShare * s.mass * s.radius * s.radius * s.angularVelocity.squaredNorm();
    return e;
}

Vec3 GranularWorld::calcLinearMomentum() const {
    Vec3 p = Vec3::Zero();
    for (const Sphere& s : spheres) p += s.mass * s.velocity;
    return p;
}

Vec3 GranularWorld::calcAngularMomentum() const {
    Vec3 L = Vec3::Zero();
    for (const Sphere& s : spheres)
        L += s.position.cross(s.mass * s.velocity) +
             kSolidSphereInertiaShare * s.mass * s.radius * s.radius * s.angularVelocity;
    return L;
}

}  // namespace impactlab::granular
