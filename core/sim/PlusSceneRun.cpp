#include "sim/PlusSceneRun.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>

#include "impact/LawGuard.h"
#include "impact/plus/Plus.h"
#include "laws/PlusLaw.h"
#include "mechanics/ImpactExamples.h"
#include "sim/CompliantChain.h"
#include "sim/DormandPrince.h"
#include "sim/CompliantExamples.h"

namespace impactlab {

namespace {

constexpr double kPendulumLinkRadius = 0.1;        // m, Example 4's cylinders
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
    ChainState s{Eigen::Vector3d(p.calcAbsoluteReleaseTheta()), Eigen::Vector3d(p.calcAbsoluteReleaseRates())};
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
    std::ostringstream message;
    message << "the end sphere does not reach the ground within " << kMaxFlightTime << " s of flight";
    throw InputError("example.release_theta", message.str());
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

}  // namespace

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

}  // namespace impactlab
