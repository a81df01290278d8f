// Scenes as documents: every built-in scene saves and
// reopens identically, a slider edit marks the window modified and survives
// a save and reopen, and the built-in menu lists scene names by paper.
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QAction>
#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QMessageBox>
#include <QSlider>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "SceneLibrary.h"
#include "document/DocumentStore.h"
#include "document/SceneEdits.h"
#include "timeline/TimelineWidget.h"
#include "panel/ParameterPanel.h"
#include "scene/SceneDocument.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// Slider ticks are 1/1000 of a range; the value a reopened panel shows is the
// saved number itself, so it matches to round-off.
constexpr double kReopenRelTol = 1e-12;

nlohmann::json readJsonFile(const QString& path) { return readSceneDocument(path); }

ParameterPanel* currentPanel(MainWindow& w) {
    return w.currentPage()->parameterPanel();
}

const SceneParameter* findParameterOf(MainWindow& w, const std::string& id) {
    const std::vector<SceneParameter>& all = (w.page<PlusScenePage>() != nullptr)     ? w.page<PlusScenePage>()->scene().parameters
                                             : (w.page<ImpactScenePage>() != nullptr) ? w.page<ImpactScenePage>()->scene().parameters
                                                                     : sim(w).scene().parameters;
    for (const SceneParameter& p : all)
        if (p.id == id) return &p;
    return nullptr;
}

class DocumentTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(showActive(w));
    }
    QTemporaryDir dir;
    MainWindow w;
};


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
        w.currentPage()->flushPendingEdits();
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
        // "&&" in a menu title is a literal "&".
        EXPECT_TRUE(groups.contains(QString(group->title()).replace("&&", "&"))) << group->title().toStdString();
        for (QAction* a : group->actions()) {
            ++scenes;
            const QString path = a->data().toString();
            const nlohmann::json doc = readJsonFile(path);
            EXPECT_EQ(QString(a->text()).replace("&&", "&").toStdString(), doc["name"].get<std::string>())
                << "the scene's name, not its file";
            EXPECT_EQ(a->toolTip().toStdString(), doc["description"].get<std::string>());
            EXPECT_FALSE(a->text().contains(".json"));
        }
    }
    EXPECT_EQ(scenes, static_cast<int>(listBuiltInScenes().size()));
}

// `impactlab NAME` opens a built-in scene by its file
// name, with or without ".json", from the compiled-in resources (an installed
// app has no scene folder to look in); anything else is not a built-in.
TEST_F(DocumentTest, BuiltInScenesAreFoundByName) {
    for (const QString& path : listBuiltInScenes()) {
        const QString stem = QFileInfo(path).completeBaseName();
        EXPECT_EQ(findBuiltInScenePath(stem), path);
        EXPECT_EQ(findBuiltInScenePath(stem + ".json"), path);
    }
    EXPECT_EQ(findBuiltInScenePath("superball"), defaultScenePath());
    EXPECT_TRUE(findBuiltInScenePath("no-such-scene").isEmpty());
    EXPECT_TRUE(findBuiltInScenePath("").isEmpty());
    EXPECT_TRUE(findBuiltInScenePath("scenes/superball.json").isEmpty()) << "a path is a file, not a name";
    EXPECT_TRUE(findBuiltInScenePath("Superball").isEmpty()) << "names are the files', which are lower case";
    EXPECT_TRUE(w.openScene(findBuiltInScenePath("plus-newtons-cradle")));
    EXPECT_EQ(w.documentPath(), ":/scenes/plus-newtons-cradle.json");
}

// Menus show only what applies. The File menu holds the
// vehicle exports exactly while a vehicle collision is open.
TEST_F(DocumentTest, VehicleExportsShowOnlyOnVehicleScenes) {
    QMenu* file = nullptr;
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && a->text().remove('&') == "File") file = a->menu();
    ASSERT_NE(file, nullptr);
    const QStringList vehicleActions{"exportVehicleResults", "exportSweepPng", "exportSweepCsv"};
    for (const BuiltInScene& s : listBuiltInSceneEntries()) {
        SCOPED_TRACE(s.path.toStdString());
        QString error;
        ASSERT_TRUE(w.openScene(s.path, &error)) << error.toStdString();
        // By the document's kind, not its file name: the reconstruction scenes are vehicle collisions too.
        const bool vehicles = getSceneKind(readJsonFile(s.path)) == SceneKind::Vehicles;
        EXPECT_EQ((w.page<VehiclePage>() != nullptr), vehicles);
        QStringList inMenu;
        for (const QAction* a : file->actions())
            if (a->isVisible()) inMenu << a->objectName();
        for (const QString& name : vehicleActions) EXPECT_EQ(inMenu.contains(name), vehicles) << name.toStdString();
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
    ASSERT_GE(sim(w).run().impacts.size(), 3u) << "the superball bounces several times";
    w.currentPage()->timeline()->selectEvent(0);
    next->trigger();
    next->trigger();
    EXPECT_EQ(w.currentPage()->timeline()->selectedEvent(), 2);
    // The timeline stores the event's time itself: equal up to a double's
    // round-off at a time of a few seconds.
    constexpr double kEventTimeTol = 1e-12;   // s
    EXPECT_NEAR(w.currentPage()->timeline()->time(), sim(w).run().impacts[2].time, kEventTimeTol);
    previous->trigger();
    EXPECT_EQ(w.currentPage()->timeline()->selectedEvent(), 1);
    play->trigger();
    EXPECT_TRUE(w.currentPage()->timeline()->isPlaying());
    play->trigger();
    EXPECT_FALSE(w.currentPage()->timeline()->isPlaying());
    // No timeline on a PLUS scene: the menu hides and its shortcuts are off.
    ASSERT_TRUE(w.openScene(":/scenes/plus-brick-vertex.json", &error)) << error.toStdString();
    EXPECT_FALSE(playback->menuAction()->isVisible());
    EXPECT_FALSE(next->isEnabled());
}


