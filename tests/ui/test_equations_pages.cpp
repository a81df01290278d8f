// The Equations tab of the pages that draw a law, through the real window:
// the law shown is the scene's, the chooser offers the laws compared with
// it, and the numbers substituted are the core's for the impact on screen,
// also right after a slider moves. Needs an X display for VTK (CTest runs it
// under with-display.sh).
#include <QApplication>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "diagram/LawEquations.h"
#include "equations/EquationsView.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

class EquationsTab : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(showActive(w)); }
    bool open(const QString& path) { return openAndSettle(w, path); }
    MainWindow w;
};

std::vector<double> getValues(const EquationSheet& sheet, const std::string& symbol) {
    for (const EquationQuantity& q : sheet.quantities)
        if (q.symbol == symbol) return q.values;
    ADD_FAILURE() << "no quantity " << symbol;
    return {};
}

std::vector<double> toValues(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

// Each compared law in the chooser, the scene's first, each sheet holding its
// own law's impulse; after a slider move the sheet is the new impact's.
TEST_F(EquationsTab, ImpactPageShowsEachComparedLawsNumbers) {
    ASSERT_TRUE(open(":/scenes/impact-bowling-pin-ball.json"));
    ImpactScenePage* page = w.page<ImpactScenePage>();
    ASSERT_NE(page, nullptr);
    page->setComparedLaws({"stronge", "newton", "max-dissipation"});
    ASSERT_TRUE(page->showTab("equations"));
    QApplication::processEvents();
    EquationsView* view = page->equationsView();
    QStringList accepted;
    for (const ComparedLaw& c : page->comparison())
        if (c.accepted) accepted << QString::fromStdString(c.id);
    ASSERT_GE(accepted.size(), 3);
    EXPECT_EQ(view->laws(), accepted);
    EXPECT_EQ(view->selectedLaw(), accepted.front());
    for (const ComparedLaw& c : page->comparison()) {
        if (!c.accepted) continue;
        ASSERT_TRUE(view->selectLaw(QString::fromStdString(c.id)));
        EXPECT_EQ(getValues(*view->currentSheet(), "I"), toValues(c.result.impulse)) << c.id;
    }
    ASSERT_TRUE(view->selectLaw("newton"));
    w.setParameter("friction", 0.05);
    page->flushPendingEdits();
    QApplication::processEvents();
    // The law chosen stays chosen, and its numbers are the new solve's.
    EXPECT_EQ(view->selectedLaw(), "newton");
    const auto newton = std::find_if(page->comparison().begin(), page->comparison().end(),
                                     [](const ComparedLaw& c) { return c.id == "newton"; });
    ASSERT_NE(newton, page->comparison().end());
    EXPECT_EQ(getValues(*view->currentSheet(), "I"), toValues(newton->result.impulse));
    EXPECT_EQ(getValues(*view->currentSheet(), "&mu;<sub>user</sub>"), std::vector<double>{0.05});
}

// The vehicle page: Kudlich-Slibar's impulse ratio and bound, of the impact
// selected in the run.
TEST_F(EquationsTab, VehiclePageShowsKudlichSlibarOfTheSelectedImpact) {
    ASSERT_TRUE(open(":/scenes/vehicles.json"));
    SimulationPage& page = sim(w);
    ASSERT_TRUE(page.showTab("equations"));
    QApplication::processEvents();
    ASSERT_GE(page.comparison().event, 0);
    const ComparedLaw& law = page.comparison().laws.front();
    EquationsView* view = page.equationsView();
    EXPECT_EQ(view->selectedLaw(), QString::fromStdString(law.id));
    EXPECT_EQ(law.id, "kudlich-slibar");
    EXPECT_EQ(getValues(*view->currentSheet(), "I"), toValues(law.result.impulse));
    bool ratio = false;
    for (const EquationCondition& c : view->currentSheet()->conditions)
        if (c.relation.find("J<sub>t</sub> / J<sub>n</sub>") != std::string::npos) {
            ratio = true;
            EXPECT_TRUE(c.holds) << c.lhs << " vs " << c.rhs;
        }
    EXPECT_TRUE(ratio) << "no impulse ratio (eq. 36) on the sheet";
    EXPECT_TRUE(view->caption().contains("Impact 1")) << view->caption().toStdString();
}

// The PLUS page: every contact's impulse is PLUS's own.
TEST_F(EquationsTab, PlusPageShowsEveryContact) {
    ASSERT_TRUE(open(":/scenes/plus-brick-four-vertices.json"));
    PlusScenePage* page = w.page<PlusScenePage>();
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(page->showTab("equations"));
    QApplication::processEvents();
    const EquationSheet* sheet = page->findChild<EquationsView*>()->currentSheet();
    ASSERT_NE(sheet, nullptr);
    EXPECT_EQ(sheet->equations->law, "plus");
    const ContactSpaceResult& plus = page->run().plus;
    ASSERT_EQ(plus.getContactCount(), 4);
    for (int k = 0; k < plus.getContactCount(); ++k)
        EXPECT_EQ(getValues(*sheet, "I<sub>" + std::to_string(k + 1) + "</sub>"), toValues(plus.getImpulse(k))) << k;
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
