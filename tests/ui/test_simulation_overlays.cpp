// Parameter overlays on the simulation and vehicle pages:
// a built-in planar scene (the bar of Cataldo & Sampaio) overlaid at three
// restitution values and a vehicle collision at three values of epsilon draw
// three curves per quantity in the time histories and three paths in the
// trajectory, coloured and named per value, with a legend naming the values;
// each value's curves are the numbers of a plain run of the scene with that
// value set; the CSV exports name the values; undo through the document
// controller gives back one curve per quantity. Needs an X display for VTK
// (CTest runs it under with-display.sh).
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "WindowTestSupport.h"
#include "common/RichTextLabel.h"
#include "compare/ComparisonTableView.h"
#include "document/DocumentController.h"
#include "panel/ParameterPanel.h"
#include "plots/TimePlotsView.h"
#include "plus/FigureView.h"
#include "scene/SceneOverlay.h"
#include "vehicles/VehicleResultsTable.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// A value's run in the overlay and a plain run of the scene with that value
// set are the same computation (same document, options and code path): the
// numbers agree to round-off of printing nothing, far below this.
constexpr double kSameRunTol = 1e-12;
// J: the least difference in energy after the first impact between the
// lowest and highest restitution that counts as "the values differ" (the
// bar's impact energies are of order 1 J; e = 0.25 against 0.75 loses a
// large share more).
constexpr double kEnergyOrderMargin = 1e-3;

// Curves per panel title (one per channel of each run drawn).
std::map<QString, int> countCurves(const TimePlotsView& plots) {
    std::map<QString, int> counts;
    for (const PlotPanel& p : plots.panels()) counts[p.title] = static_cast<int>(p.curves.size());
    return counts;
}

// The series of `figure` whose name starts with `start` (with points).
std::vector<const FigureSeries*> findSeries(const Figure& figure, const std::string& start) {
    std::vector<const FigureSeries*> out;
    for (const FigureSeries& s : figure.series)
        if (!s.legendOnly && s.name.rfind(start, 0) == 0 && !s.points.empty()) out.push_back(&s);
    return out;
}

// The largest difference between two curves sampled at the same times
// (infinity when they do not match in size or times: never a silent pass).
double calcCurveDifference(const PlotCurve& a, const PlotCurve& b) {
    if (a.points.size() != b.points.size() || a.points.empty()) return INFINITY;
    double worst = 0.0;
    for (size_t i = 0; i < a.points.size(); ++i) {
        if (a.points[i].x() != b.points[i].x()) return INFINITY;
        const double d = std::abs(a.points[i].y() - b.points[i].y());
        if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;
    }
    return worst;
}

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

class SimulationOverlayTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(showActive(w));
    }
    // Opens `scene`, sets an overlay of `id` at `values` through the panel (one
    // undo step) and checks what every overlay view must show; returns the
    // page. `single` gets the curve counts of the plain run before.
    SimulationPage* overlay(const QString& scene, const QString& id, const QVector<double>& values,
                            std::map<QString, int>* single) {
        QString error;
        EXPECT_TRUE(w.openScene(scene, &error)) << error.toStdString();
        SimulationPage* page = w.page<SimulationPage>();
        if (!page) return nullptr;
        page->flushPendingEdits();
        EXPECT_TRUE(page->showTab("plots"));
        QApplication::processEvents();
        *single = countCurves(*page->timePlots());
        EXPECT_FALSE(single->empty());
        before = w.currentDocument();
        steps = w.undoStack()->count();
        EXPECT_TRUE(page->parameterPanel()->requestOverlay(id, values));
        page->flushPendingEdits();
        QApplication::processEvents();
        EXPECT_EQ(w.undoStack()->count(), steps + 1) << "the overlay is one undo step";
        labels.clear();
        for (const OverlayCase& c : expandSceneOverlay(w.currentDocument())) labels.push_back(c.label);
        EXPECT_EQ(labels.size(), static_cast<size_t>(values.size()));
        return page;
    }

    // Three curves per quantity, each value's in its colour and named with it,
    // the legend naming every value; the values' CSV rows named with them.
    void expectTimePlotsPerValue(SimulationPage* page, const std::map<QString, int>& single) {
        EXPECT_TRUE(page->showTab("plots"));
        QApplication::processEvents();
        const TimePlotsView& plots = *page->timePlots();
        const std::map<QString, int> counts = countCurves(plots);
        EXPECT_EQ(counts.size(), single.size()) << "the same quantities";
        for (const auto& entry : single) {
            SCOPED_TRACE(entry.first.toStdString());
            EXPECT_EQ(counts.count(entry.first) ? counts.at(entry.first) : 0,
                      entry.second * static_cast<int>(labels.size()));
        }
        const QString legend = plots.legendLabel()->text().replace("&nbsp;", " ");
        for (const std::string& label : labels)
            EXPECT_TRUE(legend.contains(QString::fromStdString(label))) << label << " in " << legend.toStdString();
        const QString csv = dir.filePath("plots.csv");
        ASSERT_TRUE(page->exportCurrentView(csv));
        const QString text = readText(csv);
        for (const std::string& label : labels) EXPECT_TRUE(text.contains(QString::fromStdString(label))) << label;
    }

    // The trajectory: one centre-of-mass path per value, named with it, and
    // the legend's keys name the values.
    void expectTrajectoryPerValue(SimulationPage* page) {
        EXPECT_TRUE(page->showTab("trajectory"));
        QApplication::processEvents();
        const Figure& f = page->trajectoryView()->figure();
        ASSERT_EQ(findSeries(f, "centre of mass").size(), labels.size());
        for (const std::string& label : labels)
            EXPECT_EQ(findSeries(f, "centre of mass (" + label + ")").size(), 1u) << label;
        const QStringList legend = page->trajectoryView()->findExportLegendLabels({1000, 700});
        for (const std::string& label : labels)
            EXPECT_FALSE(legend.filter(QString::fromStdString(label)).isEmpty())
                << label << " in " << legend.join("; ").toStdString();
    }

    // Export all views: the CSV of each view that draws every value names
    // every value (`views`: their names, the files' stems).
    void expectCsvExportsNameValues(SimulationPage* page, const QStringList& views) {
        QTemporaryDir out;
        ASSERT_TRUE(out.isValid());
        QStringList failures;
        const std::vector<ExportedFile> files = page->exportAllViews(out.path(), &failures, false);
        EXPECT_TRUE(failures.isEmpty()) << failures.join(", ").toStdString();
        for (const QString& view : views) {
            SCOPED_TRACE(view.toStdString());
            int found = 0;
            for (const ExportedFile& f : files) {
                if (f.fileName != view + ".csv") continue;
                ++found;
                const QString text = readText(QDir(out.path()).filePath(f.fileName));
                for (const std::string& label : labels) EXPECT_TRUE(text.contains(QString::fromStdString(label))) << label;
            }
            EXPECT_EQ(found, 1);
        }
    }

    // Undo through the document controller: the document as it was, one
    // curve per quantity, no value named anywhere.
    void expectUndoGivesOneSeries(SimulationPage* page, const std::map<QString, int>& single) {
        w.documentController()->undoStack()->undo();
        page->flushPendingEdits();
        EXPECT_EQ(w.currentDocument(), before);
        EXPECT_TRUE(page->overlay().isEmpty());
        EXPECT_TRUE(page->parameterPanel()->overlayText().isEmpty());
        EXPECT_TRUE(page->showTab("plots"));
        QApplication::processEvents();
        EXPECT_EQ(countCurves(*page->timePlots()), single);
        for (const PlotPanel& p : page->timePlots()->panels())
            for (const PlotCurve& c : p.curves)
                for (const std::string& label : labels)
                    EXPECT_FALSE(c.label.contains(QString::fromStdString(label))) << c.label.toStdString();
        EXPECT_TRUE(page->showTab("trajectory"));
        QApplication::processEvents();
        EXPECT_EQ(findSeries(page->trajectoryView()->figure(), "centre of mass").size(), 1u);
        for (const FigureSeries& s : page->trajectoryView()->figure().series)
            for (const std::string& label : labels) EXPECT_EQ(s.name.find("(" + label + ")"), std::string::npos) << s.name;
    }

    // Each value's curves and trajectory path (kept from the overlay)
    // against a plain run of the scene with that value set, the slider's
    // path; after the undo.
    void expectValuesArePlainRuns(SimulationPage* page, const QString& id, const QVector<double>& values,
                                  const std::vector<std::vector<PlotCurve>>& valueCurves,
                                  const std::vector<std::vector<Vec2>>& valuePaths);

    QTemporaryDir dir;
    MainWindow w;
    nlohmann::json before;
    int steps = 0;
    std::vector<std::string> labels;
};

