// Parameter overlays on the single-impact page's views and on the granular
// page. Three friction values on the icosahedron
// on a tetrahedron (Jia & Wang: mu = 0.8 and 3 stick, 0.25 slides on): every
// overlaid view draws three series per quantity with a legend naming the
// values, each value's series equals a plain solve of the scene at that
// value, and undo through the document controller gives one series back. A
// small settling box at two friction values: g(r), the contacts and Table 2
// have a series or rows per value. Needs an X display for VTK.
#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QFile>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "compare/ComparisonTableView.h"
#include "diagram/EventSequence.h"
#include "diagram/FigureOverlay.h"
#include "diagram/Hodograph.h"
#include "diagram/ImpulseDiagram.h"
#include "diagram/MaxDissipationDiagram.h"
#include "document/DocumentController.h"
#include "hodograph/EnergyView.h"
#include "hodograph/HodographView.h"
#include "hodograph/ImpulseCurveView.h"
#include "impulse/ImpulseDiagramView.h"
#include "laws/LawComparison.h"
#include "mdp/FobjView.h"
#include "pages/GranularPage.h"
#include "pages/ImpactOverlay.h"
#include "pages/ImpactScenePage.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "scene/ImpactScene.h"
#include "scene/SceneOverlay.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

const std::vector<double> kFrictions = {0.8, 0.25, 3.0};
const std::vector<std::string> kLabels = {"friction = 0.8", "friction = 0.25", "friction = 3"};
// m/s and J: a value's series is the same solve as a plain one (same law,
// same problem, same code path), so only the round-off of the chart's double
// storage could differ; none is expected, this bounds it.
constexpr double kSameSolveTol = 1e-12;

// The overlay value a series name ends with (" (friction = 0.25)"), or -1.
int findValue(const std::string& name, const std::vector<std::string>& labels) {
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const std::string suffix = " (" + labels[i] + ")";
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// Per quantity (the name without its value), how many values have a series;
// only the series named with a value.
std::map<std::string, int> countPerQuantity(const std::vector<std::string>& names, const std::vector<std::string>& labels) {
    std::map<std::string, int> counts;
    for (const std::string& name : names) {
        const int value = findValue(name, labels);
        if (value < 0) continue;
        const std::string suffix = " (" + labels[static_cast<std::size_t>(value)] + ")";
        ++counts[name.substr(0, name.size() - suffix.size())];
    }
    return counts;
}

std::vector<std::string> listSeriesNames(const QChart* chart) {
    std::vector<std::string> names;
    for (QAbstractSeries* s : chart->series()) names.push_back(s->name().toStdString());
    return names;
}

std::vector<std::string> listSeriesNames(const Figure& figure) {
    std::vector<std::string> names;
    for (const FigureSeries& s : figure.series)
        if (!s.legendOnly) names.push_back(s.name);
    return names;
}

const QLineSeries* findLine(const QChart* chart, const QString& name) {
    for (QAbstractSeries* s : chart->series())
        if (s->name() == name) return qobject_cast<const QLineSeries*>(s);
    return nullptr;
}

double calcLargestGap(const QLineSeries& drawn, const std::vector<Vec2>& expected) {
    const QList<QPointF> points = drawn.points();
    if (points.size() != static_cast<int>(expected.size())) return 1e300;
    double gap = 0.0;
    for (int k = 0; k < points.size(); ++k) {
        const Vec2& e = expected[static_cast<std::size_t>(k)];
        gap = std::max({gap, std::abs(points[k].x() - e.x()), std::abs(points[k].y() - e.y())});
    }
    return gap;
}

class ImpactGranularOverlayTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(showActive(w)); }
    MainWindow w;
};

