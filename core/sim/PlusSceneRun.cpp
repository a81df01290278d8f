#include "sim/PlusSceneRun.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

#include "impact/ContactSpaceAdapter.h"
#include "impact/plus/Plus.h"
#include "impact/plus/PlusLaw.h"
#include "impact/plus/PlusRestitution.h"
#include "impact/plus/PlusStepLength.h"
#include "mechanics/ImpactExamples.h"
#include "sim/CompliantChain.h"
#include "sim/DormandPrince.h"
#include "sim/CompliantExamples.h"

namespace impactlab {

namespace {

constexpr double kPendulumLinkRadius = 0.1;        // m, Example 4's cylinders
constexpr int kCirclePoints = 96;                  // the v_transition circle's polyline
// The COR curve jumps at v_capture; the point just above it is taken this far
// (relative) above, where e(s) is its linear branch.
constexpr double kCaptureJumpRelOffset = 1e-12;
// The COR axis extends past the largest approach speed and v_plastic by these factors.
constexpr double kCorAxisApproachShare = 1.15;
constexpr double kCorAxisPlasticShare = 2.0;
// The theta_max ray is drawn this much longer than the farther end of the segment.
constexpr double kRayOvershoot = 1.15;
// Fig. 14's strip: frames this long apart after the impact (s), and how many.
// At the striker's 2 m/s a ball moves 0.2 m, most of a radius, between frames.
constexpr double kTimeLapseFrameInterval = 0.1;
constexpr int kTimeLapseFrames = 5;
// The pendulum's flight from release: Dormand and Prince's embedded pair
// (sim/DormandPrince.h) with error control to these tolerances on the angles
// (rad) and rates (rad/s): the energy drifts by ~1e-11 of its value over the
// flight, in a few hundred steps where a fixed 0.1 ms step took thousands.
// The first step and its bounds (s); the touch is located by bisecting the
// last step's continuous extension (to round-off).
constexpr double kFlightAbsTolerance = 1e-12;
constexpr double kFlightRelTolerance = 1e-12;
constexpr double kFlightFirstStep = 1e-4;
constexpr double kFlightMinStep = 1e-9;
constexpr double kFlightMaxStep = 1e-2;
constexpr double kMaxFlightTime = 10.0;
constexpr int kTouchBisections = 60;
const Vec3 kGravity(0.0, 0.0, -9.81);   // m/s^2

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string fmt(double x, int digits = 4) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    return buf;
}

std::string fmtVec(const Vec3& v, int digits = 4) {
    return "(" + fmt(v.x(), digits) + ", " + fmt(v.y(), digits) + ", " + fmt(v.z(), digits) + ")";
}

// "vertex (+x -y -z)": the signs of the vertex (whose sphere touches the
// ground at `point`) in brick coordinates.
std::string nameBrickVertex(const RigidBody& brick, double sphereRadius, const Vec3& point) {
    const Vec3 local = brick.orientation.conjugate() * (point + sphereRadius * Vec3::UnitZ() - brick.position);
    auto sign = [&](int axis) { return local(axis) > 0.0 ? '+' : '-'; };
    return std::string("vertex (") + sign(0) + "x " + sign(1) + "y " + sign(2) + "z)";
}

// The problem's validation names its own fields ("v_minus"); the scene's user
// set them through the example.
ContactSpaceProblem makeProblem(const std::function<ContactSpaceProblem()>& build, const std::string& velocityField) {
    try {
        return build();
    } catch (const InputError& e) {
        if (e.field() != "v_minus") throw;
        throw InputError(velocityField, "the bodies must approach at a contact (PLUS needs an impact)");
    }
}

void buildBrick(const PlusScene& scene, PlusSceneRun& run) {
    const PlusBrickParams& b = scene.brick;
    const Quat R = Quat(Eigen::AngleAxisd(b.rotationX, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(b.rotationY, Vec3::UnitY()));
    BrickSpec spec;
    BodyContacts bc = makeBrickOnGround(R, b.velocity, b.angularVelocity, kPlusProximityTolerance, spec);
    std::vector<ContactParameters> params;
    for (BodyContactPoint& c : bc.contacts) {
        c.name = nameBrickVertex(bc.bodies[0], spec.sphereRadius, c.point);
        params.push_back({c.name, b.friction, b.eMin, RestitutionKind::VelocityDependent});
        run.contactPoints.push_back(c.point);
        run.contactFrames.push_back(c.frame.axes);
    }
    run.problem = makeProblem([&] { return ContactSpaceProblem::makeBodyLevel(params, bc); }, "example.velocity");
    run.shapes.bodies = {bc.bodies[0]};
    run.shapes.brickHalfSize = spec.halfSize;
    run.shapes.sphereRadius = spec.sphereRadius;

    if (!scene.compliant.enabled) return;
    CompliantBrickSetup setup;
    setup.orientation = R;
    setup.velocity = b.velocity;
    setup.angularVelocity = b.angularVelocity;
    setup.friction = b.friction;
    setup.material = CompliantMaterial{scene.compliant.stiffness, 0.0, scene.compliant.dissipation};
    setup.proximity = kPlusProximityTolerance;
    CompliantOptions options;
    options.slideToRollSpeed = run.options.vTransition;
    options.recordBodies = false;
    const auto t0 = std::chrono::steady_clock::now();
    run.compliant = simulateCompliantCollision(makeCompliantBrick(setup), options);
    run.compliantMilliseconds = msSince(t0);
}

void buildCradle(const PlusScene& scene, PlusSceneRun& run) {
    const PlusCradleParams& p = scene.cradle;
    const BodyContacts bc = makeNewtonsCradle(p.balls, p.radius, p.mass, p.strikerSpeed);
    std::vector<ContactParameters> params;
    for (int k = 0; k < bc.getContactCount(); ++k) {
        const std::string name = "balls " + std::to_string(k + 1) + " and " + std::to_string(k + 2);
        params.push_back({name, 0.0, p.restitution, RestitutionKind::Constant});
        run.contactPoints.push_back(bc.contacts[k].point);
        run.contactFrames.push_back(bc.contacts[k].frame.axes);
    }
    run.problem = makeProblem([&] { return ContactSpaceProblem::makeBodyLevel(params, bc); }, "example.striker_speed");
    run.shapes.bodies = bc.bodies;
    run.shapes.sphereRadius = p.radius;
    run.shapes.hasGround = false;

    if (!scene.compliant.enabled) return;
    CompliantCradleSetup setup;
    setup.balls = p.balls;
    setup.radius = p.radius;
    setup.mass = p.mass;
    setup.strikerSpeed = p.strikerSpeed;
    // Hunt and Crossley's own relation between their damping and a COR,
    // c = 3 (1 - e) / (2 v-), with v- the striker's speed (exact for e -> 1).
    const double c = 1.5 * (1.0 - p.restitution) / p.strikerSpeed;
    setup.material = CompliantMaterial{scene.compliant.stiffness, 0.0, c};
    CompliantOptions options;
    options.recordBodies = false;   // the time-lapse needs only the final states
    const auto t0 = std::chrono::steady_clock::now();
    run.compliant = simulateCompliantCollision(makeCompliantCradle(setup), options);
    run.compliantMilliseconds = msSince(t0);
}

struct ChainState {
    Eigen::VectorXd q, qdot;
};

// The height of the end sphere's lowest point above the ground.
double calcClearance(const PendulumChain& chain, const Eigen::VectorXd& q) {
    return chain.calcEndCentre(q).z() - chain.endRadius;
}

// Example 4: the chain falls from release until its end sphere touches z = 0.
ChainState flyToGround(const PendulumChain& chain, const PlusPendulumParams& p, PlusSceneRun& run) {
    ChainState s{Eigen::Vector3d(p.releaseTheta), Eigen::Vector3d(p.releaseRates)};
    if (calcClearance(chain, s.q) <= 0.0)
        throw InputError("example.release_theta", "the end sphere starts at or below the ground");
    run.releaseEnergy = chain.calcKineticEnergy(s.q, s.qdot) + chain.calcPotentialEnergy(s.q, kGravity);
    // y = (q, qdot), dy/dt = (qdot, qddot).
    const Eigen::Index n = s.q.size();
    const DormandPrince45::Rhs rhs = [&](double, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) {
        dydt.head(n) = y.tail(n);
        dydt.tail(n) = chain.calcAcceleration(y.head(n), y.tail(n), kGravity);
    };
    DormandPrince45 stepper(rhs, static_cast<int>(2 * n));
    Eigen::VectorXd y(2 * n), dydt(2 * n);
    y << s.q, s.qdot;
    rhs(0.0, y, dydt);
    double t = 0.0;
    double h = kFlightFirstStep;
    bool rejected = false;
    while (t < kMaxFlightTime) {
        const double error = stepper.tryStep(t, y, dydt, h, kFlightAbsTolerance, kFlightRelTolerance);
        if (!(error <= 1.0)) {
            h *= DormandPrince45::calcStepFactor(error, true);
            rejected = true;
            if (h < kFlightMinStep)
                throw InputError("example.release_rates", "the flight cannot be integrated to its tolerance");
            continue;
        }
        if (calcClearance(chain, stepper.yNew().head(n)) > 0.0) {
            t += h;
            y = stepper.yNew();
            dydt = stepper.dydtNew();
            h = std::min(kFlightMaxStep, h * DormandPrince45::calcStepFactor(error, rejected));
            rejected = false;
            continue;
        }
        // The touch: bisection on the step's continuous extension.
        Eigen::VectorXd at(2 * n);
        double lo = 0.0, hi = 1.0;
        for (int i = 0; i < kTouchBisections && hi - lo > 0.0; ++i) {
            const double mid = 0.5 * (lo + hi);
            stepper.interpolate(mid, at);
            (calcClearance(chain, at.head(n)) > 0.0 ? lo : hi) = mid;
        }
        stepper.interpolate(hi, at);
        const ChainState touch{at.head(n), at.tail(n)};
        run.flightTime = t + hi * h;
        run.touchEnergy = chain.calcKineticEnergy(touch.q, touch.qdot) + chain.calcPotentialEnergy(touch.q, kGravity);
        return touch;
    }
    throw InputError("example.release_theta", "the end sphere does not reach the ground within " +
                                                  fmt(kMaxFlightTime) + " s of flight");
}

void buildPendulum(const PlusScene& scene, PlusSceneRun& run) {
    const PlusPendulumParams& p = scene.pendulum;
    const PendulumChain chain = makeTriplePendulum();
    Eigen::VectorXd q(3), qdot(3);
    if (p.fromRelease) {
        const ChainState touch = flyToGround(chain, p, run);
        q = touch.q;
        qdot = touch.qdot;
    } else {
        const std::optional<Eigen::VectorXd> touching = chain.calcTouchingPose(Eigen::Vector2d(p.theta1, p.theta2));
        if (!touching) throw InputError("example.theta2", "with these angles the end sphere cannot touch the ground");
        q = *touching;
        qdot << p.rates.x(), p.rates.y(), p.rates.z();
    }
    const ContactSystem sys = chain.calcGroundContactSystem(q, qdot);
    const std::vector<ContactParameters> params = {{"end sphere / ground", p.friction, p.restitution, RestitutionKind::Constant}};
    run.problem = makeProblem([&] { return ContactSpaceProblem::makeFromSystem(params, sys); },
                              p.fromRelease ? "example.release_rates" : "example.rates");
    const Vec3 end = chain.calcEndCentre(q);
    run.contactPoints = {Vec3(end.x(), end.y(), 0.0)};
    run.contactFrames = {Mat3::Identity()};
    for (int i = 0; i <= chain.getDofCount(); ++i) run.shapes.chainJoints.push_back(chain.calcJointPosition(q, i));
    for (const ChainLink& link : chain.links) run.shapes.linkLengths.push_back(link.length);
    run.shapes.linkRadius = kPendulumLinkRadius;
    run.shapes.sphereRadius = chain.endRadius;

    if (!scene.compliant.enabled) return;
    CompliantChainSystem system;
    system.chain = chain;
    system.q = q;
    system.qdot = qdot;
    // As the cradle: Hunt and Crossley's c = 3 (1 - e) / (2 v-) from the COR,
    // v- the sphere's approach speed; e = 1 gives Example 4's undamped contact.
    const double approach = -run.problem.getVelocity(0).z();
    const double c = approach > 0.0 ? 1.5 * (1.0 - p.restitution) / approach : 0.0;
    system.sphereMaterial = CompliantMaterial{scene.compliant.stiffness, 0.0, c};
    system.groundMaterial = system.sphereMaterial;
    system.friction = CompliantFriction::makeCoulomb(p.friction);
    CompliantOptions options;
    options.slideToRollSpeed = run.options.vTransition;
    options.recordBodies = false;
    const auto t0 = std::chrono::steady_clock::now();
    run.compliant = simulateCompliantChainImpact(system, options).run;
    run.compliantMilliseconds = msSince(t0);
}

// The samples of the trace whose interval ends at `interval`.
const ContactSpaceSample* findSample(const ContactSpaceTrace& trace, int interval) {
    for (const ContactSpaceSample& s : trace.samples)
        if (s.interval == interval) return &s;
    return nullptr;
}

FigureSeries makeSeries(std::string name, int color, FigureMarker marker, bool dashed, std::vector<Vec2> points) {
    FigureSeries s;
    s.name = std::move(name);
    s.colorIndex = color;
    s.marker = marker;
    s.dashed = dashed;
    s.points = std::move(points);
    s.inLegend = marker == FigureMarker::None;   // markers are explained in the titles
    return s;
}

FigureSeries makeMarkers(std::string name, int color, FigureMarker marker, std::vector<Vec2> points) {
    return makeSeries(std::move(name), color, marker, false, std::move(points));
}

FigureSeries makeLine(std::string name, int color, bool dashed, std::vector<Vec2> points) {
    return makeSeries(std::move(name), color, FigureMarker::None, dashed, std::move(points));
}

std::vector<Vec2> makeCircle(double radius) {
    std::vector<Vec2> out;
    for (int i = 0; i <= kCirclePoints; ++i) {
        const double a = 2.0 * M_PI * i / kCirclePoints;
        out.emplace_back(radius * std::cos(a), radius * std::sin(a));
    }
    return out;
}

// Points of PLUS events of one kind for contact k, through `pick` (the
// event's accumulated impulse and the trace sample at its interval).
template <typename Pick>
std::vector<Vec2> collectPlusEvents(const PlusSceneRun& run, ContactEventKind kind, int k, Pick pick) {
    std::vector<Vec2> out;
    for (const ContactEvent& e : run.plus.events) {
        if (e.kind != kind || e.contact != k) continue;
        const ContactSpaceSample* s = findSample(run.trace, e.interval);
        if (!s || e.impulse.size() != run.plus.impulse.size()) continue;
        out.push_back(pick(e.impulse.segment<3>(3 * k), s->contacts[k]));
    }
    return out;
}

template <typename Pick>
std::vector<Vec2> collectCompliantEvents(const CompliantResult& r, CompliantEventKind kind, int k, Pick pick) {
    std::vector<Vec2> out;
    for (const CompliantEvent& e : r.events)
        if (e.kind == kind && e.contact == k) out.push_back(pick(e.time, e.state));
    return out;
}

std::string describeState(const ContactSample& c) {
    if (c.phase == ContactPhase::Observing) return "observing";
    std::string s = std::string(toString(c.phase)) + ", " + toString(c.slip);
    if (!c.active) s += " (no impulse)";
    return s;
}

Figure makeTangentialVelocity(const PlusSceneRun& run, int selected) {
    Figure f;
    f.title = "Tangential velocity (PLUS dashed, compliant solid; stars: end of compression, triangles: slide-to-roll)";
    f.xLabel = "v_x [m/s]";
    f.yLabel = "v_y [m/s]";
    f.equalScales = true;
    const int nc = run.problem.getContactCount();
    for (int k = 0; k < nc; ++k) {
        const std::string& name = run.getContactName(k);
        std::vector<Vec2> plus;
        for (const ContactSpaceSample& s : run.trace.samples) plus.push_back(s.contacts[k].velocity.head<2>());
        f.series.push_back(makeLine("PLUS " + name, k, true, plus));
        if (run.compliant) {
            std::vector<Vec2> comp;
            for (const CompliantSample& s : run.compliant->samples) comp.push_back(s.contacts[k].tangentialVelocity);
            FigureSeries line = makeLine("compliant " + name, k, false, comp);
            line.inLegend = false;   // the title says: compliant solid
            f.series.push_back(line);
            auto vel = [](double, const CompliantContactSample& c) { return c.tangentialVelocity; };
            f.series.push_back(makeMarkers("compliant end of compression " + name, k, FigureMarker::Star,
                                           collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k, vel)));
            f.series.push_back(makeMarkers("compliant slide-to-roll " + name, k, FigureMarker::Triangle,
                                           collectCompliantEvents(*run.compliant, CompliantEventKind::SlideToRoll, k, vel)));
        }
        auto vel = [](const Vec3&, const ContactSample& c) { return Vec2(c.velocity.head<2>()); };
        f.series.push_back(makeMarkers("PLUS end of compression " + name, k, FigureMarker::Star,
                                       collectPlusEvents(run, ContactEventKind::EndOfCompression, k, vel)));
        f.series.push_back(makeMarkers("PLUS slide-to-roll " + name, k, FigureMarker::Triangle,
                                       collectPlusEvents(run, ContactEventKind::SlideToRoll, k, vel)));
        if (const ContactSpaceSample* s = selected > 0 ? findSample(run.trace, selected) : nullptr) {
            FigureSeries h = makeMarkers("selected interval " + name, k, FigureMarker::Diamond, {s->contacts[k].velocity.head<2>()});
            h.highlight = true;
            f.series.push_back(h);
        }
    }
    FigureSeries circle = makeLine("v_transition circle", -1, false, makeCircle(run.options.vTransition));
    f.series.push_back(circle);
    return f;
}

Figure makeImpulses(const PlusSceneRun& run, int selected) {
    Figure f;
    f.title = "Accumulated impulses against the contact's normal impulse (PLUS dashed, compliant solid)";
    f.xLabel = "accumulated normal impulse pi_z [N s]";
    f.yLabel = "pi_x, pi_y [N s]";
    const int nc = run.problem.getContactCount();
    for (int k = 0; k < nc; ++k) {
        const std::string& name = run.getContactName(k);
        for (int axis = 0; axis < 2; ++axis) {
            const std::string comp = axis == 0 ? "pi_x " : "pi_y ";
            const int color = 2 * k + axis;
            std::vector<Vec2> plus;
            for (const ContactSpaceSample& s : run.trace.samples) plus.emplace_back(s.contacts[k].impulse.z(), s.contacts[k].impulse(axis));
            f.series.push_back(makeLine("PLUS " + comp + name, color, true, plus));
            auto pickPlus = [axis](const Vec3& pi, const ContactSample&) { return Vec2(pi.z(), pi(axis)); };
            f.series.push_back(makeMarkers("PLUS end of compression " + comp + name, color, FigureMarker::Star,
                                           collectPlusEvents(run, ContactEventKind::EndOfCompression, k, pickPlus)));
            f.series.push_back(makeMarkers("PLUS slide-to-roll " + comp + name, color, FigureMarker::Triangle,
                                           collectPlusEvents(run, ContactEventKind::SlideToRoll, k, pickPlus)));
            const Vec3 total = run.plus.getImpulse(k);
            f.series.push_back(makeMarkers("PLUS total " + comp + name, color,
                                           axis == 0 ? FigureMarker::Circle : FigureMarker::Square, {Vec2(total.z(), total(axis))}));
            if (run.compliant) {
                std::vector<Vec2> c;
                for (const CompliantSample& s : run.compliant->samples)
                    c.emplace_back(s.contacts[k].impulse.z(), s.contacts[k].impulse(axis));
                FigureSeries line = makeLine("compliant " + comp + name, color, false, c);
                line.inLegend = false;   // the title says: compliant solid
                f.series.push_back(line);
                auto pickC = [axis](double, const CompliantContactSample& s) { return Vec2(s.impulse.z(), s.impulse(axis)); };
                f.series.push_back(makeMarkers("compliant end of compression " + comp + name, color, FigureMarker::Star,
                                               collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k, pickC)));
                f.series.push_back(makeMarkers("compliant slide-to-roll " + comp + name, color, FigureMarker::Triangle,
                                               collectCompliantEvents(*run.compliant, CompliantEventKind::SlideToRoll, k, pickC)));
            }
            if (const ContactSpaceSample* s = selected > 0 ? findSample(run.trace, selected) : nullptr) {
                FigureSeries h = makeMarkers("selected interval " + comp + name, color, FigureMarker::Diamond,
                                             {Vec2(s->contacts[k].impulse.z(), s->contacts[k].impulse(axis))});
                h.highlight = true;
                f.series.push_back(h);
            }
        }
    }
    return f;
}

