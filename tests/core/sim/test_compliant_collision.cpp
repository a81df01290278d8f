// The compliant collision integrated through the contact: closed forms of
// Hertz and Hunt-Crossley for a sphere dropped on a plane, momentum and energy
// balances, events, budgets and input errors.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/CompliantCollision.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Events are located on the dense output to ~relTol; 1e-6 is well above that.
constexpr double kEventRelTol = 1e-6;
// An elastic bounce returns speed and energy to the integrator's tolerance.
constexpr double kElasticRelTol = 1e-7;
// The closed form is exact for this 1-D motion; 1e-6 covers the integration error at relTol 1e-11.
constexpr double kDampedRelTol = 1e-6;
// s: sample times k * 1e-5 s, one rounding.
constexpr double kSampleTimeTol = 1e-15;

// Tight integration for the closed-form comparisons: the integrator's own
// error is then far below the tolerances the tests state.
CompliantOptions makeTightOptions() {
    CompliantOptions o;
    o.relativeTolerance = 1e-11;
    o.absoluteTolerance = 1e-14;
    return o;
}

constexpr double kBallMass = 1.5;  // kg

// A ball of radius r and mass m just touching the ground z = 0, falling at speed v.
CompliantSystem makeBallDrop(double v, double dissipation, double mu = 0.0, Vec3 tangential = Vec3::Zero()) {
    CompliantSystem sys;
    RigidBody ball;
    ball.mass = kBallMass;
    ball.principalInertia = Vec3::Constant(0.4 * kBallMass * 0.1 * 0.1);
    ball.position = Vec3(0.3, -0.2, 0.1);
    ball.velocity = Vec3(0, 0, -v) + tangential;
    sys.bodies.push_back(ball);
    CompliantSphere s;
    s.radius = 0.1;
    s.material = CompliantMaterial{2e9, 0.3, dissipation};
    sys.spheres.push_back(s);
    CompliantPlane ground;
    ground.material = s.material;
    sys.planes.push_back(ground);
    CompliantPair pair;
    pair.sphere1 = 0;
    pair.plane = 0;
    pair.friction = CompliantFriction::makeCoulomb(mu);
    sys.contacts.push_back(pair);
    return sys;
}

// Hunt & Crossley's restitution for a point mass: dividing m v dv/d(delta) =
// -K delta^{3/2} (1 + a v) (a = 3c/2) by (1 + a v) and integrating through
// compression and expansion gives, independent of K and m,
//   a v_in - ln(1 + a v_in) = -a v_out - ln(1 - a v_out).
// Solved for v_out by bisection (the right side increases on [0, 1/a)).
double calcHuntCrossleyReboundSpeed(double vIn, double c) {
    const double a = 1.5 * c;
    const double target = a * vIn - std::log1p(a * vIn);
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 200; ++i) {
        const double w = 0.5 * (lo + hi);
        ((-w - std::log1p(-w)) < target ? lo : hi) = w;
    }
    return 0.5 * (lo + hi) / a;
}


