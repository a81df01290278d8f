// Scenes as documents (issue 10, item 1): every built-in scene saves and
// reopens identically, a slider edit marks the window modified and survives
// a save and reopen, and the built-in menu lists scene names by paper.
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ImpactScenePage.h"
#include "MainWindow.h"
#include "SceneLibrary.h"
#include "timeline/TimelineWidget.h"
#include "panel/ParameterPanel.h"
#include "plus/PlusScenePage.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace {

// Slider ticks are 1/1000 of a range; the value a reopened panel shows is the
// saved number itself, so it matches to round-off.
constexpr double kReopenRelTol = 1e-12;

nlohmann::json readJsonFile(const QString& path) { return readSceneDocument(path); }

ParameterPanel* currentPanel(MainWindow& w) {
    if (w.isPlusSceneOpen()) return w.plusPage()->parameterPanel();
    if (w.isImpactSceneOpen()) return w.impactPage()->parameterPanel();
    return w.parameterPanel();
}

const SceneParameter* findParameterOf(MainWindow& w, const std::string& id) {
    const std::vector<SceneParameter>& all = w.isPlusSceneOpen()     ? w.plusPage()->scene().parameters
                                             : w.isImpactSceneOpen() ? w.impactPage()->scene().parameters
                                                                     : w.scene().parameters;
    for (const SceneParameter& p : all)
        if (p.id == id) return &p;
    return nullptr;
}

class DocumentTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        w.resize(1280, 800);
        w.show();
        QApplication::processEvents();
    }
    QTemporaryDir dir;
    MainWindow w;
};

}  // namespace

TEST_F(DocumentTest, EveryBuiltInSceneSavesAndReopensIdentically) {
    const std::vector<BuiltInScene> scenes = listBuiltInSceneEntries();
    ASSERT_GE(scenes.size(), 19u);
    for (const BuiltInScene& s : scenes) {
        SCOPED_TRACE(s.path.toStdString());
        QString error;
        ASSERT_TRUE(w.openScene(s.path, &error)) << error.toStdString();
        EXPECT_FALSE(w.isWindowModified());
        const nlohmann::json original = readJsonFile(s.path);
        EXPECT_EQ(w.currentDocument(), original);
        const QString saved = dir.filePath(QFileInfo(s.path).fileName());
        ASSERT_TRUE(w.saveSceneAs(saved));
        EXPECT_EQ(readJsonFile(saved), original) << "the file written is the scene read";
        EXPECT_EQ(w.documentPath(), saved);
        ASSERT_TRUE(w.openScene(saved, &error)) << error.toStdString();
        EXPECT_EQ(w.currentDocument(), original);
        EXPECT_TRUE(w.windowTitle().contains(s.name)) << w.windowTitle().toStdString();
        EXPECT_TRUE(w.windowTitle().contains(QFileInfo(saved).fileName())) << w.windowTitle().toStdString();
    }
}

TEST_F(DocumentTest, ASliderEditMarksTheSceneModifiedAndSurvivesSaveAndReopen) {
    // One scene of each page: simulation, single impact, PLUS.
    for (const char* file : {"ball-row.json", "impact-ball-on-ball.json", "plus-brick-vertex.json"}) {
        SCOPED_TRACE(file);
        QString error;
        ASSERT_TRUE(w.openScene(QString(":/scenes/") + file, &error)) << error.toStdString();
        ParameterPanel* panel = currentPanel(w);
        QString id;
        for (const QString& candidate : panel->parameterIds()) {
            if (panel->slider(candidate)) { id = candidate; break; }
        }
        ASSERT_FALSE(id.isEmpty()) << "a scene with a slider";
        const SceneParameter* p = findParameterOf(w, id.toStdString());
        ASSERT_NE(p, nullptr);
        const double before = panel->value(id);
        EXPECT_FALSE(w.isWindowModified());
        // As a drag would: to the tick nearest a third of the range.
        ASSERT_TRUE(panel->setSliderPosition(id, p->min + (p->max - p->min) / 3.0));
        QApplication::processEvents();
        const double edited = panel->value(id);
        EXPECT_NE(edited, before);
        EXPECT_TRUE(w.isWindowModified());
        const QString saved = dir.filePath(QString("edited-") + file);
        ASSERT_TRUE(w.saveSceneAs(saved));
        EXPECT_FALSE(w.isWindowModified());
        ASSERT_TRUE(w.openScene(saved, &error)) << error.toStdString();
        EXPECT_NEAR(currentPanel(w)->value(id), edited, kReopenRelTol * std::max(1.0, std::abs(edited)));
    }
}

