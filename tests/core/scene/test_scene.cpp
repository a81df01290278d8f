// Scene model: the built-in scenes load, parameters edit the document, and
// malformed scenes give errors that name the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>

#include "scene/GranularScene.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

// Kg m^2: J = 2/5 m r^2 of a small ball, round-off of O(1e-4) numbers.
constexpr double kInertiaTol = 1e-15;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

json superballDoc() {
    std::ifstream in(scenePath("superball.json"));
    return json::parse(in);
}

// The field parseScene refuses `doc` for, or "no error".
std::string errorField(const json& doc) { return test::getFieldOf([&] { parseScene(doc); }); }

TEST(Scene, BuiltInScenesLoad) {
    int count = 0;
    std::vector<std::string> waiting;
    for (const auto& entry : std::filesystem::directory_iterator(IMPACTLAB_SCENES_DIR)) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        const json doc = json::parse(in);
        // Impact, PLUS and granular scenes have readers of their own (SceneDocument.h).
        const SceneKind kind = getSceneKind(doc);
        if (kind != SceneKind::Spatial && kind != SceneKind::Planar && kind != SceneKind::Vehicles)
            continue;
        // Every law a built-in scene names must be registered.
        if (const std::string missing = test::findMissingLaw(doc); !missing.empty()) {
            waiting.push_back(entry.path().filename().string() + " (" + missing + ")");
            continue;
        }
        ++count;
        const Scene s = loadScene(entry.path().string());
        EXPECT_FALSE(s.bodies.empty()) << entry.path();
        EXPECT_FALSE(s.parameters.empty()) << entry.path() << ": every built-in scene has sliders";
    }
    EXPECT_GE(count, 2);
    if (!waiting.empty()) {
        std::string list;
        for (const auto& w : waiting) list += " " + w;
        ADD_FAILURE() << "scenes naming unregistered laws:" << list;
    }
}

TEST(Scene, SuperballParametersReadTheirTargets) {
    const Scene s = loadScene(scenePath("superball.json"));
    ASSERT_EQ(s.bodies.size(), 1u);
    EXPECT_EQ(s.bodies[0].shape.type, Shape::Type::Sphere);
    const SceneParameter* h = s.findParameter("height");
    ASSERT_NE(h, nullptr);
    EXPECT_DOUBLE_EQ(h->value, s.bodies[0].body.position.z());
    const SceneParameter* law = s.findParameter("law");
    ASSERT_NE(law, nullptr);
    EXPECT_EQ(law->kind, SceneParameter::Kind::Choice);
    EXPECT_EQ(law->choice, s.contact.law);
    // Uniform solid sphere: J = 2/5 m r^2.
    EXPECT_NEAR(s.bodies[0].body.principalInertia.x(), 0.4 * 0.1 * 0.08 * 0.08, kInertiaTol);
}

TEST(Scene, ParametersEditTheSceneAndClampToTheirRange) {
    const Scene s = loadScene(scenePath("superball.json"));
    const Scene t = withParameter(s, "height", 2.5);
    EXPECT_DOUBLE_EQ(t.bodies[0].body.position.z(), 2.5);
    EXPECT_DOUBLE_EQ(t.findParameter("height")->value, 2.5);
    const Scene u = withParameter(s, "friction", 99.0);
    EXPECT_DOUBLE_EQ(u.contact.friction, s.findParameter("friction")->max);
    const Scene v = withChoice(s, "law", "newton");
    EXPECT_EQ(v.contact.law, "newton");
    EXPECT_THROW(withChoice(s, "law", "nonsense"), InputError);
    EXPECT_THROW(withParameter(s, "no-such", 1.0), InputError);
    EXPECT_THROW(withParameter(s, "height", NAN), InputError);
}

TEST(Scene, MalformedScenesNameTheField) {
    json d = superballDoc();
    d["bodies"][0]["mass"] = -2;
    EXPECT_EQ(errorField(d), "bodies[0].mass");
    d = superballDoc();
    d["contact"]["friction"] = -0.1;
    EXPECT_EQ(errorField(d), "contact.friction");
    d = superballDoc();
    d["contact"]["restitution"] = 1.2;
    EXPECT_EQ(errorField(d), "contact.restitution");
    d = superballDoc();
    d["contact"]["law"] = "magic";
    EXPECT_EQ(errorField(d), "contact.law");
    d = superballDoc();
    d["format"] = "something/2";
    EXPECT_EQ(errorField(d), "format");
    d = superballDoc();
    d["bodies"][0]["shape"]["radius"] = 0;
    EXPECT_EQ(errorField(d), "bodies[0].shape.radius");
    d = superballDoc();
    d["bodies"][0]["velocity"] = {1, 2};
    EXPECT_EQ(errorField(d), "bodies[0].velocity");
    d = superballDoc();
    d["bodies"][0]["inertia"] = {1, 1, 0};
    EXPECT_EQ(errorField(d), "bodies[0].inertia");
    d = superballDoc();
    d["bodies"][0]["position"][2] = std::numeric_limits<double>::infinity();   // as 1e999 in a file parses
    EXPECT_EQ(errorField(d), "bodies[0].position[2]");
    d = superballDoc();
    d["parameters"][0]["target"] = "/bodies/7/position/2";
    EXPECT_EQ(errorField(d), "parameters[0].target");
    d = superballDoc();
    d.erase("bodies");
    EXPECT_EQ(errorField(d), "bodies");
}

TEST(Scene, UnreadableFilesNameThePath) {
    const std::string missing = "/nonexistent/scene.json";
    try {
        loadScene(missing);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), missing);
    }
    const auto tmp = std::filesystem::temp_directory_path() / "impactlab_bad_scene.json";
    std::ofstream(tmp) << "{ \"format\": ";
    try {
        loadScene(tmp.string());
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("invalid JSON"), std::string::npos) << e.what();
        EXPECT_EQ(e.field(), tmp.string());
    }
    std::filesystem::remove(tmp);
}
}}  // namespace
