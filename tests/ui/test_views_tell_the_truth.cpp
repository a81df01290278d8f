// What the views say agrees with what they show and with the core, checked
// through the real window on built-in scenes: a post-impact velocity that is
// round-off of its impact reads 0; the time histories follow (and name) the
// body that strikes; the event sequences' axis numbers rows as its label
// does; each energy is named for what it is; a dashed line's legend says it
// is dashed; a vehicle has one colour in every view.
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTest>
#include <QSlider>
#include <QStatusBar>
#include <QUndoStack>
#include <QRegularExpression>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "compare/LawComparisonBox.h"
#include "diagram/DisplayNames.h"
#include "diagram/EventSequence.h"
#include "panel/ParameterPanel.h"
#include "pages/SimulationTimePlots.h"
#include "plus/FigureView.h"
#include "vehicles/MomentumDiagramView.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

class ViewsTellTheTruth : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(showActive(w)); }
    bool open(const QString& path) { return openAndSettle(w, path); }
    MainWindow w;
};

// A number printed in scientific notation with a negative exponent of two
// digits (1.1102e-16): round-off that should have read 0.
const QRegularExpression kRoundOffPrinted("\\de-\\d\\d");

// The swinging cradle with two balls raised: the balls that stop have a v+
// of about 1e-16 m/s, round-off of the impact's ~1 m/s, and read (0, 0, 0).
TEST_F(ViewsTellTheTruth, CradleSummaryPrintsRoundOffOfTheImpactAsZero) {
    ASSERT_TRUE(open(":/scenes/newtons-cradle-swinging.json"));
    w.setParameter("raised", 2);
    w.currentPage()->flushPendingEdits();
    QApplication::processEvents();
    SimulationPage& page = sim(w);
    ASSERT_FALSE(page.run().impacts.empty());
    for (int k = 0; k < static_cast<int>(page.run().impacts.size()); ++k) {
        page.selectImpact(k);
        QApplication::processEvents();
        const QString summary = w.currentPage()->summaryHtml();
        EXPECT_FALSE(summary.contains(kRoundOffPrinted)) << "impact " << k + 1 << ": " << summary.toStdString();
        // No empty "events:" line.
        EXPECT_FALSE(summary.contains(QRegularExpression("events:(<br>|$)"))) << summary.toStdString();
        // How PLUS resolved the row's contacts together is a note, not a red warning.
        EXPECT_FALSE(summary.contains("warning:")) << summary.toStdString();
        EXPECT_TRUE(summary.contains("note:")) << summary.toStdString();
    }
    // The built-in run has nothing alarming: no warning count in the status bar.
    const QString status = w.statusBar()->currentMessage();
    EXPECT_FALSE(status.isEmpty());
    EXPECT_FALSE(status.contains("warning")) << status.toStdString();
    // The status names the end time it reached, not a bare "end time,".
    EXPECT_TRUE(status.contains(QRegularExpression("end time, t = [0-9.]+ s"))) << status.toStdString();
}

// The falling triple pendulum strikes the ground with the sphere at its end:
// the time histories follow the sphere, by name, and its height dips to its
// radius (0.25 m) at the strike and rises again after the rebound.
TEST_F(ViewsTellTheTruth, TriplePendulumHistoriesFollowTheStrikingSphere) {
    ASSERT_TRUE(open(":/scenes/triple-pendulum-fall.json"));
    SimulationPage& page = sim(w);
    ASSERT_FALSE(page.run().impacts.empty());
    const SimulatedScene scene = readSimulatedScene(w.currentDocument());
    const std::vector<PlotPanel> panels = makeTimePlotPanels(scene, {{&page.run(), "PLUS", Qt::black}});
    ASSERT_FALSE(panels.empty());
    for (const PlotPanel& p : panels) EXPECT_FALSE(p.title.isEmpty());
    const PlotPanel& height = panels.front();
    EXPECT_TRUE(height.title.startsWith("sphere: height")) << height.title.toStdString();
    EXPECT_EQ(height.yLabel, "z [m]");
    ASSERT_EQ(height.curves.size(), 1u);
    // m: the sphere's radius, its centre's height when it touches the ground.
    constexpr double kSphereRadius = 0.25;
    // m: samples every 0.01 s at a few m/s miss the touch by up to a few cm.
    constexpr double kSampleMiss = 0.06;
    double lowest = 1e9;
    for (const QPointF& p : height.curves.front().points) lowest = std::min(lowest, p.y());
    EXPECT_GE(lowest, kSphereRadius - kSampleMiss);
    EXPECT_LE(lowest, kSphereRadius + kSampleMiss);
}

