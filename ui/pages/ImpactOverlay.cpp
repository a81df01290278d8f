#include "pages/ImpactOverlay.h"

#include <cassert>
#include <cstddef>
#include <limits>
#include <utility>

#include "diagram/ComparisonTable.h"
#include "diagram/CoulombSolutionsTable.h"
#include "diagram/EventSequence.h"
#include "diagram/FigureOverlay.h"
#include "diagram/ImpulseDiagram.h"
#include "scene/SceneOverlay.h"

namespace impactlab::ui {

std::vector<ImpactOverlayValue> solveImpactOverlay(const nlohmann::json& document) {
    const std::vector<OverlayCase> cases = expandSceneOverlay(document);
    std::vector<ImpactScene> scenes =
        readOverlayCases(cases, [](const nlohmann::json& d) { return parseImpactScene(d); });
    std::vector<ImpactOverlayValue> values;
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        ImpactOverlayValue v;
        v.label = cases[i].label;
        v.comparison = compareLaws(scenes[i].problem, listSceneLaws(scenes[i]));
        if (!v.comparison.front().accepted) continue;
        v.scene = std::move(scenes[i]);
        v.outcome = {v.comparison.front().result, v.comparison.front().trace};
        const ImpactProblem& p = v.scene.problem;
        v.hodograph = makeHodographDiagram(p, v.outcome.result, v.outcome.trace);
        v.curve = makeImpulseCurve3D(p, v.outcome.result, v.outcome.trace);
        v.energy = makeEnergyCurve(v.outcome.trace);
        v.fobj = makeMdpDiagram(p).fobj;
        values.push_back(std::move(v));
    }
    return values;
}

namespace {
std::vector<std::string> listLabels(const std::vector<ImpactOverlayValue>& values) {
    std::vector<std::string> labels;
    for (const ImpactOverlayValue& v : values) labels.push_back(v.label);
    return labels;
}
}  // namespace

ImpulseDiagram makeOverlayImpulseDiagram(const std::vector<ImpactOverlayValue>& values, const Vec3& tangent) {
    assert(!values.empty());
    ImpulseDiagramOptions options;
    options.tangentDirection = tangent;
    // First each value's own box, then every value again in the box of all,
    // so the lines no value changes coincide (a diagram takes microseconds).
    std::vector<ImpulseDiagram> diagrams;
    Vec2 lo = Vec2::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
    for (const ImpactOverlayValue& v : values) {
        const ImpulseDiagram own = makeImpulseDiagram(v.scene.problem, {v.outcome}, options);
        lo = lo.cwiseMin(own.min);
        hi = hi.cwiseMax(own.max);
    }
    options.viewBox = std::make_pair(lo, hi);
    for (const ImpactOverlayValue& v : values) diagrams.push_back(makeImpulseDiagram(v.scene.problem, {v.outcome}, options));
    return mergeOverlayImpulseDiagrams(diagrams, listLabels(values));
}

Figure makeOverlaySequenceFigure(const std::vector<ImpactOverlayValue>& values) {
    // Each value's chain on a row of its own (the first on top): the chains
    // share the I_n axis, and at one height they would hide each other.
    std::vector<Figure> figures;
    for (std::size_t i = 0; i < values.size(); ++i) {
        Figure f = makeEventSequenceFigure(values[i].outcome.result, values[i].outcome.trace);
        for (FigureSeries& series : f.series)
            for (Vec2& p : series.points) p.y() -= kOverlaySequenceRowGap * static_cast<double>(i);
        figures.push_back(std::move(f));
    }
    Figure merged = mergeOverlayFigures(figures, listLabels(values));
    merged.yLabel += " (a row per value, the first on top)";
    return merged;
}

FigureTable makeOverlayComparisonTable(const std::vector<ImpactOverlayValue>& values, const std::string& parameter) {
    std::vector<FigureTable> tables;
    for (const ImpactOverlayValue& v : values) tables.push_back(makeComparisonTable(v.comparison));
    return mergeOverlayTables(tables, listLabels(values), parameter);
}

FigureTable makeOverlaySolutionsTable(const std::vector<ImpactOverlayValue>& values, const std::string& parameter) {
    std::vector<FigureTable> tables;
    for (const ImpactOverlayValue& v : values) tables.push_back(makeCoulombSolutionsTable(v.scene.problem));
    return mergeOverlayTables(tables, listLabels(values), parameter);
}

std::string mergeOverlayCsv(const std::vector<std::string>& csvs, const std::vector<std::string>& labels) {
    assert(csvs.size() == labels.size());
    std::string out;
    for (std::size_t i = 0; i < csvs.size(); ++i) {
        const std::string& csv = csvs[i];
        const std::string suffix = " (" + labels[i] + ")";
        std::size_t line = 0;
        for (std::size_t at = 0; at < csv.size();) {
            const std::size_t end = csv.find('\n', at);
            const std::string row = csv.substr(at, end == std::string::npos ? std::string::npos : end - at);
            at = end == std::string::npos ? csv.size() : end + 1;
            if (line++ == 0) {
                if (i == 0) out += row + "\n";   // the header once
                continue;
            }
            // The series name is the first field, quoted when it holds a comma.
            std::string name, rest;
            if (!row.empty() && row.front() == '"') {
                std::size_t close = 1;
                for (; close < row.size(); ++close) {
                    if (row[close] != '"') continue;
                    if (close + 1 < row.size() && row[close + 1] == '"') ++close;   // an escaped quote
                    else break;
                }
                std::string quoted = row.substr(1, close - 1);
                for (std::size_t q = quoted.find("\"\""); q != std::string::npos; q = quoted.find("\"\"", q + 1))
                    quoted.erase(q, 1);
                name = quoted;
                rest = close + 1 < row.size() ? row.substr(close + 1) : std::string();
            } else {
                const std::size_t comma = row.find(',');
                name = row.substr(0, comma);
                rest = comma == std::string::npos ? std::string() : row.substr(comma);
            }
            out += quoteCsvField(name + suffix) + rest + "\n";
        }
    }
    return out;
}

}  // namespace impactlab::ui
