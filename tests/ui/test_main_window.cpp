// The whole window, as a person sees it: the default scene's ball is visible in
// the 3D view and moves with the timeline, the exported diagram shows the
// impact's path, and a slider re-simulates and redraws both views.
// Needs an X display for VTK (CTest runs it under xvfb-run).
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QTest>
#include <vtkProp.h>
#include <vtkPropCollection.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>
#include <vtkTextActor.h>
#include <QGraphicsTextItem>
#include <QGraphicsScene>
#include <QScrollArea>
#include <QScrollBar>
#include "plots/TimePlotsView.h"
#include <QXYSeries>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "SceneLibrary.h"
#include "plus/FigureView.h"
#include <QTableWidget>
#include "impulse/ImpulseDiagramView.h"
#include "hodograph/HodographView.h"
#include "vehicles/SweepView.h"
#include "vehicles/VehicleOverlay.h"
#include "vehicles/VehicleResultsTable.h"
#include "panel/ParameterPanel.h"
#include "render/VtkView.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// The superball is (0.85, 0.2, 0.15); shaded, its lit half stays strongly red.
// Its trail is drawn at 70% of that colour (red channel ~152), so the red
// threshold sits above the trail and below the lit ball.
bool isBallRed(QRgb c) { return qRed(c) > 175 && qGreen(c) < 110 && qBlue(c) < 100; }

struct Blob {
    int count = 0;
    double cx = 0.0, cy = 0.0;
};

Blob findBall(const QImage& img) {
    Blob b;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            if (isBallRed(img.pixel(x, y))) {
                ++b.count;
                b.cx += x;
                b.cy += y;
            }
    if (b.count) { b.cx /= b.count; b.cy /= b.count; }
    return b;
}

// Pixels of a colour within a per-channel tolerance (antialiasing blends edges).
int countColour(const QImage& img, const QColor& c, int tol) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            if (std::abs(qRed(p) - c.red()) <= tol && std::abs(qGreen(p) - c.green()) <= tol &&
                std::abs(qBlue(p) - c.blue()) <= tol)
                ++n;
        }
    return n;
}

// A ball of radius 0.08 m framed with its 1 m drop and a ground of several
// metres covers a few hundred pixels in a ~700x800 view; 50 is well below that
// and well above stray antialiased pixels.
constexpr int kMinBallPixels = 50;
// Path lines are drawn 3 px wide over several hundred pixels of plot.
constexpr int kMinPathPixels = 200;
constexpr int kColourTol = 40;
// A dashed ray across a 1200x900 export covers hundreds of pixels.
constexpr int kMinRayPixels = 100;
// Overlay arrows are ~0.12 m wide shafts seen from a few tens of metres: a
// few pixels wide over tens of pixels, lit but unshaded.
constexpr int kMinOverlayPixels = 20;

class MainWindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1500, 900);
        QString error;
        ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
        w.show();
        QApplication::processEvents();
    }
    MainWindow w;
};


TEST_F(MainWindowTest, OpensTheSuperballByDefaultWithImpacts) {
    EXPECT_EQ(sim(w).scene().name, "Superball");
    EXPECT_GE(sim(w).run().impacts.size(), 3u);
    EXPECT_EQ(sim(w).selectedImpact(), 0);
    EXPECT_TRUE(sim(w).diagramView()->hasDiagram());
}

TEST_F(MainWindowTest, BallIsVisibleAndFallsWithTheTimeline) {
    sim(w).setTime(0.0);
    const Blob top = findBall(w.currentPage()->bodiesView()->renderToImage());
    ASSERT_GT(top.count, kMinBallPixels) << "the ball is not visible at t = 0";
    sim(w).setTime(sim(w).run().impacts[0].time);
    const Blob bottom = findBall(w.currentPage()->bodiesView()->renderToImage());
    ASSERT_GT(bottom.count, kMinBallPixels) << "the ball is not visible at its first impact";
    // Image y grows downwards: at the first impact the ball is lower on screen.
    EXPECT_GT(bottom.cy, top.cy + 20) << "the ball did not move down the view";
}

