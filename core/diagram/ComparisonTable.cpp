#include "diagram/ComparisonTable.h"

#include <sstream>

namespace impactlab {

namespace {

// Significant digits in the table: more than any law's tolerance resolves.
constexpr int kTableDigits = 8;

std::string formatNumber(double x) { return formatSignificant(x, kTableDigits); }

}  // namespace

FigureTable makeComparisonTable(const std::vector<ComparedLaw>& laws) {
    FigureTable t;
    t.title = "Laws compared on one impact";
    t.header = {"law",          "status",       "I_t1 [N s]",     "I_t2 [N s]",      "I_n [N s]",  "energy before [J]",
                "energy after [J]", "energy change [J]", "energy change [%]", "v+_t1 [m/s]", "v+_t2 [m/s]",
                "v+_n [m/s]",   "events",       "warnings"};
    for (const ComparedLaw& c : laws) {
        if (!c.accepted) {
            std::vector<std::string> row(t.header.size());
            row[0] = c.id;
            row[1] = "refused";
            row.back() = c.refusal;
            t.rows.push_back(std::move(row));
            continue;
        }
        const ImpactResult& r = c.result;
        const double change = r.relativeEnergyChange.value_or(r.energyAfter - r.energyBefore);
        const double percent = r.energyBefore > 0.0 ? 100.0 * change / r.energyBefore : 0.0;
        std::string events, warnings;
        for (const ImpactEvent& e : r.events) events += (events.empty() ? "" : " ") + std::string(toString(e.kind));
        for (const std::string& w : r.warnings) warnings += (warnings.empty() ? "" : "; ") + w;
        t.rows.push_back({c.id, toString(r.status), formatNumber(r.impulse.x()), formatNumber(r.impulse.y()),
                          formatNumber(r.impulse.z()), formatNumber(r.energyBefore), formatNumber(r.energyAfter),
                          formatNumber(change), formatNumber(percent), formatNumber(r.vPlus.x()),
                          formatNumber(r.vPlus.y()), formatNumber(r.vPlus.z()), events, warnings});
    }
    return t;
}

}  // namespace impactlab
