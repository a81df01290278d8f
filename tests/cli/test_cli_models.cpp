// `impactlab-cli models`, --help and --version. The laws come from the
// registry: the listing must follow getLaws(), whatever laws this build has.
#include <gtest/gtest.h>

#include <sstream>

#include "CliTestSupport.h"
#include "laws/LawRegistry.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(CliModels, OneLinePerLawOfTheRegistry) {
    const CliRun run = runCli({"models"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const std::vector<std::string> lines = splitLines(run.out);
    ASSERT_EQ(lines.size(), getLaws().size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(lines[i].rfind(getLaws()[i].id + " ", 0), 0u) << lines[i];
        EXPECT_NE(lines[i].find(getLaws()[i].title), std::string::npos) << lines[i];
    }
    for (const std::string id : {"newton", "poisson", "stronge"})
        EXPECT_NE(run.out.find(id + " "), std::string::npos) << id << " is a law every build has";
}

TEST(CliModels, VerboseListsReferencesAndOptions) {
    const CliRun run = runCli({"models", "--verbose"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const LawInfo& law : getLaws()) {
        EXPECT_NE(run.out.find(law.reference), std::string::npos) << law.id;
        for (const LawOptionInfo& o : law.options) {
            EXPECT_NE(run.out.find(o.name + " [" + o.defaultValue + "]: " + o.description), std::string::npos)
                << law.id << "." << o.name;
        }
    }
}

TEST(CliModels, HelpAndVersion) {
    const CliRun help = runCli({"--help"});
    EXPECT_EQ(help.exitCode, 0);
    for (const char* word : {"solve", "models", "Exit codes"})
        EXPECT_NE(help.out.find(word), std::string::npos) << word;
    const CliRun solveHelp = runCli({"solve", "--help"});
    EXPECT_EQ(solveHelp.exitCode, 0);
    EXPECT_NE(solveHelp.out.find("--trace"), std::string::npos);
    const CliRun version = runCli({"--version"});
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.rfind("impactlab-cli ", 0), 0u) << version.out;
    EXPECT_NE(version.out.find("impactlab.problem/1"), std::string::npos);
}

}}  // namespace
}  // namespace impactlab::test
