// Measured data in scenes (scene/SceneMeasurements.h): every kind's reader
// accepts "measurements" and keeps its points; bad data is refused with an
// error that names the field, never carried into a view.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

#include "scene/SceneMeasurements.h"
#include "support/SceneKindTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using test::getRefusalOf;
using test::loadSceneDocument;
using test::readAsItsKind;

json makeSeries(const std::string& x, const json& points) {
    return {{"name", "measured"}, {"x", x}, {"y", "tangential_restitution"}, {"source", "a test"}, {"points", points}};
}

json withMeasurements(json doc, const json& measurements) {
    doc[kMeasurementsKey] = measurements;
    return doc;
}

TEST(SceneMeasurements, EveryKindKeepsTheSeriesOfItsFirstNumericParameter) {
    const std::set<SceneKind> kindsSeen = test::forEachSceneWithANumericParameter(
        [](const std::string& name, const json& doc, const std::vector<SceneParameter>& parameters,
           const SceneParameter& p) {
            const json measured = withMeasurements(
                doc, json::array({makeSeries(p.id, {{{"x", p.min}, {"y", 0.5}}, {{"x", p.max}, {"y", 0.75}, {"sigma_y", 0.02}}})}));
            EXPECT_EQ(getRefusalOf([&] { readAsItsKind(measured); }), "no error") << name;
            const std::vector<MeasurementSeries> series = readSceneMeasurements(measured, parameters);
            ASSERT_EQ(series.size(), 1u) << name;
            ASSERT_EQ(series[0].points.size(), 2u) << name;
            EXPECT_EQ(series[0].xParameter, p.id);
            EXPECT_EQ(series[0].points[1].x, p.max);
            EXPECT_EQ(series[0].points[1].y, 0.75);
            EXPECT_FALSE(series[0].points[0].sigmaY.has_value());
            EXPECT_EQ(series[0].points[1].sigmaY, 0.02);
        });
    EXPECT_EQ(kindsSeen.size(), listSceneKinds().size());
}

TEST(SceneMeasurements, BadDataIsRefusedNamingTheField) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");   // a numeric parameter "friction"
    const auto error = [&](const json& measurements) {
        return getRefusalOf([&] { readAsItsKind(withMeasurements(doc, measurements)); });
    };
    const json point = {{"x", 0.1}, {"y", 0.5}};
    EXPECT_EQ(error(json::object()), "measurements: must be an array of series, got an object");
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array())})),
              "measurements[0].points: must be an array of at least one point, got none");
    EXPECT_EQ(error(json::array({makeSeries("mu", json::array({point}))})),
              "measurements[0].x: the scene has no numeric parameter 'mu'");
    EXPECT_EQ(error(json::array({makeSeries("case", json::array({point}))})),
              "measurements[0].x: the scene has no numeric parameter 'case'");   // a choice, not a number
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array({json{{"x", 0.1}, {"y", inf}}}))})),
              "measurements[0].points[0].y: must be a finite number");
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array({point, json{{"x", 0.2}, {"y", 0.4}, {"sigma_y", -0.1}}}))})),
              "measurements[0].points[1].sigma_y: must be >= 0 (one standard deviation), got -0.1");
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array({json{{"x", 0.2}}}))})), "measurements[0].points[0].y: missing");
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array({json{{"x", 0.2}, {"y", 0.1}, {"z", 1}}}))})).rfind("measurements[0].points[0].z", 0), 0u);
    json unnamed = makeSeries("friction", json::array({point}));
    unnamed["name"] = "";
    EXPECT_EQ(error(json::array({unnamed})), "measurements[0].name: must not be empty");
    EXPECT_EQ(error(json::array({makeSeries("friction", json::array({point})), makeSeries("friction", json::array({point}))})),
              "measurements[1].name: repeats measurements[0].name");
    json unknownQuantity = makeSeries("friction", json::array({point}));
    unknownQuantity["y"] = "e_t";
    EXPECT_EQ(error(json::array({unknownQuantity})).rfind("measurements[0].y: no derived quantity 'e_t' (one of ", 0), 0u);
}

TEST(SceneMeasurements, NamedRangesAreReadAndCheckedNamingTheField) {
    const json doc = loadSceneDocument("plus-brick-vertex.json");
    const json point = {{"x", 0.1}, {"y", 0.5}};
    json series = makeSeries("friction", json::array({point}));
    series["ranges"] = json::array({{{"name", "low"}, {"min", 0.0}, {"max", 0.2}}, {{"name", "high"}, {"min", 0.2}, {"max", 0.9}}});
    const std::vector<MeasurementSeries> read = readSceneMeasurements(withMeasurements(doc, json::array({series})),
                                                                      getSceneKindInfo(doc).readParameters(doc));
    ASSERT_EQ(read.size(), 1u);
    ASSERT_EQ(read[0].ranges.size(), 2u);
    EXPECT_EQ(read[0].ranges[1].name, "high");
    EXPECT_EQ(read[0].ranges[1].min, 0.2);
    EXPECT_EQ(read[0].ranges[1].max, 0.9);

    const auto error = [&](const json& ranges) {
        json s = series;
        s["ranges"] = ranges;
        return getRefusalOf([&] { readAsItsKind(withMeasurements(doc, json::array({s}))); });
    };
    EXPECT_EQ(error(json::object()), "measurements[0].ranges: must be an array of ranges, got an object");
    EXPECT_EQ(error(json::array({{{"name", "flat"}, {"min", 0.3}, {"max", 0.3}}})),
              "measurements[0].ranges[0].max: must be above min (0.3), got 0.3");
    EXPECT_EQ(error(json::array({{{"name", "a"}, {"min", 0.0}, {"max", 0.3}}, {{"name", "a"}, {"min", 0.3}, {"max", 0.5}}})),
              "measurements[0].ranges[1].name: repeats measurements[0].ranges[0].name");
    EXPECT_EQ(error(json::array({{{"min", 0.0}, {"max", 0.3}}})), "measurements[0].ranges[0].name: missing");
}

}}  // namespace
}  // namespace impactlab
