// The Trajectory tab of a simulation page (Cataldo &
// Sampaio Figs. 3.4, 4.2-4.5): on the ball between two walls (the superball,
// Glocker-Pfeiffer e_t = nu = 1, the scene's own setting) the view shows the
// core's figure of the page's run (diagram/TrajectoryFigure.h): the ball's
// snapshots, its centre-of-mass path and the cone rays, each drawn as a chart
// series, and it exports a real PNG, an SVG and the numbers as CSV. The page
// has a 3D view (VTK needs X): this runs in the rendering suite of documents.
#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QXYSeries>
#include <gtest/gtest.h>

#include <string>

#include "SceneLibrary.h"
#include "diagram/TrajectoryFigure.h"
#include "pages/SimulationPage.h"
#include "plus/FigureView.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace { namespace IMPACTLAB_UNITY_ID {

// The page's size when it draws figures, as impactlab-report sizes it.
constexpr QSize kTrajectoryPageSize(1500, 900);
// A picture is more than a blank page: this share of its pixels not white
// (the ball's snapshots, the path, the walls and the axes).
constexpr double kMinTrajectoryInkShare = 0.002;

int countSeriesStartingWith(const Figure& f, const std::string& start) {
    int n = 0;
    for (const FigureSeries& s : f.series) n += s.name.rfind(start, 0) == 0 && !s.points.empty();
    return n;
}

TEST(TrajectoryView, BallBetweenWallsShowsSnapshotsPathAndConesAndExports) {
    SimulationPage page;
    page.resize(kTrajectoryPageSize);
    page.openDocument(readSceneDocument(":/scenes/ball-between-walls.json"));
    page.flushPendingEdits();
    ASSERT_FALSE(page.run().impacts.empty());
    const PageView* listed = page.findView("trajectory");
    ASSERT_NE(listed, nullptr);
    EXPECT_EQ(listed->title, "Trajectory");
    EXPECT_TRUE(listed->toolTip.contains("Fig. 4.4")) << listed->toolTip.toStdString();
    ASSERT_TRUE(page.showTab("trajectory"));
    QApplication::processEvents();
    FigureView* view = page.trajectoryView();
    ASSERT_NE(view, nullptr);

    // The core's figure of the page's run, as the view holds it.
    const Figure& f = view->figure();
    const Figure expected = makeTrajectoryFigure(readSimulatedScene(page.document()), page.run(), page.selectedImpact());
    EXPECT_EQ(f.title, expected.title);
    ASSERT_EQ(f.series.size(), expected.series.size());
    EXPECT_TRUE(f.equalScales);
    EXPECT_EQ(countSeriesStartingWith(f, "ball at t = "), static_cast<int>(calcStroboscopeTimes(page.run()).size()));
    EXPECT_EQ(countSeriesStartingWith(f, "centre of mass"), 1);
    EXPECT_EQ(countSeriesStartingWith(f, "impact 1: v- (cone edge)"), 1);
    EXPECT_EQ(countSeriesStartingWith(f, "impact 1: n (cone edge)"), 1);
    EXPECT_EQ(countSeriesStartingWith(f, "impact 1: v+ in the cone"), 1);
    EXPECT_EQ(countSeriesStartingWith(f, "impact 2: v+ outside the cone"), 1) << "the superball turns back";

    // Every series with points is a visible chart series. The path's 1751
    // samples are thinned for drawing (chart::kMaxDrawnLinePoints); the CSV
    // below has every one.
    int shown = 0;
    bool pathShown = false;
    for (QAbstractSeries* s : view->chart()->series()) {
        if (!s->isVisible()) continue;
        ++shown;
        if (s->name() == "centre of mass") {
            const int drawn = qobject_cast<QXYSeries*>(s)->count();
            pathShown = drawn >= 2 && drawn <= static_cast<int>(page.run().samples.size());
        }
    }
    int withPoints = 0;
    for (const FigureSeries& s : f.series) withPoints += !s.points.empty();
    EXPECT_EQ(shown, withPoints);
    EXPECT_TRUE(pathShown);

    // Exports: a picture with ink, an SVG, and the CSV with every path sample.
    QTemporaryDir dir;
    const QString png = dir.filePath("trajectory.png"), svg = dir.filePath("trajectory.svg");
    const QString csv = dir.filePath("trajectory.csv");
    ASSERT_TRUE(page.exportCurrentView(png));
    ASSERT_TRUE(page.exportCurrentView(svg));
    ASSERT_TRUE(page.exportCurrentView(csv));
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    long ink = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) ink += (image.pixel(x, y) & 0xFFFFFF) != 0xFFFFFF;
    EXPECT_GT(double(ink) / (double(image.width()) * image.height()), kMinTrajectoryInkShare);
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(svgFile.readAll().contains("<svg"));
    QFile csvFile(csv);
    ASSERT_TRUE(csvFile.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csvFile.readAll()).split('\n', Qt::SkipEmptyParts);
    ASSERT_FALSE(lines.isEmpty());
    EXPECT_EQ(lines.front(), "series,style,x [m],y [m]");
    int pathRows = 0, coneRows = 0;
    for (const QString& line : lines) {
        pathRows += line.startsWith("centre of mass,");
        coneRows += line.startsWith("impact 1: v+ in the cone,");
    }
    EXPECT_EQ(pathRows, static_cast<int>(page.run().samples.size()));
    EXPECT_EQ(coneRows, 2) << "a ray: the contact point and its end";
}

}}  // namespace