TEST_F(ImpactGranularOverlayTest, ThreeFrictionValuesOnEveryImpactViewAndUndo) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/impact-icosahedron-tetrahedron.json", &error)) << error.toStdString();
    auto* page = w.page<ImpactScenePage>();
    ASSERT_NE(page, nullptr);
    const nlohmann::json before = w.currentDocument();
    const std::size_t lawsBefore = page->comparison().size();
    ASSERT_TRUE(page->parameterPanel()->requestOverlay("friction", {kFrictions[0], kFrictions[1], kFrictions[2]}));
    ASSERT_EQ(page->overlayValues().size(), 3u);
    for (const QString& tab : page->tabNames()) {
        ASSERT_TRUE(page->showTab(tab));
        QApplication::processEvents();
    }

    // Energy: kinetic energy per value, named with it.
    EXPECT_TRUE(page->energyView()->isOverlay());
    const std::map<std::string, int> energy = countPerQuantity(listSeriesNames(page->energyView()->chart()), kLabels);
    ASSERT_FALSE(energy.empty());
    for (const auto& entry : energy) EXPECT_EQ(entry.second, 3) << entry.first;
    // The impulse curve: one per value.
    EXPECT_EQ(page->impulseCurveView()->curveCount(), 3);
    // The impulse diagram: each value's scene-law path, named with its value.
    const ImpulseDiagram& diagram = page->diagramView()->diagram();
    ASSERT_EQ(diagram.paths.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(findValue(diagram.paths[i].label, kLabels), static_cast<int>(i));
    // The event sequence: each value's own events (the sequences differ:
    // csr, scr, sr), every series named with its value (checked against a
    // plain solve below).
    FigureView* sequence = page->sequenceView();
    for (const std::string& name : listSeriesNames(sequence->figure())) EXPECT_GE(findValue(name, kLabels), 0) << name;
    const QStringList legend = sequence->findExportLegendLabels({1000, 700});
    for (const std::string& label : kLabels)
        EXPECT_FALSE(legend.filter(QString::fromStdString(label)).isEmpty()) << label << " in " << legend.join("; ").toStdString();
    // f_obj: each value's curve where the reduction applies, named with it.
    EXPECT_TRUE(page->fobjView()->isOverlay());
    bool anyObjective = false;
    for (std::size_t i = 0; i < 3; ++i) {
        if (!page->overlayValues()[i].fobj.available) continue;
        anyObjective = true;
        EXPECT_NE(findLine(page->fobjView()->chart(), QString::fromStdString("f_obj (" + kLabels[i] + ")")), nullptr) << kLabels[i];
    }
    // Both tables lead with the value.
    for (ComparisonTableView* table : {page->comparisonTable(), page->solutionsTable()}) {
        ASSERT_FALSE(table->table().header.empty());
        EXPECT_EQ(table->table().header.front(), "friction");
        ASSERT_FALSE(table->table().rows.empty());
        EXPECT_EQ(table->table().rows.front().front(), kLabels.front());
        EXPECT_EQ(table->table().rows.back().front(), kLabels.back());
    }

    // Each value's series is a plain solve of the scene at that value, set as
    // a slider sets it.
    const ImpactScene base = parseImpactScene(before);
    for (std::size_t i = 0; i < kFrictions.size(); ++i) {
        SCOPED_TRACE(kLabels[i]);
        const ImpactScene plain = parseImpactScene(setParameterInDocument(base.parameters, before, "friction", kFrictions[i]));
        const std::vector<ComparedLaw> solved = compareLaws(plain.problem, listSceneLaws(plain));
        ASSERT_TRUE(solved.front().accepted);
        const EnergyCurve e = makeEnergyCurve(solved.front().trace);
        const QLineSeries* kinetic =
            findLine(page->energyView()->chart(), QString::fromStdString("kinetic energy (" + kLabels[i] + ")"));
        ASSERT_NE(kinetic, nullptr);
        EXPECT_LE(calcLargestGap(*kinetic, e.kinetic), kSameSolveTol);
        const HodographDiagram h = makeHodographDiagram(plain.problem, solved.front().result, solved.front().trace);
        ASSERT_EQ(page->overlayHodographs()[i].path.size(), h.path.size());
        for (std::size_t k = 0; k < h.path.size(); ++k)
            EXPECT_LE((page->overlayHodographs()[i].path[k] - h.path[k]).cwiseAbs().maxCoeff(), kSameSolveTol);
        // The value's event sequence: the plain one's series, named with the
        // value, on the value's row.
        const Figure plainSequence = makeEventSequenceFigure(solved.front().result, solved.front().trace);
        ASSERT_FALSE(plainSequence.series.empty());
        for (const FigureSeries& ps : plainSequence.series) {
            const std::string name = makeOverlaySeriesName(ps.name, kLabels[i]);
            const auto it = std::find_if(sequence->figure().series.begin(), sequence->figure().series.end(),
                                         [&name](const FigureSeries& fs) { return fs.name == name; });
            ASSERT_NE(it, sequence->figure().series.end()) << name;
            ASSERT_EQ(it->points.size(), ps.points.size()) << name;
            for (std::size_t k = 0; k < ps.points.size(); ++k) {
                EXPECT_EQ(it->points[k].x(), ps.points[k].x()) << name;
                EXPECT_EQ(it->points[k].y(), ps.points[k].y() - kOverlaySequenceRowGap * static_cast<double>(i)) << name;
            }
            EXPECT_EQ(it->colorIndex, static_cast<int>(i)) << name;
        }
        const ImpactOverlayValue& v = page->overlayValues()[i];
        const MdpFobjCurve plainObjective = makeMdpDiagram(plain.problem).fobj;
        EXPECT_EQ(v.fobj.available, plainObjective.available);
        EXPECT_EQ(v.fobj.fobj, plainObjective.fobj);
        EXPECT_LE((v.outcome.result.impulse - solved.front().result.impulse).cwiseAbs().maxCoeff(), kSameSolveTol);
        ASSERT_EQ(v.curve.points.size(), solved.front().trace.samples.size());
    }
    // Mu = 0.8 sticks, 0.25 slides on (the hodograph test's reference A2.4).
    EXPECT_LT(page->overlayHodographs()[0].path.back().norm(), page->overlayHodographs()[1].path.back().norm());

    // Every value's series in the CSV of each view, named with its value.
    QTemporaryDir dir;
    for (const char* tab : {"energy", "curve", "diagram", "sequence", "fobj", "comparison", "solutions"}) {
        SCOPED_TRACE(tab);
        if (QString(tab) == "fobj" && !anyObjective) continue;   // the CSV names the values whose curve it holds
        ASSERT_TRUE(page->showTab(tab));
        const QString csv = dir.filePath(QString(tab) + ".csv");
        ASSERT_TRUE(page->exportCurrentView(csv));
        QFile f(csv);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (const std::string& label : kLabels) EXPECT_TRUE(text.contains(QString::fromStdString(label))) << label;
    }

    // Undo through the document controller: the document, one series per quantity.
    w.documentController()->undoStack()->undo();
    for (const QString& tab : page->tabNames()) {
        ASSERT_TRUE(page->showTab(tab));
        QApplication::processEvents();
    }
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_TRUE(page->overlayValues().empty());
    EXPECT_FALSE(page->energyView()->isOverlay());
    EXPECT_TRUE(countPerQuantity(listSeriesNames(page->energyView()->chart()), kLabels).empty());
    EXPECT_EQ(page->impulseCurveView()->curveCount(), 1);
    EXPECT_FALSE(page->fobjView()->isOverlay());
    EXPECT_EQ(page->diagramView()->diagram().paths.size(), lawsBefore);
    EXPECT_TRUE(countPerQuantity(listSeriesNames(page->sequenceView()->figure()), kLabels).empty());
    EXPECT_NE(page->comparisonTable()->table().header.front(), "friction");
}

