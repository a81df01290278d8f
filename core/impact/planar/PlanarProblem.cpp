#include "impact/planar/PlanarProblem.h"

#include <algorithm>
#include <cassert>
#include <sstream>

#include "impact/CoulombPath.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

// v_n+ below -this * |v^-| is reported as still approaching: the threshold
// completeResult uses, so results with and without a moment impulse agree.
constexpr double kApproachRelTol = 1e-9;

}  // namespace

// --- The planar view -------------------------------------------------------

bool PlanarProblem::isMechanism() const {
    return W.determinant() <= kPlanarSingularRelTol * W(0, 0) * W(1, 1);
}

PlanarProblem makePlanarProblem(const ImpactProblem& problem, const std::string& law) {
    const Mat3& W = problem.W;
    const double scale = W.cwiseAbs().maxCoeff();
    const double coupling = std::max({std::abs(W(0, 1)), std::abs(W(1, 0)), std::abs(W(1, 2)), std::abs(W(2, 1))});
    if (!(coupling <= kPlanarCouplingRelTol * scale))
        throw InputError("W", law + " is planar: it acts in the (t1, n) plane and needs W(0,1) = W(1,2) = 0, got |W(0,1)| = " +
                                  formatNumber(std::abs(W(0, 1))) + ", |W(1,2)| = " + formatNumber(std::abs(W(1, 2))) +
                                  " (at body level t1 is the world x axis projected on the tangent plane, y when n "
                                  "is near x: keep the motion in the world x-y plane)");
    const Vec3& v = problem.vMinus;
    if (!(std::abs(v.y()) <= kPlanarVelocityRelTol * v.norm()))
        throw InputError("v_minus", law + " is planar: it acts in the (t1, n) plane and needs v_t2 = 0, got " + formatNumber(v.y()) +
                                        " m/s");
    if (!(W(0, 0) > 0.0) || !(W(2, 2) > 0.0))
        throw InputError("W", law + " is planar and needs W_tt > 0 and W_nn > 0 in the (t1, n) plane");
    PlanarProblem planar;
    planar.W << W(0, 0), 0.5 * (W(0, 2) + W(2, 0)), 0.5 * (W(0, 2) + W(2, 0)), W(2, 2);
    planar.vMinus = toPlanarVector(v);
    planar.friction = problem.friction;
    planar.restitution = problem.restitution;
    return planar;
}

ImpactProblem makePlanarCopy(const ImpactProblem& problem) {
    ImpactProblem p = problem;
    p.W(0, 1) = p.W(1, 0) = p.W(1, 2) = p.W(2, 1) = 0.0;
    p.vMinus.y() = 0.0;
    return p;
}

// --- The moment-impulse row (eq. 2.1) ----------------------------------------

PlanarMobility makePlanarMobility(const PlanarProblem& planar) {
    PlanarMobility m;
    m.W.topLeftCorner<2, 2>() = planar.W;
    m.vMinus.head<2>() = planar.vMinus;
    return m;
}

PlanarMobility makePlanarMobilityWithCouple(const ImpactProblem& problem, const PlanarProblem& planar,
                                            const std::string& need) {
    if (!problem.bodies)
        throw InputError("bodies", need + "; contact-level input carries neither (give bodies and contact)");
    const TwoBodyContact& c = *problem.bodies;
    const Vec3 k = c.frame.t1().cross(c.frame.n());
    Vec3 wWorld = Vec3::Zero();   // relative contact velocity per unit couple impulse
    double wThetaTheta = 0.0;     // 1/J1 + 1/J2
    const RigidBody* bodies[2] = {&c.body1, &c.body2};
    for (int i = 0; i < 2; ++i) {
        const RigidBody& b = *bodies[i];
        if (b.fixed) continue;
        // Body 1 turns by +J^-1 k I_theta, body 2 by -J^-1 k I_theta: both add
        // (J^-1 k) x r to the relative contact velocity and k.J^-1 k to D_theta.
        const Vec3 a = b.calcWorldInverseInertia() * k;
        const double akk = k.dot(a);
        if ((a - akk * k).norm() > kPlanarCouplingRelTol * a.norm())
            throw InputError("bodies", need + ", and the plane normal k = t1 x n must be a principal axis of body " +
                                           std::to_string(i + 1) +
                                           " (otherwise the moment impulse tilts it out of the plane)");
        wWorld += a.cross(c.point - b.position);
        wThetaTheta += akk;
    }
    PlanarMobility m = makePlanarMobility(planar);
    const Vec3 w = c.frame.toLocal(wWorld);
    m.W(0, 2) = m.W(2, 0) = w.x();
    m.W(1, 2) = m.W(2, 1) = w.z();
    m.W(2, 2) = wThetaTheta;
    m.vMinus.z() = (c.body1.angularVelocity - c.body2.angularVelocity).dot(k);
    m.hasCouple = true;
    m.axis = k;
    return m;
}

