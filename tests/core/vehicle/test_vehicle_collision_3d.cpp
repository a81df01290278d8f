// Vehicle collisions off the CG plane (vehicle/VehicleCollision.h: impact
// height, roll and pitch inertias): on the plane the numbers are the planar
// closed form (paper eqs. 52-53, 62-64) whatever the roll and pitch inertias;
// off it the paper's general 3D form is checked against W assembled here from
// the inertia tensors and skew matrices (the appendix's last equation), with
// the invariants (momentum about P, energy, friction cone) and the refusal of
// bad input naming its field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "scene/VehicleSceneReader.h"
#include "vehicle/VehicleCollision.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The planar closed form computed here and by the law differ only in the order
// of a few products and one division: round-off ~1e-15 relative; the brief
// asks for 1e-12 relative to the impulse (or speed) scale.
constexpr double kPlanarRelTol = 1e-12;
// Off the plane the law solves W J = -v with an LDLT and this test with a
// full-pivot LU of a W built in another order; W's condition number is below
// 1e3 here, so agreement is ~1e-13 relative: 1e-10 leaves room.
constexpr double kGeneralRelTol = 1e-10;
// Momenta of O(1e4) N s and energies of O(1e5) J after a few products: 1e-10
// relative of their scale catches any lever-arm or inertia error.
constexpr double kInvariantRelTol = 1e-10;
// |J_t| <= mu_user J_n is exact for the stick branch only up to round-off of
// the solve: 1e-12 relative of J_n.
constexpr double kConeRelTol = 1e-12;
// A vertical impulse or roll/pitch rate smaller than this share of its scale
// would make the off-plane checks vacuous: they must be clearly excited.
constexpr double kMinExcitationShare = 1e-3;

// Roll, pitch and yaw of a mid-size car and of a heavier one (kg m^2): roll is
// about a quarter of yaw, pitch a little below it; both meet Izz <= Ixx + Iyy.
constexpr double kRoll1 = 520.0, kPitch1 = 1950.0, kYaw1 = 2100.0;
constexpr double kRoll2 = 780.0, kPitch2 = 3100.0, kYaw2 = 3400.0;

// Vehicle 1 northbound, vehicle 2 eastbound hitting its left-front corner, as
// test_vehicle_collision.cpp's oblique case, with roll and pitch inertias.
VehicleCollisionInput makeObliqueWithInertias(double muUser, double epsilon, double height) {
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1400.0, kYaw1, Vec2(0.0, 0.0), 0.5 * kPi, 14.0, 0.2);
    in.vehicle1.rollInertia = kRoll1;
    in.vehicle1.pitchInertia = kPitch1;
    in.vehicle2 = Vehicle::makeWithSpeed(1900.0, kYaw2, Vec2(-3.0, 1.2), 0.15, 17.0, -0.1);
    in.vehicle2->rollInertia = kRoll2;
    in.vehicle2->pitchInertia = kPitch2;
    in.impactPoint = Vec2(-0.9, 1.6);
    in.normalAngle = 0.1;
    in.muUser = muUser;
    in.epsilon = epsilon;
    in.impactHeight = height;
    return in;
}

double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// Velocity of a vehicle's point at world `p` (planar: w = yaw rate about z).
Vec2 pointVelocity(const Vehicle& v, const Vec2& p) {
    const Vec2 r = p - v.position;
    return v.velocity + v.yawRate * Vec2(-r.y(), r.x());
}

// The planar closed form of the paper, written out from its equations:
// t^ (eq. 35), the bracketed terms of eqs. 52 and 62 from r_n, r_t and the yaw
// inertias, mu~ (eq. 62), mu = max(0, min(mu~, mu_user)) (eqs. 63-64) and
// J = (1 + eps) J_comp (eqs. 52-53 and the text after 64). World impulse on 1.
Vec2 calcPlanarClosedFormImpulse(const VehicleCollisionInput& in) {
    const Vehicle& a = in.vehicle1;
    const Vehicle& b = *in.vehicle2;
    const Vec2 n = in.calcNormal();
    const Vec2 v = pointVelocity(a, in.impactPoint) - pointVelocity(b, in.impactPoint);
    const Vec2 vt = v - v.dot(n) * n;
    const Vec2 t = -vt.normalized();
    const Vec2 r1 = in.impactPoint - a.position, r2 = in.impactPoint - b.position;
    const double invMass = 1.0 / a.mass + 1.0 / b.mass;
    const double r1n = r1.dot(n), r1t = r1.dot(t), r2n = r2.dot(n), r2t = r2.dot(t);
    const double Ktt = invMass + r1t * r1t / a.yawInertia + r2t * r2t / b.yawInertia;
    const double Knn = invMass + r1n * r1n / a.yawInertia + r2n * r2n / b.yawInertia;
    const double Knt = r1n * r1t / a.yawInertia + r2n * r2t / b.yawInertia;
    const double rho = v.dot(t) / v.dot(n);
    const double muTilde = (Knt + rho * Ktt) / (Knn + rho * Knt);   // eq. 62 (denominator > 0 here)
    const double mu = std::max(0.0, std::min(muTilde, in.muUser));
    const double Jn = -(1.0 + in.epsilon) * v.dot(n) / (Ktt - mu * Knt);   // eq. 52
    return Jn * (n + mu * t);                                               // eq. 53
}

