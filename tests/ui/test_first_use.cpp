// What a new user trips over, each checked through the real window:
// the side panel's numbers follow the open document whatever tab is on screen,
// the shortcuts docs/user-guide.md promises work on a plain X session, menu texts read as
// written and name the paper each scene comes from, Open recent follows the
// files opened and saved, and controls that do nothing in the current mode
// are disabled with the reason.
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "WindowTestSupport.h"
#include "document/DocumentStore.h"
#include "pages/GranularPage.h"
#include "pages/SimulationSummary.h"
#include "panel/ParameterPanel.h"
#include "sim/SceneComparison.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

class FirstUseTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(showActive(w));
    }
    bool open(const QString& path) { return openAndSettle(w, path); }
    QTemporaryDir dir;
    MainWindow w;
};

// What a menu entry shows: "&&" is a literal ampersand, a lone "&" marks the
// mnemonic and is not shown.
QString visibleMenuText(QString text) {
    text.replace("&&", QChar(0x1));
    text.remove('&');
    return text.replace(QChar(0x1), '&');
}

// The summary the core's own results give for the open simulation document,
// computed here from the document alone (nothing the page holds).
QString summaryFromCore(const MainWindow& w) {
    const SimulatedScene scene = readSimulatedScene(w.currentDocument());
    SimulationOptions options;
    options.recordTraces = false;
    const SimulationRun run = simulate(scene, options);
    const int selected = run.impacts.empty() ? -1 : sim(w).selectedImpact();
    const SceneLawComparison comparison =
        compareLawsOnScene(scene, run, selected, readComparedLaws(w.currentDocument()), false, options);
    return describeSelectedImpact(scene, run, comparison);
}

QAction* findAction(const QMenuBar* bar, const QString& objectName) {
    for (QAction* a : bar->findChildren<QAction*>(objectName)) return a;
    for (QMenu* m : bar->findChildren<QMenu*>())
        for (QAction* a : m->actions())
            if (a->objectName() == objectName) return a;
    return nullptr;
}


// The intersection collision on its Results tab, then the barrier:
// the summary is the barrier's, not the intersection's, before any other tab
// is shown.
TEST_F(FirstUseTest, TheSummaryFollowsASceneChangeOnANonDiagramTab) {
    ASSERT_TRUE(open(":/scenes/vehicles.json"));
    ASSERT_TRUE(w.showTab("results"));
    QApplication::processEvents();
    const QString intersection = w.currentPage()->summaryHtml();
    EXPECT_EQ(intersection, summaryFromCore(w));
    ASSERT_TRUE(open(":/scenes/vehicle-barrier.json"));
    EXPECT_EQ(w.currentPage()->currentTabName(), "results") << "the same page kept its tab";
    const QString barrier = w.currentPage()->summaryHtml();
    EXPECT_FALSE(barrier.isEmpty());
    EXPECT_NE(barrier, intersection);
    EXPECT_EQ(barrier, summaryFromCore(w));
}

// A saved superball reopened on the time histories shows the
// impact its timeline selects, not the one selected before.
TEST_F(FirstUseTest, TheSummaryFollowsTheSelectedImpactOnTheTimeHistories) {
    ASSERT_TRUE(open(defaultScenePath()));
    ASSERT_TRUE(w.showTab("plots"));
    const int impacts = static_cast<int>(sim(w).run().impacts.size());
    ASSERT_GE(impacts, 3);
    sim(w).selectImpact(impacts - 1);
    QApplication::processEvents();
    EXPECT_EQ(w.currentPage()->summaryHtml(), summaryFromCore(w));
    const QString saved = dir.filePath("superball.json");
    ASSERT_TRUE(w.saveSceneAs(saved));
    ASSERT_TRUE(open(saved));
    EXPECT_EQ(sim(w).selectedImpact(), 0);
    EXPECT_EQ(w.currentPage()->summaryHtml(), summaryFromCore(w));
    EXPECT_TRUE(w.currentPage()->summaryHtml().contains("Impact 1"));
}

