#include "diagram/Hodograph.h"

#include <algorithm>
#include <cmath>

#include "impact/InvariantDirections.h"
#include "impact/JiaWang.h"

namespace impactlab {

namespace {

// View box margin around the drawn points, as a fraction of their span.
constexpr double kHodographViewMargin = 0.1;
// rad. Largest turn of a bundle path between samples: 3 deg reads as a smooth
// curve at any plot size (the law's own default is coarser, 0.25 rad).
constexpr double kBundleMaxTurn = 0.05;
// Two bundle start directions closer than this (rad) are one: a ray that
// coincides with an evenly spaced direction is not drawn twice.
constexpr double kSameStartAngle = 1e-6;

Vec2 calcGamma(const ImpactProblem& problem, const Vec3& impulse) {
    return problem.calcVelocityAfter(impulse).head<2>();
}

std::vector<InvariantRay> makeRays(const InvariantDirectionSet& set) {
    std::vector<InvariantRay> rays;
    for (const InvariantDirection& d : set.rays)
        rays.push_back({d.direction, d.angle * 180.0 / kPi, d.lambda, d.isCentrifugal()});
    return rays;
}

InvariantDirectionSet findRays(const ImpactProblem& problem) {
    return findInvariantDirections(problem.W.topLeftCorner<2, 2>(), problem.W.topRightCorner<2, 1>(),
                                   problem.friction);
}

const char* getPointLabel(ImpactEventKind kind) {
    switch (kind) {
        case ImpactEventKind::EndOfCompression: return "g_c";
        case ImpactEventKind::InvariantDirection: return "g_l";
        case ImpactEventKind::Stick: return "stick";
        case ImpactEventKind::ResumedSlip: return "g_s";
        case ImpactEventKind::EndOfImpact: return "g_r";
        case ImpactEventKind::SlideToRoll: return nullptr;
    }
    return nullptr;
}

}  // namespace

HodographDiagram makeHodographDiagram(const ImpactProblem& problem, const ImpactResult& result,
                                      const ImpactTrace& trace) {
    HodographDiagram dia;
    for (const TraceSample& s : trace.samples) dia.path.push_back(s.velocity.head<2>());
    if (dia.path.empty()) dia.path = {problem.vMinus.head<2>(), result.vPlus.head<2>()};
    const InvariantDirectionSet set = findRays(problem);
    dia.rays = makeRays(set);
    dia.everyDirectionInvariant = set.everyDirectionInvariant;
    dia.points.push_back({"g_0", problem.vMinus.head<2>()});
    for (const ImpactEvent& e : result.events)
        if (const char* label = getPointLabel(e.kind)) dia.points.push_back({label, calcGamma(problem, e.impulse)});
    dia.sequence = calcEventSequence(result);

    Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();   // the origin is always in view
    for (const Vec2& g : dia.path) {
        lo = lo.cwiseMin(g);
        hi = hi.cwiseMax(g);
    }
    for (const HodographPoint& p : dia.points) {
        lo = lo.cwiseMin(p.gamma);
        hi = hi.cwiseMax(p.gamma);
    }
    // A square at least: a straight hodograph along an axis is not a sliver.
    const double span = std::max((hi - lo).maxCoeff(), 1e-12 * (1.0 + problem.vMinus.norm()));
    const Vec2 mid = 0.5 * (lo + hi);
    const Vec2 half = 0.5 * (hi - lo).cwiseMax(Vec2::Constant(span)) * (1.0 + 2.0 * kHodographViewMargin);
    dia.min = mid - half;
    dia.max = mid + half;
    return dia;
}

HodographBundle makeHodographBundle(const ImpactProblem& problem, int directions, double speed) {
    HodographBundle bundle;
    const InvariantDirectionSet set = findRays(problem);
    bundle.rays = makeRays(set);

    std::vector<double> starts;
    for (int k = 0; k < directions; ++k) starts.push_back(2.0 * kPi * k / directions);
    for (const InvariantDirection& r : set.rays) starts.push_back(r.angle);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end(),
                             [](double a, double b) { return std::abs(a - b) < kSameStartAngle; }),
                 starts.end());

    JiaWangOptions options;
    options.maxTurnPerStep = kBundleMaxTurn;
    for (double angle : starts) {
        ImpactProblem p = problem;
        p.bodies.reset();
        p.vMinus.head<2>() = speed * Vec2(std::cos(angle), std::sin(angle));
        ImpactTrace trace;
        solveJiaWang(p, options, &trace);
        std::vector<Vec2> path;
        for (const TraceSample& s : trace.samples) path.push_back(s.velocity.head<2>());
        bundle.paths.push_back(std::move(path));
    }
    return bundle;
}

ImpulseCurve3D makeImpulseCurve3D(const ImpactProblem& problem, const ImpactResult& result, const ImpactTrace& trace) {
    ImpulseCurve3D curve;
    for (const TraceSample& s : trace.samples) curve.points.push_back(s.impulse);
    if (curve.points.empty()) curve.points = {Vec3::Zero(), result.impulse};
    for (const ImpactEvent& e : result.events) {
        if (e.kind == ImpactEventKind::EndOfCompression) curve.compressionPoint = e.impulse;
        if (e.kind == ImpactEventKind::Stick || e.kind == ImpactEventKind::ResumedSlip) curve.stickPoint = e.impulse;
    }
    curve.finalPoint = result.impulse;

    // Plane of compression: a . I + v_n^- = 0 with a = W^T n (sec. 2.2, step 1).
    const Vec3 a = problem.W.row(2).transpose();
    curve.planeNormal = a.normalized();
    curve.planePoint = result.impulse - (a.dot(result.impulse) + problem.vMinus.z()) / a.squaredNorm() * a;
    // Line of sticking (eq. 35): I = I_n n - (t1, t2) B^-1 (gamma^- + I_n d).
    const Mat2 Binv = problem.W.topLeftCorner<2, 2>().inverse();
    const Vec2 at0 = -Binv * problem.vMinus.head<2>();
    const Vec2 slope = -Binv * problem.W.topRightCorner<2, 1>();
    curve.linePoint = Vec3(at0.x(), at0.y(), 0.0);
    curve.lineDirection = Vec3(slope.x(), slope.y(), 1.0).normalized();
    return curve;
}

EnergyCurve makeEnergyCurve(const ImpactTrace& trace) {
    EnergyCurve curve;
    bool tracked = !trace.samples.empty();
    for (const TraceSample& s : trace.samples) {
        curve.kinetic.emplace_back(s.normalImpulse, s.energy);
        tracked = tracked && s.contactEnergy.has_value();
    }
    if (tracked)
        for (const TraceSample& s : trace.samples) curve.potential.emplace_back(s.normalImpulse, *s.contactEnergy);
    const bool tangential = !trace.samples.empty() &&
                            std::all_of(trace.samples.begin(), trace.samples.end(),
                                        [](const TraceSample& s) { return s.tangentialEnergy.has_value(); });
    if (tangential)
        for (const TraceSample& s : trace.samples) curve.tangential.emplace_back(s.normalImpulse, *s.tangentialEnergy);
    return curve;
}

}  // namespace impactlab
