// Invariants of the planar laws on random planar problems: the friction cone,
// energy, the frictionless limit, termination rules, reductions between laws,
// mirror symmetry, trace shape, body-level momentum with a couple, and the
// registry entries (ids, options, errors).
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "diagram/ImpulseDiagram.h"
#include "impact/Newton.h"
#include "impact/Poisson.h"
#include "impact/Stronge.h"
#include "impact/planar/Brach.h"
#include "impact/planar/CataldoSampaio.h"
#include "impact/planar/GlockerPfeiffer.h"
#include "impact/planar/Kane.h"
#include "impact/planar/PlanarProblem.h"
#include "impact/planar/Smith.h"
#include "impact/planar/WangMason.h"
#include "laws/LawRegistry.h"
#include "support/PlanarTestSupport.h"
#include "support/TestSupport.h"

using namespace impactlab;
using namespace impactlab::test;

namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// Cone and energy checks compare sums of O(1) terms: round-off is ~1e-15, so
// 1e-9 relative flags only real violations (and matches kEnergyGainRelTol).
constexpr double kInvariantRelTol = 1e-9;
// Closed-form laws against each other or against a closed form: a few
// operations on O(1) numbers.
constexpr double kClosedFormRelTol = 1e-11;
// An exactly zero tangential impulse is compared with mu * I_n: this floor (N s)
// sits above round-off of the sums that give I_t.
constexpr double kConeAbsFloor = 1e-15;
// Momentum and energy bookkeeping at body level is algebra on the reported
// velocities (m dv = I, J dw = r x I + couple): round-off of O(1) terms only.
constexpr double kBalanceRelTol = 1e-12;
// The reference's printed numbers: six decimals, half a unit is 5e-7.
constexpr double kPrintedTol = 1e-6;
// Anything against the path integrator (Wang-Mason): straight planar segments
// are exact for RK4; events at 1e-13, sticking at 1e-12 of the scale, and the
// random W have condition numbers up to ~1e3.
constexpr double kPathRelTol = 1e-8;

// A random planar problem: W = [[C, 0, -B], [0, W22, 0], [-B, 0, A]] SPD.
ImpactProblem makeRandomPlanar(RandomBodies& rnd, double mu, bool central = false) {
    const double A = rnd.uniform(0.1, 3.0), C = rnd.uniform(0.1, 3.0);
    const double B = central ? 0.0 : rnd.uniform(-0.98, 0.98) * std::sqrt(A * C);
    Mat3 W;
    W << C, 0.0, -B, 0.0, rnd.uniform(0.5, 3.0), 0.0, -B, 0.0, A;
    const Vec3 v(rnd.uniform(-2.0, 2.0), 0.0, -rnd.uniform(0.1, 3.0));
    return ImpactProblem::makeContactLevel(W, v, mu, rnd.uniform(0.0, 1.0));
}

struct NamedLaw {
    std::string name;
    std::function<ImpactResult(const ImpactProblem&, ImpactTrace*)> solve;
    bool promisesCone;   // |I_t| <= mu I_n
    bool mayGain;        // a documented energy gain
};

std::vector<NamedLaw> makeLaws(double et, double nu) {
    WangMasonOptions newton;
    newton.termination = WangMasonTermination::Newton;
    return {
        {"kane", [](const ImpactProblem& p, ImpactTrace* t) { return solveKane(p, {}, t); }, true, true},
        {"brach", [](const ImpactProblem& p, ImpactTrace* t) { return solveBrach(p, {}, t); }, true, true},
        {"gp1", [](const ImpactProblem& p, ImpactTrace* t) { return solveGlockerPfeiffer(p, {}, t); }, true, false},
        {"gp2", [=](const ImpactProblem& p, ImpactTrace* t) { return solveGlockerPfeiffer(p, {et, nu}, t); }, true, false},
        {"wm-newton", [=](const ImpactProblem& p, ImpactTrace* t) { return solveWangMason(p, newton, t); }, true, true},
        {"wm-poisson", [](const ImpactProblem& p, ImpactTrace* t) { return solveWangMason(p, {}, t); }, true, false},
        {"smith", [](const ImpactProblem& p, ImpactTrace* t) { return solveSmith(p, {}, t); }, true, false},
        {"cs", [=](const ImpactProblem& p, ImpactTrace* t) { return solveCataldoSampaio(p, {et, nu, -1.0, -1.0}, t); }, true, false},
    };
}