TEST(CompliantCollision, ElasticSphereDropMatchesHertzPeakPenetrationAndContactTime) {
    const double v = 3.0;
    const CompliantSystem sys = makeBallDrop(v, 0.0);
    const CompliantResult r = simulateCompliantCollision(sys, makeTightOptions());
    ASSERT_EQ(r.status, CompliantStatus::Separated);
    // Hertz: (1/2) m v^2 = (2/5) K delta_max^{5/2}; contact time
    // t_c = (4/5) B(2/5, 1/2) delta_max / v from the energy integral.
    const double E = calcEffectiveModulus(sys.spheres[0].material, sys.planes[0].material);
    const double K = calcHertzStiffness(0.1, E);
    const double m = sys.bodies[0].mass;
    const double deltaMax = std::pow(1.25 * m * v * v / K, 0.4);
    const double beta = std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
    const double contactTime = 0.8 * beta * deltaMax / v;
    double touch = -1, separation = -1, peak = -1;
    for (const CompliantEvent& e : r.events) {
        if (e.kind == CompliantEventKind::Touch && touch < 0) touch = e.time;
        if (e.kind == CompliantEventKind::Separation) separation = e.time;
        if (e.kind == CompliantEventKind::EndOfCompression) peak = e.state.penetration;
    }
    // The ball starts just touching: the touch is located at t = 0 (to the
    // bisection's resolution of the tiny first step).
    EXPECT_GE(touch, 0.0);
    EXPECT_LT(touch, 1e-12);
    // Events are located on the dense output to ~relTol: 1e-6 is well above that.
    EXPECT_NEAR(peak, deltaMax, kEventRelTol * deltaMax);
    EXPECT_NEAR(r.contacts[0].maxPenetration, deltaMax, kEventRelTol * deltaMax);
    EXPECT_NEAR(separation - touch, contactTime, kEventRelTol * contactTime);
    // No dissipation: it leaves with the speed it came with.
    EXPECT_NEAR(r.bodies[0].velocity.z(), v, kElasticRelTol * v);
    EXPECT_NEAR(r.kineticEnergyAfter, r.kineticEnergyBefore, kElasticRelTol * r.kineticEnergyBefore);
}

TEST(CompliantCollision, FrictionlessDropReboundsWithTheHuntCrossleyRestitution) {
    for (double c : {0.05, 0.26, 0.6}) {
        for (double v : {0.5, 5.74}) {
            const CompliantResult r = simulateCompliantCollision(makeBallDrop(v, c), makeTightOptions());
            ASSERT_EQ(r.status, CompliantStatus::Separated);
            const double expected = calcHuntCrossleyReboundSpeed(v, c);
            // The closed form is exact for this 1-D motion; 1e-6 covers the
            // integration error at relTol 1e-11 with a wide margin.
            EXPECT_NEAR(r.bodies[0].velocity.z(), expected, kDampedRelTol * v) << "c " << c << " v " << v;
            EXPECT_NEAR(r.contacts[0].worldImpulse.z(), kBallMass * (expected + v), kDampedRelTol * v * kBallMass);
        }
    }
}


// Two free balls of different size and mass meeting obliquely with spin and
// friction: no external force, so momentum is conserved.
CompliantSystem makeTwoBallCollision(double mu, double c) {
    CompliantSystem sys;
    RigidBody a, b;
    a.mass = 2.0;
    a.principalInertia = Vec3::Constant(0.4 * 2.0 * 0.15 * 0.15);
    a.position = Vec3(0.0, 0.0, 0.0);
    a.velocity = Vec3(1.5, 0.7, -0.4);
    a.angularVelocity = Vec3(3.0, -8.0, 5.0);
    b.mass = 0.7;
    b.principalInertia = Vec3(0.004, 0.005, 0.006);  // not a sphere's: exercises the gyroscopic term
    b.orientation = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
    const Vec3 dir = Vec3(1.0, 0.3, -0.2).normalized();
    b.position = (0.15 + 0.08) * dir;
    b.velocity = Vec3(-2.0, 0.1, 0.3);
    b.angularVelocity = Vec3(-4.0, 2.0, 10.0);
    sys.bodies = {b, a};  // body 1 is b: the normal points from a into b
    CompliantSphere sb, sa;
    sb.body = 0;
    sb.radius = 0.08;
    sb.material = CompliantMaterial{1e9, 0.25, c};
    sa.body = 1;
    sa.radius = 0.15;
    sa.material = CompliantMaterial{5e9, 0.3, c};
    sys.spheres = {sb, sa};
    CompliantPair pair;
    pair.kind = CompliantPairKind::SphereSphere;
    pair.sphere1 = 0;
    pair.sphere2 = 1;
    pair.friction = CompliantFriction::makeCoulomb(mu);
    sys.contacts.push_back(pair);
    return sys;
}

Vec3 calcTotalLinearMomentum(const std::vector<RigidBody>& bodies) {
    Vec3 p = Vec3::Zero();
    for (const RigidBody& b : bodies) p += b.calcLinearMomentum();
    return p;
}

