#include "scene/SceneMeasurements.h"

#include "io/JsonInput.h"
#include "scene/DerivedQuantities.h"
#include "mechanics/NumberText.h"

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

MeasuredRange readRange(const json& range, const std::string& field) {
    requireObject(range, field);
    rejectUnknownKeys(range, {"name", "min", "max"}, field);
    MeasuredRange r;
    r.name = readNonEmptyString(range, "name", field);
    r.min = readNumber(getMember(range, "min", field), joinField(field, "min"));
    r.max = readNumber(getMember(range, "max", field), joinField(field, "max"));
    if (!(r.min < r.max))
        throw InputError(joinField(field, "max"), "must be above min (" + formatNumber(r.min) + "), got " + formatNumber(r.max));
    return r;
}

std::string listQuantityIds() {
    std::string ids;
    for (const DerivedQuantity& q : listDerivedQuantities()) ids += (ids.empty() ? "" : ", ") + q.id;
    return ids;
}

MeasurementSeries readSeries(const json& series, const std::string& field,
                             const std::vector<SceneParameter>& parameters) {
    requireObject(series, field);
    rejectUnknownKeys(series, {"name", "x", "y", "source", "points", "ranges"}, field);
    MeasurementSeries s;
    s.name = readNonEmptyString(series, "name", field);
    s.xParameter = readNonEmptyString(series, "x", field);
    bool found = false;
    for (const SceneParameter& p : parameters)
        found = found || (p.id == s.xParameter && p.kind == SceneParameter::Kind::Number);
    if (!found)
        throw InputError(joinField(field, "x"), "the scene has no numeric parameter '" + s.xParameter + "'");
    s.yQuantity = readNonEmptyString(series, "y", field);
    if (!findDerivedQuantity(s.yQuantity))
        throw InputError(joinField(field, "y"), "no derived quantity '" + s.yQuantity + "' (one of " + listQuantityIds() + ")");
    s.source = readNonEmptyString(series, "source", field);
    const std::string pointsField = joinField(field, "points");
    const json& points = getMember(series, "points", field);
    if (!points.is_array() || points.empty())
        throw InputError(pointsField, "must be an array of at least one point, got " +
                                          (points.is_array() ? std::string("none") : describeJsonType(points)));
    for (std::size_t i = 0; i < points.size(); ++i) s.points.push_back(readPoint(points[i], indexField(pointsField, i)));
    if (const json* ranges = findMember(series, "ranges")) {
        const std::string rangesField = joinField(field, "ranges");
        if (!ranges->is_array()) throw InputError(rangesField, "must be an array of ranges, got " + describeJsonType(*ranges));
        for (std::size_t i = 0; i < ranges->size(); ++i) {
            const std::string f = indexField(rangesField, i);
            s.ranges.push_back(readRange((*ranges)[i], f));
            for (std::size_t j = 0; j + 1 < s.ranges.size(); ++j)
                if (s.ranges[j].name == s.ranges.back().name)
                    throw InputError(joinField(f, "name"), "repeats " + indexField(rangesField, j) + ".name");
        }
    }
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