bool warnsOfGain(const ImpactResult& r) { return hasWarning(r, "energy gained"); }


TEST(PlanarInvariants, ConeEnergyAndWarningsOnRandomProblems) {
    RandomBodies rnd(301);
    std::map<std::string, int> gains;
    for (int k = 0; k < 300; ++k) {
        const double et = rnd.uniform(0.0, 1.0), nu = rnd.uniform(0.0, 1.0);
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5));
        for (const NamedLaw& law : makeLaws(et, nu)) {
            SCOPED_TRACE(law.name + " #" + std::to_string(k));
            const ImpactResult r = law.solve(p, nullptr);
            ASSERT_EQ(r.status, SolveStatus::Converged) << (r.warnings.empty() ? "" : r.warnings.front());
            ASSERT_TRUE(r.impulse.allFinite() && r.vPlus.allFinite());
            // Planar: no t2 impulse (the path integrator's resumed-slip direction comes
            // from an angle scan, so Wang-Mason's is round-off, ~1e-16, not exact zero).
            EXPECT_LE(std::abs(r.impulse.y()), kInvariantRelTol * r.impulse.norm());
            EXPECT_GT(r.impulse.z(), 0.0);
            if (law.promisesCone) {
                const double scale = r.impulse.z() * (1 + kInvariantRelTol) + kConeAbsFloor;
                EXPECT_LE(std::abs(r.impulse.x()), p.friction * scale);
                EXPECT_LE(std::abs(r.compressionImpulse.x()), p.friction * r.compressionImpulse.z() * (1 + kInvariantRelTol) + kConeAbsFloor);
            }
            const bool gained = r.energyAfter > r.energyBefore * (1 + kEnergyGainRelTol);
            EXPECT_EQ(gained, warnsOfGain(r)) << "every gain is reported, and only gains";
            if (!law.mayGain) {
                EXPECT_FALSE(gained) << energyChange(r);
            }
            gains[law.name] += gained;
            EXPECT_GE(r.vPlus.z(), -kInvariantRelTol * p.vMinus.norm()) << "the bodies separate";
        }
    }
    // The sample must contain the non-physical cases the warnings are for.
    for (const char* name : {"kane", "brach", "wm-newton"}) EXPECT_GT(gains[name], 0) << name;
}

TEST(PlanarInvariants, TerminationRulesHold) {
    RandomBodies rnd(302);
    for (int k = 0; k < 200; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5));
        const double e = p.restitution, vn = p.vMinus.z();
        const double tol = kClosedFormRelTol * (1 + std::abs(vn));
        // Newton-type (first and second groups): D_NE = -e D_NA.
        EXPECT_NEAR(solveKane(p).vPlus.z(), -e * vn, tol) << k;
        EXPECT_NEAR(solveBrach(p).vPlus.z(), -e * vn, tol) << k;
        EXPECT_NEAR(solveSmith(p).vPlus.z(), -e * vn, tol) << k;
        // Poisson-type (third and fourth groups): D_NC = 0 and I_N = (1 + e) I_NC.
        for (const ImpactResult& r : {solveGlockerPfeiffer(p), solveGlockerPfeiffer(p, {1.0, 1.0}), solveCataldoSampaio(p)}) {
            EXPECT_NEAR(p.calcVelocityAfter(r.compressionImpulse).z(), 0.0, tol) << k;
            EXPECT_NEAR(r.impulse.z(), (1 + e) * r.compressionImpulse.z(), kClosedFormRelTol * r.impulse.z()) << k;
        }
        // Kane's Coulomb conditions on the final velocity.
        const ImpactResult kane = solveKane(p);
        const double mu = p.friction, It = kane.impulse.x(), In = kane.impulse.z(), vt = kane.vPlus.x();
        const double speedTol = kInvariantRelTol * p.vMinus.norm();
        if (std::abs(vt) <= speedTol) {
            EXPECT_LE(std::abs(It), mu * In * (1 + kInvariantRelTol));
        } else if (vt < 0.0) {
            EXPECT_NEAR(It, mu * In, kClosedFormRelTol * In);
        } else {
            EXPECT_NEAR(It, -mu * In, kClosedFormRelTol * In);
        }
    }
}