double calcMomentLawFactor(double em) {
    assert(isValidMomentCoefficient(em));
    if (em == -1.0) return 0.0;
    return (1.0 + em) / (1.0 + 2.0 * em);
}

bool isValidMomentCoefficient(double em) { return std::isfinite(em) && (em == -1.0 || em >= 0.0); }

PlanarPhase makePlanarPhase(const PlanarMobility& mobility, const Vec3& vStart, double f) {
    PlanarPhase phase;
    phase.W = mobility.W.topLeftCorner<2, 2>();
    phase.v = vStart.head<2>();
    if (f == 0.0 || !mobility.hasCouple) return phase;
    // I_theta = -f (D_theta + w.I) / W_theta_theta, substituted into v = v + W I + w I_theta.
    const Vec2 w = mobility.W.block<2, 1>(0, 2);
    const double wtt = mobility.W(2, 2);
    phase.W -= f * w * w.transpose() / wtt;
    phase.v -= f * w * vStart.z() / wtt;
    return phase;
}

double calcCoupleImpulse(const PlanarMobility& mobility, const Vec3& vStart, const Vec2& I, double f) {
    if (f == 0.0 || !mobility.hasCouple) return 0.0;
    const Vec2 w = mobility.W.block<2, 1>(0, 2);
    return -f * (vStart.z() + w.dot(I)) / mobility.W(2, 2);
}

// --- Algebraic Coulomb branches -------------------------------------------------

const char* toString(CoulombBranch branch) {
    switch (branch) {
        case CoulombBranch::Frictionless: return "frictionless";
        case CoulombBranch::Stick: return "stick";
        case CoulombBranch::SlidePositive: return "slide I_t = +mu I_n";
        case CoulombBranch::SlideNegative: return "slide I_t = -mu I_n";
    }
    return "?";
}

std::vector<PlanarCoulombSolution> findCoulombSolutions(const Mat2& W, const Vec2& vStart, double targetVn,
                                                  double muStatic, double muKinetic) {
    std::vector<PlanarCoulombSolution> found;
    const double dvn = targetVn - vStart.y();             // the normal velocity the phase must add
    const double impulseTol = kBranchRelTol * std::abs(dvn) / W(1, 1);
    const double speedTol = kBranchRelTol * std::max({std::abs(vStart.x()), std::abs(vStart.y()), std::abs(targetVn)});
    auto add = [&](const Vec2& I, CoulombBranch branch) {
        for (const PlanarCoulombSolution& s : found)
            if ((s.impulse - I).norm() <= 10.0 * impulseTol) return;   // the same impulse on a branch boundary
        found.push_back({I, branch});
    };
    if (muStatic == 0.0 && muKinetic == 0.0) {
        found.push_back({Vec2(0.0, dvn / W(1, 1)), CoulombBranch::Frictionless});
        return found;
    }
    // Stick: W I = (-v_t, dvn).
    if (W.determinant() > kPlanarSingularRelTol * W(0, 0) * W(1, 1)) {
        const Vec2 I = W.inverse() * Vec2(-vStart.x(), dvn);
        if (I.y() >= -impulseTol && std::abs(I.x()) <= muStatic * I.y() + impulseTol) add(I, CoulombBranch::Stick);
    }
    // Sliding: I_t = r I_n, r = +-mu; I_n from the normal row, then the sign of v_t,end.
    for (const double sign : {1.0, -1.0}) {
        const double r = sign * muKinetic;
        const double rate = W(1, 1) + W(1, 0) * r;   // dv_n/dI_n along the branch
        if (!(rate > 0.0)) continue;                 // I_n would be negative or unbounded
        const double In = dvn / rate;
        const double vtEnd = vStart.x() + (W(0, 1) + W(0, 0) * r) * In;
        const bool consistent = sign > 0.0 ? vtEnd <= speedTol : vtEnd >= -speedTol;
        if (consistent && In >= -impulseTol)
            add(Vec2(r * In, In), sign > 0.0 ? CoulombBranch::SlidePositive : CoulombBranch::SlideNegative);
    }
    return found;
}

std::string explainNoCoulombSolution(const Vec2& vStart, double targetVn) {
    if (targetVn - vStart.y() <= 0.0)
        return "the moment impulse of the e_m law alone leaves v_n = " + formatNumber(vStart.y()) + " m/s >= the target " +
               formatNumber(targetVn) + " m/s, so the normal impulse would be negative";
    return "no Coulomb branch is consistent: stick needs |I_t| <= mu I_n, I_t = +mu I_n needs v_t,end <= 0, "
           "I_t = -mu I_n needs v_t,end >= 0, each with I_n > 0";
}

