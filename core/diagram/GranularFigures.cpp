#include "diagram/GranularFigures.h"

namespace impactlab::granular {

namespace {

// Significant digits in the table: the statistics' own resolution.
constexpr int kGranularTableDigits = 4;


}  // namespace

Figure makeRadialDistributionFigure(const std::vector<std::pair<std::string, RadialDistribution>>& curves,
                                    double diameter) {
    Figure f;
    f.title = "Radial distribution function g(r) near the outflow (Fig. 12)";
    f.xLabel = "r / d";
    f.yLabel = "g(r)";
    double rMax = 0.0;
    for (std::size_t k = 0; k < curves.size(); ++k) {
        const RadialDistribution& rdf = curves[k].second;
        FigureSeries s;
        s.name = curves[k].first;
        s.colorIndex = static_cast<int>(k);
        for (std::size_t i = 0; i < rdf.r.size() && i < rdf.g.size(); ++i) {
            s.points.emplace_back(rdf.r[i] / diameter, rdf.g[i]);
            rMax = std::max(rMax, rdf.r[i] / diameter);
        }
        f.series.push_back(std::move(s));
    }
    if (rMax > 0.0) {
        FigureSeries one;
        one.name = "g = 1 (no correlation)";
        one.colorIndex = -2;
        one.dashed = true;
        one.points = {Vec2(0.0, 1.0), Vec2(rMax, 1.0)};
        f.series.push_back(std::move(one));
    }
    return f;
}

FigureTable makeGranularStatisticsTable(const std::vector<GranularModelSummary>& models, double radius) {
    FigureTable t;
    t.title = "Statistics (Table 2)";
    t.header = {"friction model",  "particles",        "solid fraction", "contacts per step", "contacts per particle",
                "max penetration [% of radius]", "steps", "sweeps per step", "contact solves per s", "lost",
                "end"};
    for (const GranularModelSummary& m : models) {
        const double steps = static_cast<double>(std::max<long long>(1, m.totals.steps));
        const double solvesPerSecond = m.wallSeconds > 0.0 ? m.totals.contactSolves / m.wallSeconds : 0.0;
        t.rows.push_back({m.model, "", "", "", "", "", std::to_string(m.totals.steps), "", "",
                          std::to_string(m.totals.lost), m.endReason});
        const std::pair<std::size_t, double> numbers[] = {
            {1, m.table.meanParticles},
            {2, m.table.solidFraction},
            {3, m.table.meanContacts},
            {4, m.table.contactsPerParticle},
            {5, radius > 0.0 ? 100.0 * m.table.maxPenetration / radius : 0.0},
            {7, m.totals.iterations / steps},
            {8, solvesPerSecond}};
        for (const auto& [column, value] : numbers)
            t.setNumber(t.rows.size() - 1, column,
                        {TableNumber::Rule::Significant, Vec3(value, 0.0, 0.0), 0.0, kGranularTableDigits});
    }
    return t;
}

Figure makeContactHistoryFigure(const std::vector<std::pair<std::string, const std::vector<GranularStepRecord>*>>& runs) {
    Figure f;
    f.title = "Contacts per step";
    f.xLabel = "t [s]";
    f.yLabel = "contacts";
    for (std::size_t k = 0; k < runs.size(); ++k) {
        FigureSeries s;
        s.name = runs[k].first;
        s.colorIndex = static_cast<int>(k);
        if (runs[k].second)
            for (const GranularStepRecord& r : *runs[k].second) s.points.emplace_back(r.time, r.stats.contacts);
        f.series.push_back(std::move(s));
    }
    return f;
}

}  // namespace impactlab::granular
