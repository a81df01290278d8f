// The comparison table as people read it: laws by
// their display names, round-off of a vector printed as 0, one format per column.
#include <gtest/gtest.h>

#include "diagram/ComparisonTable.h"
#include "diagram/DisplayNames.h"
#include "laws/LawRegistry.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {
// Columns of makeComparisonTable's header.
constexpr int kLawColumn = 0, kEnergyBeforeColumn = 5, kEnergyChangeColumn = 7, kVt1Column = 9, kVnColumn = 11;

ComparedLaw makeAccepted(const std::string& id, const Vec3& vPlus, double before, double after) {
    ComparedLaw c;
    c.id = id;
    c.accepted = true;
    c.result.model = id;
    c.result.impulse = Vec3(0.0, 0.0, 1.5);
    c.result.vPlus = vPlus;
    c.result.energyBefore = before;
    c.result.energyAfter = after;
    return c;
}

TEST(ComparisonTable, RoundOffComponentPrintsZero) {
    // The icosahedron scene's v+: its tangential component is -4.441e-16 of a
    // 5.781 m/s vector (1e-16 relative, below kDisplayZeroRelTol = 1e-7), and
    // the energy change 1.767e-13 J of 16 J is no change.
    const FigureTable t =
        makeComparisonTable({makeAccepted("newton", Vec3(-4.441e-16, 0.0, 5.781), 16.0, 16.0 + 1.767e-13)});
    ASSERT_EQ(t.rows.size(), 1u);
    EXPECT_EQ(t.rows[0][kVt1Column], "0");
    EXPECT_EQ(t.rows[0][kEnergyChangeColumn], "0");
    // kDisplayDigits significant digits, as the summary beside the table.
    EXPECT_EQ(t.rows[0][kVnColumn], "5.7810");
    EXPECT_EQ(t.rows[0][kLawColumn], "Newton");
}

TEST(ComparisonTable, EnergyColumnSharesOneFormat) {
    // 2.369e+05 J beside 16321 J: one fixed format for the column.
    const FigureTable t = makeComparisonTable({makeAccepted("newton", Vec3(0, 0, 1), 236900.0, 1000.0),
                                               makeAccepted("poisson", Vec3(0, 0, 1), 16321.0, 1000.0)});
    ASSERT_EQ(t.rows.size(), 2u);
    EXPECT_EQ(t.rows[0][kEnergyBeforeColumn], "236900");
    EXPECT_EQ(t.rows[1][kEnergyBeforeColumn], "16321");
}

TEST(ComparisonTable, EveryLawByItsDisplayName) {
    // Refused or accepted, each registered law's row names it as the compare box does.
    const ImpactProblem p = ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), 0.3, 0.5);
    std::vector<LawChoice> choices;
    for (const LawInfo& law : getLaws()) choices.push_back({law.id, nlohmann::json::object()});
    const std::vector<ComparedLaw> compared = compareLaws(p, choices);
    const FigureTable t = makeComparisonTable(compared);
    ASSERT_EQ(t.rows.size(), getLaws().size());
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        EXPECT_EQ(t.rows[i][kLawColumn], findLawDisplayName(getLaws()[i].id));
        EXPECT_NE(t.rows[i][kLawColumn], getLaws()[i].id);
    }
}
}}  // namespace
