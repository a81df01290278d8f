#pragma once
// The laws held against measurements: one numeric parameter of an impact
// scene swept over its range, every law of the scene (its own and the
// compared ones) solved at each value, and the derived quantities
// (scene/DerivedQuantities.h) of each answer; then each law's residuals at
// the measured points, over the whole range and over the series' named
// ranges. diagram/MeasurementFigures.h draws it; the CLI's simulate reports
// the residuals.
//
// The values swept are kMeasurementSweepPoints evenly over the parameter's
// range and every measured x inside it, so a residual is the law's own
// value at the measured x, never an interpolation. When a law of the sweep
// is tangential-compliance, the time-integrated Hertz-Mindlin contact
// (impact/HertzMindlin.h) with its stiffness ratio is swept too.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "scene/ImpactScene.h"
#include "scene/SceneMeasurements.h"

namespace impactlab {

// Values evenly over the parameter's range: a curve smooth at the size a
// view draws it, and a sweep of five laws of an oblique sphere in about a
// third of a second on a worker.
inline constexpr int kMeasurementSweepPoints = 61;
// A law whose values over a range spread by no more than this share of
// their magnitude is constant there (a rigid law's sticking plateau,
// e_t = 5/7 for a solid sphere).
inline constexpr double kPlateauRelTol = 1e-6;
// RK4 steps per contact duration of the compliant reference in a sweep: its
// e_t good to about 1/2000 (HertzMindlinOptions), far below a pixel of the
// curve and the data's 0.01, at a tenth of the single impact's cost, so a
// sweep stays well under a second even in the sanitized build's fuzz seeds.
inline constexpr int kSweepReferenceStepsPerContact = 2000;
// The compliant reference's id in a sweep (not a registered law).
inline constexpr const char* kHertzMindlinSweepId = "hertz-mindlin";

struct MeasurementSweepLaw {
    std::string id;          // a law id, or kHertzMindlinSweepId
    bool reference = false;  // the time-integrated compliant reference
};

struct MeasurementSweep {
    std::string parameter;                       // the swept parameter's id
    std::string parameterLabel, parameterUnit;   // its label and SI unit
    std::vector<double> x;                       // SI, ascending: the grid and every measured x
    std::vector<MeasurementSweepLaw> laws;       // the scene's law, the compared ones, the reference
    std::vector<std::string> quantities;         // derived quantity ids, measured ones first
    // values[law][quantity][i]: at x[i]; nullopt where the law refused the
    // impact or the quantity is undefined.
    std::vector<std::vector<std::vector<std::optional<double>>>> values;
    std::vector<MeasurementSeries> measurements;   // the series on the parameter
    std::vector<std::string> warnings;             // a law that refused, points out of range; "cancelled"

    // The value of `law` for `quantity` at x (exactly one of the swept x).
    std::optional<double> valueAt(std::size_t law, const std::string& quantity, double x) const;
};

// Sweeps `parameter` of `scene` (a numeric parameter; InputError
// "sweep.parameter" otherwise) at `gridPoints` values evenly over its range
// (none: the residuals need only the measured x) and every measured x.
// `cancelled`, when given, is polled between values; a cancelled sweep
// returns what it has so far with "cancelled" among its warnings.
MeasurementSweep runMeasurementSweep(const ImpactScene& scene, const std::vector<MeasurementSeries>& measurements,
                                     const std::string& parameter, const std::function<bool()>& cancelled = {},
                                     int gridPoints = kMeasurementSweepPoints);

// The parameter the scene's measurements are taken against (the first
// series'); nullopt when the scene has none.
std::optional<std::string> findMeasuredParameter(const std::vector<MeasurementSeries>& measurements);

// One law's residuals (law - measured) over one series and one range of it.
struct MeasurementResidual {
    std::string series;               // the series' name
    std::string range;                // "all", or a named range's name
    double min = 0.0, max = 0.0;      // the range's bounds (SI); -inf, +inf for "all"
    std::size_t law = 0;              // into MeasurementSweep::laws
    std::size_t points = 0;           // measured points in the range the law answered
    double rms = 0.0;                 // SI
    std::optional<double> rmsSigmas;  // when every point has sigma_y > 0
    std::optional<double> constant;   // the law's one value over the range, when it has one (SI)
};

// Per series, per range ("all" first, then the named ones), per law.
std::vector<MeasurementResidual> calcMeasurementResiduals(const MeasurementSweep& sweep);

}  // namespace impactlab
