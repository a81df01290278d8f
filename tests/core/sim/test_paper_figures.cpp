// The figure catalogue (core/sim/PaperFigures.h): every id
// the catalogue promises is there, once, under the papers' numbering; every figure
// names a built-in scene and parameters that scene has, and setting it up
// gives a document the scene's reader accepts with the values asked for.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "io/JsonInput.h"
#include "sim/PaperFigures.h"
#include "sim/SceneKinds.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

namespace fs = std::filesystem;

// The ids of every figure and table the catalogue promises, in the papers'
// numbering.
std::set<std::string> listExpectedIds() {
    std::set<std::string> ids;
    for (int n = 4; n <= 11; ++n) ids.insert("jia-wang-fig" + std::to_string(n));
    ids.insert("jia-wang-table1");
    for (const char* s : {"fig2.5", "fig2.6", "table2.1"}) ids.insert(std::string("cataldo-sampaio-") + s);
    for (int n = 2; n <= 23; ++n) ids.insert("cataldo-sampaio-fig3." + std::to_string(n));
    for (int n = 2; n <= 7; ++n) ids.insert("cataldo-sampaio-fig4." + std::to_string(n));
    for (int n : {2, 4, 5, 8, 9, 10, 12, 13, 14, 15}) ids.insert("plus-fig" + std::to_string(n));
    ids.insert("plus-table1");
    ids.insert("plus-table2");
    for (int n : {2, 3, 4, 5, 7, 8, 10, 11, 12}) ids.insert("max-dissipation-fig" + std::to_string(n));
    ids.insert("max-dissipation-table1");
    ids.insert("max-dissipation-table2");
    // Measurements the laws are held against, beside the papers.
    ids.insert("experiment-kharaz-2001");
    return ids;
}

json readBuiltInScene(const std::string& stem) {
    std::ifstream in(fs::path(IMPACTLAB_SCENES_DIR) / (stem + ".json"));
    if (!in) return nullptr;
    return toUnifiedSceneDocument(json::parse(in));
}

TEST(PaperFigures, EveryIdOfTheIssueIsListedOnce) {
    std::set<std::string> listed;
    for (const PaperFigure& f : listPaperFigures()) EXPECT_TRUE(listed.insert(f.id).second) << "twice: " << f.id;
    EXPECT_EQ(listed, listExpectedIds());
    const json list = listPaperFiguresJson();
    ASSERT_EQ(list.size(), listPaperFigures().size());
    for (const auto& e : list)
        for (const char* key : {"id", "paper", "title", "scene", "caption"})
            EXPECT_TRUE(e.contains(key) && e[key].is_string() && !e[key].get<std::string>().empty()) << e.dump();
}

TEST(PaperFigures, IdsBeginWithTheirPaperAndEveryPaperHasFigures) {
    for (const PaperFigurePaper& p : listFigurePapers()) {
        int count = 0;
        for (const PaperFigure& f : listPaperFigures()) count += f.paper == p.id;
        EXPECT_GT(count, 0) << p.id;
    }
    for (const PaperFigure& f : listPaperFigures()) EXPECT_EQ(f.id.rfind(f.paper + "-", 0), 0u) << f.id;
    EXPECT_EQ(findPaperFigure("plus-fig8")->scene, "plus-brick-vertex");
    EXPECT_EQ(findPaperFigure("no-such-figure"), nullptr);
}

TEST(PaperFigures, EverySetupIsAcceptedWithTheValuesAsked) {
    for (const PaperFigure& f : listPaperFigures()) {
        SCOPED_TRACE(f.id);
        const json scene = readBuiltInScene(f.scene);
        ASSERT_FALSE(scene.is_null()) << "no built-in scene " << f.scene;
        json doc = applyPaperFigure(scene, f);
        // The overlay is the pages' business; the kind's reader sees the rest.
        doc.erase("overlay");
        const SceneKindInfo& kind = getSceneKindInfo(doc);
        ASSERT_NO_THROW(kind.read(doc));
        const std::vector<SceneParameter> parameters = kind.readParameters(doc);
        for (const auto& [id, value] : f.set.items()) {
            if (id.front() == '/') {
                EXPECT_EQ(doc.at(json::json_pointer(id)), value) << id;
                continue;
            }
            for (const SceneParameter& p : parameters) {
                if (p.id != id || p.kind == SceneParameter::Kind::Choice) continue;
                EXPECT_EQ(doc.at(json::json_pointer(p.target)).get<double>(), value.get<double>()) << id;
            }
        }
        if (!f.overlay.is_null()) {
            bool known = false;
            for (const SceneParameter& p : parameters) known = known || p.id == f.overlay.at("parameter");
            EXPECT_TRUE(known) << "overlay of an unknown parameter";
        }
    }
}

TEST(PaperFigures, AnUnknownParameterIsNamed) {
    PaperFigure f = *findPaperFigure("plus-fig2");
    f.set = {{"no_such_slider", 1.0}};
    try {
        applyPaperFigure(readBuiltInScene(f.scene), f);
        FAIL() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("figures.plus-fig2.set.no_such_slider"), std::string::npos) << e.what();
    }
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