TEST_F(DocumentTest, BuiltInMenuListsSceneNamesGroupedByPaper) {
    const QMenu* builtIn = w.menuBar()->findChild<QMenu*>("builtInScenes");
    ASSERT_NE(builtIn, nullptr);
    const QStringList groups = listBuiltInSceneGroups();
    int scenes = 0;
    for (QAction* groupAction : builtIn->actions()) {
        const QMenu* group = groupAction->menu();
        ASSERT_NE(group, nullptr) << "scenes sit in a menu per paper";
        EXPECT_TRUE(groups.contains(group->title())) << group->title().toStdString();
        for (QAction* a : group->actions()) {
            ++scenes;
            const QString path = a->data().toString();
            const nlohmann::json doc = readJsonFile(path);
            EXPECT_EQ(a->text().toStdString(), doc["name"].get<std::string>()) << "the scene's name, not its file";
            EXPECT_EQ(a->toolTip().toStdString(), doc["description"].get<std::string>());
            EXPECT_FALSE(a->text().contains(".json"));
        }
    }
    EXPECT_EQ(scenes, static_cast<int>(listBuiltInScenes().size()));
}

TEST_F(DocumentTest, VehicleExportsShowOnlyOnVehicleScenes) {
    ASSERT_FALSE(w.vehicleActions().empty());
    for (const BuiltInScene& s : listBuiltInSceneEntries()) {
        SCOPED_TRACE(s.path.toStdString());
        QString error;
        ASSERT_TRUE(w.openScene(s.path, &error)) << error.toStdString();
        const bool vehicles = QFileInfo(s.path).completeBaseName().startsWith("vehicle");
        EXPECT_EQ(w.isVehicleSceneOpen(), vehicles);
        for (const QAction* a : w.vehicleActions()) EXPECT_EQ(a->isVisible(), vehicles) << a->text().toStdString();
    }
}

TEST_F(DocumentTest, PlaybackShortcutsStepThroughImpactsOnSimulations) {
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    QMenu* playback = w.playbackMenu();
    ASSERT_NE(playback, nullptr);
    EXPECT_TRUE(playback->menuAction()->isVisible());
    QAction* next = playback->findChild<QAction*>("nextImpact");
    QAction* previous = playback->findChild<QAction*>("previousImpact");
    QAction* play = playback->findChild<QAction*>("playPause");
    ASSERT_TRUE(next && previous && play);
    EXPECT_EQ(play->shortcut(), QKeySequence(Qt::Key_Space));
    EXPECT_EQ(next->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Period));
    ASSERT_GE(w.run().impacts.size(), 3u) << "the superball bounces several times";
    w.timeline()->selectEvent(0);
    next->trigger();
    next->trigger();
    EXPECT_EQ(w.timeline()->selectedEvent(), 2);
    EXPECT_NEAR(w.timeline()->time(), w.run().impacts[2].time, 1e-12);
    previous->trigger();
    EXPECT_EQ(w.timeline()->selectedEvent(), 1);
    play->trigger();
    EXPECT_TRUE(w.timeline()->isPlaying());
    play->trigger();
    EXPECT_FALSE(w.timeline()->isPlaying());
    // No timeline on a PLUS scene: the menu hides and its shortcuts are off.
    ASSERT_TRUE(w.openScene(":/scenes/plus-brick-vertex.json", &error)) << error.toStdString();
    EXPECT_FALSE(playback->menuAction()->isVisible());
    EXPECT_FALSE(next->isEnabled());
}
