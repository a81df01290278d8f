// The figures of a parameter overlay merged (diagram/FigureOverlay.h): one
// series per (quantity, value), coloured by value, named with the value,
// styles kept; tables with a leading value column.
#include <gtest/gtest.h>

#include <map>

#include "diagram/FigureOverlay.h"
#include "diagram/PlusFigures.h"
#include "scene/PlusScene.h"
#include "scene/SceneOverlay.h"
#include "sim/PlusSceneRun.h"
#include "support/SceneTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

FigureSeries makeTestSeries(const std::string& name, int color, bool dashed, FigureMarker marker, double y) {
    FigureSeries s;
    s.name = name;
    s.colorIndex = color;
    s.dashed = dashed;
    s.marker = marker;
    s.points = {Vec2(0.0, y), Vec2(1.0, y)};
    return s;
}

Figure makeTestFigure(double y) {
    Figure f;
    f.title = "velocity";
    f.xLabel = "v_x [m/s]";
    f.yLabel = "v_y [m/s]";
    f.series = {makeTestSeries("PLUS contact 1", 0, true, FigureMarker::None, y),
                makeTestSeries("compliant contact 2", 1, false, FigureMarker::None, 2 * y),
                makeTestSeries("end of compression", 0, false, FigureMarker::Star, 3 * y)};
    return f;
}

// The series drawn (not the legend's keys).
std::vector<FigureSeries> findDrawn(const Figure& f) {
    std::vector<FigureSeries> out;
    for (const FigureSeries& s : f.series)
        if (!s.legendOnly) out.push_back(s);
    return out;
}

TEST(FigureOverlay, OneSeriesPerQuantityAndValueColouredByValue) {
    const std::vector<std::string> labels = {"friction = 0.125", "friction = 0.225", "friction = 0.325"};
    const Figure merged = mergeOverlayFigures({makeTestFigure(1), makeTestFigure(2), makeTestFigure(3)}, labels);
    EXPECT_EQ(merged.title, "velocity");
    EXPECT_EQ(merged.xLabel, "v_x [m/s]");
    const std::vector<FigureSeries> drawn = findDrawn(merged);
    ASSERT_EQ(drawn.size(), 9u);
    for (std::size_t v = 0; v < 3; ++v)
        for (std::size_t q = 0; q < 3; ++q) {
            const FigureSeries& s = drawn[3 * v + q];
            const Figure figure = makeTestFigure(static_cast<double>(v + 1));
            const FigureSeries& original = figure.series[q];
            EXPECT_EQ(s.name, original.name + " (" + labels[v] + ")");
            EXPECT_EQ(s.colorIndex, static_cast<int>(v));
            EXPECT_EQ(s.dashed, original.dashed);
            EXPECT_EQ(s.marker, original.marker);
            EXPECT_EQ(s.points, original.points);   // each value's own numbers, untouched
            EXPECT_FALSE(s.inLegend) << "the keys name it";
        }
}

TEST(FigureOverlay, TheLegendIsAKeyPerValueThenAKeyPerQuantity) {
    const std::vector<std::string> labels = {"mu = 0.1", "mu = 0.3"};
    const Figure merged = mergeOverlayFigures({makeTestFigure(1), makeTestFigure(2)}, labels);
    std::vector<FigureSeries> keys;
    for (const FigureSeries& s : merged.series)
        if (s.legendOnly) keys.push_back(s);
    ASSERT_EQ(keys.size(), 5u);
    EXPECT_EQ(keys[0].name, "mu = 0.1");
    EXPECT_EQ(keys[0].colorIndex, 0);
    EXPECT_EQ(keys[1].name, "mu = 0.3");
    EXPECT_EQ(keys[1].colorIndex, 1);
    EXPECT_EQ(keys[2].name, "PLUS contact 1");
    EXPECT_TRUE(keys[2].dashed) << "a quantity's key shows its style";
    EXPECT_EQ(keys[4].marker, FigureMarker::Star);
    for (const FigureSeries& k : keys) EXPECT_TRUE(k.points.empty());
    EXPECT_TRUE(mergeOverlayFigures({Figure{}, Figure{}}, labels).series.empty()) << "nothing to draw, nothing to key";
}

TEST(FigureOverlay, ASeriesTheSameForEveryValueKeepsItsColour) {
    Figure a = makeTestFigure(1), b = makeTestFigure(2);
    FigureSeries circle = makeTestSeries("v_transition circle", -1, false, FigureMarker::None, 0.1);
    a.series.push_back(circle);
    b.series.push_back(circle);
    const std::vector<FigureSeries> drawn = findDrawn(mergeOverlayFigures({a, b}, {"mu = 0.1", "mu = 0.3"}));
    ASSERT_EQ(drawn.size(), 8u);
    EXPECT_EQ(drawn[3].colorIndex, -1);
    EXPECT_EQ(drawn[7].colorIndex, -1);
    EXPECT_EQ(drawn[7].name, "v_transition circle (mu = 0.3)");
}

