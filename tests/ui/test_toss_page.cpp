// The toss page driven as a person would: open the real cube tosses, scrub
// the timeline and see both cubes where the core put them, move a slider and
// see the toss simulated again, score every toss of a file and fit it as one
// undo step, cancel a fit, and open scenes whose files or toss are wrong.
// Every number checked here is the core's for the document on screen.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "compare/ComparisonTableView.h"
#include "experiment/TossFit.h"
#include "mechanics/NumberText.h"
#include "pages/TossPage.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "render/VtkView.h"
#include "timeline/TimelineWidget.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace { namespace IMPACTLAB_UNITY_ID {

const char* const kScene = ":/scenes/experiment-cube-tosses.json";
// Tosses of the small file the score and fit tests use: the file's first
// ones, three groups, so a fit's bootstrap has groups to resample.
constexpr int kSmallFileTosses = 6;
// Milliseconds the page's work may take on a loaded two-core machine.
constexpr int kWorkTimeoutMs = 300000;
// Poses are the core's samples, copied: equal to round-off.
constexpr double kPoseTol = 1e-12;

class TossPageTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1280, 800);
        w.show();
        open(readSceneDocument(kScene));
    }
    void open(const nlohmann::json& doc) {
        QString error;
        ASSERT_TRUE(w.openDocument(doc, "tosses.json", &error)) << error.toStdString();
        page = w.page<TossPage>();
        ASSERT_NE(page, nullptr) << "a toss scene opens the toss page";
    }
    void waitForWork() {
        QElapsedTimer clock;
        clock.start();
        while (page->isBusy() && clock.elapsed() < kWorkTimeoutMs) QTest::qWait(20);
        ASSERT_FALSE(page->isBusy()) << "the work did not end in " << kWorkTimeoutMs << " ms";
        QApplication::processEvents();
    }
    // The built-in scene over a file of its first kSmallFileTosses tosses.
    nlohmann::json makeSmallFileScene() {
        nlohmann::json doc = readSceneDocument(kScene);
        const std::string source = doc["tosses"]["file"];
        QFile in(QString::fromStdString(source));
        EXPECT_TRUE(in.open(QIODevice::ReadOnly));
        std::istringstream lines(in.readAll().toStdString());
        const QString path = dir.filePath("small.csv");
        std::ofstream out(path.toStdString());
        std::string line;
        std::getline(lines, line);
        out << line << "\n";
        std::set<std::string> ids;
        while (std::getline(lines, line)) {
            ids.insert(line.substr(0, line.find(',')));
            if (static_cast<int>(ids.size()) > kSmallFileTosses) break;
            out << line << "\n";
        }
        doc["tosses"]["file"] = path.toStdString();
        return doc;
    }
    QTemporaryDir dir;
    MainWindow w;
    TossPage* page = nullptr;
};

TEST_F(TossPageTest, ShowsTheCoresRunOfTheTossForEveryLaw) {
    const TossScene& scene = page->scene();
    ASSERT_EQ(page->runs().size(), 1 + scene.compare.size()) << "the scene's law and every compared law";
    for (std::size_t k = 0; k < page->runs().size(); ++k) {
        const TossLawRun& shown = page->runs()[k];
        const TossLawRun core = runToss(page->tosses(), scene.toss, getTossParams(scene, shown.law));
        EXPECT_EQ(shown.error.position, core.error.position) << shown.law;
        EXPECT_EQ(shown.error.rotation, core.error.rotation) << shown.law;
        // The toss table's row shows the same number (row 0 is the measured change).
        const QTableWidgetItem* cell = page->tossTable()->item(static_cast<int>(k) + 1, 1);
        ASSERT_NE(cell, nullptr);
        EXPECT_EQ(cell->text().toStdString(), formatNumber(100.0 * core.error.position, kTossTableDigits)) << shown.law;
    }
    EXPECT_EQ(page->positionView()->figure().series.size(), page->runs().size());
    EXPECT_EQ(page->velocityView()->figure().series.size(), page->runs().size() + 1) << "the laws and the measurement";
}

TEST_F(TossPageTest, TheTimelineMovesBothCubesToTheirSamples) {
    const Toss& toss = page->tosses().tosses[static_cast<std::size_t>(page->scene().toss)];
    const TossLawRun& run = page->runs().front();
    const double dt = page->tosses().body.dt;
    EXPECT_NEAR(page->timeline()->endTime(), (toss.samples.size() - 1) * dt, kPoseTol);
    const int k = run.start.startSample + 20;
    page->setTime(k * dt);
    ASSERT_EQ(page->poses().size(), 2u);
    EXPECT_LT((page->poses()[0].second - run.simulated.samples[20].position).norm(), kPoseTol) << "simulated";
    EXPECT_LT((page->poses()[1].second - toss.samples[static_cast<std::size_t>(k)].position).norm(), kPoseTol) << "measured";
    EXPECT_LT((page->poses()[1].first - toss.samples[static_cast<std::size_t>(k)].orientation.toRotationMatrix()).norm(), kPoseTol);
    // Before the start the simulated cube is where the measured one is.
    page->setTime(0.0);
    EXPECT_LT((page->poses()[0].second - toss.samples.front().position).norm(), kPoseTol);
    const QImage start = page->bodiesView()->renderToImage();
    page->setTime(page->timeline()->endTime());
    EXPECT_NE(start, page->bodiesView()->renderToImage()) << "the 3D view follows the timeline";
    EXPECT_GE(page->timeline()->eventCount(), 1) << "the law's impacts are on the timeline";
}