PlanarCoulombSolution solveBoundedTangent(const Mat2& W, const Vec2& vStart, double In, double lo, double hi) {
    const double itStick = -(vStart.x() + W(0, 1) * In) / W(0, 0);
    if (itStick > hi) return {Vec2(hi, In), CoulombBranch::SlidePositive};
    if (itStick < lo) return {Vec2(lo, In), CoulombBranch::SlideNegative};
    return {Vec2(itStick, In), CoulombBranch::Stick};
}

// --- Traces and results ------------------------------------------------------

namespace {
bool hasReversed(double vtStart, double vtEnd, double scale) {
    const double tol = kBranchRelTol * scale;
    return std::abs(vtStart) <= tol || (vtStart > 0.0 && vtEnd < -tol) || (vtStart < 0.0 && vtEnd > tol);
}
}  // namespace

ContactMode calcPhaseMode(CoulombBranch branch, double vtStart, double vtEnd, double scale) {
    switch (branch) {
        case CoulombBranch::Frictionless: return ContactMode::Frictionless;
        case CoulombBranch::Stick: return ContactMode::Sticking;
        default: return hasReversed(vtStart, vtEnd, scale) ? ContactMode::ResumedSlip : ContactMode::Sliding;
    }
}

void appendPhaseEvents(ImpactResult& result, CoulombBranch branch, double vtStart, double vtEnd, double scale,
                       const Vec3& G) {
    const Vec3 I = toContactVector(G.head<2>());
    if (branch == CoulombBranch::Stick)
        result.events.push_back({ImpactEventKind::Stick, G.y(), I});
    else if (branch != CoulombBranch::Frictionless && hasReversed(vtStart, vtEnd, scale))
        result.events.push_back({ImpactEventKind::ResumedSlip, G.y(), I});
}

void appendPlanarSegment(ImpactTrace* trace, const ImpactProblem& problem, const PlanarMobility& mobility,
                         const Vec3& from, const Vec3& to, ContactMode mode, ImpactPhase phase) {
    if (!trace) return;
    const double energyBefore = problem.calcEnergyBefore();
    const bool continues = !trace->samples.empty() &&
                           trace->samples.back().impulse == toContactVector(from.head<2>());
    // A zero-length phase (e = 0 ends the impact at v_n = 0) adds no samples,
    // or the single starting sample of an otherwise empty trace.
    const int count = from == to ? 0 : kSegmentSamples;
    for (int i = continues ? 1 : 0; i <= count; ++i) {
        const Vec3 G = count == 0 ? from : Vec3(from + (to - from) * (static_cast<double>(i) / count));
        TraceSample s;
        s.normalImpulse = G.y();
        s.impulse = toContactVector(G.head<2>());
        s.velocity = toContactVector(mobility.calcVelocityAfter(G).head<2>());
        s.energy = energyBefore + mobility.calcEnergyChange(G);
        s.mode = mode;
        s.phase = phase;
        trace->samples.push_back(s);
    }
}

double calcCompressionFraction(const PlanarMobility& mobility, const Vec3& G) {
    const double rate = (mobility.W * G).y();   // dv_n/dlambda along lambda G
    if (!(rate > 0.0)) return 1.0;
    return std::clamp(-mobility.vMinus.y() / rate, 0.0, 1.0);
}

void finishStraightPathResult(const ImpactProblem& problem, const PlanarMobility& mobility, const Vec3& G,
                              CoulombBranch branch, ImpactTrace* trace, ImpactResult& result) {
    const double lambda = calcCompressionFraction(mobility, G);
    const Vec3 Gc = lambda * G;
    const double vtStart = mobility.vMinus.x();
    const double vtEnd = mobility.calcVelocityAfter(G).x();
    const double scale = mobility.vMinus.head<2>().norm();
    const ContactMode mode = calcPhaseMode(branch, vtStart, vtEnd, scale);
    result.impulse = toContactVector(G.head<2>());
    result.compressionImpulse = toContactVector(Gc.head<2>());
    result.events.push_back({ImpactEventKind::EndOfCompression, Gc.y(), result.compressionImpulse});
    appendPhaseEvents(result, branch, vtStart, vtEnd, scale, G);
    result.events.push_back({ImpactEventKind::EndOfImpact, G.y(), result.impulse});
    appendPlanarSegment(trace, problem, mobility, Vec3::Zero(), Gc, mode, ImpactPhase::Compression);
    appendPlanarSegment(trace, problem, mobility, Gc, G, mode, ImpactPhase::Restitution);
    completePlanarResult(problem, mobility, G.z(), result);
}

