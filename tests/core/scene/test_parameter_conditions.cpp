// Parameters that apply only in some modes of a scene ("applies_when"): read from the document, the reason a row is disabled, and a
// clear error naming the field for a condition that makes no sense.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "scene/ParameterConditions.h"
#include "scene/PlusScene.h"
#include "sim/PlusSceneRun.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

nlohmann::json readScene(const std::string& file) {
    std::ifstream in(std::string(IMPACTLAB_SCENES_DIR) + "/" + file);
    return nlohmann::json::parse(in);
}

// The message of the InputError that parsing `doc` throws, or "" when none.
std::string parseError(const nlohmann::json& doc) {
    try {
        parsePlusScene(doc);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

nlohmann::json& findEntry(nlohmann::json& doc, const std::string& id) {
    for (auto& p : doc["parameters"])
        if (p["id"] == id) return p;
    throw std::runtime_error("no parameter " + id);
}


TEST(ParameterConditions, TheTriplePendulumsRowsFollowItsPose) {
    nlohmann::json doc = readScene("plus-triple-pendulum.json");
    for (const std::string pose : {"release", "impact"}) {
        doc["example"]["pose"] = pose;
        const PlusScene scene = parsePlusScene(doc);
        const auto conditions = readParameterConditions(doc, scene.parameters);
        EXPECT_EQ(conditions.size(), 9u);   // the release angles, their reading (Angles), and the impact pose's five
        const std::string atImpact = findInapplicableReason(conditions, scene.parameters, "theta1");
        const std::string atRelease = findInapplicableReason(conditions, scene.parameters, "release1");
        EXPECT_EQ(atImpact.empty(), pose == "impact");
        EXPECT_EQ(atRelease.empty(), pose == "release");
        if (pose == "release") {
            EXPECT_EQ(atImpact, "Applies only when Pose is impact (now release)");
        }
        EXPECT_TRUE(findInapplicableReason(conditions, scene.parameters, "friction").empty()) << "unconditioned";
    }
}

TEST(ParameterConditions, ANonsensicalConditionIsRefusedNamingTheField) {
    const nlohmann::json original = readScene("plus-triple-pendulum.json");
    const std::string field = "parameters[1].applies_when";   // release1 is the second parameter
    ASSERT_EQ(original["parameters"][1]["id"], "release1");
    struct Case {
        nlohmann::json when;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {{{"posture", "release"}}, field + ".posture: names no parameter of the scene"},
        {{{"friction", "release"}}, field + ".friction: must name a choice parameter"},
        {{{"pose", "falling"}}, field + ".pose: \"falling\" is not one of the choices of pose"},
        {{{"pose", 3}}, field + ".pose: must be a choice or a non-empty list of choices"},
        {{{"pose", nlohmann::json::array()}}, field + ".pose: must be a choice or a non-empty list of choices"},
        {"release", field + ": must be an object naming one choice parameter"},
    };
    for (const Case& c : cases) {
        nlohmann::json doc = original;
        findEntry(doc, "release1")["applies_when"] = c.when;
        const std::string error = parseError(doc);
        EXPECT_EQ(error.rfind(c.expected, 0), 0u) << "got: " << error << "\nexpected: " << c.expected;
    }
    nlohmann::json listed = original;
    findEntry(listed, "release1")["applies_when"] = {{"pose", {"release", "impact"}}};
    EXPECT_EQ(parseError(listed), "") << "a list of choices is a valid condition";
}

// Every conditioned row of a built-in PLUS scene is dead in the modes its
// condition excludes: moving it there leaves the PLUS solution exactly as it
// was (the condition is no guess), and it does move the solution in a mode
// where it applies (the row is not dead everywhere).
TEST(ParameterConditions, DeadRowsOfThePlusScenesChangeNothingAndLiveOnesDo) {
    for (const std::string file : {"plus-brick-vertex.json", "plus-triple-pendulum.json"}) {
        SCOPED_TRACE(file);
        const nlohmann::json original = readScene(file);
        const PlusScene scene = parsePlusScene(original);
        const auto conditions = readParameterConditions(original, scene.parameters);
        ASSERT_FALSE(conditions.empty());
        for (const ParameterCondition& c : conditions) {
            SCOPED_TRACE(c.parameter);
            const SceneParameter* choice = nullptr;
            const SceneParameter* row = nullptr;
            for (const SceneParameter& p : scene.parameters) {
                if (p.id == c.choiceParameter) choice = &p;
                if (p.id == c.parameter) row = &p;
            }
            ASSERT_TRUE(choice && row);
            for (const std::string& mode : choice->choices) {
                const nlohmann::json inMode = setChoiceInDocument(scene.parameters, original, choice->id, mode);
                const Eigen::VectorXd before = runPlusScene(parsePlusScene(inMode)).plus.impulse;
                // Two values across the range: one of them changes a live
                // row's solution (a sticking contact ignores friction above
                // its need, so one value alone may not).
                // A choice row (the pendulum's Angles) is set to each of its choices.
                std::vector<nlohmann::json> edits;
                if (row->kind == SceneParameter::Kind::Choice) {
                    for (const std::string& ch : row->choices)
                        edits.push_back(setChoiceInDocument(scene.parameters, inMode, row->id, ch));
                } else {
                    for (double share : {0.05, 0.61})
                        edits.push_back(setParameterInDocument(scene.parameters, inMode, row->id,
                                                               row->min + share * (row->max - row->min)));
                }
                int changed = 0;
                for (const nlohmann::json& moved : edits) {
                    try {
                        changed += runPlusScene(parsePlusScene(moved)).plus.impulse == before ? 0 : 1;
                    } catch (const InputError&) {
                        ++changed;   // a live row can take the scene out of its range (no approach)
                    }
                }
                const bool applies = std::find(c.choices.begin(), c.choices.end(), mode) != c.choices.end();
                if (applies) EXPECT_GT(changed, 0) << "live in mode " << mode;
                else EXPECT_EQ(changed, 0) << "dead in mode " << mode;
            }
        }
    }
}
}}  // namespace