Mat3 skew(const Vec3& r) {
    Mat3 s;
    s << 0.0, -r.z(), r.y(), r.z(), 0.0, -r.x(), -r.y(), r.x(), 0.0;
    return s;
}

// World inertia tensor of a vehicle: its body axes (forward, left, up) as the
// columns of R, I = R diag(roll, pitch, yaw) R^T.
Mat3 calcWorldInertia(const Vehicle& v) {
    const double c = std::cos(v.heading), s = std::sin(v.heading);
    Mat3 R;
    R << c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0;
    return R * Vec3(*v.rollInertia, *v.pitchInertia, v.yawInertia).asDiagonal() * R.transpose();
}

// Angular velocity after the impact, world, from the reported body rates.
Vec3 calcWorldAngularVelocityAfter(const Vehicle& v, const VehicleImpactOutcome& o) {
    const Vec3 forward(std::cos(v.heading), std::sin(v.heading), 0.0);
    const Vec3 left(-std::sin(v.heading), std::cos(v.heading), 0.0);
    return o.rollRateAfter * forward + o.pitchRateAfter * left + o.yawRateAfter * Vec3::UnitZ();
}

Vec3 calcVelocityAfter3(const Vehicle& v, const VehicleImpactOutcome& o) {
    return Vec3(o.velocityAfter.x(), o.velocityAfter.y(), o.verticalImpulse / v.mass);
}

// Angular momentum about P (world): (CG - P) x m v + I w.
Vec3 calcAngularMomentumAboutP(const Vehicle& v, const Vec3& P, const Vec3& velocity, const Vec3& omega) {
    const Vec3 cg(v.position.x(), v.position.y(), 0.0);
    return (cg - P).cross(v.mass * velocity) + calcWorldInertia(v) * omega;
}

double calcKineticEnergy3(const Vehicle& v, const Vec3& velocity, const Vec3& omega) {
    return 0.5 * v.mass * velocity.squaredNorm() + 0.5 * omega.dot(calcWorldInertia(v) * omega);
}

Vec3 calcWorldImpulse(const VehicleImpactOutcome& o) {
    return Vec3(o.impulse.x(), o.impulse.y(), o.verticalImpulse);
}