Vec3 calcTotalAngularMomentum(const std::vector<RigidBody>& bodies) {
    Vec3 l = Vec3::Zero();
    for (const RigidBody& b : bodies) l += b.calcAngularMomentum(Vec3::Zero());
    return l;
}


TEST(CompliantCollision, FreeBodiesConserveLinearAndAngularMomentum) {
    const CompliantSystem sys = makeTwoBallCollision(0.4, 0.3);
    const CompliantResult r = simulateCompliantCollision(sys, makeTightOptions());
    ASSERT_EQ(r.status, CompliantStatus::Separated);
    ASSERT_TRUE(r.contacts[0].touched);
    ASSERT_GT(r.contacts[0].worldImpulse.norm(), 0.1);  // a real collision
    // Equal and opposite forces at one point in every stage: linear momentum is
    // exact up to round-off (1e-12 of the momentum scale).
    const Vec3 p0 = calcTotalLinearMomentum(sys.bodies), p1 = calcTotalLinearMomentum(r.bodies);
    EXPECT_LT((p1 - p0).norm(), 1e-12 * (sys.bodies[0].mass * 2.0 + sys.bodies[1].mass * 2.0));
    // Angular momentum depends on integrating Euler's equations: integration
    // accuracy (relTol 1e-11) over a few hundred steps, so 1e-8 relative.
    const Vec3 l0 = calcTotalAngularMomentum(sys.bodies), l1 = calcTotalAngularMomentum(r.bodies);
    EXPECT_LT((l1 - l0).norm(), 1e-8 * l0.norm());
    // Each body's momentum changes by the contact impulse (on body 1, opposite on body 2).
    const Vec3 P = r.contacts[0].worldImpulse;
    EXPECT_LT((r.bodies[0].calcLinearMomentum() - sys.bodies[0].calcLinearMomentum() - P).norm(), 1e-8 * P.norm());
    EXPECT_LT((r.bodies[1].calcLinearMomentum() - sys.bodies[1].calcLinearMomentum() + P).norm(), 1e-8 * P.norm());
    // The impulse pushes body 1 away from body 2 (repulsive normal component).
    EXPECT_GT(r.contacts[0].impulse.z(), 0.0);
}

TEST(CompliantCollision, GroundImpulseEqualsTheMomentumChange) {
    const CompliantSystem sys = makeBallDrop(4.0, 0.26, 0.3, Vec3(2.0, -1.0, 0.0));
    const CompliantResult r = simulateCompliantCollision(sys, makeTightOptions());
    ASSERT_EQ(r.status, CompliantStatus::Separated);
    const Vec3 dp = r.bodies[0].calcLinearMomentum() - sys.bodies[0].calcLinearMomentum();
    const Vec3 P = r.contacts[0].worldImpulse;
    // Both are integrated state components: equal to the integration accuracy.
    EXPECT_LT((dp - P).norm(), 1e-8 * P.norm());
    // For the ground frame (n = z) the local impulse is the world one.
    EXPECT_LT((r.contacts[0].impulse - P).norm(), 1e-8 * P.norm());
    // Friction opposed the slip: the tangential impulse points against (2, -1).
    EXPECT_LT(P.head<2>().dot(Vec2(2.0, -1.0)), 0.0);
    // ... and stayed inside the Coulomb cone.
    EXPECT_LE(P.head<2>().norm(), 0.3 * P.z() * (1.0 + 1e-9));
}

TEST(CompliantCollision, MechanicalEnergyNeverIncreasesWithDissipationAndFriction) {
    for (double c : {0.0, 0.26}) {
        const CompliantSystem sys = makeTwoBallCollision(0.4, c);
        const CompliantResult r = simulateCompliantCollision(sys, makeTightOptions());
        ASSERT_EQ(r.status, CompliantStatus::Separated);
        ASSERT_GT(r.samples.size(), 10u);
        const double e0 = r.samples.front().kineticEnergy + r.samples.front().elasticEnergy;
        double previous = e0;
        for (const CompliantSample& s : r.samples) {
            const double e = s.kineticEnergy + s.elasticEnergy;
            // Hunt-Crossley damping and friction only take energy; the
            // integrator may add at most its local error per step (1e-9 of e0).
            EXPECT_LE(e, previous + 1e-9 * e0) << "t " << s.time << " c " << c;
            previous = std::min(previous, e);
        }
        EXPECT_LT(r.kineticEnergyAfter, r.kineticEnergyBefore);  // friction always dissipates here
    }
}

