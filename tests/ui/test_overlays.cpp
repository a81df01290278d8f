// Parameter overlays in the window: a PLUS
// scene overlaid at three friction values through the panel's dialog, as a
// user would, draws every figure with three series per quantity and a legend
// naming the values; the tables lead with the value; undo through the
// document controller restores the document exactly and one series per
// quantity; the clear button is one undo step; the overlay is saved. Pages
// that do not draw overlays say so. Needs an X display for VTK (CTest runs
// it under with-display.sh).
#include <QApplication>
#include <QChart>
#include <QFile>
#include <QComboBox>
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "pages/ImpactScenePage.h"
#include "hodograph/HodographView.h"
#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "document/DocumentController.h"
#include "panel/OverlayDialog.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "scene/SceneOverlay.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

const std::vector<std::string> kFrictionLabels = {"friction = 0.125", "friction = 0.225", "friction = 0.325"};

// A series' quantity: its name without the " (friction = ...)" of an overlay value.
std::string findQuantity(const std::string& name) {
    for (const std::string& label : kFrictionLabels) {
        const std::string suffix = " (" + label + ")";
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - suffix.size());
    }
    return name;
}

// Series per quantity in a figure.
std::map<std::string, int> countPerQuantity(const Figure& figure) {
    std::map<std::string, int> counts;
    for (const FigureSeries& s : figure.series)
        if (!s.legendOnly) ++counts[findQuantity(s.name)];   // not the legend's keys
    return counts;
}

// Accepts the overlay dialog with `values` typed, once it is shown.
void answerOverlayDialog(const QString& values) {
    QTimer::singleShot(0, [values] {
        auto* dialog = qobject_cast<OverlayDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr) << "the overlay dialog did not open";
        dialog->listEdit()->setText(values);
        dialog->accept();
    });
}

class OverlayTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(showActive(w));
    }
    QTemporaryDir dir;
    MainWindow w;
};

TEST_F(OverlayTest, ThreeFrictionValuesOnAPlusSceneAndUndo) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/plus-brick-vertex.json", &error)) << error.toStdString();
    PlusScenePage* page = w.page<PlusScenePage>();
    ASSERT_NE(page, nullptr);
    ParameterPanel* panel = page->parameterPanel();
    // Friction applies in the custom case: choose it as a user would.
    QComboBox* caseBox = panel->comboBox("case");
    ASSERT_NE(caseBox, nullptr);
    caseBox->setCurrentIndex(caseBox->findData("custom"));
    ASSERT_EQ(w.undoStack()->count(), 1);
    const nlohmann::json before = w.currentDocument();
    const QList<FigureView*> views = page->findChildren<FigureView*>();
    ASSERT_GE(views.size(), 5);
    std::map<FigureView*, std::map<std::string, int>> single;
    for (FigureView* v : views) single[v] = countPerQuantity(v->figure());

    // The row's context menu, its dialog, OK.
    const QList<QAction*> actions = panel->overlayActions("friction");
    ASSERT_EQ(actions.size(), 2);
    EXPECT_FALSE(actions[1]->isEnabled()) << "nothing to clear yet";
    answerOverlayDialog("0.125, 0.225, 0.325");
    actions[0]->trigger();
    page->flushPendingEdits();

    ASSERT_EQ(w.undoStack()->count(), 2) << "the overlay is one undo step";
    EXPECT_EQ(w.currentDocument()[kOverlayKey], (nlohmann::json{{"parameter", "friction"}, {"values", {0.125, 0.225, 0.325}}}));
    ASSERT_EQ(page->overlayRuns().size(), 3u);
    EXPECT_TRUE(panel->overlayText().contains("friction = 0.125, 0.225, 0.325")) << panel->overlayText().toStdString();
    EXPECT_TRUE(panel->overlayNote().isEmpty()) << panel->overlayNote().toStdString();
    int drawn = 0;
    for (FigureView* v : views) {
        const std::string title = v->figure().title;
        SCOPED_TRACE(title);
        const std::map<std::string, int> counts = countPerQuantity(v->figure());
        EXPECT_EQ(counts.size(), single[v].size()) << "the same quantities";
        for (const auto& [quantity, count] : counts) EXPECT_EQ(count, 3) << quantity;
        if (v->figure().isEmpty()) continue;   // the time-lapse belongs to Newton's cradle
        ++drawn;
        const QStringList legend = v->findExportLegendLabels({1000, 700});
        for (const std::string& label : kFrictionLabels)
            EXPECT_TRUE(legend.filter(QString::fromStdString(label)).size() > 0) << label << " in " << legend.join("; ").toStdString();
    }
    EXPECT_GE(drawn, 5);
    // Each value its own run: 0.125 slides throughout, 0.325 sticks (Fig. 8).
    EXPECT_GT(page->overlayRuns()[0].plus.getVelocityAfter(0).head<2>().norm(),
              page->overlayRuns()[2].plus.getVelocityAfter(0).head<2>().norm());
    for (QTableWidget* table : {page->intervalTable(), page->roundsTable()}) {
        ASSERT_GT(table->columnCount(), 0);
        EXPECT_EQ(table->horizontalHeaderItem(0)->text(), "friction");
        EXPECT_EQ(table->item(0, 0)->text(), "friction = 0.125");
        EXPECT_EQ(table->item(table->rowCount() - 1, 0)->text(), "friction = 0.325");
    }
    // The rows were rebuilt with the reopened document: the new row's menu can clear it.
    EXPECT_TRUE(panel->overlayActions("friction").at(1)->isEnabled());

    // Undo through the document controller: the document exactly, one series per quantity.
    w.documentController()->undoStack()->undo();
    page->flushPendingEdits();
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_TRUE(page->overlayRuns().empty());
    EXPECT_TRUE(panel->overlayText().isEmpty());
    for (FigureView* v : views) {
        SCOPED_TRACE(v->figure().title);
        EXPECT_EQ(countPerQuantity(v->figure()), single[v]);
        for (const FigureSeries& s : v->figure().series) EXPECT_EQ(s.name.find("(friction ="), std::string::npos) << s.name;
    }

    // Redo, then the one-click clear: one more undo step, the overlay gone.
    w.documentController()->undoStack()->redo();
    ASSERT_EQ(page->overlayRuns().size(), 3u);
    const nlohmann::json overlaid = w.currentDocument();
    panel->clearOverlayButton()->click();
    EXPECT_EQ(w.undoStack()->count(), 3);
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_TRUE(page->overlayRuns().empty());
    w.undoStack()->undo();

    // Saved with the document, and read back as it was.
    const QString saved = dir.filePath("overlaid.json");
    ASSERT_TRUE(w.saveSceneAs(saved));
    ASSERT_TRUE(w.openScene(":/scenes/plus-newtons-cradle.json", &error));
    ASSERT_TRUE(w.openScene(saved, &error)) << error.toStdString();
    EXPECT_EQ(w.currentDocument(), overlaid);
    EXPECT_EQ(w.page<PlusScenePage>()->overlayRuns().size(), 3u);
}