TEST_F(TossPageTest, ASliderMoveSimulatesTheTossAgainAndIsAnUndoStep) {
    const double before = page->runs().front().error.position;
    page->parameterPanel()->setSliderPosition("friction", 0.6);   // as a drag leaves it
    page->flushPendingEdits();
    const double friction = page->parameterPanel()->value("friction");
    EXPECT_NEAR(friction, 0.6, 0.01) << "the slider's step";
    EXPECT_EQ(page->scene().contact.friction, friction);
    EXPECT_EQ(w.currentDocument()["contact"]["friction"], friction);
    const TossLawRun core = runToss(page->tosses(), page->scene().toss, getTossParams(page->scene(), page->scene().contact.law));
    EXPECT_EQ(page->runs().front().error.position, core.error.position);
    EXPECT_NE(page->runs().front().error.position, before) << "another friction, another toss";
    EXPECT_EQ(w.undoStack()->count(), 1);
    w.undoStack()->undo();
    page->flushPendingEdits();
    EXPECT_EQ(page->runs().front().error.position, before);
    // The toss slider shows another toss.
    page->parameterPanel()->setSliderPosition("toss", 7);
    page->flushPendingEdits();
    EXPECT_EQ(page->scene().toss, 7);
    EXPECT_EQ(page->runs().front().start.id, page->tosses().tosses[7].id);
}

TEST_F(TossPageTest, ScoresEveryTossAndFitsAsOneUndoStep) {
    open(makeSmallFileScene());
    ASSERT_EQ(static_cast<int>(page->tosses().tosses.size()), kSmallFileTosses);
    QTest::mouseClick(page->scoreButton(), Qt::LeftButton);
    EXPECT_TRUE(page->progressBar()->isVisibleTo(page)) << "progress while it works";
    waitForWork();
    ASSERT_TRUE(page->fileScores().has_value());
    const TossFileScores& scores = *page->fileScores();
    ASSERT_EQ(scores.laws.size(), page->runs().size());
    std::vector<int> all(kSmallFileTosses);
    for (int i = 0; i < kSmallFileTosses; ++i) all[static_cast<std::size_t>(i)] = i;
    for (std::size_t k = 0; k < scores.laws.size(); ++k) {
        const std::vector<TossError> core = scoreTosses(page->tosses(), all, getTossParams(page->scene(), scores.laws[k]), 1);
        ASSERT_EQ(scores.errors[k].size(), core.size());
        for (std::size_t i = 0; i < core.size(); ++i) EXPECT_EQ(scores.errors[k][i].position, core[i].position);
    }
    EXPECT_FALSE(page->histogramView()->figure().isEmpty());
    EXPECT_EQ(page->fileTable()->rowCount(), static_cast<int>(scores.laws.size()) + 3) << "and the three simulators";

    const int steps = w.undoStack()->count();
    QTest::mouseClick(page->fitButton(), Qt::LeftButton);
    waitForWork();
    ASSERT_TRUE(page->lastFit().has_value());
    EXPECT_EQ(w.undoStack()->count(), steps + 1) << "the fit is one undo step";
    EXPECT_EQ(page->scene().contact.friction, page->lastFit()->params.friction);
    EXPECT_EQ(page->scene().contact.restitution, page->lastFit()->params.restitution);
    w.undoStack()->undo();
    EXPECT_EQ(page->scene().contact.friction, 0.167);
}

TEST_F(TossPageTest, ACancelledFitChangesNothing) {
    const nlohmann::json before = w.currentDocument();
    QTest::mouseClick(page->fitButton(), Qt::LeftButton);
    page->cancelWork();
    waitForWork();
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_EQ(w.undoStack()->count(), 0);
    EXPECT_TRUE(page->fitButton()->isEnabled());
}

TEST_F(TossPageTest, AMissingFileOrTossIsRefusedNamingIt) {
    nlohmann::json missing = readSceneDocument(kScene);
    missing["tosses"]["file"] = dir.filePath("nothing.csv").toStdString();
    QString error;
    EXPECT_FALSE(w.openDocument(missing, "missing.json", &error));
    EXPECT_TRUE(error.contains("nothing.csv")) << error.toStdString();
    nlohmann::json far = readSceneDocument(kScene);
    far["tosses"]["toss"] = 5000;
    EXPECT_FALSE(w.openDocument(far, "far.json", &error));
    EXPECT_TRUE(error.contains("tosses.toss")) << error.toStdString();
}

}}  // namespace
