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

}  // namespace impactlab
