// The document controller without a widget: open, edit,
// undo and redo, the modified flag, the recovery copy written after an edit
// and offered back, and the recent files' order and limit. The editor is a
// plain object over the core's scene model (what a page does, minus the
// views), and the program runs on a QCoreApplication: nothing here can build
// or run a widget.
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>

#include "PrivateUserDirectories.h"
#include "SceneLibrary.h"
#include "document/DocumentController.h"
#include "io/JsonInput.h"
#include "scene/SceneBodies.h"
#include "scene/SceneDocument.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace { namespace IMPACTLAB_UNITY_ID {

// Milliseconds beyond the autosave delay the test waits for the recovery
// copy: the single-shot timer fires on the first turn of the event loop after
// its interval, and a loaded machine may be late by this much.
constexpr int kAutosaveSlackMs = 2000;

QString sceneFile(const char* name) { return QDir(IMPACTLAB_SCENES_DIR).filePath(name); }

// A simulated scene's document as a page edits it, without the page: the
// core's scene model, changed through withParameter and withChoice.
class SceneModelEditor : public DocumentEditor {
public:
    void openDocument(const nlohmann::json& document) override { scene_ = readSimulatedScene(document); }
    const nlohmann::json& document() const override { return getScene(scene_).document; }
    const std::vector<SceneParameter>& parameters() const override { return getScene(scene_).parameters; }
    void setParameter(const QString& id, double siValue) override {
        scene_ = withParameter(scene_, id.toStdString(), siValue);
    }
    void setChoice(const QString& id, const QString& choice) override {
        scene_ = withChoice(scene_, id.toStdString(), choice.toStdString());
    }
    QStringList comparedLaws() const override {
        QStringList ids;
        for (const std::string& id : readComparedLaws(getScene(scene_).document)) ids << QString::fromStdString(id);
        return ids;
    }
    void setComparedLaws(const QStringList& ids) override {
        std::vector<std::string> laws;
        for (const QString& id : ids) laws.push_back(id.toStdString());
        writeComparedLaws(getScene(scene_).document, laws);
    }

private:
    SimulatedScene scene_;
};

class DocumentControllerTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        removeRecoveryFile();
        for (const QString& f : getRecentFiles()) removeRecentFile(f);
    }
    void TearDown() override { removeRecoveryFile(); }

    // Only the simulated kinds have an editor here; the rest are refused as
    // the window refuses a kind no page shows.
    static DocumentController::EditorFinder finder(SceneModelEditor& editor) {
        return [&editor](const nlohmann::json& document) -> DocumentEditor* {
            const SceneKind kind = getSceneKind(document);
            if (kind != SceneKind::Spatial && kind != SceneKind::Planar)
                throw InputError("kind", std::string("no editor for \"") + toString(kind) + "\" scenes");
            return &editor;
        };
    }

    // The `which`-th numeric parameter, moved a tenth of its range as a user's
    // drag would: the editor applies it, then the controller records it.
    std::pair<QString, double> nudgeNumber(int which = 0) {
        for (const SceneParameter& p : doc.parameters()) {
            if (p.kind != SceneParameter::Kind::Number || which-- > 0) continue;
            const QString id = QString::fromStdString(p.id);
            const double v = p.value + 0.1 * (p.max - p.min) <= p.max ? p.value + 0.1 * (p.max - p.min)
                                                                     : p.value - 0.1 * (p.max - p.min);
            editor.setParameter(id, v);
            doc.recordNumberEdit(id, v);
            return {id, v};
        }
        ADD_FAILURE() << "the scene has too few numeric parameters";
        return {};
    }

    QTemporaryDir dir;
    SceneModelEditor editor;
    DocumentController doc{finder(editor)};
};

TEST_F(DocumentControllerTest, OpensAFileUnmodifiedAsTheEditorsDocument) {
    QSignalSpy opened(&doc, &DocumentController::documentOpened);
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    EXPECT_EQ(opened.count(), 1);
    EXPECT_EQ(doc.editor(), &editor);
    EXPECT_EQ(doc.document(), toUnifiedSceneDocument(readSceneDocument(sceneFile("bar.json"))));
    EXPECT_EQ(doc.path(), sceneFile("bar.json"));
    EXPECT_FALSE(doc.isBuiltIn());
    EXPECT_FALSE(doc.isModified());
    EXPECT_EQ(doc.undoStack()->count(), 0);
    EXPECT_EQ(doc.sceneName(), QString::fromStdString(doc.document()["name"].get<std::string>()));
}

