// Which laws take a problem: the compare box greys out the others with the
// law's own reason. A comparison already solved gives the same answers as
// solving every law afresh.
#include <gtest/gtest.h>

#include <algorithm>

#include "laws/LawComparison.h"
#include "laws/LawRegistry.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// A contact-level problem sliding out of the (t1, n) plane: the planar laws
// refuse it and the spatial ones take it, so both answers occur.
ImpactProblem makeContactLevelProblem() {
    return ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0.5, -1), 0.3, 0.5);
}

TEST(LawAcceptance, ASolvedComparisonGivesTheSameAnswersAsSolvingAgain) {
    const ImpactProblem p = makeContactLevelProblem();
    const auto noOptions = [](const std::string&) { return nlohmann::json::object(); };
    const std::vector<LawAcceptance> fresh = checkLawAcceptance(p, noOptions);
    std::vector<LawChoice> some;
    for (std::size_t i = 0; i < getLaws().size(); i += 2) some.push_back({getLaws()[i].id, nlohmann::json::object()});
    const std::vector<LawAcceptance> reused = checkLawAcceptance(p, noOptions, compareLaws(p, some, false));
    ASSERT_EQ(fresh.size(), getLaws().size());
    ASSERT_EQ(reused.size(), fresh.size());
    bool refused = false, accepted = false;
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        EXPECT_EQ(reused[i].id, getLaws()[i].id);
        EXPECT_EQ(reused[i].accepted, fresh[i].accepted) << fresh[i].id;
        EXPECT_EQ(reused[i].refusal, fresh[i].refusal) << fresh[i].id;
        (fresh[i].accepted ? accepted : refused) = true;
    }
    EXPECT_TRUE(accepted);
    EXPECT_TRUE(refused);
}

TEST(LawAcceptance, ALawSolvedWithOtherOptionsIsSolvedAgain) {
    // A comparison entry counts only for the options the box asks about: a
    // law refused under a bad option is asked again with none.
    const ImpactProblem p = makeContactLevelProblem();
    ComparedLaw stale;
    stale.id = "stronge";
    stale.options = {{"not_an_option", 1}};
    stale.accepted = false;
    stale.refusal = "stronge.not_an_option: unknown";
    const std::vector<LawAcceptance> a =
        checkLawAcceptance(p, [](const std::string&) { return nlohmann::json::object(); }, {stale});
    const auto it = std::find_if(a.begin(), a.end(), [](const LawAcceptance& x) { return x.id == "stronge"; });
    ASSERT_NE(it, a.end());
    EXPECT_TRUE(it->accepted) << it->refusal;
}

}}  // namespace