// Fig. 9's rows are numbered 1 (top) to 8, as the axis label and the legend
// ("row 1: ...") say: the axis must put y = 1 above y = 8.
TEST_F(ViewsTellTheTruth, EventSequenceRowOneIsDrawnOnTop) {
    FigureView view;
    view.setFigure(makeEventSequencesFigure("cr"));
    const QSize size(900, 700);
    const QPointF row1 = view.mapPoint(Vec2(0.0, 1.0), size), row8 = view.mapPoint(Vec2(0.0, 8.0), size);
    EXPECT_LT(row1.y(), row8.y()) << "row 1 at " << row1.y() << " px, row 8 at " << row8.y() << " px";
}

// A dashed line's legend entry says so (Qt draws every legend line solid):
// the event sequences' "integrated numerically" stretches are dashed.
TEST_F(ViewsTellTheTruth, DashedLinesAreDashedInTheLegend) {
    FigureView view;
    view.setFigure(makeEventSequencesFigure("cr"));
    const QStringList labels = view.findExportLegendLabels(QSize(900, 700));
    EXPECT_TRUE(labels.contains("integrated numerically (dashed)")) << labels.join(" | ").toStdString();
    EXPECT_TRUE(labels.contains("closed form"));
}

// PLUS's triple pendulum: the impact's energy is kinetic, the fall's is the
// total T + V; each line names which.
TEST_F(ViewsTellTheTruth, EachEnergyIsNamed) {
    ASSERT_TRUE(open(":/scenes/plus-triple-pendulum.json"));
    const QString summary = w.currentPage()->summaryHtml();
    EXPECT_TRUE(summary.contains("kinetic energy")) << summary.toStdString();
    EXPECT_TRUE(summary.contains("total energy T + V")) << summary.toStdString();
    // No energy left unnamed: none but these two kinds is printed.
    QString rest = summary;
    rest.remove("kinetic energy").remove("total energy T + V");
    EXPECT_FALSE(rest.contains(QRegularExpression("energy \\d"))) << summary.toStdString();
}

// Vehicle 1 in the momentum diagram has the colour of its body in the 3D view.
TEST_F(ViewsTellTheTruth, EachVehicleHasOneColourInEveryView) {
    ASSERT_TRUE(open(":/scenes/vehicles.json"));
    VehiclePage* page = w.page<VehiclePage>();
    ASSERT_NE(page, nullptr);
    const VehicleScene scene = std::get<VehicleScene>(readSimulatedScene(w.currentDocument()));
    ASSERT_EQ(scene.bodies.size(), 2u);
    const std::vector<MomentumArrow>& arrows = page->momentumView()->arrows();
    for (int v = 0; v < 2; ++v) {
        const Vec3& c = scene.bodies[v].color;
        const QColor body = QColor::fromRgbF(float(c.x()), float(c.y()), float(c.z()));
        const QString name = QString("vehicle %1 before").arg(v + 1);
        const auto it = std::find_if(arrows.begin(), arrows.end(), [&](const MomentumArrow& a) { return a.name == name; });
        ASSERT_NE(it, arrows.end()) << name.toStdString();
        EXPECT_EQ(it->color.rgb(), body.rgb()) << name.toStdString();
    }
}

