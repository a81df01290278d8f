// Mechanics: the inverse inertia matrix W (Jia & Wang eqs. 1-5), the contact
// frame, and momentum and energy balance of an impulse.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "impact/ImpactProblem.h"
#include "mechanics/Rotation.h"
#include "support/TestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {
// Closed-form entries are ratios of small integers: agreement to round-off.
constexpr double kClosedFormTol = 1e-12;
// Momentum sums over bodies with masses up to 20 kg and speeds of a few m/s:
// relative round-off of a few ulps of the largest term.
constexpr double kBalanceRelTol = 1e-12;

// Two routes to the same energy change of random O(1) bodies: round-off of a few dozen products.
constexpr double kEnergyChangeRelTol = 1e-10;

RigidBody makeSphere(double m, double r, const Vec3& centre) {
    RigidBody b;
    b.mass = m;
    b.principalInertia = Vec3::Constant(0.4 * m * r * r);
    b.position = centre;
    return b;
}

TEST(InverseInertia, BallOnHalfSpaceIsDiag7_7_2Over2m) {
    for (double m : {0.5, 1.0, 3.7}) {
        for (double r : {0.01, 0.2, 1.5}) {
            TwoBodyContact c;
            c.body1 = makeSphere(m, r, Vec3(0, 0, r));
            c.body2 = RigidBody::makeFixed();
            c.frame = ContactFrame::makeFromNormal(Vec3::UnitZ());
            const Mat3 expected = Vec3(7, 7, 2).asDiagonal() * (1.0 / (2.0 * m));
            EXPECT_LE((c.calcContactW() - expected).cwiseAbs().maxCoeff(), kClosedFormTol / m)
                << "m = " << m << ", r = " << r << "\n" << c.calcContactW();
        }
    }
}

TEST(InverseInertia, BallOnBallIsSumOfInverseMassesTimesDiag) {
    // Jia & Wang sec. 2: W = (1/m1 + 1/m2) diag(7/2, 7/2, 1).
    TwoBodyContact c;
    c.body1 = makeSphere(2.0, 0.3, Vec3(0, 0, 0.3));
    c.body2 = makeSphere(5.0, 0.7, Vec3(0, 0, -0.7));
    c.frame = ContactFrame::makeFromNormal(Vec3::UnitZ());
    const Mat3 expected = Vec3(3.5, 3.5, 1.0).asDiagonal() * (1.0 / 2.0 + 1.0 / 5.0);
    EXPECT_LE((c.calcContactW() - expected).cwiseAbs().maxCoeff(), kClosedFormTol);
}

TEST(InverseInertia, SymmetricPositiveDefiniteForRandomBodies) {
    test::RandomBodies rnd(7);
    for (int k = 0; k < 500; ++k) {
        const TwoBodyContact c = rnd.contact(k % 2 == 0);
        const Mat3 W = c.calcContactW();
        EXPECT_LE((W - W.transpose()).cwiseAbs().maxCoeff(), kClosedFormTol * W.norm());
        Eigen::SelfAdjointEigenSolver<Mat3> eig(W);
        EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0) << W;
    }
}

TEST(InverseInertia, MapsImpulseToChangeOfContactVelocity) {
    // eq. 4: dv = W I, checked against applying the impulse to the bodies.
    test::RandomBodies rnd(11);
    for (int k = 0; k < 200; ++k) {
        const TwoBodyContact c = rnd.contact(k % 3 == 0);
        const Vec3 I = rnd.vec(2.0);
        const TwoBodyContact after = c.calcAfterImpulse(I);
        const Vec3 dv = after.calcContactRelativeVelocity() - c.calcContactRelativeVelocity();
        EXPECT_LE((dv - c.calcContactW() * I).norm(), kBalanceRelTol * 1e3 * (1.0 + dv.norm()));
    }
}