TEST_F(MainWindowTest, ExportedDiagramShowsThePath) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath("diagram.png");
    const QString svg = dir.filePath("diagram.svg");
    ASSERT_TRUE(w.exportDiagramPng(png));
    ASSERT_TRUE(w.exportDiagramSvg(svg));
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    EXPECT_GT(countColour(img, ImpulseDiagramView::pathColor(0), kColourTol), kMinPathPixels);
    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("<svg")) << "not an SVG file";
    EXPECT_TRUE(text.contains("<path") || text.contains("<polyline")) << "no drawn path in the SVG";
    EXPECT_TRUE(text.contains("Stronge")) << "the legend does not name the law (by its display name)";
}

TEST_F(MainWindowTest, SliderReSimulatesAndRedrawsBothViews) {
    sim(w).setTime(0.5);
    const QImage view0 = w.currentPage()->bodiesView()->renderToImage();
    const QImage diagram0 = sim(w).diagramView()->renderImage();
    const double e0 = sim(w).run().impacts[0].result.impulse.z();
    ASSERT_TRUE(w.currentPage()->parameterPanel()->setSliderPosition("restitution", 0.3));
    w.currentPage()->flushPendingEdits();
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(sim(w).scene().contact.restitution, w.currentPage()->parameterPanel()->value("restitution"));
    // The slider has kContinuousSliderTicks (1000) ticks over [0, 1]: the value
    // lands within a tick of where it was put.
    constexpr double kSliderTickTol = 1e-3;
    EXPECT_NEAR(sim(w).scene().contact.restitution, 0.3, kSliderTickTol);
    EXPECT_LT(sim(w).run().impacts[0].result.impulse.z(), e0) << "lower restitution, smaller normal impulse";
    EXPECT_NE(w.currentPage()->bodiesView()->renderToImage(), view0) << "the 3D view did not change";
    EXPECT_NE(sim(w).diagramView()->renderImage(), diagram0) << "the diagram did not change";
    EXPECT_GT(w.lastUpdateTiming().totalMs, 0.0);
}

TEST_F(MainWindowTest, ComparedLawsAreOverlaid) {
    w.setComparedLaws({"newton", "poisson", "stronge"});
    QTemporaryDir dir;
    const QString png = dir.filePath("compare.png");
    ASSERT_TRUE(w.exportDiagramPng(png));
    const QImage img(png);
    // The scene's law is path 0; the two others are drawn in colours 1 and 2.
    EXPECT_GT(countColour(img, ImpulseDiagramView::pathColor(1), kColourTol) +
                  countColour(img, ImpulseDiagramView::pathColor(2), kColourTol),
              kMinPathPixels / 4);
}

TEST_F(MainWindowTest, BadSceneFileGivesAClearError) {
    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.json");
    QFile f(bad);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "impactlab.scene/1", "contact": {"law": "stronge"}, "bodies": [{"shape": {"type": "sphere", "radius": 0.1}, "mass": -1}]})");
    f.close();
    QString error;
    EXPECT_FALSE(w.openScene(bad, &error));
    EXPECT_TRUE(error.contains("bodies[0].mass")) << error.toStdString();
    EXPECT_EQ(sim(w).scene().name, "Superball") << "a failed open keeps the current scene";
}

