// In-process checks of the problem reader, the result writer and the CLI's
// failure plumbing: field paths, the non-finite guard, exit-code mapping.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "CliTestSupport.h"
#include "cli/Cli.h"
#include "cli/CliIo.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "laws/ProblemJson.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using nlohmann::ordered_json;

// Field of the InputError `f` throws, or "" when it does not throw one.
template <typename F>
std::string errorField(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.field();
    }
    return "";
}

TEST(ProblemJson, FieldsAreNamedAsWritten) {
    json p = loadProblem("ball-on-half-space.json");
    p["contact_level"]["W"][1][2] = "x";
    EXPECT_EQ(errorField([&] { parseProblem(p); }), "contact_level.W[1][2]");

    json b = loadProblem("two-free-bodies.json");
    b["bodies"][0]["inertia"][2][0] = true;
    EXPECT_EQ(errorField([&] { parseProblem(b); }), "bodies[0].inertia[2][0]");

    json fixedWithMass = loadProblem("sphere-on-ground-spin.json");
    fixedWithMass["bodies"][1]["mass"] = 3;
    EXPECT_EQ(errorField([&] { parseProblem(fixedWithMass); }), "bodies[1].mass");

    json oneBody = loadProblem("sphere-on-ground-spin.json");
    oneBody["bodies"].erase(1);
    EXPECT_EQ(errorField([&] { parseProblem(oneBody); }), "bodies");

    json both = loadProblem("ball-on-half-space.json");
    both["models"] = {"newton"};
    EXPECT_EQ(errorField([&] { parseSolveRequest(both); }), "models");

    json twice = loadProblem("models-comparison.json");
    twice["models"] = {"stronge", "stronge"};
    EXPECT_EQ(errorField([&] { parseSolveRequest(twice); }), "models[1]");

    json onlyA = loadProblem("ball-on-half-space.json");
    onlyA["A"] = json::array();
    EXPECT_EQ(errorField([&] { parseProblem(onlyA); }), "A");

    json neither = loadProblem("ball-on-half-space.json");
    neither.erase("contact_level");
    EXPECT_EQ(errorField([&] { parseProblem(neither); }), "contact_level");

    EXPECT_EQ(errorField([] { parseProblem(json::array()); }), "problem");
}

TEST(ProblemJson, OverflowIsNamedByItsPath) {
    EXPECT_EQ(errorField([] { parseJsonText(R"({"a": {"b": [1, [2, 1e400]]}})", "src"); }), "a.b[1][1]");
    EXPECT_EQ(errorField([] { parseJsonText(R"({"a": [{"x": 1}, {"y": -1e400}]})", "src"); }), "a[1].y");
    EXPECT_EQ(errorField([] { parseJsonText(R"({"a": 1,})", "src"); }), "src");
}

TEST(ProblemJson, ModelOverrideReplacesTheList) {
    const json p = loadProblem("models-comparison.json");
    const SolveRequest all = parseSolveRequest(p);
    EXPECT_TRUE(all.comparison);
    EXPECT_EQ(all.laws.size(), p.at("models").size());
    const SolveRequest one = parseSolveRequest(p, std::string("stronge"));
    EXPECT_FALSE(one.comparison);
    ASSERT_EQ(one.laws.size(), 1u);
    EXPECT_EQ(one.laws[0].law->id, "stronge");
}

TEST(ResultJson, BodyLevelWorldVectorsUseTheContactFrame) {
    const ImpactProblem problem = parseProblem(loadProblem("two-free-bodies.json"));
    ImpactResult result;
    result.model = "test";
    result.impulse = Vec3(0.1, -0.2, 1.0);
    result.vPlus = Vec3(0.3, 0.0, 0.5);
    const ordered_json j = resultToJson(problem, result, nullptr);
    const Vec3 world = toVec3(j.at("impulse_world"));
    // Exact: the writer multiplies by the frame's axes and nothing else.
    EXPECT_EQ(world, Vec3(problem.bodies->frame.toWorld(result.impulse)));
    EXPECT_EQ(toVec3(j.at("v_plus_world")), Vec3(problem.bodies->frame.toWorld(result.vPlus)));
    EXPECT_EQ(j.at("bodies").size(), 2u);
    EXPECT_FALSE(j.contains("trace"));
}

TEST(ResultJson, FindsNonFiniteNumbers) {
    ordered_json j = {{"results", ordered_json::array({{{"impulse", {0.0, 1.0, 2.0}}}})}};
    EXPECT_EQ(findNonFiniteNumber(j), std::nullopt);
    j["results"][0]["impulse"][1] = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(findNonFiniteNumber(j), std::optional<std::string>("results[0].impulse[1]"));
    j["results"][0]["impulse"][1] = 1.0;
    j["energy"] = -std::numeric_limits<double>::infinity();
    EXPECT_EQ(findNonFiniteNumber(j), std::optional<std::string>("energy"));
}

TEST(CliPlumbing, NonFiniteResultIsAnInternalErrorWithNothingPrinted) {
    ordered_json j = {{"format", kResultFormat}, {"impulse", {0.0, std::nan(""), 1.0}}};
    std::ostringstream out, err;
    const int code = cli::runGuarded([&] { cli::writeJson(j, out); return 0; }, err);
    EXPECT_EQ(code, cli::kExitInternal);
    EXPECT_EQ(out.str(), "");
    const std::string message = err.str();
    EXPECT_NE(message.find("impulse[1]"), std::string::npos) << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
}

TEST(CliPlumbing, EachFailureChannelHasItsExitCode) {
    std::ostringstream err;
    auto codeOf = [&](auto thrower) { return cli::runGuarded([&]() -> int { thrower(); return 0; }, err); };
    EXPECT_EQ(codeOf([] { throw InputError("f", "bad\nvalue"); }), cli::kExitBadInput);
    EXPECT_EQ(codeOf([] { throw cli::UsageError("u"); }), cli::kExitUsage);
    EXPECT_EQ(codeOf([] { throw cli::IoError("io"); }), cli::kExitIo);
    EXPECT_EQ(codeOf([] { throw cli::InternalError("bug"); }), cli::kExitInternal);
    EXPECT_EQ(codeOf([] { throw std::logic_error("bug"); }), cli::kExitInternal);
    EXPECT_EQ(codeOf([] { throw 42; }), cli::kExitInternal);
    // Six failures, six lines: a newline inside a message does not split it.
    const std::string messages = err.str();
    EXPECT_EQ(std::count(messages.begin(), messages.end(), '\n'), 6) << messages;
}

}}  // namespace
}  // namespace impactlab::test
