// The compliant contact law of Uchida, Sherman & Delp (2015, §4): Hertz's
// force (4.1) and its 3/2 exponent, Hunt & Crossley's dissipation (4.2) and
// its clamp, the effective modulus, and the regularised Coulomb friction.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/CompliantContact.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {
// Closed forms evaluated in double precision: only round-off separates them.
constexpr double kRoundOffRelTol = 1e-12;

// Central difference of step 1e-5 delta: error O(h^2 / delta^2).
constexpr double kCentralDifferenceRelTol = 1e-8;

TEST(CompliantContact, HertzForceHasTheThreeHalvesExponentAndThePapersPrefactor) {
    const double R = 0.1, E = 5e9;
    const double K = calcHertzStiffness(R, E);
    EXPECT_NEAR(K, 4.0 / 3.0 * std::sqrt(R) * E, kRoundOffRelTol * K);  // eq. (4.1)
    for (double delta : {1e-7, 1e-5, 3e-4}) {
        const double f1 = calcHuntCrossleyForce(K, 0.0, delta, 0.0);
        const double f2 = calcHuntCrossleyForce(K, 0.0, 2.0 * delta, 0.0);
        EXPECT_NEAR(f2 / f1, std::pow(2.0, 1.5), kRoundOffRelTol);
        // log-log slope between delta and 10 delta
        const double f10 = calcHuntCrossleyForce(K, 0.0, 10.0 * delta, 0.0);
        EXPECT_NEAR(std::log10(f10 / f1), 1.5, kRoundOffRelTol);
        // The energy is the integral of the force: dU/d(delta) = f.
        const double h = delta * 1e-5;
        const double dU = (calcHertzEnergy(K, delta + h) - calcHertzEnergy(K, delta - h)) / (2 * h);
        EXPECT_NEAR(dU, f1, kCentralDifferenceRelTol * f1);  // central difference, error O(h^2 / delta^2)
    }
    EXPECT_EQ(calcHuntCrossleyForce(K, 0.26, 0.0, 5.0), 0.0);
    EXPECT_EQ(calcHuntCrossleyForce(K, 0.26, -1e-3, 5.0), 0.0);
    EXPECT_EQ(calcHertzEnergy(K, -1e-3), 0.0);
}

TEST(CompliantContact, HuntCrossleyAddsDissipationProportionalToTheRateAndNeverPulls) {
    const double K = 1e9, c = 0.26, delta = 1e-4;
    const double fHz = K * std::pow(delta, 1.5);
    EXPECT_NEAR(calcHuntCrossleyForce(K, c, delta, 2.0), fHz * (1.0 + 1.5 * c * 2.0), kRoundOffRelTol * fHz * 2);
    EXPECT_NEAR(calcHuntCrossleyForce(K, c, delta, -1.0), fHz * (1.0 - 1.5 * c), kRoundOffRelTol * fHz);
    // Parting faster than 2/(3c) would make the bracket negative: clamped to zero.
    EXPECT_EQ(calcHuntCrossleyForce(K, c, delta, -2.0 / (3.0 * c) - 0.1), 0.0);
    EXPECT_GT(calcHuntCrossleyForce(K, c, delta, -2.0 / (3.0 * c) + 0.1), 0.0);
}

TEST(CompliantContact, EffectiveModulusAndDissipationFollowHertzCompliances) {
    CompliantMaterial steel{200e9, 0.3, 0.1};
    CompliantMaterial rubber{0.01e9, 0.49, 0.5};
    const double expected = 1.0 / ((1 - 0.09) / 200e9 + (1 - 0.49 * 0.49) / 0.01e9);
    EXPECT_NEAR(calcEffectiveModulus(steel, rubber), expected, kRoundOffRelTol * expected);
    EXPECT_NEAR(calcEffectiveModulus(steel, steel), 200e9 / (2 * 0.91), kRoundOffRelTol * 200e9);
    // Equal materials keep their c; a rigid-ish partner leaves the soft one's c.
    EXPECT_NEAR(calcEffectiveDissipation(steel, steel), 0.1, kRoundOffRelTol);
    const double c = calcEffectiveDissipation(steel, rubber);
    EXPECT_GT(c, 0.49);
    EXPECT_LT(c, 0.5);
    EXPECT_NEAR(calcRelativeRadius(0.25, 0.25), 0.125, kRoundOffRelTol);
    EXPECT_NEAR(calcRelativeRadius(0.1, std::numeric_limits<double>::infinity()), 0.1, kRoundOffRelTol);
}