TEST_F(DocumentControllerTest, AFileThatDoesNotOpenLeavesTheOpenDocument) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    const nlohmann::json open = doc.document();
    QSignalSpy errors(&doc, &DocumentController::errorOccurred);
    EXPECT_FALSE(doc.openFile(dir.filePath("missing.json"), &error));
    EXPECT_TRUE(error.contains("missing.json")) << error.toStdString();
    EXPECT_FALSE(doc.openFile(sceneFile("impact-ball-on-ball.json"), &error)) << "a kind without an editor";
    EXPECT_TRUE(error.contains("impact")) << error.toStdString();
    EXPECT_EQ(errors.count(), 2);
    EXPECT_EQ(doc.document(), open);
    EXPECT_EQ(doc.path(), sceneFile("bar.json"));
}

TEST_F(DocumentControllerTest, EditsAreUndoneAndRedoneAndMarkTheDocumentModified) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    const nlohmann::json original = doc.document();
    const auto [id, value] = nudgeNumber();
    const nlohmann::json edited = doc.document();
    ASSERT_NE(edited, original);
    EXPECT_TRUE(doc.isModified());
    ASSERT_EQ(doc.undoStack()->count(), 1);
    EXPECT_TRUE(doc.undoStack()->text(0).contains(QString::fromStdString(doc.findParameter(id.toStdString())->label)));

    doc.undoStack()->undo();
    EXPECT_EQ(doc.document(), original) << "undo restores the document exactly";
    EXPECT_FALSE(doc.isModified()) << "back at the opened state";
    doc.undoStack()->redo();
    EXPECT_EQ(doc.document(), edited);
    EXPECT_TRUE(doc.isModified());

    // A programmatic edit (the command line, an undo) is no undo step of its own.
    doc.setParameter(id, doc.findParameter(id.toStdString())->min);
    EXPECT_EQ(doc.undoStack()->count(), 1);
}

TEST_F(DocumentControllerTest, ChoicesComparedLawsAndBodiesAreUndoSteps) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("ball-row.json"), &error)) << error.toStdString();
    const nlohmann::json original = doc.document();

    editor.setComparedLaws({"newton"});
    doc.recordComparedLaws();
    ASSERT_EQ(doc.undoStack()->count(), 1);
    EXPECT_EQ(doc.comparedLaws(), QStringList{"newton"});

    const std::size_t bodies = listSceneBodyNames(doc.document()).size();
    ASSERT_TRUE(canEditSceneBodies(doc.document()));
    ASSERT_TRUE(doc.addBody());
    EXPECT_EQ(listSceneBodyNames(doc.document()).size(), bodies + 1);
    EXPECT_EQ(doc.undoStack()->count(), 2);

    doc.undoStack()->undo();
    EXPECT_EQ(listSceneBodyNames(doc.document()).size(), bodies);
    doc.undoStack()->undo();
    EXPECT_EQ(doc.comparedLaws(), QStringList());
    EXPECT_EQ(doc.document(), original);
    EXPECT_FALSE(doc.isModified());

    const std::vector<SceneParameter> params = doc.parameters();   // a copy: the edit replaces the editor's
    for (const SceneParameter& p : params) {
        if (p.kind != SceneParameter::Kind::Choice || p.choices.size() < 2) continue;
        const QString id = QString::fromStdString(p.id), before = QString::fromStdString(p.choice);
        const QString other = QString::fromStdString(p.choices[0] == p.choice ? p.choices[1] : p.choices[0]);
        editor.setChoice(id, other);
        doc.recordChoiceEdit(id, other);
        EXPECT_EQ(doc.undoStack()->count(), 1) << id.toStdString();
        EXPECT_TRUE(doc.undoStack()->text(0).contains(other)) << doc.undoStack()->text(0).toStdString();
        doc.undoStack()->undo();
        EXPECT_EQ(QString::fromStdString(doc.findParameter(id.toStdString())->choice), before);
        EXPECT_FALSE(doc.isModified());
        return;
    }
    ADD_FAILURE() << "ball-row.json has no choice to make";
}