TEST(VehicleCollision3D, OnTheCgPlaneAnyRollAndPitchGiveThePlanarClosedForm) {
    for (double mu : {0.1, 0.3, 0.8}) {
        for (double eps : {0.0, 0.2, 0.7}) {
            const VehicleCollisionInput in = makeObliqueWithInertias(mu, eps, 0.0);
            const VehicleCollisionResult r = solveVehicleCollision(in);
            ASSERT_EQ(r.impact.status, SolveStatus::Converged);
            const Vec2 J = calcPlanarClosedFormImpulse(in);
            ASSERT_TRUE(J.allFinite());
            const double scale = J.norm();
            EXPECT_LE((r.vehicle1.impulse - J).norm(), kPlanarRelTol * scale) << "mu " << mu << " eps " << eps;
            EXPECT_LE((r.vehicle2->impulse + J).norm(), kPlanarRelTol * scale);
            EXPECT_LE(std::abs(r.vehicle1.verticalImpulse), kPlanarRelTol * scale);
            // Yaw by eq. 27; roll and pitch are not excited.
            const double yawScale = std::abs(in.vehicle1.yawRate) + scale * 5.0 / kYaw1;   // lever arms < 5 m
            EXPECT_NEAR(r.vehicle1.yawRateAfter,
                        in.vehicle1.yawRate + cross2(in.impactPoint - in.vehicle1.position, J) / kYaw1,
                        kPlanarRelTol * yawScale);
            for (const VehicleImpactOutcome* o : {&r.vehicle1, &*r.vehicle2}) {
                EXPECT_LE(std::abs(o->rollRateAfter), kPlanarRelTol * yawScale);
                EXPECT_LE(std::abs(o->pitchRateAfter), kPlanarRelTol * yawScale);
            }

            // Without roll and pitch inertias (the yaw inertia stands in for
            // both): the very same numbers, bit for bit.
            VehicleCollisionInput plain = in;
            plain.vehicle1.rollInertia.reset();
            plain.vehicle1.pitchInertia.reset();
            plain.vehicle2->rollInertia.reset();
            plain.vehicle2->pitchInertia.reset();
            const VehicleCollisionResult p = solveVehicleCollision(plain);
            EXPECT_EQ(p.vehicle1.impulse, r.vehicle1.impulse);
            EXPECT_EQ(p.vehicle1.yawRateAfter, r.vehicle1.yawRateAfter);
            EXPECT_EQ(p.vehicle2->yawRateAfter, r.vehicle2->yawRateAfter);
            EXPECT_EQ(p.energyDissipated, r.energyDissipated);
            EXPECT_EQ(p.mu, r.mu);
        }
    }
}

TEST(VehicleCollision3D, OffThePlaneTheGeneralFormAgreesWithWBuiltFromTheTensors) {
    // mu_user large enough that the full-stick impulse of the general form is
    // inside the cone, so the law takes that branch (checked below).
    for (double height : {0.35, -0.25}) {
        for (double eps : {0.0, 0.3}) {
            const VehicleCollisionInput in = makeObliqueWithInertias(2.0, eps, height);
            const VehicleCollisionResult r = solveVehicleCollision(in);
            ASSERT_EQ(r.impact.status, SolveStatus::Converged);

            // W = (1/m1 + 1/m2) 1 - r1~ I1^-1 r1~ - r2~ I2^-1 r2~ (appendix, last
            // equation), world, and the relative velocity at P (eq. 2).
            const Vec3 P = in.calcImpactPoint3();
            const Vehicle& a = in.vehicle1;
            const Vehicle& b = *in.vehicle2;
            const Vec3 r1 = P - Vec3(a.position.x(), a.position.y(), 0.0);
            const Vec3 r2 = P - Vec3(b.position.x(), b.position.y(), 0.0);
            const Mat3 W = (1.0 / a.mass + 1.0 / b.mass) * Mat3::Identity() -
                           skew(r1) * calcWorldInertia(a).inverse() * skew(r1) -
                           skew(r2) * calcWorldInertia(b).inverse() * skew(r2);
            const Vec3 v1P = Vec3(a.velocity.x(), a.velocity.y(), 0.0) + Vec3(0, 0, a.yawRate).cross(r1);
            const Vec3 v2P = Vec3(b.velocity.x(), b.velocity.y(), 0.0) + Vec3(0, 0, b.yawRate).cross(r2);
            const Vec3 J = -(1.0 + eps) * Vec3(W.fullPivLu().solve(v1P - v2P));

            // The premise: J lies in the user's cone about n.
            const Vec3 n(std::cos(in.normalAngle), std::sin(in.normalAngle), 0.0);
            const double Jn = J.dot(n);
            ASSERT_GT(Jn, 0.0);
            ASSERT_LE((J - Jn * n).norm(), in.muUser * Jn) << "the stick impulse must be inside the cone";

            const Vec3 J1 = calcWorldImpulse(r.vehicle1);
            EXPECT_LE((J1 - J).norm(), kGeneralRelTol * J.norm()) << "height " << height << " eps " << eps;
            EXPECT_EQ(calcWorldImpulse(*r.vehicle2), Vec3(-J1));
            // Out of the plane for real: a vertical impulse, roll and pitch.
            EXPECT_GT(std::abs(J1.z()), kMinExcitationShare * J.norm());
            const Vec3 dw1 = calcWorldInertia(a).inverse() * r1.cross(J);   // eq. 27 with the tensor
            const Vec3 w1 = calcWorldAngularVelocityAfter(a, r.vehicle1);
            EXPECT_LE((w1 - Vec3(0, 0, a.yawRate) - dw1).norm(), kGeneralRelTol * dw1.norm());
            EXPECT_GT(std::abs(r.vehicle1.rollRateAfter), kMinExcitationShare * dw1.norm());
            EXPECT_GT(std::abs(r.vehicle1.pitchRateAfter), kMinExcitationShare * dw1.norm());
            // The law's own bodies after the impact say the same.
            ASSERT_TRUE(r.impact.bodiesAfter.has_value());
            EXPECT_LE((r.impact.bodiesAfter->body1.angularVelocity - w1).norm(), kGeneralRelTol * w1.norm());
            EXPECT_LE((r.impact.bodiesAfter->body2.angularVelocity -
                       calcWorldAngularVelocityAfter(b, *r.vehicle2)).norm(),
                      kGeneralRelTol * w1.norm());
        }
    }
}

