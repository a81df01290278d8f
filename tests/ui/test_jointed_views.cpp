// Jointed scenes in the app: the swinging cradle's 3D view
// draws its strings where the run's balls are at the time shown, the impact
// list names each blow's contacts, rounds and balls in and out, and the time
// histories carry the compliant reference beside PLUS. Needs an X display for
// VTK (CTest runs it under with-display.sh).
#include <QApplication>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "WindowTestSupport.h"
#include "pages/SimulationPage.h"
#include "plots/TimePlotsView.h"
#include "render/SceneRenderer.h"
#include "timeline/TimelineWidget.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// m: a string's ends against the run's state at the time shown (the view
// interpolates between samples exactly as the page does; round-off only).
constexpr double kStringEndTol = 1e-9;

TEST(JointedViews, CradleDrawsItsStringsListsItsBlowsAndOverlaysTheCompliantRun) {
    MainWindow w;
    ASSERT_TRUE(showActive(w));
    QString error;
    ASSERT_TRUE(w.openScene(findBuiltInScenePath("newtons-cradle-swinging.json"), &error))
        << error.toStdString();
    SimulationPage* page = w.page<SimulationPage>();
    ASSERT_NE(page, nullptr);
    page->flushPendingEdits();
    QApplication::processEvents();
    const SimulationRun& run = page->run();
    ASSERT_GE(run.impacts.size(), 10u);
    // m: the anchors' height, the assembly's pivot height.
    const double anchorHeight = page->document()["assembly"]["pivot_height"].get<double>();

    // Strings: two per ball (bifilar), from the anchors to the ball's top,
    // following the balls as the timeline moves.
    for (double t : {0.0, 0.15, run.impacts[0].time + 0.1}) {
        page->timeline()->setTime(t);
        QApplication::processEvents();
        const auto& strings = page->renderer()->strings();
        ASSERT_EQ(strings.size(), 10u) << "t = " << t;
        const std::vector<BodyState> states = run.calcStatesAt(t);
        for (size_t k = 0; k < strings.size(); ++k) {
            const int ball = static_cast<int>(k / 2);
            const double radius = page->scene().bodies[ball].shape.radius;
            // The lower end is on the ball's surface; the upper end stays put.
            EXPECT_NEAR((strings[k].second - states[ball].position).norm(), radius, kStringEndTol) << "t = " << t;
            EXPECT_GT(strings[k].first.z(), states[ball].position.z());
            EXPECT_NEAR(strings[k].first.z(), anchorHeight, kStringEndTol);
        }
    }

    // The impact list: each blow's contacts, rounds and intervals, one ball in, one out.
    ASSERT_EQ(page->timeline()->eventCount(), static_cast<int>(run.impacts.size()));
    for (int i = 0; i < page->timeline()->eventCount(); ++i) {
        const QString text = page->timeline()->eventText(i);
        EXPECT_TRUE(text.contains(QString("4 contacts: %1 rounds").arg(run.impacts[i].rounds))) << text.toStdString();
        EXPECT_TRUE(text.contains("1 moving -> 1 moving")) << text.toStdString();
    }

    // The time histories: PLUS and the compliant reference.
    ASSERT_TRUE(page->showTab("plots"));
    QApplication::processEvents();
    ASSERT_TRUE(page->comparison().compliantRun.has_value());
    EXPECT_TRUE(page->comparison().compliantRun->impacts.empty());
    const QString legend = page->timePlots()->legendLabel()->text();
    EXPECT_TRUE(legend.contains("compliant")) << legend.toStdString();
    // Every panel: as many compliant curves as PLUS curves, the compliant
    // energy starting where PLUS's does (same release).
    for (const PlotPanel& panel : page->timePlots()->panels()) {
        int plus = 0, compliant = 0;
        for (const PlotCurve& c : panel.curves) (c.label.contains("compliant") ? compliant : plus) += 1;
        EXPECT_GT(plus, 0) << panel.title.toStdString();
        EXPECT_EQ(compliant, plus) << panel.title.toStdString();
    }
    const SimulationRun& compliantRun = *page->comparison().compliantRun;
    EXPECT_NEAR(compliantRun.samples.front().kineticEnergy + compliantRun.samples.front().potentialEnergy,
                run.samples.front().kineticEnergy + run.samples.front().potentialEnergy, kStringEndTol);
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