TEST_F(OverlayTest, AValueOutsideTheRangeIsRefusedNamingTheField) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/plus-brick-vertex.json", &error)) << error.toStdString();
    PlusScenePage* page = w.page<PlusScenePage>();
    const nlohmann::json before = w.currentDocument();
    QString reported;
    QObject::connect(page, &ScenePage::errorOccurred, [&](const QString& m) { reported = m; });
    EXPECT_FALSE(page->setOverlay("theta_max", {0.01, 0.9}));
    EXPECT_TRUE(reported.startsWith("overlay.values[1]: must be in [0.005, 0.5]")) << reported.toStdString();
    EXPECT_EQ(w.currentDocument(), before);
    EXPECT_EQ(w.undoStack()->count(), 0);
}

// Every page draws overlays now (the granular page last): the overlay line
// says which of its views do, not that the page draws none.
TEST_F(OverlayTest, TheGranularPageSaysWhichViewsDrawTheOverlay) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/hopper.json", &error)) << error.toStdString();
    ScenePage* page = w.currentPage();
    ASSERT_TRUE(page->drawsOverlays());
    const SceneParameter* p = w.findParameter("friction");
    ASSERT_NE(p, nullptr);
    ASSERT_TRUE(page->parameterPanel()->requestOverlay("friction", {p->min, p->max}));
    EXPECT_TRUE(w.currentDocument().contains(kOverlayKey));
    const QString note = page->parameterPanel()->overlayNote();
    EXPECT_EQ(note, page->overlayScopeNote());
    EXPECT_TRUE(note.contains("g(r)") && !note.contains("drawn on")) << note.toStdString();
}

// The single-impact page: the hodograph draws one path per value
// (Jia & Wang Figs. 4 and 10 overlay friction coefficients), each value's CSV
// rows named with it, and says the other views show the scene's own value.
TEST_F(OverlayTest, TheHodographDrawsOnePathPerValueAndUndoClearsThem) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/impact-icosahedron-tetrahedron.json", &error)) << error.toStdString();
    auto* page = w.page<ImpactScenePage>();
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(page->parameterPanel()->requestOverlay("friction", {0.8, 0.25, 3.0}));
    ASSERT_TRUE(page->showTab("hodograph"));
    QApplication::processEvents();
    ASSERT_EQ(page->overlayHodographs().size(), 3u);
    EXPECT_TRUE(page->hodographView()->isOverlay());
    int paths = 0;
    for (QAbstractSeries* series : page->hodographView()->chart()->series())
        paths += series->property(kHodographRoleProperty).toString() == kHodographTrajectoryRole;
    EXPECT_EQ(paths, 3);
    // mu = 0.8 and 3.0 stick (csr, scr: the path ends at the origin); 0.25 does not (reference A2.4).
    EXPECT_LT(page->overlayHodographs()[0].path.back().norm(), 1e-9);
    EXPECT_GT(page->overlayHodographs()[1].path.back().norm(), 0.1);
    EXPECT_FALSE(page->parameterPanel()->overlayNote().isEmpty());
    QTemporaryDir dir;
    const QString csv = dir.filePath("hodograph.csv");
    ASSERT_TRUE(page->exportCurrentView(csv));
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    for (const char* label : {"friction = 0.8)", "friction = 0.25)", "friction = 3)"})
        EXPECT_TRUE(text.contains(label)) << label;
    w.documentController()->undoStack()->undo();
    QApplication::processEvents();
    EXPECT_TRUE(page->overlayHodographs().empty());
    EXPECT_FALSE(page->hodographView()->isOverlay());
}

}}  // namespace
