// The Reconstruction tab of the vehicle page, driven
// through the real window on the RICSAC 6 scene: evidence edits are undo
// steps; Reconstruct (40 samples, so it takes a moment) fills the estimate
// table with exactly the numbers the core computes for the document on
// screen; Apply writes the estimate as one undo step, undo restores the
// document's values and redo re-applies them; results of another document
// are withdrawn, never shown as current; a ghost car dragged in the 3D view
// moves its rest_position evidence in one undo step; Cancel stops a run; the
// File menu's exports write the samples and the plots. VTK renders through
// X, so this suite runs with a display (rendering_reconstruction).
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <cmath>

#include "MainWindow.h"
#include "diagram/DisplayNumber.h"
#include "WindowTestSupport.h"
#include "render/VtkView.h"
#include "vehicles/EvidenceTable.h"
#include "vehicles/GhostCars.h"
#include "vehicles/ReconstructionCharts.h"
#include "vehicles/ReconstructionView.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

const QString kRicsacScene = ":/scenes/reconstruction-ricsac-06.json";
// Few samples: the run takes a second or two on two cores.
constexpr int kFewSamples = 40;
// The window's run and the test's run are the same computation on the same
// document and seed (the core's samples do not depend on the thread count):
// they agree to round-off in the percentiles' interpolation.
constexpr double kSameRunRelTol = 1e-9;
// m: a drag moves the ghost by about the pointer's travel on the ground; a
// pixel of a view of tens of metres is a few centimetres.
constexpr double kDragTol = 0.25;
// Pixels the pointer travels in the drag test.
constexpr int kDragPx = 60;

VehiclePage& vehiclePage(MainWindow& w) {
    VehiclePage* page = w.page<VehiclePage>();
    if (!page) ADD_FAILURE() << "no vehicle page is open";
    return *page;
}

// The queued edits of the evidence table reach the document.
void settleEdits() {
    for (int i = 0; i < 3; ++i) QApplication::processEvents();
}

bool isNear(double a, double b, double relTol) { return std::abs(a - b) <= relTol * std::max(1.0, std::abs(b)); }

double readPointer(const nlohmann::json& document, const std::string& pointer) {
    return document.at(nlohmann::json::json_pointer(pointer)).get<double>();
}

class ReconstructionTab : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(showActive(w));
        QString error;
        ASSERT_TRUE(w.openScene(kRicsacScene, &error)) << error.toStdString();
        ASSERT_TRUE(w.showTab("reconstruction"));
        view = vehiclePage(w).reconstructionView();
        ASSERT_NE(view, nullptr);
    }

    // Sets the sample count through its spin box: one undo step.
    void setSamples(int samples) {
        const int steps = w.undoStack()->count();
        view->evidenceTable()->samplesBox()->setValue(samples);
        settleEdits();
        ASSERT_EQ(w.undoStack()->count(), steps + 1);
        ASSERT_EQ(w.currentDocument()["reconstruction"]["samples"].get<int>(), samples);
    }

    void runReconstruct() {
        ASSERT_TRUE(view->reconstructButton()->isEnabled()) << view->statusText().toStdString();
        QTest::mouseClick(view->reconstructButton(), Qt::LeftButton);
        view->waitForReconstruction();
        ASSERT_NE(view->currentResult(), nullptr) << view->statusText().toStdString();
    }

    MainWindow w;
    ReconstructionView* view = nullptr;
};