TEST(CompliantContact, FrictionCoefficientIsARegularisedCoulombLaw) {
    const CompliantFriction coulomb = CompliantFriction::makeCoulomb(0.325);
    EXPECT_EQ(calcFrictionCoefficient(coulomb, 0.0), 0.0);
    EXPECT_NEAR(calcFrictionCoefficient(coulomb, 0.01), 0.325, kRoundOffRelTol);  // peak at v_t
    EXPECT_NEAR(calcFrictionCoefficient(coulomb, 0.5), 0.325, kRoundOffRelTol);   // Coulomb beyond
    EXPECT_NEAR(calcFrictionCoefficient(coulomb, 0.005), 0.325 * 0.75, kRoundOffRelTol);
    // Monotone rise to the peak, never above mu (no Stribeck peak when mu_s = mu_d).
    double previous = 0.0;
    for (double v = 1e-4; v < 0.05; v += 1e-4) {
        const double mu = calcFrictionCoefficient(coulomb, v);
        EXPECT_GE(mu, previous - 1e-15);
        EXPECT_LE(mu, 0.325 + 1e-15);
        previous = mu;
    }
    CompliantFriction stribeck = coulomb;
    stribeck.staticCoefficient = 0.5;
    stribeck.dynamicCoefficient = 0.3;
    stribeck.viscousCoefficient = 0.1;
    EXPECT_NEAR(calcFrictionCoefficient(stribeck, 0.01), 0.5 + 0.1 * 0.01, kRoundOffRelTol);
    EXPECT_NEAR(calcFrictionCoefficient(stribeck, 0.02), 0.4 + 0.1 * 0.02, kRoundOffRelTol);  // half way
    EXPECT_NEAR(calcFrictionCoefficient(stribeck, 1.0), 0.3 + 0.1 * 1.0, kRoundOffRelTol);
}

TEST(CompliantContact, FrictionOpposesSlipAndScalesWithTheNormalForce) {
    CompliantContactState s;
    s.penetration = 1e-4;
    s.penetrationRate = 0.5;
    s.relativeVelocity = Vec3(3.0, -4.0, -0.5);
    const CompliantFriction f = CompliantFriction::makeCoulomb(0.2);
    calcCompliantForces(1e9, 0.26, f, s);
    ASSERT_GT(s.normalForce, 0.0);
    EXPECT_NEAR(s.frictionForce.norm(), 0.2 * s.normalForce, kRoundOffRelTol * s.normalForce);
    EXPECT_NEAR(s.frictionForce.normalized().dot(Vec2(-0.6, 0.8)), 1.0, kRoundOffRelTol);
    s.relativeVelocity = Vec3(0.0, 0.0, -0.5);  // no slip, no friction
    calcCompliantForces(1e9, 0.26, f, s);
    EXPECT_EQ(s.frictionForce.norm(), 0.0);
}

TEST(CompliantContact, BadMaterialAndFrictionAreRefusedByName) {
    CompliantMaterial m;
    m.youngsModulus = -1;
    try {
        m.validate("spheres[2].material");
        FAIL() << "negative modulus accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "spheres[2].material.youngs_modulus");
    }
    m = CompliantMaterial{};
    m.poissonRatio = 0.7;
    EXPECT_THROW(m.validate("m"), InputError);
    CompliantFriction f;
    f.transitionSpeed = 0.0;
    try {
        f.validate("contacts[0].friction");
        FAIL() << "zero transition speed accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "contacts[0].friction.transition_speed");
    }
}
}}  // namespace
