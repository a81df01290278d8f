// The "reconstruction" block of a vehicle scene (docs/reconstruction-format.md):
// reading and checking it against the scene, and writing it back.
#include <cmath>
#include <limits>

#include "io/JsonInput.h"
#include "mechanics/NumberText.h"
#include "reconstruction/EvidenceFit.h"
#include "reconstruction/Reconstruction.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Monte Carlo samples: 100 000 fits of six unknowns take about ten minutes on
// two cores (docs/input-limits.md); more is a typo.
constexpr int kMaxSamples = 100000;
// The smallest sigma: below it the normalised residuals of any SI quantity
// reach 1e12 and their squares lose the fit's precision (or overflow).
constexpr double kMinSigma = 1e-9;

struct QuantityName {
    EvidenceQuantity quantity;
    const char* name;
    int components;
    const char* unit;
};

constexpr QuantityName kQuantityNames[] = {
    {EvidenceQuantity::SeparationVelocity, "separation_velocity", 2, "m/s"},
    {EvidenceQuantity::YawRate, "yaw_rate", 1, "rad/s"},
    {EvidenceQuantity::DeltaV, "delta_v", 1, "m/s"},
    {EvidenceQuantity::Pdof, "pdof", 1, "deg"},
    {EvidenceQuantity::RestPosition, "rest_position", 2, "m"},
    {EvidenceQuantity::RestHeading, "rest_heading", 1, "rad"},
    {EvidenceQuantity::Ees, "ees", 1, "m/s"},
};

const QuantityName& getQuantityName(EvidenceQuantity q) {
    for (const auto& n : kQuantityNames)
        if (n.quantity == q) return n;
    return kQuantityNames[0];
}

double readSigma(const json& object, const std::string& field) {
    const double sigma = readNumber(getMember(object, "sigma", field), joinField(field, "sigma"));
    if (!(sigma > 0.0))
        throw InputError(joinField(field, "sigma"), "must be > 0, got " + formatNumber(sigma));
    if (sigma < kMinSigma)
        throw InputError(joinField(field, "sigma"), "must be >= " + formatNumber(kMinSigma) + ", got " + formatNumber(sigma));
    return sigma;
}

}  // namespace

const std::vector<EvidenceQuantity>& listEvidenceQuantities() {
    static const std::vector<EvidenceQuantity> quantities = [] {
        std::vector<EvidenceQuantity> out;
        for (const auto& n : kQuantityNames) out.push_back(n.quantity);
        return out;
    }();
    return quantities;
}

const char* toString(EvidenceQuantity quantity) { return getQuantityName(quantity).name; }
int getComponentCount(EvidenceQuantity quantity) { return getQuantityName(quantity).components; }
const char* getUnit(EvidenceQuantity quantity) { return getQuantityName(quantity).unit; }

std::optional<EvidenceQuantity> parseEvidenceQuantity(const std::string& name) {
    for (const auto& n : kQuantityNames)
        if (name == n.name) return n.quantity;
    return std::nullopt;
}