// The first numeric parameter of the open scene (every built-in scene has one).
// The first slider a user can move: a row that does nothing in the scene's
// current mode is disabled (applies_when).
QString firstNumberId(MainWindow& w) {
    for (const SceneParameter& p : w.currentParameters())
        if (p.kind == SceneParameter::Kind::Number &&
            w.currentPage()->parameterPanel()->inapplicableReason(QString::fromStdString(p.id)).isEmpty())
            return QString::fromStdString(p.id);
    return {};
}

// Moves a slider as a person would: focus it and press Page Up (a tenth of its
// range), or Page Down when it sits at the top.
void nudgeSlider(MainWindow& w, QSlider* slider) {
    slider->setFocus();
    QTest::keyClick(slider, slider->value() < slider->maximum() ? Qt::Key_PageUp : Qt::Key_PageDown);
    w.currentPage()->flushPendingEdits();   // a simulation page answers on the next turn of the event loop
}

// Clicks the default button of the next message box once it is shown.
void answerNextMessageBox(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box && box->button(button)) box->button(button)->click();
    });
}


// A slider moved with the keyboard, then Ctrl+Z and
// Ctrl+Shift+Z, on a page of each kind: the document, the panel and the
// results go back and forth, and undoing to the saved state clears [*].
TEST_F(DocumentTest, UndoAndRedoWalkSliderEditsOnEveryPageKind) {
    for (const QString& path : {defaultScenePath(), QString(":/scenes/impact-ball-on-ball.json"),
                               QString(":/scenes/plus-brick-vertex.json")}) {
        SCOPED_TRACE(path.toStdString());
        QString error;
        ASSERT_TRUE(w.openScene(path, &error)) << error.toStdString();
        const nlohmann::json original = w.currentDocument();
        const QString id = firstNumberId(w);
        ASSERT_FALSE(id.isEmpty());
        QSlider* slider = currentPanel(w)->slider(id);
        ASSERT_NE(slider, nullptr);
        const double before = currentPanel(w)->value(id);
        nudgeSlider(w, slider);
        const double after = currentPanel(w)->value(id);
        ASSERT_NE(before, after) << "the key moved the slider";
        const nlohmann::json edited = w.currentDocument();
        EXPECT_NE(edited, original);
        EXPECT_TRUE(w.isDocumentModified());
        EXPECT_TRUE(w.windowTitle().contains("[*]"));
        ASSERT_EQ(w.undoStack()->count(), 1);
        EXPECT_TRUE(w.undoStack()->text(0).contains(QString::fromStdString(findParameterOf(w, id.toStdString())->label)));

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        EXPECT_EQ(w.currentDocument(), original) << "undo restores the document exactly";
        EXPECT_DOUBLE_EQ(currentPanel(w)->value(id), before);
        EXPECT_DOUBLE_EQ(findParameterOf(w, id.toStdString())->value, before);
        EXPECT_FALSE(w.isDocumentModified()) << "back at the opened state";

        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        EXPECT_EQ(w.currentDocument(), edited) << "redo applies the edit again";
        EXPECT_DOUBLE_EQ(currentPanel(w)->value(id), after);
        EXPECT_TRUE(w.isDocumentModified());
        w.undoStack()->undo();   // leave the document unchanged for the next open
    }
}