TEST(InverseInertia, NormalComplianceIsWnnOfTheContactW) {
    // The simulators' closed-form resting impulse uses n . W n without building W.
    test::RandomBodies rnd(13);
    for (int k = 0; k < 300; ++k) {
        const TwoBodyContact c = rnd.contact(k % 3 == 0);
        const double wnn = c.calcContactW()(2, 2);
        EXPECT_NEAR(calcNormalCompliance(c.body1, c.body2, c.point, c.frame.n()), wnn, kClosedFormTol * wnn);
        EXPECT_NEAR(calcNormalCompliance(c.body2, c.body1, c.point, -c.frame.n()), wnn, kClosedFormTol * wnn);
    }
    EXPECT_EQ(calcNormalCompliance(RigidBody::makeFixed(), RigidBody::makeFixed(), Vec3::Zero(), Vec3::UnitZ()), 0.0);
}

TEST(MomentumBalance, LinearAndAngularForRandomImpulses) {
    test::RandomBodies rnd(3);
    for (int k = 0; k < 300; ++k) {
        const bool fixed2 = k % 2 == 1;
        const TwoBodyContact c = rnd.contact(fixed2);
        const Vec3 Ic = rnd.vec(5.0);
        const Vec3 I = c.frame.toWorld(Ic);
        const TwoBodyContact a = c.calcAfterImpulse(Ic);
        const Vec3 p0 = c.body1.calcLinearMomentum() + c.body2.calcLinearMomentum();
        const Vec3 p1 = a.body1.calcLinearMomentum() + a.body2.calcLinearMomentum();
        const double scale = 1.0 + p0.norm() + I.norm();
        // Body 1 gains exactly I; with a free body 2 the total is conserved.
        EXPECT_LE((a.body1.calcLinearMomentum() - c.body1.calcLinearMomentum() - I).norm(), kBalanceRelTol * scale);
        if (!fixed2) {
            EXPECT_LE((p1 - p0).norm(), kBalanceRelTol * scale);
        }
        // The impulse acts at the contact point: angular momentum about that
        // point is unchanged for each body.
        for (auto [before, after] : {std::pair{&c.body1, &a.body1}, std::pair{&c.body2, &a.body2}}) {
            const Vec3 L0 = before->calcAngularMomentum(c.point);
            const Vec3 L1 = after->calcAngularMomentum(c.point);
            EXPECT_LE((L1 - L0).norm(), 1e2 * kBalanceRelTol * (1.0 + L0.norm()));
        }
    }
}

TEST(EnergyBalance, ChangeIsWorkOfTheImpulse) {
    // dT = I . v- + 1/2 I^T W I for any impulse.
    test::RandomBodies rnd(5);
    for (int k = 0; k < 200; ++k) {
        const TwoBodyContact c = rnd.contact(k % 2 == 0);
        const ImpactProblem p = ImpactProblem::makeBodyLevel(c, 0.3, 0.5);
        const Vec3 I = rnd.vec(1.0);
        const double dT = c.calcAfterImpulse(I).calcKineticEnergy() - c.calcKineticEnergy();
        EXPECT_NEAR(dT, p.calcEnergyChange(I), kEnergyChangeRelTol * (1.0 + c.calcKineticEnergy()));
    }
}

TEST(ContactFrame, RightHandedOrthonormalWithNormalLast) {
    test::RandomBodies rnd(13);
    for (int k = 0; k < 200; ++k) {
        const Vec3 n = rnd.vec(1.0);
        const ContactFrame f = ContactFrame::makeFromNormal(n);
        EXPECT_LE((f.axes.transpose() * f.axes - Mat3::Identity()).cwiseAbs().maxCoeff(), kClosedFormTol);
        EXPECT_NEAR(f.axes.determinant(), 1.0, kClosedFormTol);
        EXPECT_LE((f.n() - n.normalized()).norm(), kClosedFormTol);
    }
    EXPECT_THROW(ContactFrame::makeFromNormal(Vec3::Zero()), InputError);
    EXPECT_THROW(ContactFrame::makeFromNormal(Vec3(NAN, 0, 1)), InputError);
}

