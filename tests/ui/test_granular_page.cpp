// The granular page driven as a person would: open the
// settling box, watch the run progress on its worker thread, scrub the
// timeline, tick the other friction model and see both side by side, cancel
// a long run, export everything. Needs an X display for VTK.
#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTableWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "MainWindow.h"
#include "compare/DisplayText.h"
#include "SceneLibrary.h"
#include "compare/ComparisonTableView.h"
#include "compare/LawComparisonBox.h"
#include "granular/FieldMapView.h"
#include "pages/GranularPage.h"
#include "plus/FigureView.h"
#include "render/ParticleRenderer.h"
#include "render/VtkView.h"
#include "timeline/TimelineWidget.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace { namespace IMPACTLAB_UNITY_ID {

// A settling box small and short enough for a test: 125 spheres, 0.03 s
// (300 steps of 1e-4 s), a frame every 0.005 s.
constexpr int kParticles = 125;
constexpr double kEndTime = 0.03;
constexpr double kFrameInterval = 0.005;
// Milliseconds a run of this box may take on a loaded two-core machine.
constexpr int kRunTimeoutMs = 120000;

nlohmann::json makeSmallBox() {
    nlohmann::json doc = readSceneDocument(":/scenes/settling-box.json");
    doc["granular"]["particles"] = kParticles;
    doc["granular"]["end_time"] = kEndTime;
    doc["granular"]["frame_interval"] = kFrameInterval;
    return doc;
}

class GranularPageTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1280, 800);
        w.show();
        QString error;
        ASSERT_TRUE(w.openDocument(makeSmallBox(), "small-box.json", &error)) << error.toStdString();
        page = w.page<GranularPage>();
        ASSERT_NE(page, nullptr) << "a granular scene opens the granular page";
    }
    // Lets the event loop run until the page's runs end.
    void waitForEnd() {
        QElapsedTimer clock;
        clock.start();
        while (page->isRunning() && clock.elapsed() < kRunTimeoutMs) QTest::qWait(20);
        ASSERT_FALSE(page->isRunning()) << "the run did not end in " << kRunTimeoutMs << " ms";
    }
    MainWindow w;
    GranularPage* page = nullptr;
};


TEST_F(GranularPageTest, RunsOffTheGuiThreadWithProgressAndFramesThatScrub) {
    // The first frame shows at once, before the run has gone far.
    EXPECT_EQ(page->particles()->particleCount(), kParticles);
    EXPECT_TRUE(page->isRunning());
    waitForEnd();
    ASSERT_EQ(page->runs().size(), 1u);
    const GranularPage::ModelRun& run = page->runs().front();
    EXPECT_EQ(run.endReason, "end time");
    EXPECT_EQ(run.totals.steps, static_cast<long long>(std::llround(kEndTime / 1e-4)));
    EXPECT_EQ(run.totals.lost, 0);
    EXPECT_EQ(page->progressBar()->value(), 100);
    // A frame every kFrameInterval, the first at t = 0.
    ASSERT_GE(run.frames.size(), static_cast<std::size_t>(kEndTime / kFrameInterval));
    constexpr double kFrameTimeTol = 1e-12;   // s: the frame's own time, round-off only
    EXPECT_NEAR(w.currentPage()->timeline()->endTime(), run.frames.back().time, kFrameTimeTol);
    // Scrubbing back shows the start: the pile has not fallen yet.
    w.currentPage()->timeline()->setTime(0.0);
    const QImage start = page->bodiesView()->renderToImage();
    w.currentPage()->timeline()->setTime(run.frames.back().time);
    const QImage end = page->bodiesView()->renderToImage();
    EXPECT_NE(start, end) << "the 3D view follows the timeline";
    // Particles are drawn: many pixels differ from the background's gradient
    // corner colour.
    const QRgb corner = end.pixel(2, 2);
    int particlePixels = 0;
    for (int y = 0; y < end.height(); y += 2)
        for (int x = 0; x < end.width(); x += 2)
            if (qAbs(qRed(end.pixel(x, y)) - qRed(corner)) + qAbs(qBlue(end.pixel(x, y)) - qBlue(corner)) > 120)
                ++particlePixels;
    EXPECT_GT(particlePixels, 200);
}