TEST_F(ReconstructionTab, ResultsTableShowsTheCoresNumbersForTheDocument) {
    setSamples(kFewSamples);
    runReconstruct();
    // The core on the same document, here.
    const VehicleScene scene = std::get<VehicleScene>(readSimulatedScene(w.currentDocument()));
    ReconstructionOptions options;
    options.threads = 1;
    const ReconstructionResult expected = impactlab::reconstruct(scene, readReconstructionSpec(scene), options);
    ASSERT_EQ(expected.sampleRows.size(), view->currentResult()->sampleRows.size());
    const QTableWidget* table = view->resultsTable();
    ASSERT_EQ(table->rowCount(), static_cast<int>(expected.unknowns.size() + 3 * expected.derived.size()));
    // Each row's numbers in the unit the table shows (degrees for an angle,
    // as the sliders), in one format with 4 significant digits.
    constexpr int kEstimateDigits = 4;
    const auto expectRow = [&](int row, const QuantitySummary& s, double scale = 1.0) {
        const std::vector<std::string> text = formatDisplayColumn(
            {{scale * s.value, 0.0}, {scale * s.low, 0.0}, {scale * s.high, 0.0}}, kEstimateDigits);
        int k = 0;
        for (auto [column, value] : {std::pair{int(ReconstructionView::ValueColumn), s.value},
                                     std::pair{int(ReconstructionView::LowColumn), s.low},
                                     std::pair{int(ReconstructionView::HighColumn), s.high}}) {
            const QTableWidgetItem* item = table->item(row, column);
            ASSERT_NE(item, nullptr);
            const double shown = item->data(Qt::UserRole).toDouble();
            EXPECT_TRUE(std::isfinite(shown));
            EXPECT_TRUE(isNear(shown, value, kSameRunRelTol)) << "row " << row << " column " << column << ": " << shown
                                                             << " vs " << value;
            EXPECT_EQ(item->text().toStdString(), text[k++]) << "row " << row;
        }
    };
    int row = 0;
    // An unknown by the name and unit of the slider on it where there is one
    // (never as a JSON pointer), an angle in the slider's degrees.
    for (const UnknownReport& u : expected.unknowns) {
        const QString name = table->item(row, ReconstructionView::NameColumn)->text();
        const QString unit = table->item(row, ReconstructionView::UnitColumn)->text();
        EXPECT_FALSE(name.startsWith('/')) << name.toStdString();
        for (const SceneParameter& p : scene.parameters)
            if (p.target == u.unknown.target) EXPECT_TRUE(name.startsWith(QString::fromStdString(p.label)));
        EXPECT_NE(unit, "rad") << u.unknown.target;
        expectRow(row++, u.summary, unit == "deg" ? 180.0 / EIGEN_PI : 1.0);
    }
    for (const DerivedReport& d : expected.derived) {
        expectRow(row++, d.deltaV);
        expectRow(row++, d.pdof);
        expectRow(row++, d.ees);
    }
    // The plots show the same run: a point per kept sample, a bar per residual component.
    EXPECT_EQ(view->cloudView()->samples().size(), expected.sampleRows.size());
    EXPECT_FALSE(view->cloudView()->ellipse().empty());
    std::size_t components = 0;
    for (const EvidenceReport& e : expected.evidence) components += e.residualSigmas.size();
    ASSERT_EQ(view->residualView()->bars().size(), components);
    EXPECT_TRUE(isNear(view->residualView()->bars().front().sigmas, expected.evidence.front().residualSigmas.front(),
                       kSameRunRelTol));
    int counted = 0;
    for (int c : view->deltaVView()->counts().front()) counted += c;
    EXPECT_EQ(counted, static_cast<int>(expected.sampleRows.size()));
}