Figure makePenetration(const PlusSceneRun& run) {
    Figure f;
    f.xLabel = "time [ms]";
    f.yLabel = "penetration [mm]";
    if (!run.compliant) {
        f.title = "Penetration: no compliant run (" + run.compliantSkipped + ")";
        return f;
    }
    f.title = "Penetration against time, compliant model (stars: end of compression)";
    constexpr double kMs = 1e3, kMm = 1e3;
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        std::vector<Vec2> pts;
        for (const CompliantSample& s : run.compliant->samples) pts.emplace_back(kMs * s.time, kMm * s.contacts[k].penetration);
        f.series.push_back(makeLine(run.getContactName(k), k, false, pts));
        f.series.push_back(makeMarkers("end of compression " + run.getContactName(k), k, FigureMarker::Star,
                                       collectCompliantEvents(*run.compliant, CompliantEventKind::EndOfCompression, k,
                                                              [&](double t, const CompliantContactSample& c) {
                                                                  return Vec2(kMs * t, kMm * c.penetration);
                                                              })));
    }
    return f;
}

Figure makeRestitution(const PlusSceneRun& run) {
    Figure f;
    f.title = "Coefficient of restitution against approach speed (circles: each contact's approach)";
    f.xLabel = "approach speed -v_z [m/s]";
    f.yLabel = "e";
    const PlusOptions& o = run.options;
    double sMax = kCorAxisPlasticShare * o.vPlastic;
    for (int k = 0; k < run.problem.getContactCount(); ++k)
        sMax = std::max(sMax, kCorAxisApproachShare * std::max(0.0, -run.problem.getVelocity(k).z()));
    std::map<std::pair<int, double>, int> drawn;   // (kind, e) -> color already drawn
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        const ContactParameters& c = run.problem.contacts[k];
        const auto key = std::make_pair(static_cast<int>(c.restitutionKind), c.restitution);
        if (!drawn.count(key)) {
            drawn[key] = k;
            std::vector<Vec2> pts;
            if (c.restitutionKind == RestitutionKind::VelocityDependent) {
                const double above = o.vCapture * (1.0 + kCaptureJumpRelOffset);
                pts = {Vec2(0.0, calcPlusRestitution(0.0, c, o)), Vec2(o.vCapture, calcPlusRestitution(o.vCapture, c, o)),
                       Vec2(o.vCapture, calcPlusRestitution(above, c, o)), Vec2(o.vPlastic, calcPlusRestitution(o.vPlastic, c, o)),
                       Vec2(sMax, calcPlusRestitution(sMax, c, o))};
            } else {
                pts = {Vec2(0.0, c.restitution), Vec2(sMax, c.restitution)};
            }
            f.series.push_back(makeLine("e(s), e_min = " + fmt(c.restitution), k, false, pts));
        }
        const double s = std::max(0.0, -run.problem.getVelocity(k).z());
        f.series.push_back(makeMarkers("approach " + run.getContactName(k), k, FigureMarker::Circle,
                                       {Vec2(s, calcPlusRestitution(s, c, o))}));
    }
    bool velocityDependent = false;
    for (const ContactParameters& c : run.problem.contacts)
        velocityDependent = velocityDependent || c.restitutionKind == RestitutionKind::VelocityDependent;
    if (!velocityDependent) return f;   // a constant e has no v_capture or v_plastic
    FigureSeries vc = makeMarkers("v_capture = " + fmt(o.vCapture) + " m/s", -1, FigureMarker::Diamond, {Vec2(o.vCapture, 0.0)});
    vc.inLegend = true;
    FigureSeries vp = makeMarkers("v_plastic = " + fmt(o.vPlastic) + " m/s", -1, FigureMarker::Square, {Vec2(o.vPlastic, 0.0)});
    vp.inLegend = true;
    f.series.push_back(vc);
    f.series.push_back(vp);
    return f;
}