TEST(PlanarInvariants, FrictionlessEveryLawIsNewton) {
    // mu = 0 with the neutral coefficients (e_t, nu anything: I_TC = 0 leaves
    // no reversible impulse; e_m = -1): I = (0, 0, -(1 + e) v_n / W_nn), and
    // Poisson = Newton = energetic (Stronge) without friction.
    RandomBodies rnd(303);
    for (int k = 0; k < 100; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, 0.0);
        const double In = -(1 + p.restitution) * p.vMinus.z() / p.W(2, 2);
        std::vector<std::pair<std::string, ImpactResult>> results;
        for (const NamedLaw& law : makeLaws(rnd.uniform(0, 1), rnd.uniform(0, 1))) results.push_back({law.name, law.solve(p, nullptr)});
        results.push_back({"newton", solveNewton(p)});
        results.push_back({"poisson", solvePoisson(p)});
        results.push_back({"stronge", solveStronge(p)});
        for (const auto& [name, r] : results) {
            EXPECT_NEAR(r.impulse.z(), In, kPathRelTol * In) << name << " #" << k;
            EXPECT_EQ(r.impulse.x(), 0.0) << name;
            if (name == "wm-poisson" || name == "wm-newton") {
                EXPECT_EQ(classifyWangMasonMode(p, r), WangMasonMode::Frictionless);
            }
        }
    }
}

TEST(PlanarInvariants, CentralImpactsAgreeAcrossFamilies) {
    // B = 0: the normal velocity does not feel friction, so the per-phase
    // algebraic Coulomb law equals the incremental one: GP1 = C-S = Wang-Mason
    // (Poisson), Kane = Smith's direct limit aside, Kane = Wang-Mason (Newton).
    RandomBodies rnd(304);
    WangMasonOptions newton;
    newton.termination = WangMasonTermination::Newton;
    for (int k = 0; k < 150; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5), true);
        const double scale = solveNewton(p).impulse.norm();
        const Vec3 wmP = solveWangMason(p).impulse;
        EXPECT_LE((solveGlockerPfeiffer(p).impulse - wmP).norm(), kPathRelTol * scale) << k;
        EXPECT_LE((solveCataldoSampaio(p).impulse - wmP).norm(), kPathRelTol * scale) << k;
        EXPECT_LE((solveKane(p).impulse - solveWangMason(p, newton).impulse).norm(), kPathRelTol * scale) << k;
    }
}

TEST(PlanarInvariants, CataldoSampaioWithoutMomentIsGlockerPfeiffer) {
    RandomBodies rnd(305);
    for (int k = 0; k < 200; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5));
        const double et = rnd.uniform(0, 1), nu = rnd.uniform(0, 1);
        const ImpactResult cs = solveCataldoSampaio(p, {et, nu, -1.0, -1.0});
        const ImpactResult gp = solveGlockerPfeiffer(p, {et, nu});
        EXPECT_LE((cs.impulse - gp.impulse).norm(), kClosedFormRelTol * gp.impulse.norm()) << k;
        EXPECT_NEAR(cs.energyAfter, gp.energyAfter, kClosedFormRelTol * (1 + gp.energyBefore)) << k;
    }
}

TEST(PlanarInvariants, MirrorSymmetry) {
    // Reflecting t1 (W_tn -> -W_tn, v_t -> -v_t) reflects I_t and nothing else.
    RandomBodies rnd(306);
    for (int k = 0; k < 60; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5));
        ImpactProblem q = p;
        q.W(0, 2) = q.W(2, 0) = -p.W(0, 2);
        q.vMinus.x() = -p.vMinus.x();
        for (const NamedLaw& law : makeLaws(0.5, 0.5)) {
            const Vec3 I = law.solve(p, nullptr).impulse;
            const Vec3 J = law.solve(q, nullptr).impulse;
            EXPECT_LE((Vec3(-J.x(), J.y(), J.z()) - I).norm(), kPathRelTol * I.norm()) << law.name << " #" << k;
        }
    }
}