TEST(VehicleCollision3D, OffThePlaneMomentumHoldsEnergyIsNotGainedAndTheImpulseIsInTheCone) {
    // Small mu_user: the general form's stick impulse leaves the cone and the
    // law bounds the impulse in the (t^, n^) plane; large: the stick branch.
    for (double mu : {0.05, 0.3, 2.0}) {
        for (double eps : {0.0, 0.4, 1.0}) {
            for (double height : {0.4, -0.3}) {
                const VehicleCollisionInput in = makeObliqueWithInertias(mu, eps, height);
                const VehicleCollisionResult r = solveVehicleCollision(in);
                ASSERT_EQ(r.impact.status, SolveStatus::Converged);
                const Vehicle& a = in.vehicle1;
                const Vehicle& b = *in.vehicle2;
                const Vec3 P = in.calcImpactPoint3();
                const Vec3 va(a.velocity.x(), a.velocity.y(), 0.0), vb(b.velocity.x(), b.velocity.y(), 0.0);
                const Vec3 wa(0, 0, a.yawRate), wb(0, 0, b.yawRate);
                const Vec3 va2 = calcVelocityAfter3(a, r.vehicle1), vb2 = calcVelocityAfter3(b, *r.vehicle2);
                const Vec3 wa2 = calcWorldAngularVelocityAfter(a, r.vehicle1);
                const Vec3 wb2 = calcWorldAngularVelocityAfter(b, *r.vehicle2);

                // Linear momentum of the pair and each vehicle's angular
                // momentum about P (the impulse acts at P) are conserved.
                const double pScale = a.mass * a.velocity.norm() + b.mass * b.velocity.norm();
                EXPECT_LE((a.mass * va2 + b.mass * vb2 - a.mass * va - b.mass * vb).norm(), kInvariantRelTol * pScale);
                const double hScale = pScale * 5.0;   // lever arms below 5 m
                EXPECT_LE((calcAngularMomentumAboutP(a, P, va2, wa2) - calcAngularMomentumAboutP(a, P, va, wa)).norm(),
                          kInvariantRelTol * hScale)
                    << "mu " << mu << " eps " << eps << " h " << height;
                EXPECT_LE((calcAngularMomentumAboutP(b, P, vb2, wb2) - calcAngularMomentumAboutP(b, P, vb, wb)).norm(),
                          kInvariantRelTol * hScale);

                // Energy: the reported energies are the 3D ones, and none is gained.
                const double eBefore = calcKineticEnergy3(a, va, wa) + calcKineticEnergy3(b, vb, wb);
                const double eAfter = calcKineticEnergy3(a, va2, wa2) + calcKineticEnergy3(b, vb2, wb2);
                EXPECT_NEAR(r.energyBefore, eBefore, kInvariantRelTol * eBefore);
                EXPECT_NEAR(r.energyAfter, eAfter, kInvariantRelTol * eBefore);
                EXPECT_GE(r.energyDissipated, -kInvariantRelTol * eBefore);

                // Friction cone about n: |J - J_n n| <= mu_user J_n.
                const Vec3 J = calcWorldImpulse(r.vehicle1);
                const Vec3 n(std::cos(in.normalAngle), std::sin(in.normalAngle), 0.0);
                const double Jn = J.dot(n);
                EXPECT_GT(Jn, 0.0);
                EXPECT_LE((J - Jn * n).norm(), mu * Jn * (1.0 + kConeRelTol));
            }
        }
    }
}