Figure makeIntervalGeometry(const PlusSceneRun& run, int& interval, int& contact) {
    Figure f;
    f.xLabel = "v_x [m/s]";
    f.yLabel = "v_y [m/s]";
    f.equalScales = true;
    const auto& samples = run.trace.samples;
    const int nc = run.problem.getContactCount();
    contact = std::clamp(contact, 0, std::max(0, nc - 1));
    if (interval <= 0) {   // the first interval in which the contact slides under an impulse
        for (std::size_t i = 1; i < samples.size() && interval <= 0; ++i)
            if (samples[i].contacts[contact].active && samples[i].contacts[contact].slip == ContactSlip::Sliding)
                interval = samples[i].interval;
    }
    std::size_t i = 1;
    while (i < samples.size() && samples[i].interval != interval) ++i;
    if (i >= samples.size()) {
        f.title = "Interval geometry: no interval selected";
        return f;
    }
    const ContactSample& a = samples[i - 1].contacts[contact];
    const ContactSample& b = samples[i].contacts[contact];
    const IntervalGeometry g =
        calcIntervalGeometry(a.velocity.head<2>(), b.velocity.head<2>(), samples[i].alpha, run.options.thetaMax);
    const Vec2 d = g.fullEnd - g.start;
    f.title = "Interval " + std::to_string(interval) + " (round " + std::to_string(samples[i].round) + "), " +
              run.getContactName(contact) + " " + describeState(b) + ": alpha = " + fmt(g.alpha) +
              ", alpha_CP = " + fmt(g.alphaCP) + ", alpha_DC = " + fmt(g.alphaDC);
    f.series.push_back(makeLine("whole interval's impulse", -1, true, {g.start, g.fullEnd}));
    f.series.push_back(makeLine("step taken (alpha)", contact, false, {g.start, g.start + g.alpha * d}));
    f.series.push_back(makeLine("v_transition circle", -1, false, makeCircle(run.options.vTransition)));
    const double reach = kRayOvershoot * std::max(g.start.norm(), g.fullEnd.norm());
    if (g.start.norm() > 0.0) {
        const Vec2 u = g.start.normalized();
        const double side = (u.x() * d.y() - u.y() * d.x()) >= 0.0 ? 1.0 : -1.0;
        const double t = side * run.options.thetaMax;
        const Vec2 r(std::cos(t) * u.x() - std::sin(t) * u.y(), std::sin(t) * u.x() + std::cos(t) * u.y());
        f.series.push_back(makeLine("theta_max ray", -2, true, {Vec2::Zero(), reach * r}));
    }
    FigureSeries cp = makeMarkers("alpha_CP: closest to the origin", 0, FigureMarker::Circle, {g.start + g.alphaCP * d});
    cp.inLegend = true;
    FigureSeries dc = makeMarkers("alpha_DC: direction turned by theta_max", 1, FigureMarker::Triangle, {g.start + g.alphaDC * d});
    dc.inLegend = true;
    FigureSeries start = makeMarkers("start of the interval", -1, FigureMarker::Square, {g.start});
    start.inLegend = true;
    f.series.push_back(cp);
    f.series.push_back(dc);
    f.series.push_back(start);
    return f;
}

