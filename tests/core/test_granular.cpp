// Impulse-velocity time stepping of spheres (issue 12, items 1 and 9; Preclik,
// Eibl & Ruede sec. 3.1, reference note C.1.7): physical facts of the stepper
// on small worlds, each with its tolerance stated.
#include <gtest/gtest.h>

#include <random>

#include "impact/MaxDissipation.h"
#include "mechanics/ContactFrame.h"
#include "sim/granular/GranularWorld.h"
#include "sim/granular/SettlingBox.h"

namespace impactlab::granular {
namespace {

constexpr double kRadius = 0.005;        // m, the settling box's spheres (d = 0.01 m)
constexpr double kDensity = 2650.0;      // kg/m^3
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

// Issue 12, item 2: the parallel Jacobi step gives the same state on any
// number of threads (contacts listed in sphere order; each sphere sums its
// contacts' updates in contact order), bit for bit.
TEST(GranularStepper, JacobiStepsDoNotDependOnTheThreadCount) {
    auto run = [](int threads) {
        GranularWorld w = makeSettlingBox(343);
        w.options.sweep = SweepKind::Jacobi;
        w.options.threads = threads;
        for (int k = 0; k < 60; ++k) w.step();
        return w;
    };
    const GranularWorld one = run(1);
    for (int threads : {2, 3, 4}) {
        const GranularWorld many = run(threads);
        ASSERT_EQ(many.spheres.size(), one.spheres.size());
        for (std::size_t i = 0; i < one.spheres.size(); ++i) {
            ASSERT_EQ(many.spheres[i].position, one.spheres[i].position) << threads << " threads, sphere " << i;
            ASSERT_EQ(many.spheres[i].velocity, one.spheres[i].velocity) << threads << " threads, sphere " << i;
            ASSERT_EQ(many.spheres[i].angularVelocity, one.spheres[i].angularVelocity) << threads << " threads";
        }
    }
}

}  // namespace
}  // namespace impactlab::granular

