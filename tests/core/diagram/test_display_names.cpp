// The names people read: every registered law has a
// display name, and the granular models read as the laws they run.
#include <gtest/gtest.h>

#include "diagram/DisplayNames.h"
#include "laws/LawRegistry.h"

using namespace impactlab;

TEST(DisplayNames, EveryRegisteredLawHasOne) {
    ASSERT_FALSE(getLaws().empty());
    for (const LawInfo& law : getLaws()) {
        const std::string name = findLawDisplayName(law.id);
        EXPECT_FALSE(name.empty()) << law.id << " has no display name in core/diagram/DisplayNames.cpp";
        EXPECT_NE(name, law.id) << law.id << ": the display name is the id";
    }
}

TEST(DisplayNames, NamesAreDistinct) {
    // Two laws with one name could not be told apart in the compare box.
    const std::vector<LawInfo>& laws = getLaws();
    for (std::size_t i = 0; i < laws.size(); ++i)
        for (std::size_t j = i + 1; j < laws.size(); ++j)
            EXPECT_NE(getLawDisplayName(laws[i].id), getLawDisplayName(laws[j].id)) << laws[i].id << " " << laws[j].id;
}

TEST(DisplayNames, FrictionModelsReadAsTheirLaws) {
    // The granular box ticks "coulomb-inelastic"; the results name "coulomb": one name for one thing.
    EXPECT_EQ(getFrictionModelDisplayName("coulomb"), getLawDisplayName("coulomb-inelastic"));
    EXPECT_EQ(getFrictionModelDisplayName("max-dissipation"), getLawDisplayName("max-dissipation"));
    EXPECT_EQ(getLawDisplayName("newton"), "Newton");
    EXPECT_EQ(getLawDisplayName("no-such-law"), "no-such-law");
}

TEST(DisplayNames, ViewsUseWords) {
    EXPECT_EQ(findViewDisplayName("plane"), "Compression plane");
    EXPECT_EQ(findViewDisplayName("fobj"), "Objective");
    EXPECT_EQ(findViewDisplayName("comparison"), "Comparison");
    EXPECT_EQ(findViewDisplayName("velocity"), "");   // page-specific: the page names it
}
