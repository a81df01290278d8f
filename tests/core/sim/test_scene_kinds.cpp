// The one table of scene kinds (core/sim/SceneKinds.h):
// every kind of SceneKind has exactly one descriptor, in order, with every
// part; the JSON spelling of each kind reads back as that kind; every
// built-in scene reads through its kind's reader into that kind's type; and
// the refusals of `solve` are the descriptors'.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <variant>

#include "io/JsonInput.h"
#include "sim/SceneKinds.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

namespace fs = std::filesystem;

// The last enumerator of SceneKind: a kind added after it must move this
// line, and the test below then finds it without a descriptor.
constexpr SceneKind kLastKind = SceneKind::Tosses;

// The AnyScene alternative each kind's reader gives: a type per kind, in the
// order of SceneKind.
std::size_t getExpectedAlternative(SceneKind kind) { return static_cast<std::size_t>(kind); }

std::vector<json> readBuiltInScenes() {
    std::vector<fs::path> paths;
    for (const auto& e : fs::directory_iterator(IMPACTLAB_SCENES_DIR))
        if (e.path().extension() == ".json") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<json> out;
    for (const fs::path& p : paths) {
        std::ifstream in(p);
        out.push_back(json::parse(in));
        out.back()["__path"] = p.filename().string();
    }
    return out;
}

TEST(SceneKinds, EveryKindHasOneDescriptorInOrder) {
    const std::vector<SceneKind>& kinds = listSceneKinds();
    const std::vector<SceneKindInfo>& infos = getSceneKinds();
    ASSERT_EQ(kinds.size(), static_cast<std::size_t>(kLastKind) + 1);
    ASSERT_EQ(infos.size(), kinds.size());
    std::set<std::string> titles;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        EXPECT_EQ(static_cast<std::size_t>(kinds[i]), i) << "listSceneKinds() follows the enum";
        const SceneKindInfo& info = infos[i];
        EXPECT_EQ(info.kind, kinds[i]) << toString(kinds[i]);
        EXPECT_EQ(&getSceneKindInfo(kinds[i]), &info);
        ASSERT_NE(info.title, nullptr);
        EXPECT_TRUE(titles.insert(info.title).second) << "a title of its own: " << info.title;
        EXPECT_NE(info.read, nullptr) << toString(info.kind);
        EXPECT_NE(info.readParameters, nullptr) << toString(info.kind);
        EXPECT_NE(info.simulate, nullptr) << toString(info.kind);
        EXPECT_NE(info.solve, nullptr) << toString(info.kind);
    }
}

TEST(SceneKinds, EachSpellingReadsBackAsItsKind) {
    std::set<std::string> spellings;
    for (SceneKind kind : listSceneKinds()) {
        const json document = {{"format", kSceneFormat}, {"kind", toString(kind)}};
        EXPECT_EQ(getSceneKind(document), kind);
        EXPECT_EQ(getSceneKindInfo(document).kind, kind);
        EXPECT_TRUE(spellings.insert(toString(kind)).second) << toString(kind);
    }
    EXPECT_EQ(getSceneKind(json{{"format", kSceneFormat}}), SceneKind::Spatial) << "no kind: spatial";
    EXPECT_EQ(getSceneKind(json{{"format", "impactlab.impact-scene/1"}}), SceneKind::Impact) << "legacy format";
    EXPECT_EQ(getSceneKind(json{{"format", "impactlab.plus-scene/1"}}), SceneKind::Plus) << "legacy format";
}

TEST(SceneKinds, EveryBuiltInSceneReadsThroughItsKind) {
    std::set<SceneKind> seen;
    for (json document : readBuiltInScenes()) {
        const std::string name = document["__path"];
        document.erase("__path");
        const SceneKindInfo& info = getSceneKindInfo(document);
        seen.insert(info.kind);
        const AnyScene scene = info.read(document);
        EXPECT_EQ(scene.index(), getExpectedAlternative(info.kind)) << name;
        // Only the kinds simulate() runs have time histories.
        const bool simulated = std::holds_alternative<SpatialScene>(scene) ||
                               std::holds_alternative<PlanarScene>(scene) ||
                               std::holds_alternative<VehicleScene>(scene);
        EXPECT_EQ(simulated, info.shape == SceneRunShape::TimeHistories) << name;
        const std::vector<SceneParameter> parameters = info.readParameters(document);
        const std::vector<SceneParameter>& read =
            std::visit([](const auto& s) -> const std::vector<SceneParameter>& { return s.parameters; }, scene);
        ASSERT_EQ(parameters.size(), read.size()) << name;
        for (std::size_t i = 0; i < read.size(); ++i) EXPECT_EQ(parameters[i].id, read[i].id) << name;
    }
    for (SceneKind kind : listSceneKinds()) EXPECT_TRUE(seen.count(kind)) << "no built-in scene of kind " << toString(kind);
}

TEST(SceneKinds, ScenesWithoutASingleImpactSaySo) {
    const json granular = {{"format", kSceneFormat}, {"kind", "granular"}};
    try {
        getSceneKindInfo(SceneKind::Granular).solve(granular, std::nullopt, false);
        FAIL() << "a granular scene has no impact to solve";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "kind");
        EXPECT_NE(std::string(e.what()).find("has no single impact to solve: run it with simulate"), std::string::npos);
    }
    const json plus = {{"format", kSceneFormat}, {"kind", "plus"}};
    try {
        getSceneKindInfo(SceneKind::Plus).solve(plus, std::string("newton"), false);
        FAIL() << "a PLUS scene is solved by plus alone";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "--model");
    }
}

}}  // namespace