// The PLUS brick's tangential velocity plane has equal scales: its
// v_transition circle is round (as many pixels across as up), although the
// brick's path runs along v_x only.
TEST_F(ViewsTellTheTruth, TheVTransitionCircleIsRound) {
    ASSERT_TRUE(open(":/scenes/plus-brick-vertex.json"));
    PlusScenePage* page = w.page<PlusScenePage>();
    ASSERT_NE(page, nullptr);
    const QSize size(1000, 700);
    const double r = page->run().options.vTransition;
    ASSERT_GT(r, 0.0);
    const QPointF o = page->velocityView()->mapPoint(Vec2::Zero(), size);
    const double across = std::abs(page->velocityView()->mapPoint(Vec2(r, 0.0), size).x() - o.x());
    const double up = std::abs(page->velocityView()->mapPoint(Vec2(0.0, r), size).y() - o.y());
    // px: the two axes' pixels per unit agree to the rounding of the axis
    // ranges to nice ticks, well under a pixel on a circle this size.
    constexpr double kRoundTolPx = 1.0;
    EXPECT_GT(across, 2.0 * kRoundTolPx);
    EXPECT_NEAR(across, up, kRoundTolPx);
}

// Opening the edit history and closing it leaves the window as wide as it
// was, and its entries name the laws as the compare box does.
TEST_F(ViewsTellTheTruth, TheEditHistoryKeepsTheWindowsWidthAndNamesLaws) {
    ASSERT_TRUE(open(":/scenes/bar.json"));
    QAction* history = w.findChild<QAction*>("showHistory");
    ASSERT_NE(history, nullptr);
    const int width = w.width();
    history->trigger();
    QApplication::processEvents();
    EXPECT_EQ(w.width(), width);
    history->trigger();
    QApplication::processEvents();
    EXPECT_EQ(w.width(), width);

    QCheckBox* law = sim(w).comparisonBox()->checkBox("glocker-pfeiffer");
    ASSERT_NE(law, nullptr);
    QTest::mouseClick(law, Qt::LeftButton);
    w.currentPage()->flushPendingEdits();
    QApplication::processEvents();
    const QUndoStack* stack = w.undoStack();
    ASSERT_GT(stack->count(), 0);
    const QString text = stack->text(stack->count() - 1);
    EXPECT_TRUE(text.contains(QString::fromStdString(getLawDisplayName("glocker-pfeiffer")))) << text.toStdString();
    EXPECT_FALSE(text.contains("glocker-pfeiffer")) << text.toStdString();
}

// The overlay is in the View menu, not only on a slider's right-click menu.
TEST_F(ViewsTellTheTruth, TheOverlayIsInTheViewMenu) {
    ASSERT_TRUE(open(":/scenes/bar.json"));
    QAction* overlay = w.findChild<QAction*>("overlayParameter");
    ASSERT_NE(overlay, nullptr);
    EXPECT_TRUE(overlay->text().contains("Overlay"));
    const QList<QPair<QString, QString>> rows = w.currentPage()->parameterPanel()->listOverlayableParameters();
    ASSERT_FALSE(rows.isEmpty());
    EXPECT_TRUE(w.currentPage()->parameterPanel()->slider(rows.front().first)->toolTip().contains("Right-click"));
}

// A value typed beyond a row's range is taken whole, set to the nearest
// bound, and a note says so (it used to lose the keystroke silently).
TEST_F(ViewsTellTheTruth, AValueTypedOutsideTheRangeIsClampedWithANote) {
    ASSERT_TRUE(open(":/scenes/bar.json"));
    ParameterPanel* panel = w.currentPage()->parameterPanel();
    const QList<QPair<QString, QString>> rows = panel->listOverlayableParameters();
    ASSERT_FALSE(rows.isEmpty());
    auto* spin = panel->findChild<QDoubleSpinBox*>(rows.front().first + ".spin");
    ASSERT_NE(spin, nullptr);
    // Ten times the top of the range and one more: beyond it whatever its sign.
    const double typed = 10.0 * std::abs(spin->maximum()) + 1.0;
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(typed, 'f', 0));
    QTest::keyClick(spin, Qt::Key_Return);
    QApplication::processEvents();
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(spin->value(), spin->maximum());
    const QLabel* note = panel->findChild<QLabel*>("rangeNote");
    ASSERT_NE(note, nullptr);
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(note->text().contains(QString::number(typed, 'f', 0))) << note->text().toStdString();
}

}}  // namespace