TEST(FigureOverlay, TablesGetALeadingValueColumnAndTheUnionOfColumns) {
    FigureTable a{"rounds", {"contact", "round 1", "final v_n [m/s]"}, {{"c1", "C", "0.5"}}, {}};
    FigureTable b{"rounds", {"contact", "round 1", "round 2", "final v_n [m/s]"}, {{"c1", "C", "R", "0.7"}, {"c2", "-", "C", "0.1"}}, {}};
    const FigureTable merged = mergeOverlayTables({a, b}, {"e = 0.1", "e = 0.9"}, "e");
    EXPECT_EQ(merged.title, "rounds");
    EXPECT_EQ(merged.header, (std::vector<std::string>{"e", "contact", "round 1", "round 2", "final v_n [m/s]"}));
    ASSERT_EQ(merged.rows.size(), 3u);
    EXPECT_EQ(merged.rows[0], (std::vector<std::string>{"e = 0.1", "c1", "C", "", "0.5"}));
    EXPECT_EQ(merged.rows[2], (std::vector<std::string>{"e = 0.9", "c2", "-", "C", "0.1"}));
}

// Each value's numbers keep the format its own table chose (0.5 beside 10.25
// in one, 1 beside 3 with more decimals in the other): merged, they stay in separate groups,
// so formatting each group again gives the text on screen.
TEST(FigureOverlay, MergedTablesKeepEachValuesNumbersAndFormats) {
    FigureTable a{"t", {"x"}, {{""}, {""}}, {}};
    a.setNumberColumn(0, {0, 1}, {{0.5, 0.0}, {10.25, 0.0}});
    FigureTable b{"t", {"x"}, {{""}, {""}}, {}};
    b.setNumberColumn(0, {0, 1}, {{1.0, 0.0}, {3.0, 0.0}});
    const FigureTable merged = mergeOverlayTables({a, b}, {"a", "b"}, "value");
    ASSERT_EQ(merged.rows.size(), 4u);
    std::map<int, std::vector<std::pair<std::size_t, TableNumber>>> groups;
    for (std::size_t r = 0; r < merged.rows.size(); ++r) {
        const TableNumber* n = merged.findNumber(r, 1);
        ASSERT_NE(n, nullptr) << "row " << r;
        groups[n->group].emplace_back(r, *n);
    }
    ASSERT_EQ(groups.size(), 2u);
    for (const auto& [group, cells] : groups) {
        std::vector<TableNumber> numbers;
        for (const auto& c : cells) numbers.push_back(c.second);
        const std::vector<std::string> text = formatTableNumbers(numbers);
        for (std::size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(merged.rows[cells[i].first][1], text[i]);
    }
    EXPECT_EQ(merged.rows[0][1], a.rows[0][0]);
    EXPECT_EQ(merged.rows[1][1], a.rows[1][0]);
    EXPECT_EQ(merged.rows[2][1], b.rows[0][0]);
    EXPECT_EQ(merged.rows[3][1], b.rows[1][0]);
    EXPECT_NE(a.rows[1][0].size() - a.rows[1][0].find('.'), b.rows[1][0].size() - b.rows[1][0].find('.'))
        << "the two values' columns were formatted alike; the test would not tell the groups apart";
}

// The PLUS brick's Fig. 8 with three friction values, from the scene to the
// merged figure as the page makes it: three series for every series one
// value draws, each value's final tangential velocity its own run's.
TEST(FigureOverlay, PlusBrickFrictionOverlay) {
    json doc = test::loadSceneDocument("plus-brick-vertex.json");
    doc["example"]["case"] = "custom";   // friction applies in the custom case only
    doc[kOverlayKey] = {{"parameter", "friction"}, {"values", {0.125, 0.225, 0.325}}};
    const std::vector<OverlayCase> cases = expandSceneOverlay(doc);
    const std::vector<PlusScene> scenes = readOverlayCases(cases, [](const json& d) { return parsePlusScene(d); });
    std::vector<Figure> figures;
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        figures.push_back(makePlusFigures(runPlusScene(scenes[i])).tangentialVelocity);
        labels.push_back(cases[i].label);
    }
    const Figure merged = mergeOverlayFigures(figures, labels);
    std::map<std::string, int> perQuantity;
    for (std::size_t v = 0; v < figures.size(); ++v)
        for (const FigureSeries& s : figures[v].series) ++perQuantity[s.name];
    const std::vector<FigureSeries> drawn = findDrawn(merged);
    for (const auto& entry : perQuantity) {
        // Named copies: a lambda may not capture a structured binding before C++20 (Clang).
        const std::string& name = entry.first;
        EXPECT_EQ(entry.second, 3) << name;
        for (const std::string& label : labels)
            EXPECT_EQ(std::count_if(drawn.begin(), drawn.end(),
                                    [&](const FigureSeries& s) { return s.name == name + " (" + label + ")"; }),
                      1)
                << name << " " << label;
    }
    // The paper's point: 0.125 slides throughout, so its PLUS trajectory ends
    // away from the origin; 0.325 sticks, so it ends on it.
    const auto finalSpeed = [&](std::size_t v) {
        for (const FigureSeries& s : figures[v].series)
            if (s.dashed && s.marker == FigureMarker::None && !s.points.empty()) return s.points.back().norm();
        return -1.0;
    };
    EXPECT_GT(finalSpeed(0), finalSpeed(2));
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
}  // namespace impactlab