// Fig. 14: each row a model, each frame the balls at k * interval after the
// impact (an impact of a millisecond is instantaneous at this scale), frames
// side by side along x; a ball is a circle marker at its centre.
Figure makeTimeLapse(const PlusSceneRun& run) {
    Figure f;
    f.xLabel = "frames every " + fmt(1e3 * kTimeLapseFrameInterval) + " ms after the impact (ball centres, m)";
    f.yLabel = "row";
    if (run.shapes.bodies.empty() || !run.otherModel || !run.plus.bodiesAfter) return f;
    f.title = "Time-lapse (Fig. 14): row A compliant, B PLUS sequential, C PLUS simultaneous";
    const std::vector<RigidBody>& start = run.shapes.bodies;
    const bool sequential = run.options.impactModel == PlusImpactModel::Sequential;
    struct Row {
        std::string name;
        double y;
        const std::vector<RigidBody>* after;
    };
    std::vector<Row> rows;
    if (run.compliant) rows.push_back({"A compliant", 2.0, &run.compliant->bodies});
    rows.push_back({"B PLUS sequential", 1.0, sequential ? &*run.plus.bodiesAfter : &*run.otherModel->bodiesAfter});
    rows.push_back({"C PLUS simultaneous", 0.0, sequential ? &*run.otherModel->bodiesAfter : &*run.plus.bodiesAfter});
    double xMin = INFINITY, xMax = -INFINITY, vMax = 0.0;
    for (const RigidBody& b : start) {
        xMin = std::min(xMin, b.position.x() - run.shapes.sphereRadius);
        xMax = std::max(xMax, b.position.x() + run.shapes.sphereRadius);
    }
    for (const Row& r : rows)
        for (const RigidBody& b : *r.after) vMax = std::max(vMax, std::abs(b.velocity.x()));
    const double travel = vMax * kTimeLapseFrameInterval * (kTimeLapseFrames - 1);
    const double frameWidth = (xMax - xMin) + 2.0 * travel + 2.0 * run.shapes.sphereRadius;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::vector<Vec2> pts;
        for (int k = 0; k < kTimeLapseFrames; ++k) {
            const double t = k * kTimeLapseFrameInterval;
            for (std::size_t i = 0; i < start.size() && i < rows[r].after->size(); ++i)
                pts.emplace_back(k * frameWidth + travel + start[i].position.x() - xMin + t * (*rows[r].after)[i].velocity.x(),
                                 rows[r].y);
        }
        FigureSeries s = makeMarkers(rows[r].name, static_cast<int>(r), FigureMarker::Circle, pts);
        s.inLegend = true;
        f.series.push_back(s);
        // Frame separators.
        for (int k = 1; k < kTimeLapseFrames; ++k) {
            FigureSeries sep = makeLine("frame " + std::to_string(k), -2, true,
                                        {Vec2(k * frameWidth, -0.5), Vec2(k * frameWidth, 2.5)});
            sep.inLegend = false;
            if (r == 0) f.series.push_back(sep);
        }
    }
    return f;
}