// The curves of the time plots drawn for `label` (an overlay value), in panel order.
std::vector<PlotCurve> findValueCurves(const TimePlotsView& plots, const QString& label) {
    std::vector<PlotCurve> out;
    for (const PlotPanel& p : plots.panels())
        for (const PlotCurve& c : p.curves)
            if (c.label == label) out.push_back(c);
    return out;
}

std::vector<PlotCurve> findAllCurves(const TimePlotsView& plots) {
    std::vector<PlotCurve> out;
    for (const PlotPanel& p : plots.panels())
        for (const PlotCurve& c : p.curves) out.push_back(c);
    return out;
}

// Each overlay value's time-plot curves and centre-of-mass path, as drawn.
void keepValues(SimulationPage* page, std::vector<std::vector<PlotCurve>>* curves, std::vector<std::vector<Vec2>>* paths) {
    const SimulationOverlay& overlay = page->overlay();
    ASSERT_TRUE(page->showTab("plots"));
    QApplication::processEvents();
    for (const std::string& label : overlay.labels)
        curves->push_back(findValueCurves(*page->timePlots(), QString::fromStdString(label)));
    ASSERT_TRUE(page->showTab("trajectory"));
    QApplication::processEvents();
    for (const std::string& label : overlay.labels) {
        const std::vector<const FigureSeries*> path =
            findSeries(page->trajectoryView()->figure(), "centre of mass (" + label + ")");
        ASSERT_EQ(path.size(), 1u) << label;
        paths->push_back(path.front()->points);
    }
}

void SimulationOverlayTest::expectValuesArePlainRuns(SimulationPage* page, const QString& id,
                                                     const QVector<double>& values,
                                                     const std::vector<std::vector<PlotCurve>>& valueCurves,
                                                     const std::vector<std::vector<Vec2>>& valuePaths) {
    ASSERT_EQ(valueCurves.size(), static_cast<size_t>(values.size()));
    ASSERT_EQ(valuePaths.size(), static_cast<size_t>(values.size()));
    for (int i = 0; i < values.size(); ++i) {
        SCOPED_TRACE(labels[i]);
        page->setParameter(id, values[i]);
        page->flushPendingEdits();
        ASSERT_TRUE(page->showTab("plots"));
        QApplication::processEvents();
        const std::vector<PlotCurve> plain = findAllCurves(*page->timePlots());
        ASSERT_EQ(plain.size(), valueCurves[i].size());
        ASSERT_FALSE(plain.empty());
        for (size_t k = 0; k < plain.size(); ++k)
            EXPECT_LE(calcCurveDifference(plain[k], valueCurves[i][k]), kSameRunTol) << k;
        ASSERT_TRUE(page->showTab("trajectory"));
        QApplication::processEvents();
        const std::vector<const FigureSeries*> path = findSeries(page->trajectoryView()->figure(), "centre of mass");
        ASSERT_EQ(path.size(), 1u);
        ASSERT_EQ(path.front()->points.size(), valuePaths[i].size());
        double worst = 0.0;
        for (size_t k = 0; k < valuePaths[i].size(); ++k) {
            const double d = (path.front()->points[k] - valuePaths[i][k]).norm();
            if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;
        }
        EXPECT_LE(worst, kSameRunTol);
    }
}

