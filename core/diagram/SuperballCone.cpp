#include "diagram/SuperballCone.h"

#include <cmath>

namespace impactlab {

namespace {
// Below this sine of the angle between v- and n the two span a line, not a cone.
constexpr double kConeParallelSine = 1e-12;
// m/s: a v+ (or v-) shorter than this is no direction (a plastic stop).
constexpr double kConeZeroSpeed = 1e-14;
}  // namespace

VelocityConeTest calcVelocityCone(const Vec3& vMinus, const Vec3& normal, const Vec3& vPlus) {
    VelocityConeTest t;
    const double speedPlus = vPlus.norm();
    const double speedMinus = vMinus.norm();
    const double normalLength = normal.norm();
    if (speedPlus < kConeZeroSpeed) {
        t.inCone = true;   // the zero vector is a = b = 0
        return t;
    }
    if (speedMinus < kConeZeroSpeed || !(normalLength > 0.0)) return t;
    const Vec3 u = vMinus / speedMinus, n = normal / normalLength, w = vPlus / speedPlus;
    const double un = u.dot(n);
    const double sine = std::sqrt(std::max(0.0, 1.0 - un * un));
    if (sine < kConeParallelSine) {
        // v- along -n (normal incidence): a v- + b n = (b - a) n spans the
        // line of n. (v- along +n, leaving the wall, spans the ray of n.)
        const double along = w.dot(n);
        t.a = along < 0.0 && un < 0.0 ? -along : 0.0;
        t.b = along > 0.0 ? along : 0.0;
        t.offPlane = (w - along * n).norm();
        t.inCone = t.offPlane <= kConeRelTol && (un < 0.0 || along >= -kConeRelTol);
        return t;
    }
    // Least squares w ~ a u + b n: the 2x2 normal equations [1 un; un 1].
    const double wu = w.dot(u), wn = w.dot(n);
    const double det = 1.0 - un * un;
    t.a = (wu - un * wn) / det;
    t.b = (wn - un * wu) / det;
    t.offPlane = (w - t.a * u - t.b * n).norm();
    t.inCone = t.a >= -kConeRelTol && t.b >= -kConeRelTol && t.offPlane <= kConeRelTol;
    return t;
}

std::vector<ImpactCone> findImpactCones(const SimulationRun& run) {
    std::vector<ImpactCone> cones;
    for (int i = 0; i < static_cast<int>(run.impacts.size()); ++i) {
        const ImpactEventRecord& e = run.impacts[i];
        if (e.body != 0 || e.otherBody != -1 || !e.problem.bodies || !e.result.bodiesAfter) continue;
        ImpactCone c;
        c.impact = i;
        c.point = e.point;
        c.normal = e.frame.axes.col(2);
        c.vMinus = e.problem.bodies->body1.velocity;
        c.vPlus = e.result.bodiesAfter->body1.velocity;
        c.test = calcVelocityCone(c.vMinus, c.normal, c.vPlus);
        cones.push_back(c);
    }
    return cones;
}

}  // namespace impactlab
