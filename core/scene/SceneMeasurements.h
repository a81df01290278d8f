#pragma once
// Measured data a scene carries beside its model, so the laws' predictions
// can be drawn against nature (docs/scene-format.md, "measurements"):
//
//   "measurements": [{"name": "e_t", "x": "incidence", "y": "tangential_restitution",
//                     "source": "Kharaz, Gorham & Salman (2001), Fig. 7",
//                     "points": [{"x": 0.035, "y": 0.794}, {"x": 0.069, "y": 0.745, "sigma_y": 0.02}],
//                     "ranges": [{"name": "sliding", "min": 0.68, "max": 1.5}]}]
//
// `x` names a numeric parameter of the scene (the values are in its SI unit,
// as every value in a document); `y` names the quantity measured. Sigmas are
// optional, one standard deviation, >= 0.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

inline constexpr const char* kMeasurementsKey = "measurements";

struct MeasuredPoint {
    double x = 0.0, y = 0.0;
    std::optional<double> sigmaX, sigmaY;   // one standard deviation, when measured
};

struct MeasuredRange {
    std::string name;
    double min = 0.0, max = 0.0;   // of x, SI, min < max
};

struct MeasurementSeries {
    std::string name;
    std::string xParameter;   // the id of a numeric parameter of the scene
    std::string yQuantity;    // what was measured (a derived quantity's id)
    std::string source;       // where the points come from
    std::vector<MeasuredPoint> points;
    std::vector<MeasuredRange> ranges;
};

// The document's measurements (empty when it has none), checked against its
// parameters; InputError names the field ("measurements[0].points[2].y").
std::vector<MeasurementSeries> readSceneMeasurements(const nlohmann::json& document,
                                                     const std::vector<SceneParameter>& parameters);

}  // namespace impactlab