// The first impact of each value's run (values in increasing order of a
// restitution-like parameter): met with the same energy, more of it kept the
// larger the value.
void expectSameEnergyBeforeAndMoreKeptAfter(const std::vector<SimulationRun>& runs) {
    ASSERT_EQ(runs.size(), 3u);
    for (const SimulationRun& r : runs) ASSERT_FALSE(r.impacts.empty());
    const double e0 = runs[0].impacts[0].result.energyBefore;
    for (const SimulationRun& r : runs) EXPECT_NEAR(r.impacts[0].result.energyBefore, e0, kSameRunTol * std::abs(e0));
    EXPECT_LT(runs[0].impacts[0].result.energyAfter + kEnergyOrderMargin, runs[1].impacts[0].result.energyAfter);
    EXPECT_LT(runs[1].impacts[0].result.energyAfter + kEnergyOrderMargin, runs[2].impacts[0].result.energyAfter);
}

TEST_F(SimulationOverlayTest, ThreeRestitutionValuesOnTheBarAndUndo) {
    const QVector<double> values = {0.25, 0.5, 0.75};
    std::map<QString, int> single;
    SimulationPage* page = overlay(":/scenes/bar.json", "restitution", values, &single);
    ASSERT_NE(page, nullptr);
    ASSERT_EQ(page->overlay().runs.size(), 3u);
    EXPECT_TRUE(page->drawsOverlays());
    EXPECT_EQ(page->parameterPanel()->overlayNote(), page->overlayScopeNote());
    expectTimePlotsPerValue(page, single);
    expectTrajectoryPerValue(page);

    // Physics: restitution does not act before the first impact, so each
    // value meets it with the same energy; after it, the bar keeps more the
    // higher e is (Newton's law: the normal velocity reversed times e).
    expectSameEnergyBeforeAndMoreKeptAfter(page->overlay().runs);

    // The Coulomb characteristic (planar): every value's graph, keyed by value.
    ASSERT_TRUE(page->showTab("coulomb"));
    QApplication::processEvents();
    const Figure& coulomb = page->coulombView()->figure();
    for (const std::string& label : labels) {
        int keys = 0, drawn = 0;
        for (const FigureSeries& s : coulomb.series) {
            keys += s.legendOnly && s.name == label;
            drawn += !s.legendOnly && s.name.find("(" + label + ")") != std::string::npos;
        }
        EXPECT_EQ(keys, 1) << label;
        EXPECT_GT(drawn, 0) << label;
    }
    // The comparison table: led by the value, one block of rows per value.
    ASSERT_TRUE(page->showTab("comparison"));
    QApplication::processEvents();
    const FigureTable& table = page->comparisonTable()->table();
    ASSERT_FALSE(table.header.empty());
    EXPECT_EQ(table.header.front(), "restitution");
    ASSERT_GE(table.rows.size(), 3u);
    EXPECT_EQ(table.rows.front().front(), labels.front());
    EXPECT_EQ(table.rows.back().front(), labels.back());
    // The summary: a line per value.
    for (const std::string& label : labels)
        EXPECT_TRUE(page->summaryHtml().contains(QString::fromStdString("overlay</b> " + label))) << label;

    expectCsvExportsNameValues(page, {"plots", "trajectory", "coulomb", "comparison"});

    std::vector<std::vector<PlotCurve>> valueCurves;
    std::vector<std::vector<Vec2>> valuePaths;
    keepValues(page, &valueCurves, &valuePaths);
    expectUndoGivesOneSeries(page, single);
    expectValuesArePlainRuns(page, "restitution", values, valueCurves, valuePaths);
}

