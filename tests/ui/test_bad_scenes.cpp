// The real main window under bad scenes: every malformed
// scene is refused with one line naming the field, the scene on screen stays,
// and the window keeps working; a scene given on the command line that fails
// opens the default scene instead. Needs an X display (VTK), like the other
// main-window tests.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "SceneLibrary.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string builtIn(const std::string& name) { return readText(std::string(IMPACTLAB_SCENES_DIR) + "/" + name); }

// A built-in scene with one JSON value replaced (pointer -> raw JSON text), so
// values JSON cannot hold (1e999) can be written too.
std::string mutated(const std::string& scene, const std::string& pointer, const std::string& rawValue) {
    nlohmann::json doc = nlohmann::json::parse(builtIn(scene));
    const std::string marker = "\"@@replace@@\"";
    doc[nlohmann::json::json_pointer(pointer)] = "@@replace@@";
    std::string text = doc.dump(1);
    text.replace(text.find(marker), marker.size(), rawValue);
    return text;
}

struct BadScene {
    std::string label;
    std::string text;
};

// The classes of fuzzed scenes that once aborted the app, plus the
// plain malformed files; each must be refused, none may end the program.
std::vector<BadScene> makeBadScenes() {
    std::vector<BadScene> s{
        {"format is a number", mutated("superball.json", "/format", "5")},
        {"velocity overflows a double", mutated("superball.json", "/bodies/0/velocity/0", "1e999")},
        {"scene name not a string", mutated("superball.json", "/name", "5")},
        {"body name not a string", mutated("superball.json", "/bodies/0/name", "[1, 2]")},
        {"vehicle name not a string", mutated("vehicles.json", "/vehicles/0/name", "{}")},
        {"parameter unit not a string", mutated("brick-drop.json", "/parameters/0/unit", "3")},
        {"parameter help not a string", mutated("brick-drop.json", "/parameters/0/help", "false")},
        {"impact scene format is a number", mutated("impact-ball-on-half-space.json", "/format", "1")},
        {"impact scene mass negative", mutated("impact-ball-on-half-space.json", "/bodies/0/mass", "-2")},
        {"impact scene mesh segments huge", mutated("impact-bowling-pin-ball.json", "/bodies/1/mesh/segments", "100000000")},
        {"negative mass", mutated("brick-drop.json", "/bodies/0/mass", "-1")},
        {"friction below zero", mutated("brick-drop.json", "/contact/friction", "-0.3")},
        {"restitution above one", mutated("brick-drop.json", "/contact/restitution", "1.5")},
        {"end time huge", mutated("superball.json", "/end_time", "1e308")},
        {"sample interval tiny", mutated("superball.json", "/sample_interval", "1e-300")},
        {"vehicle end time tiny step", mutated("vehicles.json", "/sample_interval", "1e-12")},
        {"duplicate key", "{\"format\": \"impactlab.scene/1\", \"format\": \"impactlab.scene/1\"}"},
        {"deep nesting", std::string(100000, '[') + std::string(100000, ']')},
        {"not JSON", "{\"format\": "},
        {"empty file", ""},
        {"an array", "[1, 2, 3]"},
    };
    // Every file the core's bad-scene tests use, too.
    const QDir bad(QString(IMPACTLAB_SOURCE_DIR) + "/tests/data/scenes/bad");
    for (const QString& f : bad.entryList({"*.json"}, QDir::Files, QDir::Name))
        s.push_back({"file " + f.toStdString(), readText(bad.filePath(f).toStdString())});
    return s;
}

class BadSceneTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        QString error;
        ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
        w.resize(1280, 800);
        w.show();
        QApplication::processEvents();
    }
    QString write(const std::string& text) {
        const QString path = dir.filePath(QString("scene-%1.json").arg(++count));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(text));
        return path;
    }
    QTemporaryDir dir;
    MainWindow w;
    int count = 0;
};

TEST_F(BadSceneTest, EveryMalformedSceneIsRefusedAndTheOpenSceneStays) {
    const std::string before = sim(w).scene().name;
    ASSERT_FALSE(before.empty());
    for (const BadScene& bad : makeBadScenes()) {
        SCOPED_TRACE(bad.label);
        const QString path = write(bad.text);
        QString error;
        // A scene the readers accept must at least run within the core's
        // bounds; the classes above are all refused.
        EXPECT_FALSE(w.openScene(path, &error));
        EXPECT_FALSE(error.isEmpty());
        EXPECT_FALSE(error.contains("json.exception")) << error.toStdString();
        EXPECT_FALSE(error.contains("this is a bug")) << error.toStdString();
        // One line, "field: reason".
        EXPECT_FALSE(error.contains('\n')) << error.toStdString();
        EXPECT_TRUE(error.contains(": ")) << error.toStdString();
        EXPECT_EQ(sim(w).scene().name, before);
        EXPECT_EQ(w.lastError(), error);
    }
    // The window still works: a slider re-simulates the scene on screen.
    const auto& params = w.currentParameters();
    ASSERT_FALSE(params.empty());
    w.setParameter(QString::fromStdString(params.front().id), params.front().min);
    EXPECT_TRUE(w.lastError().isEmpty()) << w.lastError().toStdString();
    EXPECT_FALSE(sim(w).run().samples.empty());
}

TEST_F(BadSceneTest, FieldIsNamedForTypeErrors) {
    QString error;
    EXPECT_FALSE(w.openScene(write(mutated("superball.json", "/bodies/0/name", "5")), &error));
    EXPECT_TRUE(error.contains("bodies[0].name")) << error.toStdString();
    EXPECT_FALSE(w.openScene(write(mutated("superball.json", "/bodies/0/velocity/0", "1e999")), &error));
    EXPECT_TRUE(error.contains("bodies[0].velocity")) << error.toStdString();
    EXPECT_FALSE(w.openScene(write(mutated("vehicles.json", "/vehicles/0/name", "{}")), &error));
    EXPECT_TRUE(error.contains("vehicles[0].name")) << error.toStdString();
}

TEST_F(BadSceneTest, CommandLineSceneThatFailsOpensTheDefaultWithADialog) {
    // The dialog is modal: close it from a timer and remember its text.
    QString dialogText;
    QTimer closer;
    QObject::connect(&closer, &QTimer::timeout, [&] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) {
                dialogText = box->text();
                box->done(QMessageBox::Ok);
            }
    });
    closer.start(20);
    EXPECT_FALSE(w.openSceneOrDefault(write(mutated("superball.json", "/format", "5"))));
    for (int i = 0; i < 100 && dialogText.isEmpty(); ++i) {
        QApplication::processEvents();
        QThread::msleep(10);
    }
    closer.stop();
    const SimulatedScene superball = readScene(defaultScenePath());
    EXPECT_EQ(sim(w).scene().name, getScene(superball).name);
    EXPECT_TRUE(dialogText.contains("format")) << dialogText.toStdString();
    EXPECT_EQ(w.lastError(), dialogText);
}

}}  // namespace