TEST_F(ReconstructionTab, ApplyIsOneUndoStepAndStaleResultsAreWithdrawn) {
    setSamples(kFewSamples);
    runReconstruct();
    const nlohmann::json before = w.currentDocument();
    const ReconstructionResult result = *view->currentResult();
    const int steps = w.undoStack()->count();
    ASSERT_TRUE(view->applyButton()->isEnabled());
    QTest::mouseClick(view->applyButton(), Qt::LeftButton);
    vehiclePage(w).flushPendingEdits();
    ASSERT_EQ(w.undoStack()->count(), steps + 1);
    for (const UnknownReport& u : result.unknowns)
        EXPECT_EQ(readPointer(w.currentDocument(), u.unknown.target), u.summary.value) << u.unknown.target;
    // The document is the one the estimate describes: the results stay
    // shown, and there is nothing left to apply.
    EXPECT_FALSE(view->isStale());
    ASSERT_NE(view->currentResult(), nullptr);
    EXPECT_TRUE(view->isEstimateApplied());
    EXPECT_GT(view->resultsTable()->rowCount(), 0);
    EXPECT_FALSE(view->applyButton()->isEnabled());
    EXPECT_FALSE(view->statusText().startsWith("Stale"));
    EXPECT_EQ(vehiclePage(w).ghostCars()->predicted().size(), result.predictedRest.size());

    w.undoStack()->undo();
    vehiclePage(w).flushPendingEdits();
    EXPECT_EQ(w.currentDocument(), before);
    for (const UnknownReport& u : result.unknowns)
        EXPECT_EQ(readPointer(w.currentDocument(), u.unknown.target), readPointer(before, u.unknown.target));
    // Back at the document of the run: its results are current, to apply again.
    ASSERT_NE(view->currentResult(), nullptr);
    EXPECT_FALSE(view->isEstimateApplied());
    EXPECT_TRUE(view->applyButton()->isEnabled());
    EXPECT_GT(view->resultsTable()->rowCount(), 0);
    EXPECT_EQ(vehiclePage(w).ghostCars()->predicted().size(), result.predictedRest.size());

    w.undoStack()->redo();
    vehiclePage(w).flushPendingEdits();
    for (const UnknownReport& u : result.unknowns)
        EXPECT_EQ(readPointer(w.currentDocument(), u.unknown.target), u.summary.value) << u.unknown.target;
    EXPECT_FALSE(view->isStale());

    // Any other edit leaves a document the results do not describe.
    setSamples(kFewSamples + 1);
    EXPECT_TRUE(view->isStale());
    EXPECT_EQ(view->currentResult(), nullptr);
    EXPECT_EQ(view->resultsTable()->rowCount(), 0);
    EXPECT_TRUE(view->statusText().startsWith("Stale"));
    EXPECT_TRUE(vehiclePage(w).ghostCars()->predicted().empty());
}

// The evidence help speaks of the evidence the scene has: RICSAC 6 has no
// rest position, so no draggable car is promised; the intervals say what
// "95 %" means, and the fit's warnings are in plain words.
TEST_F(ReconstructionTab, HelpAndHeadersDescribeThisScenesEvidence) {
    const QLabel* hint = view->evidenceTable()->findChild<QLabel*>("evidenceHint");
    ASSERT_NE(hint, nullptr);
    EXPECT_TRUE(hint->text().contains("no rest position")) << hint->text().toStdString();
    const QTableWidget* table = view->resultsTable();
    EXPECT_TRUE(table->horizontalHeaderItem(ReconstructionView::LowColumn)->toolTip().contains("95 %"));
    EXPECT_TRUE(table->horizontalHeaderItem(ReconstructionView::HighColumn)->toolTip().contains("Monte Carlo"));
    // The contact-plane normal, an unknown in rad, reads beside its slider's name in degrees.
    const QTableWidget* unknowns = view->evidenceTable()->unknownsTable();
    bool sawNormal = false;
    for (int row = 0; row < unknowns->rowCount(); ++row)
        if (unknowns->item(row, EvidenceTable::TargetColumn)->text() == "/collision/normal_angle") {
            const QString slider = unknowns->item(row, EvidenceTable::SliderColumn)->text();
            EXPECT_TRUE(slider.startsWith("Contact-plane normal") && slider.endsWith(" deg")) << slider.toStdString();
            sawNormal = true;
        }
    EXPECT_TRUE(sawNormal);
    setSamples(kFewSamples);
    runReconstruct();
    EXPECT_FALSE(view->statusText().contains("normal matrix")) << view->statusText().toStdString();
}