TEST(CompliantCollision, ReportsTimeHistoryAndDenseSamples) {
    CompliantOptions o = makeTightOptions();
    o.sampleInterval = 1e-5;
    o.recordSteps = false;
    const CompliantResult r = simulateCompliantCollision(makeBallDrop(2.0, 0.26), o);
    ASSERT_EQ(r.status, CompliantStatus::Separated);
    ASSERT_GT(r.samples.size(), 3u);
    for (size_t k = 0; k < r.samples.size(); ++k) {
        EXPECT_NEAR(r.samples[k].time, 1e-5 * static_cast<double>(k), kSampleTimeTol);
        ASSERT_EQ(r.samples[k].contacts.size(), 1u);
        ASSERT_EQ(r.samples[k].bodies.size(), 1u);
    }
    // The accumulated normal impulse never decreases (the force never pulls).
    for (size_t k = 1; k < r.samples.size(); ++k)
        EXPECT_GE(r.samples[k].contacts[0].impulse.z(), r.samples[k - 1].contacts[0].impulse.z() - 1e-12);

    // Accepted steps with three interpolated samples inside each: in time order,
    // and the samples at steps are the ones not marked interpolated.
    o = makeTightOptions();
    o.interpolatedSamplesPerStep = 3;
    const CompliantResult s = simulateCompliantCollision(makeBallDrop(2.0, 0.26), o);
    ASSERT_EQ(s.status, CompliantStatus::Separated);
    int atSteps = 0;
    for (size_t k = 0; k < s.samples.size(); ++k) {
        if (!s.samples[k].interpolated) ++atSteps;
        if (k > 0) {
            EXPECT_GT(s.samples[k].time, s.samples[k - 1].time);
        }
    }
    EXPECT_EQ(atSteps, s.acceptedSteps + 1);  // plus the initial state
    EXPECT_EQ(s.samples.size(), static_cast<size_t>(4 * s.acceptedSteps + 1));
}

TEST(CompliantCollision, BudgetsEndTheRunWithAStatusAndAWarning) {
    const CompliantSystem sys = makeTwoBallCollision(0.4, 0.26);
    CompliantOptions steps;
    steps.maxSteps = 20;
    CompliantResult r = simulateCompliantCollision(sys, steps);
    EXPECT_EQ(r.status, CompliantStatus::StepBudgetExceeded);
    EXPECT_FALSE(r.warnings.empty());
    EXPECT_TRUE(r.bodies[0].velocity.allFinite());

    // Absurd tolerances: the controller shrinks the step without end; the step
    // budget (or the step-size floor) stops it promptly, never a hang.
    CompliantOptions absurd;
    absurd.relativeTolerance = 1e-300;
    absurd.absoluteTolerance = 1e-300;
    absurd.maxSteps = 5000;
    r = simulateCompliantCollision(sys, absurd);
    EXPECT_TRUE(r.status == CompliantStatus::StepBudgetExceeded || r.status == CompliantStatus::StepSizeUnderflow)
        << toString(r.status);
    EXPECT_FALSE(r.warnings.empty());
    EXPECT_TRUE(r.bodies[1].velocity.allFinite());

    CompliantOptions time;
    time.maxDuration = 1e-6;  // s, far shorter than the ~0.3 ms collision
    r = simulateCompliantCollision(sys, time);
    EXPECT_EQ(r.status, CompliantStatus::TimeBudgetExceeded);
    EXPECT_LE(r.endTime, 1e-6 * (1 + 1e-9));
    EXPECT_FALSE(r.warnings.empty());

    CompliantOptions floor;
    floor.minStep = 1.0;  // s, no step can be that long here
    floor.maxStep = 0.5;
    r = simulateCompliantCollision(sys, floor);
    EXPECT_EQ(r.status, CompliantStatus::StepSizeUnderflow);
}

