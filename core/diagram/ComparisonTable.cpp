#include "diagram/ComparisonTable.h"

#include <algorithm>
#include <cmath>

#include "diagram/DisplayNames.h"
#include "diagram/DisplayNumber.h"

namespace impactlab {

namespace {

// Significant digits in the table: those of the summaries beside it, so one
// quantity reads the same in both (0.22090 here, 0.2209 there, not 0.22089750).
constexpr int kTableDigits = kDisplayDigits;
// Percent of the energy before: the scale of the relative energy change.
constexpr double kPercentScale = 100.0;

// Numeric columns, in the header's order after "law" and "status".
enum NumberColumn { It1, It2, In, EBefore, EAfter, EChange, EPercent, Vt1, Vt2, Vn, NumberColumnCount };
constexpr int kFirstNumberColumn = 2;

double calcLargest(const Vec3& v) {
    double m = 0.0;
    for (int i = 0; i < 3; ++i)
        if (std::isfinite(v(i))) m = std::max(m, std::abs(v(i)));
    return m;
}

}  // namespace

FigureTable makeComparisonTable(const std::vector<ComparedLaw>& laws) {
    FigureTable t;
    t.title = "Laws compared on one impact";
    t.header = {"law",          "status",       "I_t1 [N s]",     "I_t2 [N s]",      "I_n [N s]",  "energy before [J]",
                "energy after [J]", "energy change [J]", "energy change [%]", "v+_t1 [m/s]", "v+_t2 [m/s]",
                "v+_n [m/s]",   "events",       "warnings"};
    // Each number is judged against its quantity (its vector's largest
    // component, the energy before) and each column gets one format.
    std::vector<std::vector<DisplayCell>> columns(NumberColumnCount);
    std::vector<std::size_t> acceptedRows;
    for (const ComparedLaw& c : laws) {
        if (!c.accepted) {
            std::vector<std::string> row(t.header.size());
            row[0] = getLawDisplayName(c.id);
            row[1] = "refused";
            row.back() = c.refusal;
            t.rows.push_back(std::move(row));
            continue;
        }
        const ImpactResult& r = c.result;
        const double change = r.relativeEnergyChange.value_or(r.energyAfter - r.energyBefore);
        const double percent = r.energyBefore > 0.0 ? 100.0 * change / r.energyBefore : 0.0;
        const double impulseScale = calcLargest(r.impulse), velocityScale = calcLargest(r.vPlus);
        const double energyScale = std::max(std::abs(r.energyBefore), std::abs(r.energyAfter));
        const DisplayCell cells[NumberColumnCount] = {
            {r.impulse.x(), impulseScale}, {r.impulse.y(), impulseScale}, {r.impulse.z(), impulseScale},
            {r.energyBefore, energyScale}, {r.energyAfter, energyScale},   {change, energyScale},
            {percent, kPercentScale},      {r.vPlus.x(), velocityScale},   {r.vPlus.y(), velocityScale},
            {r.vPlus.z(), velocityScale}};
        for (int k = 0; k < NumberColumnCount; ++k) columns[k].push_back(cells[k]);
        std::string events, warnings;
        for (const ImpactEvent& e : r.events) events += (events.empty() ? "" : " ") + std::string(toString(e.kind));
        for (const std::string& w : r.warnings) warnings += (warnings.empty() ? "" : "; ") + w;
        std::vector<std::string> row(t.header.size());
        row[0] = getLawDisplayName(c.id);
        row[1] = toString(r.status);
        row[t.header.size() - 2] = events;
        row.back() = warnings;
        acceptedRows.push_back(t.rows.size());
        t.rows.push_back(std::move(row));
    }
    for (int k = 0; k < NumberColumnCount; ++k) t.setNumberColumn(kFirstNumberColumn + k, acceptedRows, columns[k], kTableDigits);
    return t;
}

}  // namespace impactlab