TEST(VehicleCollision3D, BadRollPitchAndHeightAreRefusedNamingTheField) {
    const std::vector<std::pair<std::function<void(VehicleCollisionInput&)>, std::string>> cases = {
        {[](VehicleCollisionInput& in) { in.vehicle1.rollInertia = std::nan(""); }, "vehicles[0].roll_inertia"},
        {[](VehicleCollisionInput& in) { in.vehicle1.rollInertia = 0.0; }, "vehicles[0].roll_inertia"},
        {[](VehicleCollisionInput& in) { in.vehicle2->rollInertia = -300.0; }, "vehicles[1].roll_inertia"},
        {[](VehicleCollisionInput& in) { in.vehicle1.pitchInertia = INFINITY; }, "vehicles[0].pitch_inertia"},
        {[](VehicleCollisionInput& in) { in.vehicle2->pitchInertia = 0.0; }, "vehicles[1].pitch_inertia"},
        // Triangle inequality: roll > pitch + yaw.
        {[](VehicleCollisionInput& in) { in.vehicle1.rollInertia = kPitch1 + kYaw1 + 1.0; }, "vehicles[0].roll_inertia"},
        // pitch > roll + yaw.
        {[](VehicleCollisionInput& in) { in.vehicle2->pitchInertia = kRoll2 + kYaw2 + 1.0; }, "vehicles[1].pitch_inertia"},
        // yaw > roll + pitch: the roll inertia given is named.
        {[](VehicleCollisionInput& in) {
             in.vehicle1.rollInertia = 100.0;
             in.vehicle1.pitchInertia = 200.0;
         },
         "vehicles[0].roll_inertia"},
        {[](VehicleCollisionInput& in) { in.impactHeight = std::nan(""); }, "collision.impact_height"},
        {[](VehicleCollisionInput& in) { in.impactHeight = -INFINITY; }, "collision.impact_height"},
    };
    for (const auto& [edit, field] : cases) {
        VehicleCollisionInput in = makeObliqueWithInertias(0.5, 0.1, 0.3);
        edit(in);
        try {
            solveVehicleCollision(in);
            ADD_FAILURE() << "no InputError for " << field;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    }
    // A roll inertia alone (pitch = yaw) meets the inequality for any value up
    // to twice the yaw inertia.
    VehicleCollisionInput rollOnly = makeObliqueWithInertias(0.5, 0.1, 0.3);
    rollOnly.vehicle1.pitchInertia.reset();
    rollOnly.vehicle1.rollInertia = 50.0;
    EXPECT_NO_THROW(solveVehicleCollision(rollOnly));
}

// A vehicle scene with the new fields: they reach the collision input, and a
// bad one is refused naming the field as written.
TEST(VehicleCollision3D, SceneReaderTakesRollPitchAndImpactHeight) {
    nlohmann::json doc = {
        {"format", "impactlab.scene/1"},
        {"kind", "vehicles"},
        {"contact", {{"law", "kudlich-slibar"}, {"friction", 0.6}, {"restitution", 0.1}}},
        {"vehicles",
         {{{"mass", 1400}, {"yaw_inertia", 2200}, {"roll_inertia", 500}, {"pitch_inertia", 2000},
           {"position", {-2.35, 0.3}}, {"heading", 0.0}, {"speed", 13.9}},
          {{"mass", 1650}, {"yaw_inertia", 2900}, {"position", {1.0, -0.4}}, {"heading", 1.5707963}, {"speed", 11.1}}}},
        {"collision", {{"impact_point", {0.0, 0.3}}, {"normal_angle", 3.14159265}, {"impact_height", 0.2}}},
    };
    const VehicleScene scene = readVehicleScene(doc);
    const VehicleCollisionInput& in = scene.vehicles.collision;
    EXPECT_EQ(in.impactHeight, 0.2);
    EXPECT_EQ(in.vehicle1.rollInertia, std::optional<double>(500.0));
    EXPECT_EQ(in.vehicle1.pitchInertia, std::optional<double>(2000.0));
    EXPECT_FALSE(in.vehicle2->rollInertia.has_value());
    EXPECT_EQ(in.vehicle2->calcRollInertia(), 2900.0);

    doc["vehicles"][1]["pitch_inertia"] = -1.0;
    try {
        readVehicleScene(doc);
        ADD_FAILURE() << "no InputError for a negative pitch inertia";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "vehicles[1].pitch_inertia") << e.what();
    }
    doc["vehicles"][1].erase("pitch_inertia");
    doc["collision"]["impact_height"] = "high";
    try {
        readVehicleScene(doc);
        ADD_FAILURE() << "no InputError for a non-number impact height";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "collision.impact_height") << e.what();
    }
}

}}  // namespace