TEST_F(ReconstructionTab, EvidenceEditsAreUndoStepsAndMarkResultsStale) {
    setSamples(kFewSamples);
    runReconstruct();
    const nlohmann::json before = w.currentDocument();
    const std::size_t items = before["reconstruction"]["evidence"].size();
    EvidenceTable* table = view->evidenceTable();
    // A sigma typed into its cell.
    table->evidenceTable()->item(0, EvidenceTable::SigmaColumn)->setText("0.25");
    settleEdits();
    EXPECT_EQ(w.currentDocument()["reconstruction"]["evidence"][0]["sigma"].get<double>(), 0.25);
    EXPECT_TRUE(view->isStale());
    // A value that is not two numbers is refused and changes nothing.
    const int steps = w.undoStack()->count();
    table->evidenceTable()->item(0, EvidenceTable::ValueColumn)->setText("fast");
    settleEdits();
    EXPECT_EQ(w.undoStack()->count(), steps);
    // Added, then removed.
    table->addEvidence();
    settleEdits();
    EXPECT_EQ(w.currentDocument()["reconstruction"]["evidence"].size(), items + 1);
    EXPECT_EQ(table->evidenceTable()->rowCount(), static_cast<int>(items + 1));
    table->removeEvidence(0);
    settleEdits();
    EXPECT_EQ(w.currentDocument()["reconstruction"]["evidence"].size(), items);
    EXPECT_EQ(w.undoStack()->count(), steps + 2);
    // Every step undone: the document of the run, and its results, are back.
    for (int k = 0; k < 3; ++k) w.undoStack()->undo();
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_NE(view->currentResult(), nullptr);
}

TEST_F(ReconstructionTab, ABlockTheCoreRefusesCannotRunAndSaysWhy) {
    EvidenceTable* table = view->evidenceTable();
    table->unknownsTable()->item(0, EvidenceTable::TargetColumn)->setText("/vehicles/7/speed");
    settleEdits();
    EXPECT_EQ(w.currentDocument()["reconstruction"]["unknowns"][0]["target"], "/vehicles/7/speed");
    EXPECT_FALSE(view->reconstructButton()->isEnabled());
    EXPECT_FALSE(view->startReconstruction());
    EXPECT_TRUE(view->statusText().contains("reconstruction.unknowns[0].target")) << view->statusText().toStdString();
    w.undoStack()->undo();
    EXPECT_TRUE(view->reconstructButton()->isEnabled()) << view->statusText().toStdString();
}

TEST_F(ReconstructionTab, DraggingAGhostCarMovesTheRestPositionInOneUndoStep) {
    view->moveRestPosition(0, Vec2(12.0, 3.0));   // a rest_position item for vehicle 1
    settleEdits();
    GhostCars* ghosts = vehiclePage(w).ghostCars();
    ASSERT_EQ(ghosts->observed().size(), 1u);
    VtkView* view3d = vehiclePage(w).bodiesView();
    view3d->renderToImage();   // the camera framed, the window's size known to VTK
    const std::optional<QPointF> at = ghosts->mapToWidget(Vec2(12.0, 3.0));
    ASSERT_TRUE(at);
    const QPoint from = at->toPoint(), to = from + QPoint(kDragPx, 0);
    const std::optional<Vec2> target = ghosts->mapToGround(QPointF(to));
    ASSERT_TRUE(target);
    const int steps = w.undoStack()->count();
    QTest::mousePress(view3d, Qt::LeftButton, Qt::NoModifier, from);
    for (int k = 1; k <= 4; ++k) {
        QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(kDragPx * k / 4, 0)), view3d->mapToGlobal(QPointF(from)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view3d, &move);
    }
    QTest::mouseRelease(view3d, Qt::LeftButton, Qt::NoModifier, to);
    settleEdits();
    ASSERT_EQ(w.undoStack()->count(), steps + 1) << "one undo step per drag";
    const nlohmann::json& item = w.currentDocument()["reconstruction"]["evidence"].back();
    ASSERT_EQ(item["quantity"], "rest_position");
    EXPECT_NEAR(item["value"][0].get<double>(), target->x(), kDragTol);
    EXPECT_NEAR(item["value"][1].get<double>(), target->y(), kDragTol);
    w.undoStack()->undo();
    EXPECT_EQ(w.currentDocument()["reconstruction"]["evidence"].back()["value"], nlohmann::json({12.0, 3.0}));
}

