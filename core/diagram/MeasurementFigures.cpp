#include "diagram/MeasurementFigures.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <sstream>

#include "diagram/DisplayNames.h"
#include "io/JsonInput.h"
#include "mechanics/NumberText.h"
#include "scene/DerivedQuantities.h"
#include "scene/DisplayUnit.h"

namespace impactlab {

namespace {

// Palette entries: each law its own, in sweep order; the measured points
// black, the scene's own value grey.
constexpr int kSweepMeasuredColor = -1;
constexpr int kSweepValueColor = -2;
// Digits of the CSV: every digit a double carries.
constexpr int kSweepCsvDigits = 17;
// The residual table's RMS column; RMS / sigma and the constant follow it.
constexpr std::size_t kResidualRmsColumn = 1;

std::string formatSweepAxis(const std::string& label, const std::string& siUnit) {
    const DisplayUnit u = getDisplayUnit(siUnit);
    return u.unit.empty() ? label : label + " [" + u.unit + "]";
}

const DerivedQuantity& getSweepQuantity(const std::string& id) {
    const DerivedQuantity* q = findDerivedQuantity(id);
    if (!q) throw InputError("quantity", "no derived quantity '" + id + "'");
    return *q;
}

const MeasurementSeries* findSweepSeries(const MeasurementSweep& sweep, const std::string& name) {
    for (const MeasurementSeries& m : sweep.measurements)
        if (m.name == name) return &m;
    return nullptr;
}

std::string describeSweepRange(const MeasurementSweep& sweep, const MeasurementResidual& r) {
    if (r.range == "all") return r.range;
    const DisplayUnit u = getDisplayUnit(sweep.parameterUnit);
    return r.range + " (" + formatNumber(r.min * u.scale, 3) + " to " + formatNumber(r.max * u.scale, 3) +
           (u.unit.empty() ? "" : " " + u.unit) + ")";
}

}  // namespace

std::string getSweepLawDisplayName(const MeasurementSweepLaw& law) {
    return law.reference ? std::string("Hertz-Mindlin (time-integrated)") : getLawDisplayName(law.id);
}

Figure makeMeasurementFigure(const MeasurementSweep& sweep, const std::string& quantity, std::optional<double> current) {
    const DerivedQuantity& dq = getSweepQuantity(quantity);
    const double xScale = getDisplayUnit(sweep.parameterUnit).scale, yScale = getDisplayUnit(dq.unit).scale;
    Figure f;
    f.title = dq.label;
    f.xLabel = formatSweepAxis(sweep.parameterLabel, sweep.parameterUnit);
    f.yLabel = formatSweepAxis(dq.label, dq.unit);
    const auto q = std::find(sweep.quantities.begin(), sweep.quantities.end(), quantity);
    if (q == sweep.quantities.end()) return f;
    const auto qi = static_cast<std::size_t>(q - sweep.quantities.begin());
    for (std::size_t k = 0; k < sweep.laws.size(); ++k) {
        FigureSeries s;
        s.name = getSweepLawDisplayName(sweep.laws[k]);
        s.colorIndex = static_cast<int>(k);
        s.dashed = sweep.laws[k].reference;
        for (std::size_t i = 0; i < sweep.x.size(); ++i)
            if (const auto& v = sweep.values[k][qi][i]) s.points.emplace_back(sweep.x[i] * xScale, *v * yScale);
        f.series.push_back(std::move(s));
    }
    const auto seriesOfQuantity = std::count_if(sweep.measurements.begin(), sweep.measurements.end(),
                                                [&](const MeasurementSeries& m) { return m.yQuantity == quantity; });
    for (const MeasurementSeries& m : sweep.measurements) {
        if (m.yQuantity != quantity) continue;
        FigureSeries s;
        // "measured" when it is the quantity's one series: every chart's key reads alike.
        s.name = seriesOfQuantity == 1 ? std::string("measured") : m.name + " (measured)";
        s.colorIndex = kSweepMeasuredColor;
        s.marker = FigureMarker::Circle;
        for (const MeasuredPoint& point : m.points) s.points.emplace_back(point.x * xScale, point.y * yScale);
        f.series.push_back(std::move(s));
        // One standard deviation either side, where the series gives it: a
        // vertical bar through the point, kept out of the legend.
        for (const MeasuredPoint& point : m.points) {
            if (!point.sigmaY || !(*point.sigmaY > 0.0)) continue;
            FigureSeries bar;
            bar.name = m.name + " sigma";
            bar.colorIndex = kSweepMeasuredColor;
            bar.inLegend = false;
            bar.points = {Vec2(point.x * xScale, (point.y - *point.sigmaY) * yScale),
                          Vec2(point.x * xScale, (point.y + *point.sigmaY) * yScale)};
            f.series.push_back(std::move(bar));
        }
    }
    if (current) {
        // A vertical line over the span of what is drawn, at the scene's own value.
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const FigureSeries& s : f.series)
            for (const Vec2& v : s.points) lo = std::min(lo, v.y()), hi = std::max(hi, v.y());
        if (lo <= hi) {
            FigureSeries s;
            s.name = "this scene's " + sweep.parameter;
            s.colorIndex = kSweepValueColor;
            s.dashed = true;
            s.inLegend = false;
            s.points = {Vec2(*current * xScale, lo), Vec2(*current * xScale, hi)};
            f.series.push_back(std::move(s));
        }
    }
    return f;
}