TEST_F(DocumentTest, UndoReRunsTheSimulation) {
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    const QString id = firstNumberId(w);
    const double firstImpact = sim(w).run().impacts.at(0).time;
    nudgeSlider(w, w.currentPage()->parameterPanel()->slider(id));
    ASSERT_FALSE(sim(w).run().impacts.empty());
    EXPECT_NE(sim(w).run().impacts[0].time, firstImpact) << "the edit changed the run (" << id.toStdString() << ")";
    w.undoStack()->undo();
    ASSERT_FALSE(sim(w).run().impacts.empty());
    EXPECT_DOUBLE_EQ(sim(w).run().impacts[0].time, firstImpact);
}

TEST_F(DocumentTest, ADragIsOneUndoStep) {
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    const QString id = firstNumberId(w);
    QSlider* slider = w.currentPage()->parameterPanel()->slider(id);
    slider->setValue(slider->minimum());   // programmatic: the start of the drag
    w.undoStack()->clear();
    const double start = w.currentPage()->parameterPanel()->value(id);
    for (int k = 0; k < 5; ++k) QTest::keyClick(slider, Qt::Key_Right);
    w.currentPage()->flushPendingEdits();
    ASSERT_EQ(w.undoStack()->count(), 1) << "steps within " << kEditMergeWindowMs << " ms merge";
    w.undoStack()->undo();
    EXPECT_DOUBLE_EQ(w.currentPage()->parameterPanel()->value(id), start);
}

TEST_F(DocumentTest, ComparedLawsAreUndoableAndSavedInTheDocument) {
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    QCheckBox* newton = nullptr;
    for (QCheckBox* cb : w.findChildren<QCheckBox*>())
        if (cb->objectName() == "compare:newton") newton = cb;   // the text is the display name
    ASSERT_NE(newton, nullptr);
    ASSERT_FALSE(newton->isChecked());
    QTest::mouseClick(newton, Qt::LeftButton);
    ASSERT_TRUE(newton->isChecked());
    ASSERT_TRUE(w.currentDocument().contains("compare"));
    EXPECT_EQ(w.currentDocument()["compare"], nlohmann::json::array({"newton"}));
    ASSERT_TRUE(w.showTab("plots"));
    const SceneLawComparison& c = sim(w).comparison();
    ASSERT_EQ(c.laws.size(), 2u) << "the scene's law and newton";
    EXPECT_TRUE(c.runs[1].has_value()) << "newton's run, on the time plots";

    const QString file = dir.filePath("compared.json");
    ASSERT_TRUE(w.saveSceneAs(file));
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error));
    EXPECT_FALSE(newton->isChecked());
    ASSERT_TRUE(w.openScene(file, &error)) << error.toStdString();
    EXPECT_TRUE(newton->isChecked()) << "reopened with its compared law";
    EXPECT_EQ(w.comparedLawIds(), QStringList{"newton"});

    QTest::mouseClick(newton, Qt::LeftButton);
    EXPECT_FALSE(w.currentDocument().contains("compare"));
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(newton->isChecked());
    EXPECT_EQ(w.currentDocument()["compare"], nlohmann::json::array({"newton"}));
    EXPECT_FALSE(w.isDocumentModified());
}

TEST_F(DocumentTest, AnUnknownComparedLawIsRefusedByField) {
    nlohmann::json doc = readJsonFile(defaultScenePath());
    doc["compare"] = {"newton", "no-such-law"};
    QString error;
    EXPECT_FALSE(w.openDocument(doc, "bad.json", &error));
    EXPECT_TRUE(error.contains("compare[1]")) << error.toStdString();
}

// A crash or a kill leaves the recovery copy; the next start offers it back.
TEST_F(DocumentTest, UnsavedEditsAreRecoveredAfterAKill) {
    removeRecoveryFile();
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/bar.json", &error)) << error.toStdString();
    const QString id = firstNumberId(w);
    nudgeSlider(w, w.currentPage()->parameterPanel()->slider(id));
    const nlohmann::json edited = w.currentDocument();
    w.writeRecoveryNow();   // what the autosave timer does after an edit
    ASSERT_TRUE(readRecoveryFile().has_value());

    MainWindow next;   // the window of the next start; `w` never closed
    answerNextMessageBox(QMessageBox::Yes);
    ASSERT_TRUE(next.offerRecovery());
    EXPECT_EQ(next.currentDocument(), edited);
    EXPECT_EQ(next.documentPath(), QString(":/scenes/bar.json"));
    EXPECT_TRUE(next.isDocumentModified()) << "recovered edits are not saved yet";
    EXPECT_DOUBLE_EQ(next.currentPage()->parameterPanel()->value(id), w.currentPage()->parameterPanel()->value(id));

    // Saving puts the edits in a file and removes the copy.
    ASSERT_TRUE(next.saveSceneAs(dir.filePath("recovered.json")));
    EXPECT_FALSE(next.isDocumentModified());
    EXPECT_FALSE(readRecoveryFile().has_value());
    w.undoStack()->setClean();
}