// The shortcuts docs/user-guide.md names, bound whatever the desktop's key theme.
TEST_F(FirstUseTest, TheShortcutsReadmePromisesAreBound) {
    const std::vector<std::pair<QString, QKeySequence>> promised = {
        {"newScene", QKeySequence(Qt::CTRL | Qt::Key_N)},
        {"openScene", QKeySequence(Qt::CTRL | Qt::Key_O)},
        {"save", QKeySequence(Qt::CTRL | Qt::Key_S)},
        {"saveAs", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
        {"exportPng", QKeySequence(Qt::CTRL | Qt::Key_E)},
        {"exportAll", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
        {"undo", QKeySequence(Qt::CTRL | Qt::Key_Z)},
        {"redo", QKeySequence(Qt::CTRL | Qt::Key_Y)},
        {"redo", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)},
        {"showHistory", QKeySequence(Qt::CTRL | Qt::Key_H)},
        {"sceneGuide", QKeySequence(Qt::Key_F1)},
        {"quit", QKeySequence(Qt::CTRL | Qt::Key_Q)},
    };
    for (const auto& [name, keys] : promised) {
        SCOPED_TRACE(name.toStdString() + " " + keys.toString().toStdString());
        const QAction* a = findAction(w.menuBar(), name);
        ASSERT_NE(a, nullptr);
        EXPECT_TRUE(a->shortcuts().contains(keys));
    }
}

// Ctrl+Y redoes, pressed as a user presses it.
TEST_F(FirstUseTest, CtrlYRedoes) {
    ASSERT_TRUE(open(":/scenes/impact-ball-on-ball.json"));
    const nlohmann::json original = w.currentDocument();
    const SceneParameter* p = w.currentParameters().empty() ? nullptr : &w.currentParameters().front();
    ASSERT_NE(p, nullptr);
    ASSERT_EQ(p->kind, SceneParameter::Kind::Number);
    const QString id = QString::fromStdString(p->id);
    ASSERT_TRUE(w.currentPage()->parameterPanel()->setSliderPosition(id, p->min + (p->max - p->min) / 3.0));
    w.currentPage()->flushPendingEdits();
    const nlohmann::json edited = w.currentDocument();
    ASSERT_NE(edited, original);
    ASSERT_EQ(w.undoStack()->count(), 1);
    w.undoStack()->undo();
    ASSERT_EQ(w.currentDocument(), original);
    w.setFocus();
    QTest::keyClick(&w, Qt::Key_Y, Qt::ControlModifier);
    EXPECT_EQ(w.currentDocument(), edited);
}

// The built-in scene menu shows the papers' names as written (an
// ampersand, not a mnemonic underline) and files each scene under the paper
// its reference cites.
TEST_F(FirstUseTest, SceneMenusShowTheirTextsAndFileScenesByTheirPaper) {
    const QMenu* builtIn = w.menuBar()->findChild<QMenu*>("builtInScenes");
    ASSERT_NE(builtIn, nullptr);
    const QStringList groups = listBuiltInSceneGroups();
    QStringList shownGroups;
    int scenes = 0;
    for (QAction* groupAction : builtIn->actions()) {
        const QMenu* group = groupAction->menu();
        ASSERT_NE(group, nullptr);
        const QString title = visibleMenuText(group->title());
        EXPECT_TRUE(groups.contains(title)) << "shown as: " << title.toStdString();
        EXPECT_FALSE(shownGroups.contains(title)) << "one submenu per paper: " << title.toStdString();
        shownGroups << title;
        // A paper's group names its first author; each scene in it cites them.
        const int paren = title.indexOf('(');
        const QString firstAuthor =
            paren < 0 ? QString() : title.mid(paren + 1).section(QRegularExpression("[ ,&-]"), 0, 0);
        for (QAction* a : group->actions()) {
            ++scenes;
            const nlohmann::json doc = readSceneDocument(a->data().toString());
            EXPECT_EQ(visibleMenuText(a->text()).toStdString(), doc["name"].get<std::string>());
            if (!firstAuthor.isEmpty()) {
                EXPECT_TRUE(QString::fromStdString(doc.value("reference", "")).contains(firstAuthor))
                    << doc["name"] << " filed under " << title.toStdString();
            }
        }
    }
    EXPECT_EQ(scenes, static_cast<int>(listBuiltInScenes().size()));
    for (const QString& path : listBuiltInScenes())
        EXPECT_FALSE(findBuiltInSceneGroup(QFileInfo(path).completeBaseName()).isEmpty())
            << path.toStdString() << " is missing from the table of groups";
    EXPECT_EQ(findBuiltInSceneGroup("impact-painleve-rod"), findBuiltInSceneGroup("impact-mdp-academic"));
}

// Open recent is usable as soon as a file was saved or opened.
TEST_F(FirstUseTest, OpenRecentFollowsSaveAsAndOpen) {
    // A first session: no recent files when its window is made.
    for (const QString& f : getRecentFiles()) removeRecentFile(f);
    MainWindow first;
    QMenu* recent = first.recentFilesMenu();
    ASSERT_NE(recent, nullptr);
    QString error;
    ASSERT_TRUE(first.openScene(":/scenes/impact-ball-on-ball.json", &error)) << error.toStdString();
    EXPECT_FALSE(recent->isEnabled()) << "nothing to list yet";
    const QString saved = dir.filePath("ball & ball.json");
    ASSERT_TRUE(first.saveSceneAs(saved));
    EXPECT_TRUE(recent->isEnabled());
    ASSERT_FALSE(recent->actions().isEmpty());
    EXPECT_EQ(visibleMenuText(recent->actions().front()->text()), QFileInfo(saved).fileName());
    EXPECT_EQ(recent->actions().front()->toolTip(), saved);
    for (const QString& f : getRecentFiles()) removeRecentFile(f);
    ASSERT_TRUE(first.openScene(":/scenes/superball.json", &error));
    ASSERT_TRUE(first.openScene(saved, &error)) << error.toStdString();
    EXPECT_TRUE(recent->isEnabled()) << "an opened file is listed at once";
}

// The About box names the version.
TEST_F(FirstUseTest, TheAboutTextNamesTheVersion) {
    EXPECT_TRUE(aboutText().contains(QRegularExpression("ImpactLab \\d+\\.\\d+\\.\\d+"))) << aboutText().toStdString();
}

// On the triple pendulum released from rest, the "... at impact" rows
// change nothing: they are disabled, saying why, and the other pose turns
// them on and the release rows off. The rows disabled are exactly those that
// change nothing: moving one leaves the PLUS solution as it was.
TEST_F(FirstUseTest, RowsThatChangeNothingInThisModeAreDisabledWithTheReason) {
    ASSERT_TRUE(open(":/scenes/plus-triple-pendulum.json"));
    ParameterPanel* panel = w.currentPage()->parameterPanel();
    const QStringList atImpact{"theta1", "theta2", "rate1", "rate2", "rate3"};
    const QStringList atRelease{"release1", "release2", "release3"};
    for (const QString& pose : {QString("release"), QString("impact")}) {
        SCOPED_TRACE(pose.toStdString());
        w.setChoice("pose", pose);
        w.currentPage()->flushPendingEdits();
        const QStringList dead = pose == "release" ? atImpact : atRelease;
        const QStringList live = pose == "release" ? atRelease : atImpact;
        for (const QString& id : dead) {
            ASSERT_NE(panel->slider(id), nullptr) << id.toStdString();
            EXPECT_FALSE(panel->slider(id)->isEnabled()) << id.toStdString();
            EXPECT_FALSE(panel->spinBox(id)->isEnabled()) << id.toStdString();
            EXPECT_TRUE(panel->slider(id)->toolTip().startsWith("Applies only when Pose is " +
                                                                 QString(pose == "release" ? "impact" : "release")))
                << panel->slider(id)->toolTip().toStdString();
        }
        for (const QString& id : live) {
            EXPECT_TRUE(panel->slider(id)->isEnabled()) << id.toStdString();
            EXPECT_TRUE(panel->inapplicableReason(id).isEmpty());
        }
        // A dead row's value does not reach the solution.
        const auto impulse = [&] { return w.page<PlusScenePage>()->run().plus.impulse; };
        const Eigen::VectorXd before = impulse();
        const SceneParameter* p = w.findParameter(dead.front().toStdString());
        ASSERT_NE(p, nullptr);
        w.setParameter(dead.front(), p->min + 0.37 * (p->max - p->min));
        w.currentPage()->flushPendingEdits();
        EXPECT_TRUE(impulse() == before) << dead.front().toStdString() << " changed the solution in pose " << pose.toStdString();
        w.undoStack()->clear();
    }
}

// The last session's granular scene comes back at launch without a
// run filling the cores; Run starts it, and a scene opened later runs at once.
TEST_F(FirstUseTest, ARestoredGranularSceneWaitsForRun) {
    w.holdRunsOnNextOpen();
    ASSERT_TRUE(w.openScene(":/scenes/settling-box.json"));
    auto* g = w.page<GranularPage>();
    ASSERT_NE(g, nullptr);
    EXPECT_FALSE(g->isRunning()) << "nothing runs before the user asks";
    ASSERT_FALSE(g->runs().empty());
    for (const auto& run : g->runs()) {
        EXPECT_EQ(run.steps.size(), 0u);
        EXPECT_EQ(run.frames.size(), 1u) << "the initial state is shown";
    }
    EXPECT_TRUE(g->summaryHtml().contains("press Run"));
    auto* run = g->findChild<QPushButton*>("rerun");
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(run->text(), "Run");
    run->click();
    EXPECT_TRUE(g->isRunning());
    EXPECT_EQ(run->text(), "Run again");
    g->cancelRuns();
    g->waitForRuns();
    // The hold was for one open only.
    ASSERT_TRUE(w.openScene(":/scenes/settling-box.json"));
    EXPECT_TRUE(w.page<GranularPage>()->isRunning());
    w.page<GranularPage>()->cancelRuns();
    w.page<GranularPage>()->waitForRuns();
}
// The summary names the row of Cataldo & Sampaio's Table 3.2 a
// Wang-Mason impact took, as the CLI's "wang_mason_mode" does; the bar
// dropped at pi/4 with mu = 1 sticks in compression (reference B2.8: Kane,
// Wang-Mason and Glocker-Pfeiffer stick there at mu = 1).
TEST_F(FirstUseTest, TheSummaryNamesTheWangMasonMode) {
    ASSERT_TRUE(open(":/scenes/bar.json"));
    w.setChoice("law", "wang-mason");
    w.setParameter("friction", 1.0);
    QApplication::processEvents();
    const QString summary = w.currentPage()->summaryHtml();
    EXPECT_EQ(summary, summaryFromCore(w));
    EXPECT_TRUE(summary.contains("Wang-Mason mode (Table 3.2): C-stick")) << summary.toStdString();
}

}}  // namespace