void finishTwoPhaseResult(const ImpactProblem& problem, const PlanarMobility& mobility, const Vec3& Gc,
                          CoulombBranch compression, const Vec3& G, CoulombBranch expansion, ImpactTrace* trace,
                          ImpactResult& result) {
    const double vtA = mobility.vMinus.x();
    const double vtC = mobility.calcVelocityAfter(Gc).x();
    const double vtE = mobility.calcVelocityAfter(G).x();
    const double scale = mobility.vMinus.head<2>().norm();
    result.impulse = toContactVector(G.head<2>());
    result.compressionImpulse = toContactVector(Gc.head<2>());
    appendPhaseEvents(result, compression, vtA, vtC, scale, Gc);
    result.events.push_back({ImpactEventKind::EndOfCompression, Gc.y(), result.compressionImpulse});
    appendPhaseEvents(result, expansion, vtC, vtE, scale, G);
    result.events.push_back({ImpactEventKind::EndOfImpact, G.y(), result.impulse});
    appendPlanarSegment(trace, problem, mobility, Vec3::Zero(), Gc, calcPhaseMode(compression, vtA, vtC, scale),
                        ImpactPhase::Compression);
    appendPlanarSegment(trace, problem, mobility, Gc, G, calcPhaseMode(expansion, vtC, vtE, scale),
                        ImpactPhase::Restitution);
    completePlanarResult(problem, mobility, G.z(), result);
}

std::string describeSolutions(const std::vector<PlanarCoulombSolution>& solutions) {
    std::ostringstream os;
    os.precision(6);
    for (std::size_t i = 0; i < solutions.size(); ++i)
        os << (i ? "; " : "") << toString(solutions[i].branch) << " (I_t, I_n) = (" << solutions[i].impulse.x()
           << ", " << solutions[i].impulse.y() << ")";
    return os.str();
}

void completePlanarResult(const ImpactProblem& problem, const PlanarMobility& mobility, double coupleImpulse,
                          ImpactResult& result) {
    const std::size_t warningsBefore = result.warnings.size();
    completeResult(problem, result);
    if (coupleImpulse == 0.0 || !mobility.hasCouple) return;

    // completeResult knows the force impulse only: redo what the couple changes.
    result.warnings.resize(warningsBefore);
    const Vec3 G(result.impulse.x(), result.impulse.z(), coupleImpulse);
    result.vPlus = toContactVector(mobility.calcVelocityAfter(G).head<2>());
    result.energyAfter = result.energyBefore + mobility.calcEnergyChange(G);
    result.relativeEnergyChange = mobility.calcEnergyChange(G);   // the couple's mobility is relative motion
    if (result.bodiesAfter) {
        RigidBody& b1 = result.bodiesAfter->body1;
        RigidBody& b2 = result.bodiesAfter->body2;
        if (!b1.fixed) b1.angularVelocity += b1.calcWorldInverseInertia() * mobility.axis * coupleImpulse;
        if (!b2.fixed) b2.angularVelocity -= b2.calcWorldInverseInertia() * mobility.axis * coupleImpulse;
    }
    if (result.gainsEnergy(kEnergyGainRelTol)) {
        std::ostringstream os;
        os << "energy gained: " << result.energyAfter - result.energyBefore
           << " J (the law does not guarantee dissipation for this input)";
        result.warnings.push_back(os.str());
    }
    if (result.vPlus.z() < -kApproachRelTol * problem.vMinus.norm())
        result.warnings.push_back("bodies still approach after the impact (v_n+ < 0)");
}

std::optional<PlanarCoulombSolution> solveCoulombCompression(const ImpactProblem& problem, const PlanarMobility& mobility,
                                                       const Mat2& W, const Vec2& v, double mu, ImpactResult& result,
                                                       ImpactTrace* trace) {
    const std::vector<PlanarCoulombSolution> solutions = findCoulombSolutions(W, v, 0.0, mu, mu);
    if (solutions.empty()) {
        result.status = SolveStatus::NoSolution;
        result.warnings.push_back("no solution: the compression cannot end (D_NC = 0 with I_NC > 0): " +
                                  explainNoCoulombSolution(v, 0.0));
        appendPlanarSegment(trace, problem, mobility, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding,
                            ImpactPhase::Compression);
        completePlanarResult(problem, mobility, 0.0, result);
        return std::nullopt;
    }
    if (solutions.size() > 1)
        result.warnings.push_back("the compression phase has " + std::to_string(solutions.size()) +
                                  " consistent solutions: " + describeSolutions(solutions) +
                                  "; the first in the order stick, +mu, -mu is reported");
    return solutions.front();
}

}  // namespace impactlab
