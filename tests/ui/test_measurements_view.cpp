// The laws against measurements on the single-impact page: the Measured and
// Residuals tabs show on a scene that carries measurements and on no other;
// what they draw is the core's sweep of the document on screen (the figure,
// the table, the CSV); a measured point lands where the chart says; moving
// the measured parameter moves only the marker line, while another edit
// sweeps again on the worker and says so until it is done. Needs X (the
// page's 3D view).
#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "compare/ComparisonTableView.h"
#include "diagram/MeasurementFigures.h"
#include "pages/ImpactScenePage.h"
#include "plots/MeasurementsView.h"
#include "plus/FigureView.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

constexpr double kDegree = 3.14159265358979323846 / 180.0;
// Pixels: a marker drawn at a data point lies within its radius of mapPoint.
constexpr int kMarkerSearchPx = 4;

class MeasurementsViewTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(showActive(w)); }

    // The core's sweep of the document the page shows, from scratch.
    MeasurementSweep sweepOfDocumentOnScreen() {
        const ImpactScene scene = parseImpactScene(w.currentPage()->document());
        return runMeasurementSweep(scene, scene.measurements, *findMeasuredParameter(scene.measurements));
    }

    MainWindow w;
};

void expectSameFigure(const Figure& shown, const Figure& core) {
    ASSERT_EQ(shown.series.size(), core.series.size()) << core.title;
    for (std::size_t k = 0; k < core.series.size(); ++k) {
        EXPECT_EQ(shown.series[k].name, core.series[k].name);
        EXPECT_EQ(shown.series[k].points, core.series[k].points) << core.title << ": " << core.series[k].name;
    }
}

TEST_F(MeasurementsViewTest, TabsShowOnlyOnASceneWithMeasurements) {
    ASSERT_TRUE(openAndSettle(w, ":/scenes/impact-ball-on-half-space.json"));
    auto* page = w.page<ImpactScenePage>();
    ASSERT_NE(page, nullptr);
    EXPECT_FALSE(page->showTab("measured"));
    EXPECT_FALSE(page->showTab("residuals"));
    ASSERT_TRUE(openAndSettle(w, ":/scenes/experiment-kharaz-2001.json"));
    page = w.page<ImpactScenePage>();
    EXPECT_TRUE(page->showTab("residuals"));
    EXPECT_TRUE(page->showTab("measured"));
}

TEST_F(MeasurementsViewTest, ViewsDrawTheCoreSweepOfTheDocumentOnScreen) {
    ASSERT_TRUE(openAndSettle(w, ":/scenes/experiment-kharaz-2001.json"));
    auto* page = w.page<ImpactScenePage>();
    ASSERT_TRUE(page->showTab("measured"));
    page->flushPendingEdits();
    QApplication::processEvents();
    ASSERT_TRUE(page->isSweepCurrent());
    const MeasurementSweep core = sweepOfDocumentOnScreen();
    const double incidence = parseImpactScene(page->document()).findParameter("incidence")->value;   // the scene's own
    const MeasurementsView* view = page->measurementsView();
    ASSERT_EQ(view->figures().size(), 4u);
    for (std::size_t q = 0; q < 4; ++q)
        expectSameFigure(view->figures()[q], makeMeasurementFigure(core, core.quantities[q], incidence));
    EXPECT_EQ(view->figures()[0].title, "Tangential restitution e_t");

    // A measured e_t point is drawn where the chart maps it: a dark pixel near it.
    const FigureView* et = view->chart(0);
    const Figure& f = et->figure();
    const auto measured = std::find_if(f.series.begin(), f.series.end(), [](const FigureSeries& s) { return s.marker != FigureMarker::None; });
    ASSERT_NE(measured, f.series.end());
    const QSize size(1000, 700);
    const QImage image = et->renderImage(size);
    for (const Vec2& p : measured->points) {
        const QPointF at = et->mapPoint(p, size);
        bool dark = false;
        for (int dx = -kMarkerSearchPx; dx <= kMarkerSearchPx && !dark; ++dx)
            for (int dy = -kMarkerSearchPx; dy <= kMarkerSearchPx && !dark; ++dy)
                dark = qGray(image.pixel(int(at.x()) + dx, int(at.y()) + dy)) < 80;
        EXPECT_TRUE(dark) << "no marker at (" << p.x() << ", " << p.y() << ")";
    }

    // The residual table is the core's, cell for cell.
    ASSERT_TRUE(page->showTab("residuals"));
    QApplication::processEvents();
    const FigureTable table = makeResidualTable(core);
    const ComparisonTableView* shown = page->residualsTable();
    ASSERT_EQ(shown->rowCount(), static_cast<int>(table.rows.size()));
    for (int r = 0; r < shown->rowCount(); ++r)
        for (int c = 0; c < static_cast<int>(table.rows[r].size()); ++c)
            EXPECT_EQ(shown->item(r, c)->text().toStdString(), table.rows[r][c]) << "row " << r << " column " << c;

    // Exports: the grid as PNG and SVG, the core's CSV.
    QTemporaryDir dir;
    ASSERT_TRUE(page->showTab("measured"));
    for (const char* ext : {"png", "svg", "csv"}) EXPECT_TRUE(page->exportCurrentView(dir.filePath(QString("m.") + ext))) << ext;
    QFile csv(dir.filePath("m.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_EQ(csv.readAll().toStdString(), toCsv(core));
    EXPECT_GT(QFile(dir.filePath("m.svg")).size(), 10000);
}

TEST_F(MeasurementsViewTest, MeasuredParameterMovesTheMarkerOtherEditsSweepAgain) {
    ASSERT_TRUE(openAndSettle(w, ":/scenes/experiment-kharaz-2001.json"));
    auto* page = w.page<ImpactScenePage>();
    ASSERT_TRUE(page->showTab("measured"));
    page->flushPendingEdits();
    const std::vector<double> x = page->measurementSweep().x;

    // The incidence is the swept parameter: no new sweep, the marker moves at once.
    page->setParameter("incidence", 40.0 * kDegree);
    QApplication::processEvents();
    EXPECT_TRUE(page->isSweepCurrent());
    const FigureSeries& marker = page->measurementsView()->figures()[0].series.back();
    EXPECT_FALSE(marker.inLegend);
    EXPECT_NEAR(marker.points.front().x(), 40.0, 1e-9);

    // Friction changes every law's curve: swept again; until it is done the view says so.
    page->setParameter("friction", 0.2);
    QApplication::processEvents();
    if (!page->isSweepCurrent())
        EXPECT_NE(page->measurementsView()->status().indexOf("Updating"), -1) << page->measurementsView()->status().toStdString();
    page->flushPendingEdits();
    QApplication::processEvents();
    EXPECT_TRUE(page->isSweepCurrent());
    EXPECT_EQ(page->measurementsView()->status().indexOf("Updating"), -1);
    const MeasurementSweep core = sweepOfDocumentOnScreen();
    expectSameFigure(page->measurementsView()->figures()[0], makeMeasurementFigure(core, core.quantities[0], 40.0 * kDegree));
    EXPECT_EQ(page->measurementSweep().x, x);
}

}}  // namespace
