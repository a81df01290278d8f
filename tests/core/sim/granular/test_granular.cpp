// Impulse-velocity time stepping of spheres (Preclik,
// Eibl & Ruede sec. 3.1, reference note C.1.7): physical facts of the stepper
// on small worlds, each with its tolerance stated.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "mechanics/Types.h"
#include "mechanics/ContactFrame.h"
#include "sim/granular/GranularPhases.h"
#include "sim/granular/GranularWorld.h"
#include "sim/granular/SettlingBox.h"

namespace impactlab::granular {
namespace { namespace IMPACTLAB_UNITY_ID {

constexpr double kRadius = 0.005;        // m, the settling box's spheres (d = 0.01 m)
constexpr double kDensity = 2650.0;      // kg/m^3

// s: 2e5 steps of 1e-4 s summed in double.
constexpr double kTimeTol = 1e-9;
const double kMass = kDensity * 4.0 / 3.0 * EIGEN_PI * kRadius * kRadius * kRadius;

Sphere makeSphere(const Vec3& x, const Vec3& v = Vec3::Zero(), const Vec3& w = Vec3::Zero()) {
    Sphere s;
    s.position = x;
    s.velocity = v;
    s.angularVelocity = w;
    s.radius = kRadius;
    s.mass = kMass;
    return s;
}

Plane makeFloor() { return Plane{Vec3::UnitZ(), 0.0, Vec3::Zero()}; }

void run(GranularWorld& w, int steps) {
    for (int k = 0; k < steps; ++k) w.step();
}

TEST(GranularStepper, DroppedSphereComesToRestAndStays) {
    GranularWorld w;
    w.spheres = {makeSphere(Vec3(0, 0, 0.02))};
    w.planes = {makeFloor()};
    run(w, 5000);   // 0.5 s: falls 15 mm, lands, stops (purely inelastic)
    const double zRest = kRadius;
    // Resting: no drift through or off the floor over the next 0.5 s.
    constexpr double kDriftTol = 1e-9;      // m
    constexpr double kRestSpeedTol = 1e-9;  // m/s
    for (int k = 0; k < 5000; ++k) {
        w.step();
        ASSERT_NEAR(w.spheres[0].position.z(), zRest, kDriftTol) << "step " << k;
    }
    EXPECT_LT(w.spheres[0].velocity.norm(), kRestSpeedTol);
    EXPECT_LT(w.spheres[0].angularVelocity.norm() * kRadius, kRestSpeedTol);
}

// At rest for long, a sphere neither sinks into nor creeps
// off the floor. 20 s is 200,000 steps: a drift of one round-off (1e-19 m
// at z = 5 mm) per step would add up to 2e-14 m; the bound allows 1e-12 m.
TEST(GranularStepper, RestingSphereDoesNotDriftOverTwentySeconds) {
    GranularWorld w;
    w.spheres = {makeSphere(Vec3(0.01, -0.02, kRadius))};
    w.planes = {makeFloor()};
    constexpr double kDriftTol = 1e-12;   // m
    for (int k = 0; k < 200000; ++k) w.step();
    EXPECT_NEAR(w.spheres[0].position.z(), kRadius, kDriftTol);
    EXPECT_NEAR(w.spheres[0].position.x(), 0.01, kDriftTol);
    EXPECT_NEAR(w.spheres[0].position.y(), -0.02, kDriftTol);
    EXPECT_NEAR(w.time(), 20.0, kTimeTol);
}

TEST(GranularStepper, OneCollidingPairGetsTheAnalyticImpulse) {
    GranularWorld w;
    w.options.gravity = Vec3::Zero();
    w.options.friction = 0.3;
    const Vec3 n = Vec3(1, 0.2, -0.1).normalized();
    const Vec3 xb(0.1, 0.1, 0.1);
    w.spheres = {makeSphere(xb + 2 * kRadius * n, Vec3(-0.8, 0.3, 0.1), Vec3(5, -3, 2)),
                 makeSphere(xb, Vec3(0.2, -0.1, 0.05), Vec3(-1, 4, 0))};
    const GranularWorld before = w;
    const StepStatistics stats = w.step();
    ASSERT_EQ(stats.contacts, 1);
    // The same subproblem solved directly: W from the two spheres at the
    // touching point, v- their relative velocity there.
    const ContactFrame f = ContactFrame::makeFromNormal(n);
    auto pointW = [](const Sphere& s, const Vec3& r) {
        const double invI = 1.0 / (0.4 * s.mass * s.radius * s.radius);
        Mat3 R;
        R << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
        return Mat3(Mat3::Identity() / s.mass - invI * R * R);
    };
    const Sphere& a = before.spheres[0];
    const Sphere& b = before.spheres[1];
    const Vec3 ra = -kRadius * n, rb = kRadius * n;
    const Mat3 W = f.axes.transpose() * (pointW(a, ra) + pointW(b, rb)) * f.axes;
    const Vec3 v = f.axes.transpose() * (a.velocity + a.angularVelocity.cross(ra) - b.velocity - b.angularVelocity.cross(rb));
    const Vec3 expected = f.axes * calcMaxDissipationImpulse(W, v, 0.3).impulse;
    const Vec3 got = kMass * (w.spheres[0].velocity - a.velocity);
    constexpr double kImpulseRelTol = 1e-12;
    EXPECT_LT((got - expected).norm(), kImpulseRelTol * expected.norm()) << got.transpose() << " vs " << expected.transpose();
    EXPECT_GT(expected.dot(n), 0.0);
}

// The stepper's closed form for a sphere contact (W = diag(wt, wt, wn)) is
// the general analytic kernel of Fig. 5 (and the general Coulomb solver) fed
// the full 3 x 3 W of the two spheres at their contact point: random radii,
// masses, normals, velocities and friction, both sticking and sliding.
TEST(GranularStepper, SphereContactClosedFormIsTheGeneralKernel) {
    std::mt19937 rng(28);
    std::uniform_real_distribution<double> u(-1.0, 1.0), share(0.5, 2.0), mu(0.0, 1.0);
    auto pointW = [](const Sphere& s, const Vec3& r) {
        const double invI = 1.0 / (kSolidSphereInertiaShare * s.mass * s.radius * s.radius);
        const Mat3 R = makeCrossMatrix(r);
        return Mat3(Mat3::Identity() / s.mass - invI * R * R);
    };
    constexpr double kImpulseRelTol = 1e-12;
    const double kImpulseScale = kMass * 1.0;   // N s, a sphere at 1 m/s: the scale where the expected impulse is zero
    constexpr int kCases = 400;
    int sticking = 0, sliding = 0;
    for (int k = 0; k < kCases; ++k) {
        GranularWorld w;
        w.options.friction = mu(rng);
        w.options.model = k % 2 ? FrictionModel::Coulomb : FrictionModel::MaxDissipation;
        const Vec3 n = Vec3(u(rng), u(rng), u(rng)).normalized();
        Sphere a = makeSphere(Vec3::Zero(), Vec3(u(rng), u(rng), u(rng)), 50.0 * Vec3(u(rng), u(rng), u(rng)));
        Sphere b = makeSphere(Vec3::Zero(), Vec3(u(rng), u(rng), u(rng)), 50.0 * Vec3(u(rng), u(rng), u(rng)));
        a.radius *= share(rng);
        b.radius *= share(rng);
        a.mass *= share(rng);
        b.mass *= share(rng);
        b.position = Vec3(0.1, 0.2, 0.3);
        a.position = b.position + (a.radius + b.radius) * n;
        w.spheres = {a, b};
        double deepest = 0.0;
        phases::ContactList contacts = phases::detectContacts(w, 2, deepest);
        ASSERT_EQ(contacts.size(), 1u);
        phases::prepareContacts(w, 2, contacts);
        const phases::Contact& c = contacts.front();
        const Vec3 ra = -c.leverA * c.normal, rb = c.leverB * c.normal;
        const Vec3 v = a.velocity + a.angularVelocity.cross(ra) - b.velocity - b.angularVelocity.cross(rb);
        const Vec3 got = phases::solveContact(w.options, c, v);
        // The general kernels, in a frame of the contact's own normal, with
        // the (round-off) gap's bias folded into v_n as the stepper does.
        const Mat3 F = ContactFrame::makeFromNormal(c.normal).axes;
        const Mat3 W = F.transpose() * (pointW(a, ra) + pointW(b, rb)) * F;
        const double xiRate = c.gap / w.options.timeStep;
        const Vec3 vLocal = F.transpose() * v + Vec3(0, 0, w.options.errorReduction * std::min(0.0, xiRate) + std::max(0.0, xiRate));
        Vec3 expected = Vec3::Zero();
        if (w.options.model == FrictionModel::MaxDissipation) {
            const MaxDissipationSolution sol = calcMaxDissipationImpulse(W, vLocal, w.options.friction);
            expected = F * sol.impulse;
            sticking += sol.branch == MaxDissipationBranch::Sticking;
            sliding += sol.branch == MaxDissipationBranch::ConicBoundary;
        } else {
            const CoulombSolutionSet set = findCoulombInelasticSolutions(W, vLocal, w.options.friction);
            if (!set.solutions.empty()) expected = F * set.solutions.front().impulse;
        }
        EXPECT_LE((got - expected).norm(), kImpulseRelTol * std::max(expected.norm(), kImpulseScale))
            << "case " << k << ": " << got.transpose() << " vs " << expected.transpose();
    }
    EXPECT_GT(sticking, 0);
    EXPECT_GT(sliding, 0);
}

GranularWorld makeCloud(std::uint32_t seed, int count) {
    GranularWorld w;
    w.options.gravity = Vec3::Zero();
    w.options.errorReduction = 0.0;   // no separation work: energy may only fall
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-0.5, 0.5);
    const int side = 4;
    for (int k = 0; k < count; ++k) {
        const Vec3 x(k % side, (k / side) % side, k / (side * side));
        w.spheres.push_back(makeSphere(2.2 * kRadius * x, Vec3(u(rng), u(rng), u(rng)), 20.0 * Vec3(u(rng), u(rng), u(rng))));
    }
    return w;
}

TEST(GranularStepper, FreeCloudKeepsMomentumAndNeverGainsEnergy) {
    for (const SweepKind sweep : {SweepKind::GaussSeidel, SweepKind::Jacobi}) {
        GranularWorld w = makeCloud(7, 32);
        w.options.sweep = sweep;
        const Vec3 p0 = w.calcLinearMomentum();
        const Vec3 L0 = w.calcAngularMomentum();
        double e = w.calcKineticEnergy();
        const double e0 = e;
        int contacts = 0;
        for (int k = 0; k < 400; ++k) {
            contacts += w.step().contacts;
            const double next = w.calcKineticEnergy();
            constexpr double kEnergyRoundOffRel = 1e-12;
            ASSERT_LE(next, e * (1 + kEnergyRoundOffRel)) << "step " << k;
            e = next;
        }
        EXPECT_GT(contacts, 0) << "the cloud must collide for the test to mean anything";
        EXPECT_LT(e, e0);
        constexpr double kMomentumRelTol = 1e-12;
        EXPECT_LT((w.calcLinearMomentum() - p0).norm(), kMomentumRelTol * kMass * 32);
        EXPECT_LT((w.calcAngularMomentum() - L0).norm(), kMomentumRelTol * kMass * 32);
    }
}

TEST(GranularStepper, ColumnOfSpheresStands) {
    GranularWorld w;
    w.planes = {makeFloor()};
    const int height = 6;
    for (int k = 0; k < height; ++k) w.spheres.push_back(makeSphere(Vec3(0, 0, kRadius * (1 + 2 * k))));
    run(w, 10000);   // 1 s
    constexpr double kSinkTol = 1e-6;   // m: the column may settle by round-off only
    for (int k = 0; k < height; ++k) {
        EXPECT_NEAR(w.spheres[k].position.z(), kRadius * (1 + 2 * k), kSinkTol) << k;
        EXPECT_LT(w.spheres[k].position.head<2>().norm(), kSinkTol) << k;
    }
}

TEST(GranularStepper, NothingEscapesAClosedBox) {
    GranularWorld w = makeCloud(11, 27);
    w.options.gravity = Vec3(0, 0, -9.81);
    w.options.errorReduction = 0.2;
    const double half = 0.03;
    for (int a = 0; a < 3; ++a)
        for (const double s : {1.0, -1.0}) {
            Vec3 n = Vec3::Zero();
            n(a) = s;
            w.planes.push_back(Plane{n, -half, Vec3::Zero()});   // n.x >= -half
        }
    for (Sphere& s : w.spheres) {
        s.position -= Vec3::Constant(0.01);
        s.velocity *= 4.0;   // 2 m/s: many wall impacts
    }
    run(w, 3000);
    constexpr double kPenetrationTol = 1e-4;   // m: the gap term keeps overlaps below a hundredth of d
    for (const Sphere& s : w.spheres)
        EXPECT_LE(s.position.cwiseAbs().maxCoeff() + kRadius, half + kPenetrationTol) << s.position.transpose();
}

TEST(GranularStepper, FrictionlessModelsAgree) {
    GranularWorld a = makeCloud(3, 20);
    a.options.friction = 0.0;
    a.planes = {Plane{Vec3::UnitZ(), -0.001, Vec3::Zero()}};
    a.options.gravity = Vec3(0, 0, -9.81);
    GranularWorld b = a;
    a.options.model = FrictionModel::MaxDissipation;
    b.options.model = FrictionModel::Coulomb;
    constexpr double kStateTol = 1e-12;   // m, m/s: the same impulses to round-off
    for (int k = 0; k < 300; ++k) {
        a.step();
        b.step();
    }
    for (std::size_t i = 0; i < a.spheres.size(); ++i) {
        EXPECT_LT((a.spheres[i].position - b.spheres[i].position).norm(), kStateTol);
        EXPECT_LT((a.spheres[i].velocity - b.spheres[i].velocity).norm(), kStateTol);
    }
}

// With mu = 0 the two kernels take the same step in a dense pile too: walls,
// floor and many contacts per sphere (the settling box after 0.1 s).
TEST(GranularStepper, FrictionlessModelsTakeTheSameStepInAPile) {
    GranularWorld a = makeSettlingBox(343);
    a.options.friction = 0.0;
    for (int k = 0; k < 1000; ++k) a.step();
    GranularWorld b = a;
    b.options.model = FrictionModel::Coulomb;
    const StepStatistics sa = a.step(), sb = b.step();
    ASSERT_GT(sa.contacts, 343) << "a pile: more contacts than spheres";
    EXPECT_EQ(sa.contacts, sb.contacts);
    // The same normal impulses summed alike: the velocities agree to
    // round-off; without friction nothing spins beyond the round-off of a
    // lever r x P whose P is normal to the sphere up to the last bit.
    constexpr double kRoundOffTol = 1e-12;   // m/s
    double velocityGap = 0.0, spin = 0.0;
    for (std::size_t i = 0; i < a.spheres.size(); ++i) {
        velocityGap = std::max(velocityGap, (a.spheres[i].velocity - b.spheres[i].velocity).norm());
        spin = std::max(spin, kRadius * a.spheres[i].angularVelocity.norm());
    }
    EXPECT_LT(velocityGap, kRoundOffTol);
    EXPECT_LT(spin, kRoundOffTol);
}

TEST(GranularStepper, ForSpheresTheModelsCoincideEvenWithFriction) {
    // A sphere's lever arm at a contact is along the normal, so its W in the
    // contact frame is diag(k_t, k_t, k_n): the plane of maximum compression
    // is the tangent plane and the maximum-dissipation impulse opposes the
    // slip, which is Coulomb's law. The models may differ only by round-off
    // (the paper's Table 2 differs by 5e-5 relative); the chaos of a cloud
    // amplifies it, so the run is kept short.
    GranularWorld a = makeCloud(5, 20);
    a.options.friction = 0.4;
    GranularWorld b = a;
    b.options.model = FrictionModel::Coulomb;
    int contacts = 0;
    for (int k = 0; k < 60; ++k) {
        contacts += a.step().contacts;
        b.step();
    }
    ASSERT_GT(contacts, 0);
    constexpr double kRoundOffTol = 1e-10;   // m/s
    for (std::size_t i = 0; i < a.spheres.size(); ++i) {
        EXPECT_LT((a.spheres[i].velocity - b.spheres[i].velocity).norm(), kRoundOffTol) << i;
        EXPECT_LT(kRadius * (a.spheres[i].angularVelocity - b.spheres[i].angularVelocity).norm(), kRoundOffTol) << i;
    }
}

TEST(GranularStepper, SlidingSphereEndsRollingAtFiveSevenths) {
    // A solid sphere sliding on the floor at v0 rolls once friction has
    // brought its slip to zero: v = 5/7 v0, w r = v (impulse-momentum about
    // the contact point), and then rolls on without loss.
    GranularWorld w;
    const double v0 = 0.05;
    w.spheres = {makeSphere(Vec3(0, 0, kRadius), Vec3(v0, 0, 0))};
    w.planes = {makeFloor()};
    run(w, 3000);
    constexpr double kRollTol = 1e-9;   // m/s
    EXPECT_NEAR(w.spheres[0].velocity.x(), 5.0 / 7.0 * v0, kRollTol);
    EXPECT_NEAR(w.spheres[0].angularVelocity.y() * kRadius, 5.0 / 7.0 * v0, kRollTol);
    EXPECT_NEAR(w.spheres[0].position.z(), kRadius, kRollTol);
}

TEST(GranularStepper, RunsAreDeterministic) {
    GranularWorld a = makeCloud(9, 30);
    a.options.gravity = Vec3(0, 0, -9.81);
    a.planes = {makeFloor()};
    GranularWorld b = a;
    run(a, 500);
    run(b, 500);
    for (std::size_t i = 0; i < a.spheres.size(); ++i) {
        EXPECT_EQ(a.spheres[i].position, b.spheres[i].position);
        EXPECT_EQ(a.spheres[i].velocity, b.spheres[i].velocity);
    }
}

TEST(GranularStepper, SpheresRestOnABoxAndACylinder) {
    GranularWorld w;
    w.boxes = {Box{Vec3(0, 0, 0.01), Vec3(0.02, 0.02, 0.01)}};
    w.cylinders = {Cylinder{Vec3(0.1, 0, 0.01), Vec3::UnitZ(), 0.02, 0.01}};
    w.spheres = {makeSphere(Vec3(0.005, 0.003, 0.02 + kRadius + 0.002)), makeSphere(Vec3(0.1, 0.004, 0.02 + kRadius + 0.002))};
    run(w, 5000);
    constexpr double kRestTol = 1e-6;   // m
    EXPECT_NEAR(w.spheres[0].position.z(), 0.02 + kRadius, kRestTol);
    EXPECT_NEAR(w.spheres[1].position.z(), 0.02 + kRadius, kRestTol);
    EXPECT_LT(w.spheres[0].velocity.norm() + w.spheres[1].velocity.norm(), 1e-9);
}

TEST(GranularStepper, BadInputNamesTheField) {
    GranularWorld w;
    w.spheres = {makeSphere(Vec3::Zero())};
    w.spheres[0].radius = -1.0;
    try {
        w.validate();
        FAIL() << "negative radius accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "spheres[0].radius");
    }
    w.spheres[0].radius = kRadius;
    w.options.friction = -0.1;
    EXPECT_THROW(w.validate(), InputError);
}

// The parallel Jacobi step gives the same state on any
// number of threads (contacts listed in sphere order; each sphere sums its
// contacts' updates in contact order), bit for bit.
// Both sweeps give the same bits on any thread count: Jacobi sums each
// sphere's updates in contact order, and the Gauss-Seidel sweep's tasks
// (SweepOrder.h) run only after every earlier task they share a sphere with.
TEST(GranularStepper, StepsDoNotDependOnTheThreadCount) {
    constexpr int kSteps = 60;   // 6 ms: the lattice's spheres meet and the lowest layer lands
    for (const SweepKind sweep : {SweepKind::GaussSeidel, SweepKind::Jacobi}) {
        int contacts = 0;
        auto run = [&](int threads) {
            GranularWorld w = makeSettlingBox(216);
            w.options.sweep = sweep;
            w.options.threads = threads;
            w.options.minParallelItems = 1;   // every loop on every thread, however small
            contacts = 0;
            for (int k = 0; k < kSteps; ++k) contacts += w.step().contacts;
            return w;
        };
        const GranularWorld one = run(1);
        ASSERT_GT(contacts, kSteps * 10) << "too few contacts for the sweep to matter";
        for (int threads : {2, 3}) {
            const GranularWorld many = run(threads);
            ASSERT_EQ(many.spheres.size(), one.spheres.size());
            for (std::size_t i = 0; i < one.spheres.size(); ++i) {
                ASSERT_EQ(many.spheres[i].position, one.spheres[i].position) << threads << " threads, sphere " << i;
                ASSERT_EQ(many.spheres[i].velocity, one.spheres[i].velocity) << threads << " threads, sphere " << i;
                ASSERT_EQ(many.spheres[i].angularVelocity, one.spheres[i].angularVelocity) << threads << " threads";
            }
        }
    }
}

// A world large enough that the Gauss-Seidel sweep is cut into several levels
// of tasks: the settling box's 4,096 spheres with their lattice closed up to
// a gap of 0.002 d (every neighbour within the contact floor: about 12,000
// contacts from the first step, three levels). The overlapping sweeps of a
// step (no residual tolerance) and the sweeps one by one (with one) give the
// same bits on 1, 2 and 3 threads.
TEST(GranularStepper, DissectedSweepsDoNotDependOnTheThreadCount) {
    constexpr int kSteps = 4;
    constexpr int kParticles = 4096;
    constexpr double kClosedSpacing = 1.002;   // lattice spacing in diameters
    constexpr double kTolerance = 1e-12;       // m/s: never met, so every sweep runs one by one
    GranularWorld closed = makeSettlingBox(kParticles);
    const double d = 2.0 * kRadius, shrink = kClosedSpacing / kSettlingBoxSpacing;
    for (Sphere& s : closed.spheres)
        s.position = Vec3(shrink * s.position.x(), shrink * s.position.y(), d + shrink * (s.position.z() - d));
    for (const double tolerance : {0.0, kTolerance}) {
        int contacts = 0;
        auto run = [&](int threads) {
            GranularWorld w = closed;
            w.options.threads = threads;
            w.options.residualTolerance = tolerance;
            contacts = 0;
            for (int k = 0; k < kSteps; ++k) contacts += w.step().contacts;
            return w;
        };
        const GranularWorld one = run(1);
        ASSERT_GE(contacts, kSteps * 4 * phases::kContactsPerSweepLeaf) << "too few contacts for three levels of tasks";
        for (int threads : {2, 3}) {
            const GranularWorld many = run(threads);
            ASSERT_EQ(many.spheres.size(), one.spheres.size());
            for (std::size_t i = 0; i < one.spheres.size(); ++i) {
                ASSERT_EQ(many.spheres[i].position, one.spheres[i].position) << threads << " threads, sphere " << i;
                ASSERT_EQ(many.spheres[i].velocity, one.spheres[i].velocity) << threads << " threads, sphere " << i;
                ASSERT_EQ(many.spheres[i].angularVelocity, one.spheres[i].angularVelocity) << threads << " threads";
            }
        }
    }
}

// Outflow: a sphere past the open end is discharged and counted; one that
// leaves the bounds elsewhere is lost and counted; nothing vanishes uncounted.
TEST(GranularBoundaries, OutflowAndBoundsCountWhatLeaves) {
    GranularWorld w;
    w.options.gravity = Vec3::Zero();
    w.outflows = {Outflow{Vec3::UnitX(), 0.1}};
    w.bounds = Bounds{Vec3(-1, -1, -1), Vec3(1, 0.05, 1)};
    w.spheres = {makeSphere(Vec3(0.095, 0, 0), Vec3(1, 0, 0)), makeSphere(Vec3(0, 0.045, 0), Vec3(0, 1, 0)),
                 makeSphere(Vec3(-0.5, 0, 0))};
    for (int i = 0; i < 3; ++i) w.spheres[i].id = i;
    int discharged = 0, lost = 0;
    for (int k = 0; k < 100; ++k) {
        const StepStatistics s = w.step();
        discharged += s.discharged;
        lost += s.lost;
        EXPECT_EQ(s.particles, static_cast<int>(w.spheres.size()));
    }
    EXPECT_EQ(discharged, 1);
    EXPECT_EQ(lost, 1);
    EXPECT_EQ(w.discharged, 1);
    EXPECT_EQ(w.lost, 1);
    ASSERT_EQ(w.spheres.size(), 1u);
    EXPECT_EQ(w.spheres[0].id, 2);
}

// The channel's inflow plane (sec. 4.3): it moves at its speed, jumps back
// after its reset distance and creates its layer, with fresh ids.
TEST(GranularBoundaries, InflowPlaneResetsAndCreatesLayers) {
    GranularWorld w;
    w.options.gravity = Vec3::Zero();
    w.options.timeStep = 1e-4;
    const double speed = 1.0, reset = 2.0 * kRadius;
    w.planes = {Plane{Vec3::UnitX(), 0.0, Vec3(speed, 0, 0)}};
    Inflow in;
    in.plane = 0;
    in.resetDistance = reset;
    in.layer = {Vec3(kRadius, 0.0, 0.0), Vec3(kRadius, 0.02, 0.0)};
    in.velocity = Vec3(speed, 0, 0);
    in.perturbation = 0.5;
    in.perturbationAxes = Eigen::Vector3i(0, 1, 1);
    in.radius = kRadius;
    in.mass = kMass;
    in.random.seed(5);
    w.inflows = {in};
    w.nextId = 100;
    int inserted = 0;
    // 0.01 m at 1 m/s: a reset every 100 steps.
    for (int k = 1; k <= 350; ++k) {
        const StepStatistics s = w.step();
        inserted += s.inserted;
        if (k % 100 == 0) {
            EXPECT_EQ(s.inserted, 2) << "step " << k;
        }
        constexpr double kOffsetRoundOff = 1e-12;   // m: the offset sums dt v step by step
        EXPECT_GE(w.planes[0].offset, -kOffsetRoundOff);
        EXPECT_LT(w.planes[0].offset, reset + kOffsetRoundOff);
    }
    EXPECT_EQ(inserted, 6);
    ASSERT_EQ(w.spheres.size(), 6u);
    std::set<std::int64_t> ids;
    for (const Sphere& s : w.spheres) {
        ids.insert(s.id);
        constexpr double kSpeedRoundOff = 1e-12;   // m/s: I_n = -v_n / w_n and v += I_n / m round off
        EXPECT_NEAR(s.velocity.x(), speed, kSpeedRoundOff);   // the plane pushes them at its own speed; no gravity
        EXPECT_LE(std::abs(s.velocity.y()), 0.5);
    }
    EXPECT_EQ(ids, (std::set<std::int64_t>{100, 101, 102, 103, 104, 105}));
    EXPECT_EQ(w.nextId, 106);
}

// An inclined wall as a thin turned box (the hopper's): a sphere at rest on
// it with mu above tan(angle) stays; below, it slides away down the slope.
TEST(GranularBoundaries, SphereOnATurnedBoxSticksOrSlides) {
    const double angle = 0.3;   // rad, tan = 0.309
    auto run = [&](double mu) {
        GranularWorld w;
        w.options.friction = mu;
        Box b;
        b.axes.col(0) = Vec3(std::cos(angle), 0, -std::sin(angle));   // down the slope in +x
        b.axes.col(1) = Vec3::UnitY();
        b.axes.col(2) = Vec3(std::sin(angle), 0, std::cos(angle));    // the upper face's normal
        b.halfExtents = Vec3(0.5, 0.5, 0.01);
        b.centre = Vec3::Zero();
        w.boxes = {b};
        w.spheres = {makeSphere((0.01 + kRadius) * b.axes.col(2))};
        for (int k = 0; k < 2000; ++k) w.step();
        return w.spheres[0];
    };
    // A sphere rolls down any slope (rolling needs mu >= 2/7 tan): stuck only
    // if it cannot roll, so compare the slide of mu below tan with the roll
    // above 2/7 tan, whose speed after t is 5/7 g sin(angle) t.
    const Sphere rolling = run(0.4);
    const double t = 0.2, expected = 5.0 / 7.0 * 9.81 * std::sin(angle) * t;
    constexpr double kRollTol = 1e-6;   // m/s: semi-implicit Euler integrates constant acceleration exactly
    EXPECT_NEAR(rolling.velocity.norm(), expected, kRollTol);
    const Sphere frictionless = run(0.0);
    EXPECT_NEAR(frictionless.velocity.norm(), 9.81 * std::sin(angle) * t, kRollTol);
    // Both stayed on the surface: the centre one radius above the face.
    const Vec3 n(std::sin(angle), 0, std::cos(angle));
    constexpr double kSurfaceTol = 1e-6;   // m
    EXPECT_NEAR(n.dot(rolling.position) - 0.01, kRadius, kSurfaceTol);
    EXPECT_NEAR(n.dot(frictionless.position) - 0.01, kRadius, kSurfaceTol);
}

}}  // namespace
}  // namespace impactlab::granular