TEST(CompliantCollision, BadInputIsRefusedByName) {
    CompliantSystem sys = makeTwoBallCollision(0.4, 0.26);
    CompliantOptions o;
    o.relativeTolerance = -1.0;
    try {
        simulateCompliantCollision(sys, o);
        FAIL() << "negative tolerance accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "options.relative_tolerance");
    }
    sys.contacts[0].sphere2 = 7;
    try {
        simulateCompliantCollision(sys);
        FAIL() << "bad sphere index accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "contacts[0].sphere2");
    }
    sys = makeTwoBallCollision(0.4, 0.26);
    sys.spheres[1].body = 0;  // both spheres on one body
    EXPECT_THROW(simulateCompliantCollision(sys), InputError);
    sys = makeTwoBallCollision(0.4, 0.26);
    sys.bodies[1].orientation = Quat(0, 0, 0, 0);
    try {
        simulateCompliantCollision(sys);
        FAIL() << "zero quaternion accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "bodies[1].orientation");
    }
    sys = makeTwoBallCollision(0.4, 0.26);
    sys.bodies[0].mass = -2.0;
    try {
        simulateCompliantCollision(sys);
        FAIL() << "negative mass accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "bodies[0].mass");
    }
}

TEST(CompliantCollision, TumblingBodyKeepsItsAngularMomentumThroughFlightAndBounce) {
    // An asymmetric body tumbling under gravity, its sphere centred on the
    // centre of mass: neither gravity nor the contact force has a moment about
    // it, so the world angular momentum I_w omega and the rotational energy are
    // constant through ~0.45 s of flight (about three radians of tumbling) and
    // the bounce. A wrong quaternion rate or Euler equation breaks both.
    CompliantSystem sys;
    RigidBody body;
    body.mass = 2.0;
    body.principalInertia = Vec3(0.167, 0.133, 0.0867);
    body.orientation = Quat(Eigen::AngleAxisd(0.4, Vec3(1, -1, 2).normalized()));
    body.position = Vec3(0, 0, 1.0);
    body.angularVelocity = Vec3(3.0, 0.2, 5.0);
    sys.bodies.push_back(body);
    sys.spheres.push_back(CompliantSphere{0, Vec3::Zero(), 0.1, CompliantMaterial{}});
    sys.planes.push_back(CompliantPlane{});
    CompliantPair pair;
    pair.plane = 0;
    pair.friction = CompliantFriction::makeCoulomb(0.0);
    sys.contacts.push_back(pair);
    sys.gravity = Vec3(0, 0, -9.81);
    // The ball starts 0.9 m above the ground: separated but closing once it falls.
    sys.bodies[0].velocity = Vec3(0, 0, -0.1);
    const CompliantResult r = simulateCompliantCollision(sys, makeTightOptions());
    ASSERT_EQ(r.status, CompliantStatus::Separated);
    ASSERT_GT(r.endTime, 0.4);
    ASSERT_TRUE(r.contacts[0].touched);
    EXPECT_GT(r.bodies[0].velocity.z(), 0.0);  // it bounced
    const Vec3 l0 = body.calcWorldInertia() * body.angularVelocity;
    const Vec3 l1 = r.bodies[0].calcWorldInertia() * r.bodies[0].angularVelocity;
    // relTol 1e-11 per step over a few thousand steps: 1e-7 relative.
    EXPECT_LT((l1 - l0).norm(), 1e-7 * l0.norm());
    const double e0 = 0.5 * body.angularVelocity.dot(l0), e1 = 0.5 * r.bodies[0].angularVelocity.dot(l1);
    EXPECT_NEAR(e1, e0, kElasticRelTol * e0);
    EXPECT_GT((r.bodies[0].orientation.coeffs() - body.orientation.coeffs()).norm(), 0.1);  // it did tumble
}
}}  // namespace
