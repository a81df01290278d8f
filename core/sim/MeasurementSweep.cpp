#include "sim/MeasurementSweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "impact/HertzMindlin.h"
#include "io/JsonInput.h"
#include "laws/TangentialComplianceLaw.h"
#include "mechanics/NumberText.h"
#include "scene/DerivedQuantities.h"
#include "scene/DisplayUnit.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

std::vector<double> listSweptValues(const SceneParameter& p, const std::vector<MeasurementSeries>& series,
                                    int gridPoints, std::vector<std::string>& warnings) {
    std::vector<double> x;
    if (gridPoints == 1) x.push_back(p.min);
    for (int i = 0; gridPoints > 1 && i < gridPoints; ++i) x.push_back(p.min + (p.max - p.min) * i / (gridPoints - 1));
    std::size_t outside = 0;
    for (const MeasurementSeries& s : series)
        for (const MeasuredPoint& m : s.points) {
            if (m.x < p.min || m.x > p.max) ++outside;
            else x.push_back(m.x);
        }
    if (outside)
        warnings.push_back(std::to_string(outside) + " measured point(s) lie outside the range of '" + p.id +
                           "' and are not compared");
    std::sort(x.begin(), x.end());
    x.erase(std::unique(x.begin(), x.end()), x.end());
    return x;
}

}  // namespace

std::optional<double> MeasurementSweep::valueAt(std::size_t law, const std::string& quantity, double at) const {
    const auto q = std::find(quantities.begin(), quantities.end(), quantity);
    const auto i = std::lower_bound(x.begin(), x.end(), at);
    if (law >= values.size() || q == quantities.end() || i == x.end() || *i != at) return std::nullopt;
    return values[law][static_cast<std::size_t>(q - quantities.begin())][static_cast<std::size_t>(i - x.begin())];
}

std::optional<std::string> findMeasuredParameter(const std::vector<MeasurementSeries>& measurements) {
    if (measurements.empty()) return std::nullopt;
    return measurements.front().xParameter;
}

MeasurementSweep runMeasurementSweep(const ImpactScene& scene, const std::vector<MeasurementSeries>& measurements,
                                     const std::string& parameter, const std::function<bool()>& cancelled,
                                     int gridPoints) {
    const SceneParameter* p = scene.findParameter(parameter);
    if (!p || p->kind != SceneParameter::Kind::Number)
        throw InputError("sweep.parameter", "the scene has no numeric parameter '" + parameter + "'");
    MeasurementSweep sweep;
    sweep.parameter = parameter;
    sweep.parameterLabel = p->label;
    sweep.parameterUnit = p->unit;
    for (const MeasurementSeries& s : measurements)
        if (s.xParameter == parameter) sweep.measurements.push_back(s);
    sweep.x = listSweptValues(*p, sweep.measurements, gridPoints, sweep.warnings);

    // The measured quantities first, in the order of their series, then the rest.
    const auto addQuantity = [&](const std::string& id) {
        if (std::find(sweep.quantities.begin(), sweep.quantities.end(), id) == sweep.quantities.end())
            sweep.quantities.push_back(id);
    };
    for (const MeasurementSeries& s : sweep.measurements) addQuantity(s.yQuantity);
    for (const DerivedQuantity& q : listDerivedQuantities()) addQuantity(q.id);

    const std::vector<LawChoice> laws = listSceneLaws(scene);
    std::optional<HertzMindlinOptions> reference;
    for (const LawChoice& law : laws) {
        sweep.laws.push_back({law.id, false});
        if (isLaw(law.id, LawId::TangentialCompliance) && !reference) {
            reference = HertzMindlinOptions{};
            reference->stepsPerContact = kSweepReferenceStepsPerContact;
            reference->stiffnessRatio = readTangentialComplianceOptions(law.options).stiffnessRatio;
        }
    }
    if (reference) sweep.laws.push_back({kHertzMindlinSweepId, true});

    sweep.values.assign(sweep.laws.size(),
                        std::vector<std::vector<std::optional<double>>>(sweep.quantities.size(),
                                                                         std::vector<std::optional<double>>(sweep.x.size())));
    const DisplayUnit xUnit = getDisplayUnit(p->unit);
    std::vector<bool> refusalReported(sweep.laws.size(), false);
    for (std::size_t i = 0; i < sweep.x.size(); ++i) {
        if (cancelled && cancelled()) {
            sweep.warnings.push_back("cancelled");
            break;
        }
        const ImpactScene at = withParameter(scene, parameter, sweep.x[i]);
        const std::vector<ComparedLaw> solved = compareLaws(at.problem, laws, false);
        for (std::size_t k = 0; k < sweep.laws.size(); ++k) {
            std::optional<ImpactResult> result;
            std::string refusal;
            if (k < solved.size()) {
                if (solved[k].accepted) result = solved[k].result;
                else refusal = solved[k].refusal;
            } else {
                try {
                    result = solveHertzMindlinReference(at.problem, *reference);
                } catch (const std::exception& e) {
                    refusal = e.what();
                }
            }
            if (!result) {
                if (!refusalReported[k])
                    sweep.warnings.push_back(sweep.laws[k].id + " does not take the impact at " + parameter + " = " +
                                             formatNumber(sweep.x[i] * xUnit.scale) +
                                             (xUnit.unit.empty() ? "" : " " + xUnit.unit) + ": " + refusal);
                refusalReported[k] = true;
                continue;
            }
            for (std::size_t q = 0; q < sweep.quantities.size(); ++q)
                sweep.values[k][q][i] = evaluateDerivedQuantity(sweep.quantities[q], at, *result);
        }
    }
    return sweep;
}

namespace {

MeasurementResidual calcSweepResidual(const MeasurementSweep& sweep, std::size_t law, const MeasurementSeries& m,
                                 const std::string& range, double lo, double hi) {
    MeasurementResidual r;
    r.series = m.name;
    r.range = range;
    r.min = lo;
    r.max = hi;
    r.law = law;
    double sum = 0.0, sumSigmas = 0.0, low = 0.0, high = 0.0;
    bool everySigma = true;
    for (const MeasuredPoint& point : m.points) {
        if (point.x < lo || point.x > hi) continue;
        const std::optional<double> v = sweep.valueAt(law, m.yQuantity, point.x);
        if (!v) continue;
        const double d = *v - point.y;
        sum += d * d;
        if (point.sigmaY && *point.sigmaY > 0.0) sumSigmas += (d / *point.sigmaY) * (d / *point.sigmaY);
        else everySigma = false;
        low = r.points ? std::min(low, *v) : *v;
        high = r.points ? std::max(high, *v) : *v;
        ++r.points;
    }
    if (!r.points) return r;
    r.rms = std::sqrt(sum / r.points);
    if (everySigma) r.rmsSigmas = std::sqrt(sumSigmas / r.points);
    if (r.points > 1 && high - low <= kPlateauRelTol * std::max(std::abs(low), std::abs(high))) r.constant = low;
    return r;
}

}  // namespace

std::vector<MeasurementResidual> calcMeasurementResiduals(const MeasurementSweep& sweep) {
    std::vector<MeasurementResidual> out;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    for (const MeasurementSeries& m : sweep.measurements) {
        for (std::size_t k = 0; k < sweep.laws.size(); ++k) out.push_back(calcSweepResidual(sweep, k, m, "all", -kInf, kInf));
        for (const MeasuredRange& range : m.ranges)
            for (std::size_t k = 0; k < sweep.laws.size(); ++k)
                out.push_back(calcSweepResidual(sweep, k, m, range.name, range.min, range.max));
    }
    return out;
}

}  // namespace impactlab