FigureTable makeIntervalTable(const PlusSceneRun& run) {
    FigureTable t;
    t.title = "Intervals";
    t.header = {"round", "interval", "alpha", "energy [J]"};
    for (const ContactParameters& c : run.problem.contacts) {
        t.header.push_back(c.name + ": state");
        t.header.push_back(c.name + ": pi [N s]");
    }
    for (const ContactSpaceSample& s : run.trace.samples) {
        std::vector<std::string> row = {std::to_string(s.round), s.interval == 0 ? "start" : std::to_string(s.interval),
                                        s.interval == 0 ? "" : fmt(s.alpha), fmt(s.energy, 6)};
        for (const ContactSample& c : s.contacts) {
            row.push_back(s.interval == 0 ? "" : describeState(c));
            row.push_back(fmtVec(c.impulse));
        }
        t.rows.push_back(row);
    }
    return t;
}

FigureTable makeRoundsTable(const PlusSceneRun& run) {
    FigureTable t;
    t.title = "Impact rounds";
    t.header = {"contact"};
    int rounds = 0;
    for (const ContactSpaceSample& s : run.trace.samples) rounds = std::max(rounds, s.round);
    for (int r = 1; r <= rounds; ++r) t.header.push_back("round " + std::to_string(r));
    t.header.push_back("final v_n [m/s]");
    for (int k = 0; k < run.problem.getContactCount(); ++k) {
        std::vector<std::string> row = {run.getContactName(k)};
        for (int r = 1; r <= rounds; ++r) {
            ContactPhase phase = ContactPhase::Observing;
            for (const ContactSpaceSample& s : run.trace.samples)
                if (s.round == r && s.contacts[k].phase != ContactPhase::Observing) phase = s.contacts[k].phase;
            row.push_back(toString(phase));
        }
        row.push_back(fmt(run.plus.getVelocityAfter(k).z(), 5));
        t.rows.push_back(row);
    }
    return t;
}

}  // namespace

