// The laws as a type: every registered law has a LawId that spells its id,
// and code outside laws/ and io/ (where ids are read and written) never
// compares a law's id as a string literal, so renaming or misspelling one
// fails to compile instead of silently never matching.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "laws/LawIds.h"
#include "laws/LawRegistry.h"
#include "support/SourceScan.h"

using namespace impactlab;
namespace fs = std::filesystem;

namespace { namespace IMPACTLAB_UNITY_ID {

TEST(LawIds, EveryRegisteredLawHasOneLawIdAndBack) {
    std::set<std::string> registered;
    for (const LawInfo& law : getLaws()) {
        registered.insert(law.id);
        const std::optional<LawId> id = findLawId(law.id);
        ASSERT_TRUE(id.has_value()) << law.id << " is registered but has no LawId";
        EXPECT_EQ(toString(*id), law.id);
        EXPECT_TRUE(isLaw(law.id, *id));
    }
    std::set<std::string> typed;
    for (LawId id : kAllLawIds) typed.insert(toString(id));
    EXPECT_EQ(typed, registered);
    EXPECT_FALSE(findLawId("Newton").has_value()) << "ids are spelt exactly, in lower case";
    EXPECT_FALSE(findLawId("").has_value());
    EXPECT_FALSE(isLaw("wang-mason ", LawId::WangMason));
}

// A comparison of anything with a string literal that is a registered law's id.
bool comparesLawIdLiteral(const std::string& line, const std::set<std::string>& ids) {
    static const std::regex literalCompare(R"re((==|!=)\s*"([a-z-]+)"|"([a-z-]+)"\s*(==|!=))re");
    for (std::sregex_iterator it(line.begin(), line.end(), literalCompare), end; it != end; ++it) {
        const std::string literal = (*it)[2].matched ? (*it)[2].str() : (*it)[3].str();
        if (ids.count(literal) > 0) return true;
    }
    return false;
}

TEST(LawIds, DetectorCatchesLiteralComparisons) {
    const std::set<std::string> ids = {"wang-mason", "plus"};
    EXPECT_TRUE(comparesLawIdLiteral(R"(if (r.model == "wang-mason"))", ids));
    EXPECT_TRUE(comparesLawIdLiteral(R"(if (*law != "plus") throw)", ids));
    EXPECT_TRUE(comparesLawIdLiteral(R"(if ("plus"==law))", ids));
    EXPECT_FALSE(comparesLawIdLiteral(R"(if (kind == "planar"))", ids));
    EXPECT_FALSE(comparesLawIdLiteral(R"(laws.push_back({"plus", "PLUS"});)", ids));
}

TEST(LawIds, NoLawIdIsComparedAsAStringOutsideLawsAndIo) {
    std::set<std::string> ids;
    for (const LawInfo& law : getLaws()) ids.insert(law.id);
    const fs::path root = fs::path(IMPACTLAB_SOURCE_DIR);
    ASSERT_TRUE(fs::is_directory(root / "core")) << root;
    const int filesRead = test::forEachSourceLine(
        root, {"core", "ui", "app"},
        [](const std::string& rel) { return rel.rfind("core/laws/", 0) == 0 || rel.rfind("core/io/", 0) == 0; },
        [&](const std::string& rel, int lineNo, const std::string& line) {
            EXPECT_FALSE(comparesLawIdLiteral(line, ids))
                << rel << ":" << lineNo << " compares a law id as a string; use LawId (laws/LawIds.h): " << line;
        });
    EXPECT_GT(filesRead, 300) << "the scan found too few files to be meaningful";
}

}}  // namespace