TEST_F(DocumentControllerTest, SavingMakesTheFileTheSavedState) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    nudgeNumber();
    const QString saved = dir.filePath("saved.json");
    ASSERT_TRUE(doc.saveAs(saved, &error)) << error.toStdString();
    EXPECT_FALSE(doc.isModified());
    EXPECT_EQ(doc.path(), saved);
    EXPECT_EQ(readSceneDocument(saved), doc.document());
    doc.undoStack()->undo();
    EXPECT_TRUE(doc.isModified()) << "undone past the saved state";
    EXPECT_FALSE(doc.saveAs(dir.filePath("no-such-folder/x.json"), &error));
    EXPECT_TRUE(error.contains("no-such-folder")) << error.toStdString();
}

// The copy is written kAutosaveDelayMs after an edit, offered to the next
// controller (the next start), and reopens the edits unsaved.
TEST_F(DocumentControllerTest, TheRecoveryCopyIsWrittenAfterEditsAndOffered) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    // One edit is enough: the first step after an open starts the timer too.
    nudgeNumber();
    const nlohmann::json edited = doc.document();
    EXPECT_TRUE(QTest::qWaitFor([this] { return doc.findRecovery().has_value(); }, kAutosaveDelayMs + kAutosaveSlackMs))
        << "no recovery copy " << kAutosaveDelayMs << " ms after the edits";

    SceneModelEditor nextEditor;
    DocumentController next(finder(nextEditor));
    const std::optional<RecoveredDocument> copy = next.findRecovery();
    ASSERT_TRUE(copy.has_value());
    EXPECT_EQ(copy->path, sceneFile("bar.json"));
    ASSERT_TRUE(next.recover(*copy, &error)) << error.toStdString();
    EXPECT_EQ(next.document(), edited);
    EXPECT_EQ(next.path(), sceneFile("bar.json"));
    EXPECT_TRUE(next.isModified()) << "recovered edits are not saved yet";

    ASSERT_TRUE(next.saveAs(dir.filePath("recovered.json"), &error)) << error.toStdString();
    EXPECT_FALSE(next.findRecovery().has_value()) << "saved: the copy goes";
}

TEST_F(DocumentControllerTest, UndoingToTheSavedStateRemovesTheRecoveryCopy) {
    QString error;
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    nudgeNumber();
    doc.writeRecoveryNow();
    ASSERT_TRUE(doc.findRecovery().has_value());
    doc.undoStack()->undo();
    EXPECT_FALSE(doc.findRecovery().has_value());
    doc.writeRecoveryNow();
    EXPECT_FALSE(doc.findRecovery().has_value()) << "nothing unsaved, nothing to recover";
}

TEST_F(DocumentControllerTest, RecentFilesAreMostRecentFirstWithoutDuplicatesAndLimited) {
    QString error;
    const QString a = dir.filePath("a.json"), b = dir.filePath("b.json");
    ASSERT_TRUE(doc.openFile(sceneFile("bar.json"), &error)) << error.toStdString();
    ASSERT_TRUE(doc.saveAs(a, &error));
    ASSERT_TRUE(doc.saveAs(b, &error));
    QSignalSpy changed(&doc, &DocumentController::recentFilesChanged);
    ASSERT_TRUE(doc.openFile(a, &error));
    EXPECT_EQ(changed.count(), 1);
    const QStringList recent = doc.recentFiles();
    ASSERT_EQ(recent.size(), 3);
    EXPECT_EQ(recent[0], QFileInfo(a).absoluteFilePath());
    EXPECT_EQ(recent[1], QFileInfo(b).absoluteFilePath());
    EXPECT_EQ(recent[2], QFileInfo(sceneFile("bar.json")).absoluteFilePath());

    doc.forgetRecentFile(b);
    EXPECT_FALSE(doc.recentFiles().contains(QFileInfo(b).absoluteFilePath()));
    for (int k = 0; k < kMaxRecentFiles + 3; ++k) ASSERT_TRUE(doc.saveAs(dir.filePath(QString("f%1.json").arg(k)), &error));
    EXPECT_EQ(doc.recentFiles().size(), kMaxRecentFiles);
    EXPECT_EQ(doc.recentFiles().front(), QFileInfo(dir.filePath(QString("f%1.json").arg(kMaxRecentFiles + 2))).absoluteFilePath());
}

}}  // namespace

int main(int argc, char** argv) {
    // Settings, recent files and recovery copies go to this process's own
    // folder, never the user's nor another test's.
    impactlab::test::usePrivateUserDirectories();
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName("ImpactLabTests");
    QCoreApplication::setApplicationName("DocumentControllerTests");
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