TEST(ContactFrame, TheUncheckedUnitNormalFrameIsTheCheckedOne) {
    // makeFromUnitNormal (the compliant model's inner loop) picks the same
    // tangents, including normals on the x/y switch and along the axes.
    test::RandomBodies rnd(17);
    std::vector<Vec3> normals = {Vec3::UnitX(), -Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ(),
                                 Vec3(kTangentHintMaxAlignment, std::sqrt(1.0 - kTangentHintMaxAlignment * kTangentHintMaxAlignment), 0.0)};
    for (int k = 0; k < 200; ++k) normals.push_back(rnd.vec(1.0).normalized());
    for (const Vec3& n : normals) {
        const ContactFrame checked = ContactFrame::makeFromNormal(n);
        const ContactFrame unchecked = ContactFrame::makeFromUnitNormal(n);
        EXPECT_LE((checked.axes - unchecked.axes).cwiseAbs().maxCoeff(), kClosedFormTol) << n.transpose();
    }
}

TEST(RigidBody, WorldInertiaRoundTrip) {
    test::RandomBodies rnd(17);
    for (int k = 0; k < 50; ++k) {
        const RigidBody b = rnd.body();
        const Mat3 Iw = b.calcWorldInertia();
        const RigidBody r = RigidBody::makeFromWorldInertia(b.mass, Iw);
        EXPECT_LE((r.calcWorldInertia() - Iw).cwiseAbs().maxCoeff(), 1e-12 * Iw.norm());
    }
}

TEST(RigidBody, BadInputNamesTheField) {
    auto message = [](auto fn) {
        try {
            fn();
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    RigidBody b;
    b.mass = -2.0;
    EXPECT_EQ(message([&] { b.validate("bodies[1]"); }), "bodies[1].mass: must be > 0, got -2");
    b.mass = 1.0;
    b.principalInertia = Vec3(1, 1, 0);
    EXPECT_NE(message([&] { b.validate("bodies[0]"); }).find("bodies[0].inertia: is singular"), std::string::npos);
    b.principalInertia = Vec3(1, 1, 3);
    EXPECT_NE(message([&] { b.validate("b"); }).find("triangle inequality"), std::string::npos);
    EXPECT_NE(message([] { RigidBody::makeFromWorldInertia(1.0, Mat3::Identity() * -1.0, "bodies[0]"); })
                  .find("bodies[0].inertia"), std::string::npos);
    Mat3 asym = Mat3::Identity();
    asym(0, 1) = 0.5;
    EXPECT_NE(message([&] { RigidBody::makeFromWorldInertia(1.0, asym, "bodies[0]"); }).find("symmetric"),
              std::string::npos);
}
// The least rotation taking one direction to another: a proper rotation that
// maps the first onto the second, of angle acos(a . b), also for opposite and
// equal directions.
TEST(Rotation, TakesOneDirectionToTheOtherByTheLeastAngle) {
    // An angle read back through acos keeps about half the digits near 0 and
    // pi (sqrt of round-off, 1e-8), with margin.
    constexpr double kAngleFromTraceTol = 1e-6;
    const std::vector<std::pair<Vec3, Vec3>> cases = {
        {Vec3(0, 0, 1), Vec3(1, 2, -0.5)}, {Vec3(3, -1, 2), Vec3(-3, 1, -2)},   // opposite
        {Vec3(0.2, 0.1, 5), Vec3(0.2, 0.1, 5)}, {Vec3(1, 0, 0), Vec3(0, 1e-3, -1)}};
    for (const auto& [from, to] : cases) {
        const Mat3 R = calcRotationTaking(from, to);
        EXPECT_NEAR((R.transpose() * R - Mat3::Identity()).norm(), 0.0, kClosedFormTol);
        EXPECT_NEAR(R.determinant(), 1.0, kClosedFormTol);
        EXPECT_NEAR((R * from.normalized() - to.normalized()).norm(), 0.0, kClosedFormTol);
        const double angle = std::acos(std::clamp((R.trace() - 1.0) / 2.0, -1.0, 1.0));
        const double least = std::acos(std::clamp(from.normalized().dot(to.normalized()), -1.0, 1.0));
        EXPECT_NEAR(angle, least, kAngleFromTraceTol);
    }
}

}}  // namespace