FigureTable makeResidualTable(const MeasurementSweep& sweep) {
    FigureTable t;
    t.title = "Residuals against the measurements (law - measured)";
    t.header = {"Law", "RMS", "RMS / sigma", "Constant at"};
    std::string group;
    for (const MeasurementResidual& r : calcMeasurementResiduals(sweep)) {
        const MeasurementSeries* m = findSweepSeries(sweep, r.series);
        const DisplayUnit yUnit = getDisplayUnit(getSweepQuantity(m->yQuantity).unit);
        // A heading per series and range: its unit and the points compared.
        const std::string heading = r.series + (yUnit.unit.empty() ? "" : " [" + yUnit.unit + "]") + ", " +
                                    describeSweepRange(sweep, r) + ": " + std::to_string(r.points) + " points";
        if (heading != group) t.rows.push_back({group = heading});
        t.rows.push_back({getSweepLawDisplayName(sweep.laws[r.law]), "-", "-", "-"});
        const std::size_t row = t.rows.size() - 1;
        const auto put = [&](std::size_t column, double value, int digits) {
            t.setNumber(row, column, {TableNumber::Rule::Significant, Vec3(value, 0.0, 0.0), 0.0, digits});
        };
        if (r.points) put(kResidualRmsColumn, r.rms * yUnit.scale, kResidualDigits);
        if (r.rmsSigmas) put(kResidualRmsColumn + 1, *r.rmsSigmas, kResidualDigits);
        if (r.constant) put(kResidualRmsColumn + 2, *r.constant * yUnit.scale, kDisplayDigits);
    }
    return t;
}

std::string toCsv(const MeasurementSweep& sweep) {
    std::ostringstream os;
    const double xScale = getDisplayUnit(sweep.parameterUnit).scale;
    os << "quantity,unit,series," << quoteCsvField(formatSweepAxis(sweep.parameter, sweep.parameterUnit)) << ",value\n";
    const auto writeRow = [&](const std::string& q, const std::string& unit, const std::string& series, double x, double y) {
        os << q << ',' << quoteCsvField(unit) << ',' << quoteCsvField(series) << ',' << formatNumber(x, kSweepCsvDigits) << ','
           << formatNumber(y, kSweepCsvDigits) << '\n';
    };
    for (std::size_t q = 0; q < sweep.quantities.size(); ++q) {
        const DerivedQuantity& dq = getSweepQuantity(sweep.quantities[q]);
        const DisplayUnit yUnit = getDisplayUnit(dq.unit);
        for (std::size_t k = 0; k < sweep.laws.size(); ++k)
            for (std::size_t i = 0; i < sweep.x.size(); ++i)
                if (const auto& v = sweep.values[k][q][i])
                    writeRow(dq.id, yUnit.unit, getSweepLawDisplayName(sweep.laws[k]), sweep.x[i] * xScale, *v * yUnit.scale);
        for (const MeasurementSeries& m : sweep.measurements)
            if (m.yQuantity == dq.id)
                for (const MeasuredPoint& point : m.points)
                    writeRow(dq.id, yUnit.unit, m.name + " (measured)", point.x * xScale, point.y * yUnit.scale);
    }
    if (!sweep.measurements.empty()) os << '\n' << makeResidualTable(sweep).toCsv();
    return os.str();
}

}  // namespace impactlab