// As a person checks it: the icosahedron-tetrahedron scene
// opens on the Jia-Wang page; at mu = 0.8 its hodograph has two blue
// (centripetal) rays and no red one, and the contact sticks; moving mu below
// ||B^-1 d|| = 0.3157 makes the red centrifugal ray appear.
TEST(ImpactScenePageTest, RedCentrifugalRayAppearsBelowTheStickThreshold) {
    MainWindow w;
    w.resize(1500, 900);
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/impact-icosahedron-tetrahedron.json", &error)) << error.toStdString();
    w.show();
    QApplication::processEvents();
    ASSERT_TRUE((w.page<ImpactScenePage>() != nullptr));
    EXPECT_EQ(w.page<ImpactScenePage>()->sequence(), "csr");
    QTemporaryDir dir;
    const QString before = dir.filePath("hodograph-mu08.png");
    ASSERT_TRUE(w.exportDiagramPng(before));
    const QImage a(before);
    ASSERT_FALSE(a.isNull());
    EXPECT_GT(countColour(a, HodographView::centripetalColor(), kColourTol), kMinRayPixels);
    EXPECT_EQ(countColour(a, HodographView::centrifugalColor(), kColourTol), 0) << "no centrifugal ray at mu = 0.8";

    w.setParameter("friction", 0.25);
    const QString after = dir.filePath("hodograph-mu025.png");
    ASSERT_TRUE(w.exportDiagramPng(after));
    const QImage b(after);
    EXPECT_GT(countColour(b, HodographView::centrifugalColor(), kColourTol), kMinRayPixels)
        << "the red centrifugal ray must appear for mu < 0.3157";
    EXPECT_EQ(w.page<ImpactScenePage>()->scene().problem.friction, 0.25);

    // The bodies are drawn in the 3D view: the icosahedron's orange fills a
    // good part of it.
    const QImage bodies = w.page<ImpactScenePage>()->bodiesView()->renderToImage();
    int orange = 0;
    for (int y = 0; y < bodies.height(); ++y)
        for (int x = 0; x < bodies.width(); ++x) {
            const QRgb p = bodies.pixel(x, y);
            if (qRed(p) > 150 && qGreen(p) > 70 && qGreen(p) < 170 && qBlue(p) < 90) ++orange;
        }
    EXPECT_GT(orange, kMinBallPixels);
}

// As a person checks it: the vehicle scene opens with its
// reconstruction views filled from the run, and a slider changes them.
TEST(VehicleSceneWindowTest, ReconstructionViewsFollowTheSliders) {
    MainWindow w;
    w.resize(1500, 900);
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/vehicles.json", &error)) << error.toStdString();
    w.show();
    QApplication::processEvents();
    ASSERT_TRUE(sim(w).run().vehicleCollision.has_value());
    EXPECT_TRUE(w.showTab("results"));
    // Two vehicles' rows and the collision's (VehicleResultsTable).
    EXPECT_EQ(w.page<VehiclePage>()->resultsTable()->rowCount(),
              2 * VehicleResultsTable::kRowsPerVehicle + VehicleResultsTable::kCollisionRows);
    // The sensitivity map (hundreds of collisions) is computed when its tab is shown.
    EXPECT_TRUE(w.showTab("sweep"));
    EXPECT_TRUE(w.page<VehiclePage>()->sweepView()->hasGrid());
    EXPECT_TRUE(w.page<VehiclePage>()->sweepView()->isHeatMap());
    const double dv = sim(w).run().vehicleCollision->vehicle1.deltaV;
    w.setParameter("speed1", 20.0);
    EXPECT_GT(sim(w).run().vehicleCollision->vehicle1.deltaV, dv) << "a faster striking car must change more";
    // The 3D view shows the overlay: the pre-impact velocity arrows and the
    // impulse arrow in their own colours (VehicleOverlay).
    const QImage view = w.currentPage()->bodiesView()->renderToImage();
    for (const Eigen::Vector3d& c : {VehicleOverlay::velocityBeforeColor(), VehicleOverlay::impulseColor()}) {
        const QColor q = QColor::fromRgbF(c.x(), c.y(), c.z());
        EXPECT_GT(countColour(view, q, kColourTol), kMinOverlayPixels) << q.name().toStdString();
    }
    QTemporaryDir dir;
    const QString csv = dir.filePath("results.csv");
    ASSERT_TRUE(w.page<VehiclePage>()->exportResultsCsv(csv));
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readLine().startsWith("Subject,Quantity,Unit,Value"));
}