TEST(PlanarInvariants, EveryLawEmitsADrawableTrace) {
    // Origin -> end of compression -> final, I_n non-decreasing, phases in
    // order, finite, ending at the result; closed-form laws emit straight segments.
    RandomBodies rnd(307);
    for (int k = 0; k < 40; ++k) {
        const ImpactProblem p = makeRandomPlanar(rnd, rnd.uniform(0.0, 1.5));
        for (const NamedLaw& law : makeLaws(0.5, 0.5)) {
            SCOPED_TRACE(law.name + " #" + std::to_string(k));
            ImpactTrace trace;
            const ImpactResult r = law.solve(p, &trace);
            ASSERT_GE(trace.samples.size(), 3u);
            EXPECT_EQ(trace.samples.front().impulse, Vec3::Zero());
            EXPECT_NEAR(trace.samples.front().energy, r.energyBefore, kInvariantRelTol * (1 + r.energyBefore));
            EXPECT_LE((trace.samples.back().impulse - r.impulse).norm(), kClosedFormRelTol * r.impulse.norm());
            EXPECT_LE((trace.samples.back().velocity - r.vPlus).norm(), kPathRelTol * p.vMinus.norm());
            EXPECT_NEAR(trace.samples.back().energy, r.energyAfter, kPathRelTol * (1 + r.energyBefore));
            bool restitution = false;
            double lastIn = -1.0;
            for (const TraceSample& s : trace.samples) {
                EXPECT_TRUE(s.impulse.allFinite() && s.velocity.allFinite() && std::isfinite(s.energy));
                EXPECT_GE(s.normalImpulse, lastIn);
                lastIn = s.normalImpulse;
                if (s.phase == ImpactPhase::Restitution) restitution = true;
                else EXPECT_FALSE(restitution) << "compression after restitution";
                EXPECT_LE(std::abs(s.impulse.x()), p.friction * s.normalImpulse * (1 + kInvariantRelTol) + kConeAbsFloor);
            }
            EXPECT_TRUE(restitution || p.restitution == 0.0);
        }
    }
}