TEST_F(DocumentTest, UndoingToTheSavedStateRemovesTheRecoveryCopy) {
    removeRecoveryFile();
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    nudgeSlider(w, w.currentPage()->parameterPanel()->slider(firstNumberId(w)));
    w.writeRecoveryNow();
    ASSERT_TRUE(readRecoveryFile().has_value());
    w.undoStack()->undo();
    EXPECT_FALSE(readRecoveryFile().has_value());
}

TEST_F(DocumentTest, SavedFilesAreListedAsRecentMostRecentFirst) {
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    const QString a = dir.filePath("a.json"), b = dir.filePath("b.json");
    ASSERT_TRUE(w.saveSceneAs(a));
    ASSERT_TRUE(w.saveSceneAs(b));
    ASSERT_TRUE(w.openScene(a, &error));
    const QStringList recent = getRecentFiles();
    ASSERT_GE(recent.size(), 2);
    EXPECT_EQ(recent[0], QFileInfo(a).absoluteFilePath());
    EXPECT_EQ(recent[1], QFileInfo(b).absoluteFilePath());
    EXPECT_EQ(recent.count(QFileInfo(a).absoluteFilePath()), 1) << "no duplicates";
    emit w.recentFilesMenu()->aboutToShow();
    ASSERT_GE(w.recentFilesMenu()->actions().size(), 2);
    EXPECT_EQ(w.recentFilesMenu()->actions()[0]->text(), QString("a.json"));
    for (int k = 0; k < kMaxRecentFiles + 3; ++k) addRecentFile(dir.filePath(QString("f%1.json").arg(k)));
    EXPECT_EQ(getRecentFiles().size(), kMaxRecentFiles);
}

TEST_F(DocumentTest, NewOpensTheDefaultSceneAsAnUntitledDocument) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/bar.json", &error)) << error.toStdString();
    QAction* create = nullptr;
    for (QAction* a : w.menuBar()->findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(QKeySequence::New)) create = a;
    ASSERT_NE(create, nullptr);
    create->trigger();
    EXPECT_EQ(w.currentDocument(), readJsonFile(defaultScenePath()));
    EXPECT_TRUE(w.windowTitle().contains("built-in"));
    EXPECT_EQ(w.undoStack()->count(), 0);
}

// Bodies added and removed: Edit > Add body by its
// shortcut, undo and redo by theirs, Remove body from its menu; the run
// follows the document, the edits survive a save and reopen, and the entries
// show only on scenes whose bodies may change.
TEST_F(DocumentTest, BodiesAreAddedAndRemovedAsUndoableEdits) {
    QString error;
    ASSERT_TRUE(w.openScene(":/scenes/ball-row.json", &error)) << error.toStdString();
    QAction* add = w.findChild<QAction*>("addBody");
    QMenu* remove = w.findChild<QMenu*>("removeBodyMenu");
    ASSERT_NE(add, nullptr);
    ASSERT_NE(remove, nullptr);
    EXPECT_TRUE(add->isVisible());
    const std::size_t initial = w.currentDocument()["bodies"].size();
    auto bodiesInRun = [this] { return sim(w).run().samples.at(0).bodies.size(); };
    ASSERT_EQ(bodiesInRun(), initial);

    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(w.currentDocument()["bodies"].size(), initial + 1);
    EXPECT_EQ(bodiesInRun(), initial + 1);
    EXPECT_TRUE(w.isWindowModified());
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(w.currentDocument()["bodies"].size(), initial);
    EXPECT_EQ(bodiesInRun(), initial);
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(bodiesInRun(), initial + 1);

    // Remove the striker from the menu, as it opens.
    QMetaObject::invokeMethod(remove, "aboutToShow");
    QAction* striker = remove->findChild<QAction*>("removeBody0");
    ASSERT_NE(striker, nullptr);
    EXPECT_EQ(striker->text(), "striker");
    striker->trigger();
    EXPECT_EQ(w.currentDocument()["bodies"].size(), initial);
    EXPECT_EQ(w.currentDocument()["bodies"][0]["name"], "ball 1");
    EXPECT_EQ(w.findParameter("speed"), nullptr) << "the striker's speed went with it";
    EXPECT_EQ(w.undoStack()->count(), 2);

    const QString saved = dir.filePath("edited-row.json");
    ASSERT_TRUE(w.saveSceneAs(saved));
    const nlohmann::json edited = w.currentDocument();
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error));
    ASSERT_TRUE(w.openScene(saved, &error)) << error.toStdString();
    EXPECT_EQ(w.currentDocument(), edited);

    // A vehicle pair is not a set of free bodies.
    ASSERT_TRUE(w.openScene(":/scenes/vehicles.json", &error)) << error.toStdString();
    EXPECT_FALSE(add->isVisible());
    EXPECT_FALSE(remove->menuAction()->isVisible());
}
}}  // namespace