IntervalGeometry calcIntervalGeometry(const Vec2& start, const Vec2& end, double alpha, double thetaMax) {
    IntervalGeometry g;
    g.start = start;
    g.alpha = alpha > 0.0 ? alpha : 1.0;
    // The velocity moves along start + alpha d (Uchida et al. eq. 2.12), so
    // the whole interval's change is the step taken over alpha.
    const Vec2 d = (end - start) / g.alpha;
    g.fullEnd = start + d;
    g.alphaCP = calcClosestPointStep(start, d);           // eq. 2.13
    g.alphaDC = calcDirectionChangeStep(start, d, thetaMax);   // eq. 2.14
    return g;
}

PlusSceneRun runPlusScene(const PlusScene& scene) {
    PlusSceneRun run;
    run.options = readPlusOptions(scene.plusOptions);
    switch (scene.example) {
        case PlusExample::BrickOnVertex:
        case PlusExample::BrickOnFourVertices: buildBrick(scene, run); break;
        case PlusExample::NewtonsCradle: buildCradle(scene, run); break;
        case PlusExample::TriplePendulum: buildPendulum(scene, run); break;
    }
    if (!scene.compliant.enabled && run.compliantSkipped.empty()) run.compliantSkipped = "switched off in the scene";
    const auto t0 = std::chrono::steady_clock::now();
    run.plus = guardContactSpaceResult(run.problem, solvePlus(run.problem, run.options, &run.trace));
    run.plusMilliseconds = msSince(t0);
    if (scene.example == PlusExample::NewtonsCradle) {
        PlusOptions other = run.options;
        other.impactModel = other.impactModel == PlusImpactModel::Sequential ? PlusImpactModel::Simultaneous
                                                                              : PlusImpactModel::Sequential;
        run.otherModel = guardContactSpaceResult(run.problem, solvePlus(run.problem, other));
    }
    return run;
}

PlusFigures makePlusFigures(const PlusSceneRun& run, int selectedInterval, int selectedContact) {
    PlusFigures f;
    f.tangentialVelocity = makeTangentialVelocity(run, selectedInterval);
    f.impulses = makeImpulses(run, selectedInterval);
    f.penetration = makePenetration(run);
    f.restitution = makeRestitution(run);
    f.intervalGeometry = makeIntervalGeometry(run, selectedInterval, selectedContact);
    f.intervals = makeIntervalTable(run);
    f.rounds = makeRoundsTable(run);
    f.timeLapse = makeTimeLapse(run);
    return f;
}

}  // namespace impactlab