ReconstructionSpec readReconstructionSpec(const VehicleScene& scene) {
    const json& doc = scene.document;
    const std::string root = "reconstruction";
    const auto block = doc.find(root);
    if (block == doc.end()) throw InputError(root, "missing: the scene has no reconstruction block");
    requireObject(*block, root);
    rejectUnknownKeys(*block, {"unknowns", "evidence", "uncertain", "samples", "seed"}, root);
    const int vehicleCount = scene.vehicles.collision.vehicle2 ? 2 : 1;
    ReconstructionSpec spec;

    const std::string unknownsField = joinField(root, "unknowns");
    const json& unknowns = getMember(*block, "unknowns", root);
    if (!unknowns.is_array() || unknowns.empty())
        throw InputError(unknownsField, "must be a non-empty array of {target, min, max}");
    for (std::size_t i = 0; i < unknowns.size(); ++i) {
        const std::string field = indexField(unknownsField, i);
        const json& u = unknowns[i];
        requireObject(u, field);
        rejectUnknownKeys(u, {"target", "min", "max"}, field);
        ReconstructionUnknown k;
        k.target = readString(getMember(u, "target", field), joinField(field, "target"));
        k.min = readNumber(getMember(u, "min", field), joinField(field, "min"));
        k.max = readNumber(getMember(u, "max", field), joinField(field, "max"));
        if (!(k.min < k.max))
            throw InputError(joinField(field, "max"), "must be > min (" + formatNumber(k.min) + "), got " +
                                                          formatNumber(k.max));
        for (const auto& earlier : spec.unknowns)
            if (earlier.target == k.target) throw InputError(joinField(field, "target"), "repeats " + k.target);
        spec.unknowns.push_back(k);
    }

    const std::string evidenceField = joinField(root, "evidence");
    const json& evidence = getMember(*block, "evidence", root);
    if (!evidence.is_array() || evidence.empty())
        throw InputError(evidenceField, "must be a non-empty array: a reconstruction needs evidence");
    int scalars = 0;
    for (std::size_t i = 0; i < evidence.size(); ++i) {
        const std::string field = indexField(evidenceField, i);
        const json& e = evidence[i];
        requireObject(e, field);
        rejectUnknownKeys(e, {"quantity", "vehicle", "value", "sigma"}, field);
        EvidenceItem item;
        const std::string name = readString(getMember(e, "quantity", field), joinField(field, "quantity"));
        const auto q = parseEvidenceQuantity(name);
        if (!q) {
            std::string known;
            for (const auto& n : kQuantityNames) known += std::string(known.empty() ? "" : ", ") + n.name;
            throw InputError(joinField(field, "quantity"), "unknown quantity \"" + name + "\" (known: " + known + ")");
        }
        item.quantity = *q;
        item.vehicle = static_cast<int>(
            readInteger(getMember(e, "vehicle", field), joinField(field, "vehicle"), 0, vehicleCount - 1));
        const std::string valueField = joinField(field, "value");
        const json& value = getMember(e, "value", field);
        if (getComponentCount(item.quantity) == 2) {
            const Vec2 v = readVec2(value, valueField);
            item.value = {v.x(), v.y()};
        } else {
            item.value = {readNumber(value, valueField)};
        }
        item.sigma = readSigma(e, field);
        scalars += getComponentCount(item.quantity);
        spec.evidence.push_back(item);
    }

    if (const json* uncertain = findMember(*block, "uncertain")) {
        const std::string uncertainField = joinField(root, "uncertain");
        if (!uncertain->is_array()) throw InputError(uncertainField, "must be an array");
        for (std::size_t i = 0; i < uncertain->size(); ++i) {
            const std::string field = indexField(uncertainField, i);
            const json& u = (*uncertain)[i];
            requireObject(u, field);
            rejectUnknownKeys(u, {"target", "sigma", "min", "max"}, field);
            UncertainInput in;
            in.target = readString(getMember(u, "target", field), joinField(field, "target"));
            const bool uniform = u.contains("min") || u.contains("max");
            if (u.contains("sigma") == uniform)
                throw InputError(field, "needs either sigma (normal) or min and max (uniform)");
            if (uniform) {
                in.min = readNumber(getMember(u, "min", field), joinField(field, "min"));
                in.max = readNumber(getMember(u, "max", field), joinField(field, "max"));
                if (!(in.min < in.max))
                    throw InputError(joinField(field, "max"), "must be > min (" + formatNumber(in.min) + "), got " +
                                                                  formatNumber(in.max));
            } else {
                in.sigma = readSigma(u, field);
            }
            for (const auto& k : spec.unknowns)
                if (k.target == in.target)
                    throw InputError(joinField(field, "target"), in.target + " is an unknown; it cannot also be uncertain");
            spec.uncertain.push_back(in);
        }
    }
    spec.samples = static_cast<int>(readInteger(block->value("samples", json(spec.samples)),
                                                joinField(root, "samples"), 0, kMaxSamples));
    spec.seed = static_cast<std::uint64_t>(readInteger(block->value("seed", json(1)), joinField(root, "seed"), 0,
                                                       std::numeric_limits<long long>::max()));

    // Every target names a numeric value of this scene; each unknown's bounds
    // hold the scene's value (the first start of the fit).
    const ForwardModel model = makeReconstructionModel(scene, spec);
    for (std::size_t i = 0; i < spec.unknowns.size(); ++i) {
        const ReconstructionUnknown& k = spec.unknowns[i];
        const double v = model.getSceneValue(static_cast<int>(i));
        if (v < k.min || v > k.max)
            throw InputError(indexField(unknownsField, i), "bounds [" + formatNumber(k.min) + ", " +
                                                               formatNumber(k.max) + "] exclude the scene's value " +
                                                               formatNumber(v) + " of " + k.target);
    }
    const int unknownCount = static_cast<int>(spec.unknowns.size());
    if (unknownCount > scalars)
        throw InputError(unknownsField, std::to_string(unknownCount) + " unknowns but only " + std::to_string(scalars) +
                                            " scalar observations: add evidence or fix some unknowns");
    return spec;
}

nlohmann::json toJson(const ReconstructionSpec& spec) {
    json out;
    json unknowns = json::array();
    for (const auto& k : spec.unknowns) unknowns.push_back({{"target", k.target}, {"min", k.min}, {"max", k.max}});
    json evidence = json::array();
    for (const auto& e : spec.evidence) {
        json item = {{"quantity", toString(e.quantity)}, {"vehicle", e.vehicle}};
        item["value"] = e.value.size() == 1 ? json(e.value[0]) : json(e.value);
        item["sigma"] = e.sigma;
        evidence.push_back(item);
    }
    json uncertain = json::array();
    for (const auto& u : spec.uncertain) {
        json item = {{"target", u.target}};
        if (u.sigma) {
            item["sigma"] = *u.sigma;
        } else {
            item["min"] = u.min;
            item["max"] = u.max;
        }
        uncertain.push_back(item);
    }
    out["unknowns"] = unknowns;
    out["evidence"] = evidence;
    if (!uncertain.empty()) out["uncertain"] = uncertain;
    out["samples"] = spec.samples;
    out["seed"] = spec.seed;
    return out;
}

}  // namespace impactlab