TEST_F(GranularPageTest, BothFrictionModelsRunSideBySideFromOneTick) {
    QCheckBox* coulomb = page->comparisonBox()->checkBox("coulomb-inelastic");
    ASSERT_NE(coulomb, nullptr);
    EXPECT_TRUE(coulomb->isVisible());
    EXPECT_FALSE(page->comparisonBox()->checkBox("newton")->isVisible()) << "only the friction models are offered";
    QTest::mouseClick(coulomb, Qt::LeftButton);
    ASSERT_TRUE(coulomb->isChecked());
    EXPECT_EQ(w.currentDocument()["compare"], nlohmann::json::array({"coulomb-inelastic"}));
    EXPECT_EQ(w.undoStack()->count(), 1) << "the tick is an undo step";
    ASSERT_EQ(page->runs().size(), 2u);
    waitForEnd();
    EXPECT_EQ(page->runs()[0].model, "max-dissipation");
    EXPECT_EQ(page->runs()[1].model, "coulomb");
    ASSERT_TRUE(w.showTab("velocity"));
    QApplication::processEvents();
    ASSERT_EQ(page->velocityView()->maps().size(), 2u) << "the two models side by side";
    EXPECT_EQ(page->angularVelocityView()->maps().size(), 2u);
    // Each map says the time window it is the mean over, ending at its own
    // run's last frame (runs of a cancelled comparison end apart).
    for (int k = 0; k < 2; ++k) {
        const QString end = displayNumber(page->runs()[k].frames.back().time) + " s";
        EXPECT_TRUE(page->velocityView()->maps()[k].label.contains(end)) << page->velocityView()->maps()[k].label.toStdString();
        EXPECT_TRUE(page->angularVelocityView()->maps()[k].label.contains(end));
    }
    EXPECT_EQ(page->statisticsTable()->rowCount(), 2);
    // The colour of the fastest cell is the scale's top, on the widget's pixels.
    const QImage image = page->velocityView()->renderImage({800, 400});
    const auto& field = page->velocityView()->maps()[0].field;
    int fastest = 0;
    for (int i = 0; i < static_cast<int>(field.meanMagnitude.size()); ++i)
        if (field.meanMagnitude[i] > field.meanMagnitude[fastest]) fastest = i;
    if (field.meanMagnitude[fastest] >= page->velocityView()->scaleMaximum() * (1.0 - 1e-12)) {
        const QRectF cell = page->velocityView()->cellRect(0, fastest % field.grid.nx, fastest / field.grid.nx, {800, 400});
        const QColor drawn = image.pixelColor(cell.center().toPoint());
        const QColor top = page->velocityView()->colorOf(page->velocityView()->scaleMaximum());
        EXPECT_LT(qAbs(drawn.red() - top.red()) + qAbs(drawn.green() - top.green()) + qAbs(drawn.blue() - top.blue()), 12);
    }
    // Undo runs one model again.
    w.undoStack()->undo();
    EXPECT_EQ(page->runs().size(), 1u);
}

TEST_F(GranularPageTest, ALongRunCanBeCancelledAndKeepsItsFrames) {
    nlohmann::json doc = makeSmallBox();
    doc["granular"]["end_time"] = 100.0;   // far longer than the test waits
    QString error;
    ASSERT_TRUE(w.openDocument(doc, "long-box.json", &error)) << error.toStdString();
    QTest::qWait(300);
    auto* cancel = page->findChild<QPushButton*>("cancelRun");
    ASSERT_NE(cancel, nullptr);
    ASSERT_TRUE(cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    waitForEnd();
    EXPECT_EQ(page->runs().front().endReason, "cancelled");
    EXPECT_FALSE(page->runs().front().frames.empty());
    EXPECT_LT(page->progressBar()->value(), 100);
}

TEST_F(GranularPageTest, ExportAllWritesViewsDataAndParaViewFrames) {
    waitForEnd();
    QTemporaryDir dir;
    ASSERT_TRUE(w.exportAllViews(dir.path())) << w.lastError().toStdString();
    for (const char* file : {"view3d.png", "velocity.png", "velocity.svg", "velocity.csv", "rdf.png", "rdf.csv",
                             "statistics.csv", "max-dissipation-last-frame.vtp", "max-dissipation-steps.csv",
                             "scene.json", "report.html"})
        EXPECT_TRUE(QFileInfo::exists(QDir(dir.path()).filePath(file))) << file;
    QFile vtp(QDir(dir.path()).filePath("max-dissipation-last-frame.vtp"));
    ASSERT_TRUE(vtp.open(QIODevice::ReadOnly));
    const QByteArray head = vtp.read(400);
    EXPECT_TRUE(head.contains("<VTKFile") && head.contains("PolyData")) << head.toStdString();
    EXPECT_TRUE(head.contains(QByteArray("NumberOfPoints=\"") + QByteArray::number(kParticles) + "\""));
}
}}  // namespace