// One worker job runs the scene and every value: its progress goes on past
// the scene's own run into the values' (each run an equal share of the bar),
// and a job cancelled before it starts has the scene's run cancelled and no
// value run. A document without an overlay reads no case.
TEST(SimulationOverlayRuns, OneJobRunsEveryValueWithProgressAndStopsOnCancel) {
    nlohmann::json doc = readSceneDocument(":/scenes/bar.json");
    EXPECT_TRUE(readSimulationOverlay(doc).isEmpty());
    doc[kOverlayKey] = {{"parameter", "restitution"}, {"values", {0.25, 0.75}}};
    const SimulationOverlay overlay = readSimulationOverlay(doc);
    ASSERT_EQ(overlay.scenes.size(), 2u);
    EXPECT_EQ(overlay.parameter, "restitution");
    RunTask task;
    const SimulationRuns runs = simulateWithOverlay(readSimulatedScene(doc), overlay, {}, task);
    ASSERT_EQ(runs.overlay.runs.size(), 2u);
    EXPECT_EQ(runs.overlay.labels, overlay.labels);
    // The last value's run started at two thirds of the bar (three runs).
    EXPECT_GE(task.progress(), 2.0 / 3.0);
    EXPECT_LE(task.progress(), 1.0);

    RunTask cancelled;
    cancelled.cancel();
    const SimulationRuns none = simulateWithOverlay(readSimulatedScene(doc), overlay, {}, cancelled);
    EXPECT_EQ(none.base.endReason, "cancelled");
    EXPECT_TRUE(none.overlay.isEmpty());
    EXPECT_TRUE(none.overlay.runs.empty());
}

// A vehicle collision (Kudlich-Slibar) at three values of epsilon: the
// simulation page's overlay views through the vehicle page; its own views
// (momentum diagram, results table) show the scene's value and say so.
TEST_F(SimulationOverlayTest, ThreeEpsilonValuesOnAVehicleCollisionAndUndo) {
    const QVector<double> values = {0.1, 0.4, 0.7};
    std::map<QString, int> single;
    SimulationPage* page = overlay(":/scenes/vehicles.json", "epsilon", values, &single);
    ASSERT_NE(page, nullptr);
    ASSERT_NE(w.page<VehiclePage>(), nullptr);
    ASSERT_EQ(page->overlay().runs.size(), 3u);
    const QString note = page->parameterPanel()->overlayNote();
    EXPECT_TRUE(note.contains("momentum diagram") && note.contains("scene's own value")) << note.toStdString();
    expectTimePlotsPerValue(page, single);
    expectTrajectoryPerValue(page);

    // Physics: the cars meet with the same kinetic energy whatever epsilon
    // is; the more elastic the collision, the less of it is lost.
    expectSameEnergyBeforeAndMoreKeptAfter(page->overlay().runs);

    // The results table: a value column per value, named with it (and so in its CSV).
    const VehicleResultsTable* results = w.page<VehiclePage>()->resultsTable();
    ASSERT_EQ(results->columnCount(), VehicleResultsTable::ValueColumn + 3);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(results->horizontalHeaderItem(VehicleResultsTable::ValueColumn + i)->text().toStdString(), labels[i]);
    EXPECT_TRUE(results->toCsv().startsWith("Subject,Quantity,Unit,epsilon = 0.1,epsilon = 0.4,epsilon = 0.7\n"))
        << results->toCsv().left(80).toStdString();

    expectCsvExportsNameValues(page, {"plots", "trajectory", "comparison", "results"});

    std::vector<std::vector<PlotCurve>> valueCurves;
    std::vector<std::vector<Vec2>> valuePaths;
    keepValues(page, &valueCurves, &valuePaths);
    expectUndoGivesOneSeries(page, single);
    EXPECT_EQ(results->columnCount(), VehicleResultsTable::ColumnCount);
    expectValuesArePlainRuns(page, "epsilon", values, valueCurves, valuePaths);
}

}}  // namespace