TEST_F(ReconstructionTab, CancelStopsTheRun) {
    ASSERT_TRUE(view->startReconstruction());
    EXPECT_TRUE(view->cancelButton()->isEnabled());
    EXPECT_TRUE(view->progressBar()->isVisible());
    QTest::mouseClick(view->cancelButton(), Qt::LeftButton);
    view->waitForReconstruction();
    EXPECT_FALSE(view->isRunning());
    EXPECT_FALSE(view->progressBar()->isVisible());
    if (const ReconstructionResult* r = view->currentResult()) {
        EXPECT_EQ(r->status, "cancelled");
        EXPECT_LT(static_cast<int>(r->sampleRows.size()), r->samples);
    }
}

TEST_F(ReconstructionTab, ExportsWriteTheSamplesThePlotsAndTheReportSection) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    EXPECT_FALSE(view->exportSamplesCsv(dir.filePath("none.csv"))) << "no result, no samples";
    // Before any run, Export all views still succeeds: nothing to sample yet is no failure.
    ASSERT_TRUE(w.exportAllViews(dir.filePath("before"))) << w.lastError().toStdString();
    EXPECT_FALSE(QFile::exists(dir.filePath("before/reconstruction-samples.csv")));
    setSamples(kFewSamples);
    runReconstruct();
    // The page's File menu entries, by name.
    QStringList names;
    for (QAction* a : vehiclePage(w).fileActions())
        if (a->menu())
            for (QAction* sub : a->menu()->actions()) names << sub->objectName();
    EXPECT_TRUE(names.contains("exportReconstructionSamples"));
    EXPECT_TRUE(names.contains("exportReconstructionSpeedsSvg"));
    ASSERT_TRUE(view->exportSamplesCsv(dir.filePath("samples.csv")));
    QFile csv(dir.filePath("samples.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), static_cast<int>(view->currentResult()->sampleRows.size()) + 1);
    EXPECT_TRUE(lines.front().startsWith("/vehicles/0/speed"));
    EXPECT_TRUE(view->cloudView()->exportSvg(dir.filePath("speeds.svg")));
    EXPECT_TRUE(view->deltaVView()->exportPng(dir.filePath("delta-v.png")));
    EXPECT_TRUE(view->residualView()->exportPng(dir.filePath("residuals.png")));
    ASSERT_TRUE(w.exportAllViews(dir.filePath("all"))) << w.lastError().toStdString();
    QFile report(dir.filePath("all/report.html"));
    ASSERT_TRUE(report.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(report.readAll());
    EXPECT_TRUE(html.contains("<h2>Reconstruction</h2>"));
    // Every estimate row as the table names it (the slider's name, not a pointer).
    for (int row = 0; row < view->resultsTable()->rowCount(); ++row) {
        const QString name = view->resultsTable()->item(row, ReconstructionView::NameColumn)->text();
        EXPECT_TRUE(html.contains(name.toHtmlEscaped())) << name.toStdString();
    }
    EXPECT_TRUE(QFile::exists(dir.filePath("all/reconstruction-samples.csv")));
    EXPECT_TRUE(QFile::exists(dir.filePath("all/reconstruction.svg")));
    EXPECT_TRUE(QFile::exists(dir.filePath("all/reconstruction-residuals.svg")));
}

}}  // namespace