TEST(PlanarInvariants, BodyLevelCoupleKeepsMomentumAndReportsEnergy) {
    // Random pairs of planar bodies (z a principal axis, motion in x-y): Brach
    // and C-S with moment coefficients. The contact impulse and the couple are
    // equal and opposite on the two bodies, so total linear momentum and
    // angular momentum about the contact point are conserved; the reported
    // energy after is the bodies' kinetic energy.
    RandomBodies rnd(308);
    int solved = 0, gained = 0;
    for (int k = 0; k < 400; ++k) {
        TwoBodyContact c;
        for (RigidBody* b : {&c.body1, &c.body2}) {
            b->mass = rnd.uniform(0.2, 5.0);
            const Vec3 e(rnd.uniform(0.05, 2), rnd.uniform(0.05, 2), rnd.uniform(0.05, 2));
            b->principalInertia = b->mass / 12 * Vec3(e.y() * e.y() + e.z() * e.z(), e.x() * e.x() + e.z() * e.z(), e.x() * e.x() + e.y() * e.y());
            b->orientation = Quat(Eigen::AngleAxisd(rnd.uniform(-3, 3), Vec3::UnitZ()));
            b->position = Vec3(rnd.uniform(-1, 1), rnd.uniform(-1, 1), 0.0);
            b->velocity = Vec3(rnd.uniform(-2, 2), rnd.uniform(-2, 2), 0.0);
            b->angularVelocity = Vec3(0.0, 0.0, rnd.uniform(-4, 4));
        }
        if (k % 3 == 0) c.body2 = RigidBody::makeFixed();
        c.point = Vec3(rnd.uniform(-1, 1), rnd.uniform(-1, 1), 0.0);
        const double a = rnd.uniform(-3, 3);
        c.frame = ContactFrame::makeFromNormal(Vec3(std::cos(a), std::sin(a), 0.0));
        if (c.calcContactRelativeVelocity().z() > -0.05) continue;
        const ImpactProblem p = ImpactProblem::makeBodyLevel(c, rnd.uniform(0.0, 1.5), rnd.uniform(0.0, 1.0));
        BrachOptions bo;
        bo.momentCoefficient = rnd.uniform(0.0, 1.5);
        const CataldoSampaioOptions co{rnd.uniform(0, 1), rnd.uniform(0, 1), rnd.uniform(0, 1.5), rnd.uniform(0, 1.5)};
        const Vec3 P0 = c.body1.calcLinearMomentum() + c.body2.calcLinearMomentum();
        const Vec3 L0 = c.body1.calcAngularMomentum(c.point) + c.body2.calcAngularMomentum(c.point);
        const Vec3 k3 = c.frame.t1().cross(c.frame.n());   // the couple's axis
        const BrachSolution b = solveBrachWithCouple(p, bo);
        const CataldoSampaioSolution s = solveCataldoSampaioWithCouple(p, co);
        const std::pair<const ImpactResult*, double> outcomes[] = {
            {&b.result, b.coupleImpulse}, {&s.result, s.coupleImpulseCompression + s.coupleImpulseExpansion}};
        for (const auto& [r, couple] : outcomes) {
            if (r->status != SolveStatus::Converged) continue;
            ++solved;
            const TwoBodyContact& after = *r->bodiesAfter;
            const Vec3 P1 = after.body1.calcLinearMomentum() + after.body2.calcLinearMomentum();
            const Vec3 L1 = after.body1.calcAngularMomentum(c.point) + after.body2.calcAngularMomentum(c.point);
            if (c.body2.fixed) {   // the ground absorbs: body 1 gains the impulse, and the couple about c
                EXPECT_LE((P1 - P0 - c.frame.toWorld(r->impulse)).norm(), kBalanceRelTol * (1 + P0.norm())) << k;
                EXPECT_LE((L1 - L0 - couple * k3).norm(), kBalanceRelTol * (1 + L0.norm())) << k;
            } else {
                EXPECT_LE((P1 - P0).norm(), kBalanceRelTol * (1 + P0.norm())) << k;
                EXPECT_LE((L1 - L0).norm(), kBalanceRelTol * (1 + L0.norm())) << k;
            }
            EXPECT_NEAR(after.calcKineticEnergy(), r->energyAfter, kBalanceRelTol * (1 + r->energyBefore)) << k;
            EXPECT_LE((after.calcContactRelativeVelocity() - r->vPlus).norm(), kBalanceRelTol * (1 + p.vMinus.norm())) << k;
            const bool gain = r->energyAfter > r->energyBefore * (1 + kEnergyGainRelTol);
            gained += gain;
            EXPECT_EQ(gain, warnsOfGain(*r)) << k;
        }
    }
    EXPECT_GT(solved, 300) << "the sample must exercise the couple";
    EXPECT_GT(gained, 0) << "the moment law's documented energy gain must appear in the sample";
}

