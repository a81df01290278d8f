#include "experiment/TossJson.h"

namespace impactlab {

namespace {

using ojson = nlohmann::ordered_json;

ojson toJsonVec(const Vec3& v) { return ojson::array({v.x(), v.y(), v.z()}); }

}  // namespace

ojson toJson(const Spread& s) { return {{"mean", s.mean}, {"std", s.std}, {"median", s.median}, {"count", s.count}}; }

ojson toJson(const TossScoreSummary& s) {
    return {{"position", toJson(s.position)},
            {"rotation_deg", toJson(s.rotation)},
            {"first_impact_linear", toJson(s.firstImpactLinear)},
            {"first_impact_angular", toJson(s.firstImpactAngular)}};
}

ojson toJson(const TossError& e) {
    ojson t = {{"toss", e.id}, {"group", e.group},   {"start_sample", e.startSample},
               {"samples", e.samples}, {"position", e.position}, {"rotation_deg", e.rotation}};
    if (e.measuredChange && e.predictedChange) {
        ojson f = {{"linear", e.firstImpactLinear ? ojson(*e.firstImpactLinear) : ojson()},
                   {"angular", e.firstImpactAngular ? ojson(*e.firstImpactAngular) : ojson()},
                   {"measured_dv", toJsonVec(e.measuredChange->linear)},
                   {"predicted_dv", toJsonVec(e.predictedChange->linear)},
                   {"measured_dw_body", toJsonVec(e.measuredChange->angular)},
                   {"predicted_dw_body", toJsonVec(e.predictedChange->angular)}};
        t["first_impact"] = f;
    } else {
        t["first_impact"] = nullptr;
    }
    return t;
}

ojson toJson(const TossParams& p) {
    ojson j = {{"format", "impactlab.toss-params/1"}, {"law", p.law}, {"friction", p.friction},
               {"restitution", p.restitution}};
    j["options"] = ojson::parse(p.options.dump());
    return j;
}

ojson toJson(const TossFitResult& r) {
    ojson j = toJson(r.params);
    j["objective"] = r.objective;
    j["tosses"] = r.tosses;
    j["evaluations"] = r.evaluations;
    ojson intervals = ojson::object();
    for (const FittedValue& v : r.values) intervals[v.name] = ojson::array({v.low, v.high});
    j["intervals_95"] = intervals;
    ojson contributions = ojson::array();
    for (const TossContribution& c : r.contributions) {
        ojson without = ojson::object();
        for (std::size_t d = 0; d < r.values.size() && d < c.withoutGroup.size(); ++d)
            without[r.values[d].name] = c.withoutGroup[d];
        contributions.push_back(
            {{"toss", c.id}, {"group", c.group}, {"objective", c.objective}, {"share", c.share}, {"fit_without_group", without}});
    }
    j["contributions"] = contributions;
    j["warnings"] = r.warnings;
    return j;
}

ojson toJson(const CrossValidation& cv, const std::string& law, int folds) {
    ojson doc = {{"format", "impactlab.toss-cross-validation/1"}, {"law", law}, {"folds", folds}};
    const ojson summary = toJson(cv.summary);
    for (auto it = summary.begin(); it != summary.end(); ++it) doc[it.key()] = it.value();
    ojson fits = ojson::array();
    for (const TossFitResult& f : cv.foldFits) {
        ojson j = toJson(f);
        j.erase("contributions");
        fits.push_back(j);
    }
    doc["fold_fits"] = fits;
    ojson list = ojson::array();
    for (const TossError& e : cv.errors) list.push_back(toJson(e));
    doc["tosses"] = list;
    return doc;
}

}  // namespace impactlab
