#include "diagram/EventSequence.h"

#include <cmath>
#include <cstdio>

#include "impact/JiaWang.h"

namespace impactlab {

namespace {

// FigureView palette entries: events in one colour, integrated stretches in
// another, closed-form ones black (-1), as Fig. 9 draws its arrows.
constexpr int kEventColour = 0;
constexpr int kIntegratedColour = 1;
constexpr int kClosedFormColour = -1;
// A hand-over within this fraction of the impact's normal impulse from a node
// is that node (closed forms start at an event), not a split of a stretch.
constexpr double kSameNodeRelTol = 1e-9;
// Digits of I_n in the legend: the reference prints six (A2.4).
constexpr int kLegendDigits = 6;

std::string letterOf(ImpactEventKind kind) {
    ImpactResult one;
    one.events.push_back({kind, 0.0, Vec3::Zero()});
    return calcEventSequence(one);   // one letter, the same mapping as the sequence
}

std::string formatIn(double In) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", kLegendDigits, In);
    return text;
}

}  // namespace

std::vector<SequenceStretch> calcSequenceStretches(const ImpactResult& result, const ImpactTrace& trace) {
    std::vector<SequenceStretch> stretches;
    const double total = result.impulse.z();
    const bool known = trace.closedFormFromNormalImpulse.has_value();
    const double handOver = known ? *trace.closedFormFromNormalImpulse : 0.0;
    const double tol = kSameNodeRelTol * std::abs(total);
    std::string from = "0";
    double startIn = 0.0;
    for (const ImpactEvent& e : result.events) {
        const std::string to = letterOf(e.kind);
        if (to.empty()) continue;
        const double endIn = e.normalImpulse;
        if (known && handOver > startIn + tol && handOver < endIn - tol) {   // split at the hand-over
            stretches.push_back({from, to, startIn, handOver, true});
            stretches.push_back({from, to, handOver, endIn, false});
        } else {
            stretches.push_back({from, to, startIn, endIn, known && endIn <= handOver + tol});
        }
        from = to;
        startIn = endIn;
    }
    return stretches;
}

Figure makeEventSequenceFigure(const ImpactResult& result, const ImpactTrace& trace) {
    Figure fig;
    const std::string sequence = calcEventSequence(result);
    fig.title = "Event sequence " + (sequence.empty() ? std::string("(none)") : sequence) + " (Jia & Wang Fig. 9)";
    fig.xLabel = "normal impulse I_n [N s]";
    fig.yLabel = "chain";
    const bool known = trace.closedFormFromNormalImpulse.has_value();
    bool integratedNamed = false, closedNamed = false;
    for (const SequenceStretch& s : calcSequenceStretches(result, trace)) {
        FigureSeries line;
        line.points = {Vec2(s.startIn, 0.0), Vec2(s.endIn, 0.0)};
        line.dashed = s.integrated;
        line.colorIndex = s.integrated ? kIntegratedColour : kClosedFormColour;
        // One legend entry per style; the CSV keeps every stretch by name.
        line.name = (!known ? "stretch " : s.integrated ? "integrated " : "closed form ") + s.from + " -> " + s.to;
        bool& named = s.integrated ? integratedNamed : closedNamed;
        line.inLegend = !named;
        named = true;
        fig.series.push_back(std::move(line));
    }
    FigureSeries origin{"0 at I_n = 0", {Vec2::Zero()}, kEventColour};
    origin.marker = FigureMarker::Square;
    fig.series.push_back(std::move(origin));
    for (const ImpactEvent& e : result.events) {
        const std::string letter = letterOf(e.kind);
        if (letter.empty()) continue;
        FigureSeries node{letter + " at I_n = " + formatIn(e.normalImpulse), {Vec2(e.normalImpulse, 0.0)}, kEventColour};
        node.marker = letter == "r" ? FigureMarker::Star : letter == "c" ? FigureMarker::Circle : FigureMarker::Triangle;
        fig.series.push_back(std::move(node));
    }
    return fig;
}

const std::vector<std::string>& listJiaWangEventSequences() {
    static const std::vector<std::string> sequences = {"cr", "csr", "clr", "clsr", "scr", "lcr", "lscr", "lcsr"};
    return sequences;
}

Figure makeEventSequencesFigure(const std::string& taken) {
    Figure fig;
    fig.title = "The eight event sequences (Jia & Wang Fig. 9)" + (taken.empty() ? std::string() : ", this impact's: " + taken);
    fig.xLabel = "place in the chain";
    fig.yLabel = "rows 1 (top) to 8, named in the legend";
    fig.yDownwards = true;   // the axis numbers the rows as the label and the legend do
    const std::vector<std::string>& all = listJiaWangEventSequences();
    for (std::size_t k = 0; k < all.size(); ++k) {
        const std::string chain = "0" + all[k];
        const double y = static_cast<double>(k + 1);   // row k + 1, on top for yDownwards
        const bool isTaken = all[k] == taken;
        const std::size_t firstLS = chain.find_first_of("ls");
        for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
            FigureSeries line;
            line.points = {Vec2(static_cast<double>(i), y), Vec2(static_cast<double>(i + 1), y)};
            line.dashed = firstLS == std::string::npos || i + 1 <= firstLS;
            line.colorIndex = line.dashed ? kIntegratedColour : kClosedFormColour;
            line.name = all[k] + ": " + chain.substr(i, 1) + " -> " + chain.substr(i + 1, 1);
            line.inLegend = false;   // the row is named by its origin's key; its nodes are highlighted
            fig.series.push_back(std::move(line));
        }
        for (std::size_t i = 0; i < chain.size(); ++i) {
            const char letter = chain[i];
            std::string rowName = "row " + std::to_string(k + 1) + ": 0";
            for (char c : all[k]) rowName += std::string(" -> ") + c;
            if (isTaken) rowName += " (this impact)";
            FigureSeries node{i == 0 ? rowName : all[k] + ": " + std::string(1, letter), {Vec2(static_cast<double>(i), y)},
                              kEventColour};
            node.marker = letter == '0'   ? FigureMarker::Square
                          : letter == 'r' ? FigureMarker::Star
                          : letter == 'c' ? FigureMarker::Circle
                          : letter == 's' ? FigureMarker::Diamond
                                          : FigureMarker::Triangle;
            node.inLegend = i == 0;
            node.highlight = isTaken;
            fig.series.push_back(std::move(node));
        }
    }
    FigureSeries integrated{"integrated numerically", {}, kIntegratedColour};
    integrated.dashed = true;
    integrated.legendOnly = true;
    FigureSeries closed{"closed form", {}, kClosedFormColour};
    closed.legendOnly = true;
    fig.series.push_back(std::move(integrated));
    fig.series.push_back(std::move(closed));
    return fig;
}

}  // namespace impactlab
