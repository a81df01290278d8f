// Failure channels of impactlab-cli (docs/problem-format.md, "Errors"): bad input
// exits 1 with exactly one line on stderr naming the field and nothing on
// stdout; I/O errors exit 3; usage errors exit 2.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

struct BadInput {
    std::string file;    // under tests/data/problems/bad
    std::string field;   // must appear in the message, followed by ": "
};

std::ostream& operator<<(std::ostream& os, const BadInput& b) { return os << b.file; }

void expectOneLineError(const CliRun& run, int exitCode, const std::string& mention) {
    EXPECT_EQ(run.exitCode, exitCode) << run.err;
    EXPECT_EQ(run.out, "") << "nothing may be printed on stdout when failing";
    EXPECT_EQ(run.errLines(), 1) << run.err;
    EXPECT_EQ(run.err.rfind("impactlab-cli: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(mention), std::string::npos) << "expected '" << mention << "' in: " << run.err;
}

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, ExitsOneWithOneLineNamingTheField) {
    const BadInput& bad = GetParam();
    const CliRun run = runCli({"solve", getProblemPath("bad/" + bad.file)});
    expectOneLineError(run, 1, bad.field + ": ");
}

// One entry per file of tests/data/problems/bad (a test checks none is left out).
const std::vector<BadInput> kBadInputs = {
    BadInput{"unparsable-json.json", "unparsable-json.json"},   // no field: the source and the position
    BadInput{"missing-format.json", "format"},
    BadInput{"wrong-format.json", "format"},
    BadInput{"missing-friction.json", "friction"},
    BadInput{"missing-model.json", "model"},
    BadInput{"missing-body-velocity.json", "bodies[1].velocity"},
    BadInput{"non-finite-number.json", "contact_level.v_minus[2]"},
    BadInput{"not-a-number.json", "friction"},
    BadInput{"W-not-symmetric.json", "contact_level.W"},
    BadInput{"W-not-positive-definite.json", "contact_level.W"},
    BadInput{"W-not-3x3.json", "contact_level.W"},
    BadInput{"negative-mass.json", "bodies[1].mass"},
    BadInput{"singular-inertia.json", "bodies[0].inertia"},
    BadInput{"friction-negative.json", "friction"},
    BadInput{"restitution-above-one.json", "restitution"},
    BadInput{"restitution-negative.json", "restitution"},
    BadInput{"contact-level-separating.json", "contact_level.v_minus"},
    BadInput{"bodies-separating.json", "bodies"},
    BadInput{"both-bodies-fixed.json", "bodies"},
    BadInput{"zero-normal.json", "contact.normal"},
    BadInput{"unknown-model.json", "model"},
    BadInput{"unknown-model-in-list.json", "models[1]"},
    BadInput{"unknown-law-option.json", "stronge.bogus_option"},
    BadInput{"bad-law-option-value.json", "stronge.max_turn_per_step"},
    BadInput{"bad-stiffness-ratio.json", "tangential-compliance.stiffness_ratio"},
    BadInput{"unknown-field.json", "strong"},
    BadInput{"multi-contact.json", "contacts"},
};

INSTANTIATE_TEST_SUITE_P(
    Contract, CliBadInput,
    ::testing::ValuesIn(kBadInputs),
    [](const ::testing::TestParamInfo<BadInput>& info) {
        std::string name;
        for (char c : info.param.file.substr(0, info.param.file.size() - 5))
            name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        return name;
    });

TEST(CliErrors, EveryBadExampleIsTested) {
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(getProblemPath("bad"))) {
        ++files;
        const std::string name = entry.path().filename().string();
        bool listed = false;
        for (const BadInput& b : kBadInputs) listed = listed || b.file == name;
        EXPECT_TRUE(listed) << name << " is not in kBadInputs";
    }
    EXPECT_EQ(files, static_cast<int>(kBadInputs.size()));
}

TEST(CliErrors, MessagesSayWhatIsWrong) {
    // Spot checks of the reasons, not only the fields.
    auto err = [](const std::string& file) { return runCli({"solve", getProblemPath("bad/" + file)}).err; };
    EXPECT_NE(err("missing-friction.json").find("friction: missing"), std::string::npos);
    EXPECT_NE(err("not-a-number.json").find("must be a number"), std::string::npos);
    EXPECT_NE(err("non-finite-number.json").find("finite"), std::string::npos);
    EXPECT_NE(err("multi-contact.json").find("plus"), std::string::npos);
    EXPECT_NE(err("bodies-separating.json").find("approaching"), std::string::npos);
}

TEST(CliErrors, OverflowingNumberIsNamedWhereverItIs) {
    // A JSON document cannot hold 1e999 as a number: put a marker there and
    // replace it in the text.
    json problem = loadProblem("sphere-on-ground-spin.json");
    problem["bodies"][0]["velocity"][1] = "OVERFLOW";
    std::string text = problem.dump();
    const std::string marker = "\"OVERFLOW\"";
    text.replace(text.find(marker), marker.size(), "1e999");
    const std::string path = makeTempPath(".json");
    std::ofstream(path) << text;
    const CliRun run = runCli({"solve", path});
    std::filesystem::remove(path);
    expectOneLineError(run, 1, "bodies[0].velocity[1]: ");
}

TEST(CliErrors, BadModelFlagIsBadInput) {
    const CliRun run = runCli({"solve", getProblemPath("ball-on-half-space.json"), "--model", "no-such-law"});
    expectOneLineError(run, 1, "--model: ");
}

TEST(CliErrors, FailingLawInAComparisonPrintsNothing) {
    // newton runs first and succeeds; stronge then rejects its options: no
    // partial output.
    json problem = loadProblem("models-comparison.json");
    problem["stronge"] = {{"max_steps", 0}};
    const TempProblem file(problem);
    expectOneLineError(runCli({"solve", file.path()}), 1, "stronge.max_steps: ");
}

TEST(CliErrors, EmptyInputIsBadInput) {
    const std::string empty = makeTempPath(".json");
    std::ofstream(empty).flush();
    expectOneLineError(runCli({"solve", "-"}, empty), 1, "stdin: ");
    std::filesystem::remove(empty);
}

TEST(CliErrors, MissingFileIsAnIoError) {
    const std::string missing = "/nonexistent/impactlab/problem.json";
    expectOneLineError(runCli({"solve", missing}), 3, missing + ": ");
}

TEST(CliErrors, DirectoryIsAnIoError) {
    expectOneLineError(runCli({"solve", IMPACTLAB_PROBLEMS_DIR}), 3, "directory");
}

TEST(CliErrors, BadCommandLinesAreUsageErrors) {
    const std::string ok = getProblemPath("ball-on-half-space.json");
    expectOneLineError(runCli({"solve", ok, "--bogus"}), 2, "--bogus");
    expectOneLineError(runCli({"solve", ok, "--model"}), 2, "--model");
    expectOneLineError(runCli({"solve", ok, "--trace=yes"}), 2, "--trace");
    expectOneLineError(runCli({"solve", ok, ok}), 2, "one problem");
    expectOneLineError(runCli({"models", "--bogus"}), 2, "--bogus");
    expectOneLineError(runCli({"models", "extra"}), 2, "extra");
    expectOneLineError(runCli({"frobnicate"}), 2, "frobnicate");
    expectOneLineError(runCli({"--bogus"}), 2, "--bogus");
    expectOneLineError(runCli({}), 2, "missing command");
}

}}  // namespace
}  // namespace impactlab::test