TEST_F(ImpactGranularOverlayTest, TwoFrictionValuesOnASmallSettlingBox) {
    QFile source(":/scenes/settling-box.json");
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    nlohmann::json doc = nlohmann::json::parse(source.readAll().toStdString());
    // A few hundred steps of a few dozen spheres: seconds, not minutes.
    doc["granular"]["particles"] = 64;
    doc["granular"]["end_time"] = 0.03;
    doc["granular"]["frame_interval"] = 0.005;
    doc[kOverlayKey] = {{"parameter", "friction"}, {"values", {0.1, 0.6}}};
    QTemporaryDir dir;
    const QString path = dir.filePath("small-settling-box.json");
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(doc.dump()));
    out.close();

    QString error;
    ASSERT_TRUE(w.openScene(path, &error)) << error.toStdString();
    auto* page = w.page<GranularPage>();
    ASSERT_NE(page, nullptr);
    EXPECT_TRUE(page->drawsOverlays());
    QString reported;
    QObject::connect(page, &ScenePage::errorOccurred, [&](const QString& m) { reported = m; });
    page->flushPendingEdits();
    EXPECT_TRUE(reported.isEmpty()) << reported.toStdString();
    ASSERT_EQ(page->overlayRuns().size(), 2u);
    const std::vector<std::string> labels = {"friction = 0.1", "friction = 0.6"};
    for (const GranularPage::ModelRun& r : page->overlayRuns()) {
        EXPECT_FALSE(r.endReason.empty());
        EXPECT_GT(r.steps.size(), 0u);
    }
    for (FigureView* view : {page->rdfView(), page->contactsView()}) {
        SCOPED_TRACE(view->figure().title);
        const std::map<std::string, int> counts = countPerQuantity(listSeriesNames(view->figure()), labels);
        ASSERT_FALSE(counts.empty());
        for (const auto& entry : counts) EXPECT_EQ(entry.second, 2) << entry.first;
    }
    const FigureTable& table = page->statisticsTable()->table();
    ASSERT_FALSE(table.header.empty());
    EXPECT_EQ(table.header.front(), "friction");
    ASSERT_EQ(table.rows.size(), 2u);
    EXPECT_EQ(table.rows.front().front(), labels.front());
    EXPECT_EQ(table.rows.back().front(), labels.back());

    // Clearing the overlay leaves the scene's own runs alone.
    ASSERT_TRUE(page->clearOverlay());
    page->flushPendingEdits();
    EXPECT_TRUE(page->overlayRuns().empty());
    EXPECT_TRUE(countPerQuantity(listSeriesNames(page->rdfView()->figure()), labels).empty());

    // Cancel stops every run, the overlay's too: a run of minutes ends at once.
    doc["granular"]["end_time"] = 100.0;
    const QString longPath = dir.filePath("long-settling-box.json");
    QFile longOut(longPath);
    ASSERT_TRUE(longOut.open(QIODevice::WriteOnly));
    longOut.write(QByteArray::fromStdString(doc.dump()));
    longOut.close();
    ASSERT_TRUE(w.openScene(longPath, &error)) << error.toStdString();
    page = w.page<GranularPage>();
    ASSERT_NE(page, nullptr);
    ASSERT_EQ(page->overlayRuns().size(), 2u);
    EXPECT_TRUE(page->isRunning());
    page->cancelRuns();
    page->waitForRuns();
    EXPECT_FALSE(page->isRunning());
    for (const GranularPage::ModelRun& r : page->overlayRuns()) EXPECT_LT(r.totals.steps, r.stepsTarget);
    for (const GranularPage::ModelRun& r : page->runs()) EXPECT_LT(r.totals.steps, r.stepsTarget);
}

}}  // namespace