TEST(PlanarRegistry, LawsOptionsAndErrors) {
    const ImpactProblem p = makeBarContactProblem(0.6, -1.0, 0.4, 1.0);
    struct Expect { const char* id; bool mayGain; std::vector<std::string> options; };
    const Expect expected[] = {{"kane", true, {"mu_static"}},
                               {"brach", true, {"impulse_ratio", "e_m"}},
                               {"glocker-pfeiffer", false, {"e_t", "nu"}},
                               {"wang-mason", true, {"termination", "max_steps"}},
                               {"smith", false, {}},
                               {"cs", true, {"e_t", "nu", "e_m_c", "e_m_e"}}};
    for (const Expect& x : expected) {
        SCOPED_TRACE(x.id);
        const LawInfo* law = findLaw(x.id);
        ASSERT_NE(law, nullptr);
        EXPECT_EQ(law->mayGainEnergy, x.mayGain);
        ASSERT_EQ(law->options.size(), x.options.size());
        for (std::size_t i = 0; i < x.options.size(); ++i) {
            EXPECT_EQ(law->options[i].name, x.options[i]);
            EXPECT_FALSE(law->options[i].defaultValue.empty());
            EXPECT_FALSE(law->options[i].description.empty());
        }
        EXPECT_NE(law->reference.find("Cataldo & Sampaio"), std::string::npos);
        const ImpactResult r = law->solve(p, json::object(), nullptr);
        EXPECT_EQ(r.model, x.id);
        EXPECT_EQ(r.status, SolveStatus::Converged);
        try {
            law->solve(p, {{"bogus", 1}}, nullptr);
            ADD_FAILURE() << "an unknown option must be rejected";
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), std::string(x.id) + ".bogus");
        }
    }
    EXPECT_NE(findLaw("cs")->title.find("reconstructed"), std::string::npos);
    // Options reach the laws.
    const ImpactResult wn = findLaw("wang-mason")->solve(p, {{"termination", "newton"}}, nullptr);
    EXPECT_NEAR(wn.impulse.z(), 0.901053, kPrintedTol);
    const ImpactResult gp = findLaw("glocker-pfeiffer")->solve(p, {{"e_t", 1.0}, {"nu", 1.0}}, nullptr);
    EXPECT_EQ(gp.impulse, solveGlockerPfeiffer(p, {1.0, 1.0}).impulse);
    // mu = 0.3 slides (B2.1: I_N = 0.975610); mu_0 = 0.5 admits the stick (1.025).
    const ImpactProblem p3 = makeBarContactProblem(0.6, -1.0, 0.3, 1.0);
    EXPECT_NEAR(findLaw("kane")->solve(p3, {{"mu_static", 0.5}}, nullptr).impulse.z(), 1.025, kClosedFormRelTol);
    EXPECT_NEAR(findLaw("kane")->solve(p3, {{"mu_static", nullptr}}, nullptr).impulse.z(), 0.975610, kPrintedTol);
    // Bad values name the option.
    auto field = [&](const char* id, const json& o) {
        try {
            findLaw(id)->solve(p, o, nullptr);
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string("no error");
    };
    EXPECT_EQ(field("wang-mason", {{"termination", "routh"}}), "wang-mason.termination");
    EXPECT_EQ(field("wang-mason", {{"max_steps", 0}}), "wang-mason.max_steps");
    EXPECT_EQ(field("glocker-pfeiffer", {{"e_t", 2.0}}), "glocker-pfeiffer.e_t");
    EXPECT_EQ(field("glocker-pfeiffer", {{"nu", "a"}}), "glocker-pfeiffer.nu");
    EXPECT_EQ(field("brach", {{"e_m", -0.5}}), "brach.e_m");
    EXPECT_EQ(field("brach", {{"e_m", 0.1}}), "bodies") << "a couple needs body-level input";
    EXPECT_EQ(field("kane", {{"mu_static", -1}}), "kane.mu_static");
    EXPECT_EQ(field("cs", {{"e_m_e", 0.2}}), "bodies");
    EXPECT_EQ(field("smith", {{"mu", 1}}), "smith.mu");
}

TEST(PlanarInvariants, ImpulseDiagramDrawsEveryPlanarLaw) {
    // Fig. 3.23: the bar, D_A = (-1, 0.6), mu = 1, e = 1; the Newton-type end
    // points lie outside the energy ellipse (gain), the Poisson-type inside.
    const ImpactProblem p = makeBarContactProblem(0.6, -1.0, 1.0, 1.0);
    std::vector<LawOutcome> outcomes;
    for (const NamedLaw& law : makeLaws(1.0, 1.0)) {
        LawOutcome o;
        o.result = law.solve(p, &o.trace);
        o.result.model = law.name;
        outcomes.push_back(o);
    }
    const ImpulseDiagram d = makeImpulseDiagram(p, outcomes);
    ASSERT_EQ(d.paths.size(), outcomes.size());
    for (const DiagramPath& path : d.paths) {
        SCOPED_TRACE(path.model);
        EXPECT_GE(path.points.size(), 3u);
        EXPECT_EQ(path.gainsEnergy, path.model == "kane" || path.model == "brach" || path.model == "wm-newton");
        EXPECT_GT(path.compressionPoint.y(), 0.0);
        EXPECT_GE(path.finalPoint.y(), path.compressionPoint.y());
    }
}
}}  // namespace
