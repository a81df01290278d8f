// Parameter overlays (scene/SceneOverlay.h): every kind's
// reader accepts "overlay" and refuses a bad one naming the field; the
// expansion gives one document per value with the parameter set exactly as
// its setter sets it, and a document without an overlay expands to nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "scene/SceneOverlay.h"
#include "sim/SceneKinds.h"
#include "support/SceneKindTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using test::loadSceneDocument;

// The field and reason of the InputError `f` throws ("" when it throws none).
template <class F>
std::string findError(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

json withOverlay(json doc, const json& overlay) {
    doc[kOverlayKey] = overlay;
    return doc;
}

using test::readAsItsKind;

TEST(SceneOverlay, EveryKindReadsAnOverlayOfItsFirstNumericParameter) {
    const std::set<SceneKind> kindsSeen = test::forEachSceneWithANumericParameter(
        [](const std::string& name, const json& doc, const std::vector<SceneParameter>& parameters,
           const SceneParameter& p) {
            const json overlaid = withOverlay(doc, {{"parameter", p.id}, {"values", {p.min, p.max}}});
            EXPECT_EQ(findError([&] { readAsItsKind(overlaid); }), "") << name;
            const std::optional<SceneOverlay> overlay = readSceneOverlay(overlaid, parameters);
            ASSERT_TRUE(overlay) << name;
            EXPECT_EQ(overlay->numbers, (std::vector<double>{p.min, p.max})) << name;
        });
    EXPECT_EQ(kindsSeen.size(), listSceneKinds().size());
}

TEST(SceneOverlay, ErrorsNameTheField) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");   // friction in [0, 1], case a choice
    const auto error = [&](const json& overlay) { return findError([&] { readAsItsKind(withOverlay(doc, overlay)); }); };
    EXPECT_EQ(error(json::array()), "overlay: must be a JSON object, got an array");
    EXPECT_EQ(error({{"parameter", "mu"}, {"values", {0.1, 0.2}}}).rfind("overlay.parameter: names no parameter", 0), 0u);
    EXPECT_EQ(error({{"parameter", 3}, {"values", {0.1, 0.2}}}).rfind("overlay.parameter: must be", 0), 0u);
    EXPECT_EQ(error({{"parameter", "friction"}}), "overlay.values: missing");
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", {0.1}}}), "overlay.values: must be an array of 2 to 8 values, got 1 values");
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", json::array({0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8})}}),
              "overlay.values: must be an array of 2 to 8 values, got 9 values");
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", {0.1, 2.0}}}),
              "overlay.values[1]: must be in [0, 1], the range of parameter friction, got 2");
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", {0.1, "x"}}}), "overlay.values[1]: must be a number, got a string");
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", {0.1, 0.2, 0.1}}}), "overlay.values[2]: repeats overlay.values[0]");
    EXPECT_EQ(error({{"parameter", "case"}, {"values", {"0.125", "0.5"}}}),
              "overlay.values[1]: \"0.5\" is not a choice of parameter case (0.125, 0.225, 0.325, custom)");
    EXPECT_EQ(error({{"parameter", "case"}, {"values", {"0.125", 1}}}).rfind("overlay.values[1]: must be one of the choices", 0), 0u);
    EXPECT_EQ(error({{"parameter", "friction"}, {"values", {0.1, 0.2}}, {"colour", 1}}).rfind("overlay.colour", 0), 0u);
}

TEST(SceneOverlay, StepsOfASteppedParameterAreEnforced) {
    json doc = loadSceneDocument("plus-brick-vertex.json");
    doc["parameters"][1]["step"] = 0.1;   // friction: 0, 0.1, ..., 1
    EXPECT_EQ(findError([&] { readAsItsKind(withOverlay(doc, {{"parameter", "friction"}, {"values", {0.1, 0.3, 0.7}}})); }), "");
    EXPECT_EQ(findError([&] { readAsItsKind(withOverlay(doc, {{"parameter", "friction"}, {"values", {0.1, 0.25}}})); }),
              "overlay.values[1]: must be on the steps of parameter friction (0 + k 0.1), got 0.25");
}

TEST(SceneOverlay, ExpandsToOneDocumentPerValueThroughTheSetter) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");
    EXPECT_TRUE(expandSceneOverlay(doc).empty());
    const json overlaid = withOverlay(doc, {{"parameter", "friction"}, {"values", {0.125, 0.225, 0.325}}});
    const std::vector<OverlayCase> cases = expandSceneOverlay(overlaid);
    ASSERT_EQ(cases.size(), 3u);
    const std::vector<SceneParameter> parameters = parseSceneParameters(doc);
    const double values[] = {0.125, 0.225, 0.325};
    for (std::size_t i = 0; i < cases.size(); ++i) {
        // Exactly the slider's edit of the document without the overlay.
        EXPECT_EQ(cases[i].document, setParameterInDocument(parameters, doc, "friction", values[i])) << i;
        EXPECT_FALSE(cases[i].document.contains(kOverlayKey));
    }
    EXPECT_EQ(cases[0].label, "friction = 0.125");
    EXPECT_EQ(cases[2].label, "friction = 0.325");

    const std::vector<OverlayCase> choices =
        expandSceneOverlay(withOverlay(doc, {{"parameter", "case"}, {"values", {"0.125", "custom"}}}));
    ASSERT_EQ(choices.size(), 2u);
    EXPECT_EQ(choices[1].document, setChoiceInDocument(parameters, doc, "case", "custom"));
    EXPECT_EQ(choices[1].label, "case = custom");
}

TEST(SceneOverlay, LabelsShowTheAppsUnits) {
    SceneParameter angle;
    angle.id = "theta_max";
    angle.unit = "rad";
    EXPECT_EQ(makeOverlayLabel(angle, kPi / 6.0), "theta_max = 30 deg");
    SceneParameter speed;
    speed.id = "vz";
    speed.unit = "m/s";
    EXPECT_EQ(makeOverlayLabel(speed, -5.74), "vz = -5.74 m/s");
}

TEST(SceneOverlay, SetAndClearRoundTrip) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");
    SceneOverlay overlay;
    overlay.parameter = "theta_max";
    overlay.numbers = {0.01, 0.15, 0.25};
    const json set = setSceneOverlay(doc, overlay);
    EXPECT_EQ(readSceneOverlay(set, parseSceneParameters(set)), overlay);
    EXPECT_EQ(setSceneOverlay(set, std::nullopt), doc);   // cleared: the document as it was
    overlay.numbers.push_back(9.0);   // out of theta_max's range
    EXPECT_EQ(findError([&] { setSceneOverlay(doc, overlay); }),
              "overlay.values[3]: must be in [0.005, 0.5], the range of parameter theta_max, got 9");
}

TEST(SceneOverlay, AValueTheReaderRefusesIsNamedAsTheOverlays) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");
    std::vector<OverlayCase> cases = expandSceneOverlay(withOverlay(doc, {{"parameter", "vz"}, {"values", {-5.0, -6.0}}}));
    cases[1].document["example"]["e_min"] = 7.0;   // what no value of vz would do, to see the wrapping
    const std::string error = findError([&] { readOverlayCases(cases, [](const json& d) { return getSceneKindInfo(d).read(d); }); });
    EXPECT_EQ(error.rfind("overlay.values[1]: vz = -6 m/s gives a scene the reader refuses: example.e_min", 0), 0u) << error;
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
}  // namespace impactlab