// As a person checks them: each PLUS scene opens on its
// page with a red impulse arrow at the contacts in the 3D view; the brick's
// tangential-velocity figure draws PLUS's path from (-5, 0) and the
// v_transition circle; a slider (theta_max) and a choice (the paper's case)
// re-run it at once; selecting a row of the interval table selects that
// interval in the figures; the cradle's rounds table is Table 2; every view
// exports PNG, SVG and CSV.
TEST(PlusScenePageTest, ScenesViewsSlidersSelectionAndExports) {
    MainWindow w;
    w.resize(1500, 900);
    w.show();
    QString error;
    for (const char* file : {"plus-brick-vertex", "plus-brick-four-vertices", "plus-newtons-cradle", "plus-triple-pendulum"}) {
        ASSERT_TRUE(w.openScene(QString(":/scenes/%1.json").arg(file), &error)) << error.toStdString();
        QApplication::processEvents();
        ASSERT_TRUE((w.page<PlusScenePage>() != nullptr)) << file;
        PlusScenePage* page = w.page<PlusScenePage>();
        EXPECT_EQ(page->arrows().size(), static_cast<std::size_t>(page->run().problem.getContactCount())) << file;
        // Impulse arrows: the renderer's red (0.85, 0.1, 0.1).
        const QImage bodies = page->bodiesView()->renderToImage();
        EXPECT_GT(countColour(bodies, QColor(217, 26, 26), kColourTol), kMinOverlayPixels) << file;
    }

    ASSERT_TRUE(w.openScene(":/scenes/plus-brick-vertex.json", &error)) << error.toStdString();
    PlusScenePage* page = w.page<PlusScenePage>();
    EXPECT_EQ(page->run().plus.intervals, 116);
    const QSize size(1000, 700);
    FigureView* velocity = page->velocityView();
    const QImage fig = velocity->renderImage(size);
    auto colourNear = [&](const QImage& img, const Vec2& at, const QColor& c, int radius) {
        const QPointF p = velocity->mapPoint(at, size);
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx) {
                const int x = static_cast<int>(p.x()) + dx, y = static_cast<int>(p.y()) + dy;
                if (x < 0 || y < 0 || x >= img.width() || y >= img.height()) continue;
                const QRgb q = img.pixel(x, y);
                if (std::abs(qRed(q) - c.red()) <= kColourTol && std::abs(qGreen(q) - c.green()) <= kColourTol &&
                    std::abs(qBlue(q) - c.blue()) <= kColourTol)
                    return true;
            }
        return false;
    };
    constexpr int kNearPx = 4;   // lines are 2.4 px wide; a mapped point lands within a pixel or two of them
    EXPECT_TRUE(colourNear(fig, Vec2(-5.0, 0.0), FigureView::paletteColor(0), kNearPx)) << "PLUS path start";
    EXPECT_TRUE(colourNear(fig, Vec2(-0.1, 0.0), FigureView::paletteColor(-1), kNearPx)) << "v_transition circle";

    // A slider: theta_max 0.15 gives 11 intervals (Fig. 10), and every view follows.
    w.setParameter("theta_max", 0.15);
    EXPECT_EQ(page->run().plus.intervals, 11);
    EXPECT_EQ(page->intervalTable()->rowCount(), static_cast<int>(page->run().trace.samples.size()));
    EXPECT_EQ(velocity->figure().series.front().points.size(), page->run().trace.samples.size());
    // A view on a hidden tab is drawn when its tab is shown, with the new data.
    FigureView* impulses = page->impulseView();
    ASSERT_FALSE(impulses->isVisible());
    ASSERT_TRUE(w.showTab("impulses"));
    QApplication::processEvents();
    ASSERT_FALSE(impulses->chart()->series().isEmpty());
    const auto* firstImpulses = qobject_cast<QXYSeries*>(impulses->chart()->series().front());
    ASSERT_NE(firstImpulses, nullptr);
    EXPECT_EQ(static_cast<std::size_t>(firstImpulses->count()), impulses->figure().series.front().points.size());
    ASSERT_TRUE(w.showTab("velocity"));
    // A choice: the paper's mu 0.125 slides throughout (no slide-to-roll).
    w.setChoice("case", "0.125");
    EXPECT_DOUBLE_EQ(page->scene().brick.friction, 0.125);
    for (const ContactEvent& e : page->run().plus.events) EXPECT_NE(e.kind, ContactEventKind::SlideToRoll);

    // Selecting a row of the interval table selects the interval everywhere.
    ASSERT_TRUE(w.showTab("intervals"));
    page->intervalTable()->selectRow(4);
    QApplication::processEvents();
    const int interval = page->run().trace.samples[4].interval;
    EXPECT_EQ(page->selectedInterval(), interval);
    bool highlighted = false;
    for (const FigureSeries& s : velocity->figure().series)
        if (s.highlight) highlighted = s.points.front() == Vec2(page->run().trace.samples[4].contacts[0].velocity.head<2>());
    EXPECT_TRUE(highlighted);
    EXPECT_NE(page->geometryView()->figure().title.find("Interval " + std::to_string(interval) + " "), std::string::npos);

    // Exports of every tab.
    QTemporaryDir dir;
    for (const QString& tab : page->tabNames()) {
        ASSERT_TRUE(w.showTab(tab));
        const bool table = tab == "intervals" || tab == "rounds";
        for (const QString ext : {"png", "svg", "csv"}) {
            const QString path = dir.filePath(tab + "." + ext);
            const bool ok = ext == "png"   ? w.exportDiagramPng(path)
                            : ext == "svg" ? w.exportDiagramSvg(path)
                                           : w.exportDiagramCsv(path);
            EXPECT_EQ(ok, !table || ext == "csv") << tab.toStdString() << " " << ext.toStdString();
            // A header and at least one row of data (the one-contact rounds table is ~90 bytes).
            constexpr qint64 kMinExportBytes = 60;
            if (ok) {
                EXPECT_GT(QFile(path).size(), kMinExportBytes) << tab.toStdString() << " " << ext.toStdString();
            }
        }
    }

    // The cradle's rounds table is Table 2; fewer balls, fewer rows.
    ASSERT_TRUE(w.openScene(":/scenes/plus-newtons-cradle.json", &error)) << error.toStdString();
    QTableWidget* rounds = w.page<PlusScenePage>()->roundsTable();
    ASSERT_EQ(rounds->rowCount(), 4);
    EXPECT_EQ(rounds->item(0, 1)->text(), "compressing");
    EXPECT_EQ(rounds->item(0, 2)->text(), "expanding");
    EXPECT_EQ(rounds->item(3, 5)->text(), "expanding");
    w.setParameter("balls", 3);
    EXPECT_EQ(w.page<PlusScenePage>()->roundsTable()->rowCount(), 2);
}

