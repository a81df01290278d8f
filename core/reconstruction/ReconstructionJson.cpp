// A reconstruction's output (docs/reconstruction-format.md): the contract's
// JSON object, the samples as CSV, the estimate written into the scene.
#include <sstream>

#include "reconstruction/Reconstruction.h"

namespace impactlab {

namespace {

using OutJson = nlohmann::ordered_json;

// CSV numbers keep every digit (a file read back by programs).
constexpr int kCsvDigits = 17;

OutJson summaryJson(const QuantitySummary& q) {
    return {{"value", q.value}, {"median", q.median}, {"std", q.std}, {"interval_95", {q.low, q.high}}};
}

OutJson valueJson(const std::vector<double>& v) { return v.size() == 1 ? OutJson(v[0]) : OutJson(v); }

}  // namespace

nlohmann::ordered_json toJson(const ReconstructionResult& result) {
    OutJson out;
    out["status"] = result.status;
    OutJson unknowns = OutJson::array();
    for (const auto& u : result.unknowns) {
        OutJson j = {{"target", u.unknown.target}};
        j.update(summaryJson(u.summary));
        j["min"] = u.unknown.min;
        j["max"] = u.unknown.max;
        j["start"] = u.start;
        j["at_bound"] = u.atBound;
        OutJson sensitivity = OutJson::array();
        for (const auto& s : u.sensitivity) sensitivity.push_back(valueJson(s));
        j["sensitivity"] = sensitivity;
        unknowns.push_back(j);
    }
    out["unknowns"] = unknowns;
    OutJson evidence = OutJson::array();
    for (const auto& e : result.evidence)
        evidence.push_back({{"quantity", toString(e.item.quantity)},
                            {"vehicle", e.item.vehicle},
                            {"observed", valueJson(e.item.value)},
                            {"sigma", e.item.sigma},
                            {"predicted", valueJson(e.predicted)},
                            {"residual_sigmas", valueJson(e.residualSigmas)}});
    out["evidence"] = evidence;
    OutJson derived = OutJson::array();
    for (const auto& d : result.derived)
        derived.push_back({{"vehicle", d.vehicle},
                           {"delta_v", summaryJson(d.deltaV)},
                           {"pdof", summaryJson(d.pdof)},
                           {"ees", summaryJson(d.ees)}});
    out["derived"] = derived;
    OutJson rest = OutJson::array();
    for (std::size_t v = 0; v < result.predictedRest.size(); ++v)
        rest.push_back({{"vehicle", v},
                        {"position", {result.predictedRest[v].position.x(), result.predictedRest[v].position.y()}},
                        {"heading", result.predictedRest[v].heading}});
    out["predicted_rest"] = rest;
    out["chi2"] = result.chi2;
    out["dof"] = result.dof;
    out["widening"] = result.widening;
    out["samples"] = result.samples;
    out["failed_samples"] = result.failedSamples;
    out["starts"] = result.starts;
    out["warnings"] = result.warnings;
    out["wall_s"] = result.wallSeconds;
    return out;
}

std::string writeSamplesCsv(const ReconstructionResult& result) {
    std::ostringstream os;
    os.precision(kCsvDigits);
    bool first = true;
    for (const auto& u : result.unknowns) {
        os << (first ? "" : ",") << u.unknown.target;
        first = false;
    }
    for (const auto& d : result.derived)
        for (const char* name : {"delta_v_", "pdof_", "ees_"}) {
            os << (first ? "" : ",") << name << d.vehicle;
            first = false;
        }
    os << '\n';
    for (const auto& row : result.sampleRows) {
        for (std::size_t c = 0; c < row.size(); ++c) os << (c ? "," : "") << row[c];
        os << '\n';
    }
    return os.str();
}

nlohmann::json applyEstimate(const nlohmann::json& document, const ReconstructionResult& result) {
    nlohmann::json out = document;
    for (const auto& u : result.unknowns) out[nlohmann::json::json_pointer(u.unknown.target)] = u.summary.value;
    return out;
}

}  // namespace impactlab
