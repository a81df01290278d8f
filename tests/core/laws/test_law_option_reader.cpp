// The one reader of law options (laws/LawOptionReader.h):
// every family reads its options through it with the field names and
// messages the families always had ("<law>.<key>: reason"), checked here word
// for word, key order included.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/PlusLaw.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

// The message of the InputError the law throws on `options`, or "" when it
// solves.
std::string errorOf(const std::string& law, const json& options) {
    ImpactProblem p;
    p.W = Mat3::Identity();
    p.vMinus = Vec3(0.3, 0.0, -1.0);
    p.friction = 0.3;
    p.restitution = 0.5;
    try {
        getLaw(law).solve(p, options, nullptr);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(LawOptionReader, EmptyAndNullOptionsAreTheDefaults) {
    for (const LawInfo& law : getLaws()) {
        EXPECT_EQ(errorOf(law.id, json::object()), "") << law.id;
        EXPECT_EQ(errorOf(law.id, json()), "") << law.id;
        EXPECT_EQ(errorOf(law.id, json::array()), law.id + ": options must be a JSON object") << law.id;
    }
}

TEST(LawOptionReader, PathLawsReadKeyByKey) {
    EXPECT_EQ(errorOf("stronge", {{"bogus", 1}}), "stronge.bogus: unknown option");
    EXPECT_EQ(errorOf("newton", {{"max_steps", 0}}), "newton.max_steps: must be an integer >= 1");
    EXPECT_EQ(errorOf("poisson", {{"max_turn_per_step", -1}}), "poisson.max_turn_per_step: must be a finite number > 0");
    // Key order: the first key (alphabetical in a JSON object) fails first.
    EXPECT_EQ(errorOf("stronge", {{"max_steps", 0}, {"zzz", 1}}), "stronge.max_steps: must be an integer >= 1");
    EXPECT_EQ(errorOf("stronge", {{"aaa", 1}, {"max_steps", 0}}), "stronge.aaa: unknown option");
}

TEST(LawOptionReader, JiaWangMessages) {
    EXPECT_EQ(errorOf("jia-wang", {{"method", "euler"}}),
              "jia-wang.method: must be \"default\", \"fixed-step\", \"fixed-step-closed-form\" or \"paper-adaptive\"");
    EXPECT_EQ(errorOf("jia-wang", {{"method", 3}}),
              "jia-wang.method: must be \"default\", \"fixed-step\", \"fixed-step-closed-form\" or \"paper-adaptive\"");
    EXPECT_EQ(errorOf("jia-wang", {{"epsilon", 2}}), "jia-wang.epsilon: must be a number in [0, 1]");
    EXPECT_EQ(errorOf("jia-wang", {{"h", 0}}), "jia-wang.h: must be a finite number > 0");
    EXPECT_EQ(errorOf("jia-wang", {{"max_steps", 1.5}}), "jia-wang.max_steps: must be an integer >= 1");
    EXPECT_EQ(errorOf("jia-wang", {{"tolerance", 1}}), "jia-wang.tolerance: unknown option");
    EXPECT_EQ(errorOf("jia-wang", {{"method", "fixed-step"}}), "");
}

TEST(LawOptionReader, PlanarLawsRejectUnknownKeysFirst) {
    EXPECT_EQ(errorOf("kane", {{"mu_dynamic", 1}}), "kane.mu_dynamic: unknown option");
    EXPECT_EQ(errorOf("brach", {{"e_m", "x"}, {"zzz", 1}}), "brach.zzz: unknown option");
    EXPECT_EQ(errorOf("brach", {{"e_m", "x"}}), "brach.e_m: must be a finite number");
    EXPECT_EQ(errorOf("wang-mason", {{"termination", 1}}), "wang-mason.termination: must be a string");
    EXPECT_EQ(errorOf("wang-mason", {{"termination", "euler"}}),
              "wang-mason.termination: must be \"newton\" or \"poisson\", got \"euler\"");
    EXPECT_EQ(errorOf("wang-mason", {{"max_steps", 0}}), "wang-mason.max_steps: must be an integer >= 1");
    EXPECT_EQ(errorOf("smith", {{"e_t", 0.5}}), "smith.e_t: unknown option");
    // The law's own order of reads: e_t before e_m_c although e_m_c sorts first.
    EXPECT_EQ(errorOf("cs", {{"e_m_c", "x"}, {"e_t", "y"}}), "cs.e_t: must be a finite number");
}

TEST(LawOptionReader, LawsWithoutOptionsAndVehicles) {
    EXPECT_EQ(errorOf("max-dissipation", {{"tolerance", 1}}),
              "max-dissipation.tolerance: unknown option (the law takes none)");
    EXPECT_EQ(errorOf("coulomb-inelastic", {{"x", 1}}), "coulomb-inelastic.x: unknown option (the law takes none)");
    EXPECT_EQ(errorOf("kudlich-slibar", {{"mu_bound", 1}}), "kudlich-slibar.mu_bound: must be true or false");
    EXPECT_EQ(errorOf("kudlich-slibar", {{"mu_limit", true}}), "kudlich-slibar.mu_limit: unknown option");
}

TEST(LawOptionReader, PlusMessages) {
    const auto plusError = [](const json& o) {
        try {
            readPlusOptions(o);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(plusError({{"v_capture", -1}}), "plus.v_capture: must be >= 0");
    EXPECT_EQ(plusError({{"v_plastic", 0}}), "plus.v_plastic: must be > 0");
    EXPECT_EQ(plusError({{"v_plastic", "a"}}), "plus.v_plastic: must be a finite number");
    EXPECT_EQ(plusError({{"v_plastic", nullptr}}), "plus.v_plastic: must be a finite number");
    EXPECT_EQ(plusError({{"theta_max", 2}}), "plus.theta_max: must be < pi/2");
    EXPECT_EQ(plusError({{"alpha_min", 2}}), "plus.alpha_min: must be <= 1");
    EXPECT_EQ(plusError({{"impact_model", "parallel"}}), "plus.impact_model: must be \"sequential\" or \"simultaneous\"");
    EXPECT_EQ(plusError({{"max_rounds", 0}}), "plus.max_rounds: must be an integer >= 1");
    EXPECT_EQ(plusError({{"v_capture", 5}, {"v_plastic", 1}}), "plus.v_capture: must be <= v_plastic");
    EXPECT_EQ(plusError({{"rounds", 1}}), "plus.rounds: unknown option");
    EXPECT_EQ(readPlusOptions({{"impact_model", "simultaneous"}}).impactModel, PlusImpactModel::Simultaneous);
}

TEST(LawOptionReader, OneRegistryForOneContactAndSeveral) {
    for (const LawInfo& law : getLaws()) EXPECT_EQ(static_cast<bool>(law.solveSeveral), law.id == "plus") << law.id;
}

}}  // namespace