// The two window sizes of a new user's walkthrough: the default and a laptop's.
const QSize kWalkthroughSizes[] = {QSize(1500, 900), QSize(1280, 800)};
// Event-loop time for a shown window's layouts to settle (the app's own
// screenshot waits as long, app/gui/main.cpp kSettleMilliseconds).
constexpr int kSettleMs = 400;
// Plot-area edges are fractional; half a pixel of round-off is not a cut.
constexpr double kEdgeTolPx = 0.5;

// The intersection collision opened on its Impulse space tab before the
// window is shown (as `impactlab vehicles --tab diagram` does): the chart is
// first laid out hidden, at the view's size hint, and must be laid out again
// for the pane it gets, so the whole plot lies inside the view.
TEST(VehicleSceneWindowTest, ImpulseDiagramPlotLiesInsideItsPaneAtWalkthroughSizes) {
    for (const QSize size : kWalkthroughSizes) {
        MainWindow w;
        w.resize(size);
        QString error;
        ASSERT_TRUE(w.openScene(":/scenes/vehicles.json", &error)) << error.toStdString();
        ASSERT_TRUE(w.showTab("diagram"));
        w.show();
        QTest::qWait(kSettleMs);
        ImpulseDiagramView* view = sim(w).diagramView();
        const QRectF viewport = view->chartView()->viewport()->rect();
        const QRectF plot = view->chart()->mapRectToScene(view->chart()->plotArea());
        const QRectF shown = view->chartView()->mapToScene(viewport.toRect()).boundingRect();
        EXPECT_LE(plot.right(), shown.right() + kEdgeTolPx) << size.width() << "x" << size.height();
        EXPECT_LE(plot.bottom(), shown.bottom() + kEdgeTolPx) << size.width() << "x" << size.height();
        EXPECT_GT(plot.width(), 0.0);
    }
}

// The time histories of the superball (a simulation page whose plot pane is
// the narrowest of the walkthrough) and of the intersection collision: the
// grid scrolls down only; a horizontal scroll bar would hide the charts'
// right ends.
TEST(SimulationWindowTest, TimeHistoriesNeverScrollSidewaysAtWalkthroughSizes) {
    for (const char* scene : {":/scenes/superball.json", ":/scenes/vehicles.json"})
        for (const QSize size : kWalkthroughSizes) {
            MainWindow w;
            w.resize(size);
            QString error;
            ASSERT_TRUE(w.openScene(scene, &error)) << error.toStdString();
            ASSERT_TRUE(w.showTab("plots"));
            w.show();
            QTest::qWait(kSettleMs);
            auto* scroll = sim(w).timePlots()->findChild<QScrollArea*>("plotsScroll");
            ASSERT_NE(scroll, nullptr);
            const std::string where = std::string(scene) + " at " + std::to_string(size.width());
            EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible()) << where;
            EXPECT_LE(scroll->widget()->width(), scroll->viewport()->width()) << where;
        }
}

