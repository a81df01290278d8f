#include "scene/SceneMeasurements.h"

#include "io/JsonInput.h"

namespace impactlab {

namespace {

using nlohmann::json;

std::optional<double> readOptionalSigma(const json& point, const char* key, const std::string& field) {
    const json* value = findMember(point, key);
    if (!value) return std::nullopt;
    const std::string f = joinField(field, key);
    const double sigma = readNumber(*value, f);
    if (sigma < 0.0) throw InputError(f, "must be >= 0 (one standard deviation), got " + value->dump());
    return sigma;
}

MeasuredPoint readPoint(const json& point, const std::string& field) {
    requireObject(point, field);
    rejectUnknownKeys(point, {"x", "y", "sigma_x", "sigma_y"}, field);
    MeasuredPoint p;
    p.x = readNumber(getMember(point, "x", field), joinField(field, "x"));
    p.y = readNumber(getMember(point, "y", field), joinField(field, "y"));
    p.sigmaX = readOptionalSigma(point, "sigma_x", field);
    p.sigmaY = readOptionalSigma(point, "sigma_y", field);
    return p;
}

std::string readNonEmptyString(const json& object, const char* key, const std::string& field) {
    const std::string f = joinField(field, key);
    std::string s = readString(getMember(object, key, field), f);
    if (s.empty()) throw InputError(f, "must not be empty");
    return s;
}

MeasurementSeries readSeries(const json& series, const std::string& field,
                             const std::vector<SceneParameter>& parameters) {
    requireObject(series, field);
    rejectUnknownKeys(series, {"name", "x", "y", "source", "points"}, field);
    MeasurementSeries s;
    s.name = readNonEmptyString(series, "name", field);
    s.xParameter = readNonEmptyString(series, "x", field);
    bool found = false;
    for (const SceneParameter& p : parameters)
        found = found || (p.id == s.xParameter && p.kind == SceneParameter::Kind::Number);
    if (!found)
        throw InputError(joinField(field, "x"), "the scene has no numeric parameter '" + s.xParameter + "'");
    s.yQuantity = readNonEmptyString(series, "y", field);
    s.source = readNonEmptyString(series, "source", field);
    const std::string pointsField = joinField(field, "points");
    const json& points = getMember(series, "points", field);
    if (!points.is_array() || points.empty())
        throw InputError(pointsField, "must be an array of at least one point, got " +
                                          (points.is_array() ? std::string("none") : describeJsonType(points)));
    for (std::size_t i = 0; i < points.size(); ++i) s.points.push_back(readPoint(points[i], indexField(pointsField, i)));
    return s;
}

}  // namespace

std::vector<MeasurementSeries> readSceneMeasurements(const json& document,
                                                     const std::vector<SceneParameter>& parameters) {
    std::vector<MeasurementSeries> out;
    const json* field = findMember(document, kMeasurementsKey);
    if (!field) return out;
    if (!field->is_array()) throw InputError(kMeasurementsKey, "must be an array of series, got " + describeJsonType(*field));
    for (std::size_t i = 0; i < field->size(); ++i) {
        const std::string f = indexField(kMeasurementsKey, i);
        out.push_back(readSeries((*field)[i], f, parameters));
        for (std::size_t j = 0; j + 1 < out.size(); ++j)
            if (out[j].name == out.back().name)
                throw InputError(joinField(f, "name"), "repeats " + indexField(kMeasurementsKey, j) + ".name");
    }
    return out;
}

}  // namespace impactlab
