// The Equations view's content: every registered law has its typeset
// equations with their sources, the numbers substituted are the law's own
// result, and the law's termination condition, evaluated on random impacts,
// holds for every law that promises it.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <regex>

#include "diagram/LawEquations.h"
#include "laws/LawComparison.h"
#include "laws/LawIds.h"
#include "laws/LawRegistry.h"
#include "support/PlanarTestSupport.h"
#include "support/TestSupport.h"

namespace impactlab::test {
namespace {
namespace IMPACTLAB_UNITY_ID {

const EquationCondition* findCondition(const EquationSheet& sheet, const std::string& relationStart) {
    for (const EquationCondition& c : sheet.conditions)
        if (c.relation.rfind(relationStart, 0) == 0) return &c;
    return nullptr;
}

const EquationQuantity* findQuantity(const EquationSheet& sheet, const std::string& symbol) {
    for (const EquationQuantity& q : sheet.quantities)
        if (q.symbol == symbol) return &q;
    return nullptr;
}

// Every law of the registry, each with its default options.
std::vector<LawChoice> listEveryLaw() {
    std::vector<LawChoice> laws;
    for (const LawInfo& law : getLaws()) laws.push_back({law.id, nlohmann::json::object()});
    return laws;
}

TEST(LawEquations, EveryRegisteredLawHasEquationsWithTheirSources) {
    ASSERT_EQ(getLawEquationCatalogue().size(), std::size(kAllLawIds));
    const std::regex number("[0-9]");
    for (const LawInfo& law : getLaws()) {
        const LawEquationSet* set = findLawEquations(law.id);
        ASSERT_NE(set, nullptr) << law.id << " has no equations in resources/equations/equations.json";
        EXPECT_FALSE(set->title.empty()) << law.id;
        EXPECT_GE(set->equations.size(), 2u) << law.id << ": a law is at least its restitution and its friction";
        for (const LawEquation& e : set->equations) {
            EXPECT_FALSE(e.tex.empty()) << e.id;
            EXPECT_FALSE(e.meaning.empty()) << e.id;
            // "Stronge (1990), eq. (12)": the paper and an equation, section or figure number.
            EXPECT_TRUE(std::regex_search(e.source, number)) << e.id << ": '" << e.source << "' names no number";
            EXPECT_EQ(e.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string::npos)
                << e.id << ": ids are file names";
        }
    }
    EXPECT_EQ(findLawEquations("no-such-law"), nullptr);
}

// Compression then restitution with v_n linear in I_n: the trapezoid rule,
// split where v_n crosses zero, is exact.
TEST(LawEquations, NormalWorkSplitsAtTheEndOfCompression) {
    ImpactTrace trace;
    for (double p : {0.0, 0.4, 0.9, 1.2, 1.5}) {
        TraceSample s;
        s.normalImpulse = p;
        s.velocity = Vec3(0.0, 0.0, -1.0 + p);   // v_n = 0 at I_n = 1, between samples
        s.phase = p < 1.0 ? ImpactPhase::Compression : ImpactPhase::Restitution;
        trace.samples.push_back(s);
    }
    const NormalWork w = calcNormalWork(trace);
    constexpr double kExactTol = 1e-15;
    EXPECT_NEAR(w.compression, -0.5, kExactTol);     // int_0^1 (p - 1) dp
    EXPECT_NEAR(w.restitution, 0.125, kExactTol);    // int_1^1.5 (p - 1) dp
    EXPECT_EQ(calcNormalWork(ImpactTrace{}).compression, 0.0);
}

// The sheet's numbers are the law's own: W and v- of the problem, the impulse
// and the velocity after of the result, bit for bit.
TEST(LawEquations, SubstitutedValuesAreTheLawsOwn) {
    RandomBodies random(20261208);
    const ImpactProblem problem = ImpactProblem::makeBodyLevel(random.contact(false), 0.4, 0.6);
    for (const ComparedLaw& c : compareLaws(problem, listEveryLaw())) {
        if (!c.accepted) continue;
        const EquationSheet sheet = makeEquationSheet(c.id, problem, c.result, &c.trace, c.options);
        ASSERT_NE(sheet.equations, nullptr);
        EXPECT_EQ(sheet.equations->law, c.id);
        const EquationQuantity* p = findQuantity(sheet, "I");
        const EquationQuantity* vPlus = findQuantity(sheet, "v<sup>+</sup>");
        const EquationQuantity* W = findQuantity(sheet, "W");
        ASSERT_TRUE(p && vPlus && W) << c.id;
        EXPECT_EQ(p->values, (std::vector<double>{c.result.impulse.x(), c.result.impulse.y(), c.result.impulse.z()})) << c.id;
        EXPECT_EQ(vPlus->values, (std::vector<double>{c.result.vPlus.x(), c.result.vPlus.y(), c.result.vPlus.z()})) << c.id;
        EXPECT_EQ(W->values.size(), 9u);
        EXPECT_EQ(W->values[2], problem.W(0, 2));
    }
    EXPECT_THROW(makeEquationSheet("no-such-law", problem, ImpactResult{}, nullptr, nlohmann::json::object()), InputError);
}

// Each law's termination condition, evaluated by the sheet, holds on random
// impacts: the sheet reads the right quantity of the right law. 3D laws on
// random bodies, the planar laws on the bar of Cataldo & Sampaio.
TEST(LawEquations, EachLawsTerminationHoldsOnRandomImpacts) {
    RandomBodies random(7);
    const int trials = getTrialCount(40);
    int evaluated = 0;
    for (int trial = 0; trial < trials; ++trial) {
        const double mu = random.uniform(0.0, 1.0), e = random.uniform(0.0, 1.0);
        const std::vector<ImpactProblem> problems = {
            ImpactProblem::makeBodyLevel(random.contact(trial % 2 == 0), mu, e),
            makeBarContactProblem(random.uniform(-2.0, 2.0), random.uniform(-3.0, -0.2), mu, e)};
        for (const ImpactProblem& problem : problems) {
            for (const ComparedLaw& c : compareLaws(problem, listEveryLaw())) {
                if (!c.accepted || c.result.status != SolveStatus::Converged) continue;
                const EquationSheet sheet = makeEquationSheet(c.id, problem, c.result, &c.trace, c.options);
                const char* relation = nullptr;
                const LawId law = *findLawId(c.id);
                switch (law) {
                    case LawId::Newton: case LawId::Kane: case LawId::Smith: case LawId::KudlichSlibar:
                        relation = "v<sub>n</sub><sup>+</sup> = &minus;e"; break;
                    case LawId::Poisson: case LawId::GlockerPfeiffer: case LawId::WangMason: case LawId::CataldoSampaio:
                        relation = "I<sub>n</sub> = (1 + e)"; break;
                    case LawId::Stronge: case LawId::JiaWang: relation = "W<sub>r</sub>"; break;
                    case LawId::MaxDissipation: case LawId::CoulombInelastic: relation = "v<sub>n</sub><sup>+</sup> = 0"; break;
                    default: break;
                }
                if (!relation) continue;
                const EquationCondition* condition = findCondition(sheet, relation);
                ASSERT_NE(condition, nullptr) << c.id << " lacks " << relation;
                EXPECT_TRUE(condition->holds) << c.id << " trial " << trial << ": " << condition->lhs << " vs " << condition->rhs;
                EXPECT_FALSE(condition->equation.empty()) << c.id << ": the condition names no catalogue equation";
                ++evaluated;
            }
        }
    }
    EXPECT_GT(evaluated, trials * 8);
}

// Coulomb's cone, evaluated by the sheet, holds for every law that keeps the
// impulse in it.
TEST(LawEquations, TheConeHoldsForTheCoulombLaws) {
    RandomBodies random(11);
    for (int trial = 0; trial < getTrialCount(20); ++trial) {
        const ImpactProblem problem = ImpactProblem::makeBodyLevel(random.contact(false), random.uniform(0.0, 1.0), 0.5);
        for (const char* id : {"newton", "poisson", "stronge", "jia-wang", "max-dissipation", "coulomb-inelastic",
                               "kudlich-slibar", "tangential-compliance", "plus"}) {
            const ComparedLaw c = compareLaws(problem, {{id, nlohmann::json::object()}}).front();
            if (!c.accepted) continue;
            const EquationSheet sheet = makeEquationSheet(id, problem, c.result, &c.trace, c.options);
            const EquationCondition* cone = findCondition(sheet, "|I<sub>t</sub>|");
            ASSERT_NE(cone, nullptr) << id;
            EXPECT_TRUE(cone->inequality);
            EXPECT_TRUE(cone->holds) << id << ": " << cone->lhs << " > " << cone->rhs;
        }
    }
}

// PLUS on several contacts: each contact's impulse is PLUS's own, and the
// cone holds at each.
TEST(LawEquations, PlusSheetShowsEveryContact) {
    Mat3 block = Mat3::Identity();
    Eigen::MatrixXd A = Eigen::MatrixXd::Identity(6, 6);
    A.block<3, 3>(0, 3) = 0.3 * block;
    A.block<3, 3>(3, 0) = 0.3 * block;
    Eigen::VectorXd v(6);
    v << 0.5, 0.0, -1.0, -0.2, 0.1, -0.7;
    const ContactSpaceProblem problem = ContactSpaceProblem::makeContactLevel(
        {{"left", 0.3, 0.5, RestitutionKind::Constant}, {"right", 0.3, 0.5, RestitutionKind::Constant}}, A, v);
    const ContactSpaceResult result = solveContactSpace(getLaw("plus"), problem, nlohmann::json::object());
    const EquationSheet sheet = makeEquationSheet("plus", problem, result);
    const EquationQuantity* p2 = findQuantity(sheet, "I<sub>2</sub>");
    ASSERT_NE(p2, nullptr);
    EXPECT_EQ(p2->values[2], result.getImpulse(1).z());
    int cones = 0;
    for (const EquationCondition& c : sheet.conditions)
        if (c.relation.find("&le; &mu;") != std::string::npos) {
            ++cones;
            EXPECT_TRUE(c.holds) << c.relation;
        }
    EXPECT_EQ(cones, 2);
    const std::string csv = formatEquationSheetCsv(sheet);
    EXPECT_NE(csv.find("I_2,\"impulse at contact 2\",2,"), std::string::npos) << csv;
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
}  // namespace impactlab::test