// The texts of every chart on screen in `w` that Qt Charts elided.
QStringList findElidedChartTexts(const MainWindow& w) {
    QStringList elided;
    for (QChartView* view : w.findChildren<QChartView*>()) {
        if (!view->isVisible()) continue;
        for (QGraphicsItem* item : view->scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
                const QString plain = text->toPlainText();
                if (plain.contains(QLatin1String("...")) || plain.contains(QChar(0x2026))) elided << plain;
            }
    }
    return elided;
}

// Charts with long titles, as the walkthrough met them: the PLUS brick's
// tangential velocity, the event sequences of an impact and the paper's
// Fig. 4 (Jia & Wang's hodographs). A title too wide for its chart wraps
// between words; no chart text is elided.
TEST(ChartTitleTest, LongTitlesWrapAndAreNeverElidedAtWalkthroughSizes) {
    struct Case {
        const char* scene;   // opened, or empty for the figure
        const char* tab;
        const char* figure;
    };
    const Case cases[] = {{":/scenes/plus-brick-vertex.json", "velocity", nullptr},
                          {":/scenes/impact-icosahedron-tetrahedron.json", "sequences", nullptr},
                          {nullptr, nullptr, "jia-wang-fig4"}};
    for (const Case& c : cases)
        for (const QSize size : kWalkthroughSizes) {
            MainWindow w;
            w.resize(size);
            QString error;
            if (c.scene) {
                ASSERT_TRUE(w.openScene(c.scene, &error)) << error.toStdString();
                ASSERT_TRUE(w.showTab(c.tab));
            } else {
                ASSERT_TRUE(w.openPaperFigure(c.figure, &error)) << error.toStdString();
            }
            w.show();
            QTest::qWait(kSettleMs);
            const std::string where = std::string(c.scene ? c.scene : c.figure) + " at " + std::to_string(size.width());
            EXPECT_TRUE(findElidedChartTexts(w).isEmpty()) << where << ": " << findElidedChartTexts(w).join(" | ").toStdString();
        }
}

// The captions over the 3D view (the PLUS brick's arrow legend, the vehicle
// overlay's legend and its live line) as drawn in the view's last frame:
// each ends inside the view, wrapped onto more lines when the view is narrow.
TEST(CaptionTest, ThreeDViewCaptionsFitTheViewAtWalkthroughSizes) {
    for (const char* scene : {":/scenes/plus-brick-vertex.json", ":/scenes/vehicles.json"})
        for (const QSize size : kWalkthroughSizes) {
            MainWindow w;
            w.resize(size);
            QString error;
            ASSERT_TRUE(w.openScene(scene, &error)) << error.toStdString();
            w.show();
            QTest::qWait(kSettleMs);
            VtkView* view = w.currentPage()->bodiesView();
            const QImage frame = view->renderToImage();
            ASSERT_FALSE(frame.isNull());
            const std::string where = std::string(scene) + " at " + std::to_string(size.width());
            int captions = 0;
            vtkRendererCollection* renderers = view->renderWindow()->GetRenderers();
            renderers->InitTraversal();
            while (vtkRenderer* r = renderers->GetNextItem()) {
                vtkPropCollection* props = r->GetViewProps();
                props->InitTraversal();
                while (vtkProp* prop = props->GetNextProp()) {
                    auto* text = vtkTextActor::SafeDownCast(prop);
                    if (!text || !text->GetVisibility() || !text->GetInput() || !*text->GetInput()) continue;
                    double box[4] = {0, 0, 0, 0};
                    text->GetBoundingBox(r, box);
                    EXPECT_LE(box[1], frame.width() + kEdgeTolPx) << where << ": " << text->GetInput();
                    ++captions;
                }
            }
            EXPECT_GT(captions, 0) << where << ": no caption drawn";
        }
}

}}  // namespace
