#pragma once
// The catalogue of impact laws by model id, as the CLI, the scenes and the UI
// name them (docs/problem-format.md, "Model ids"). Each entry wraps one law's solve
// function and reads its options from a JSON object, rejecting unknown keys.
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct LawOptionInfo {
    std::string name;          // key inside the law's options object
    std::string defaultValue;  // as JSON text
    std::string description;   // with units
};

struct LawInfo {
    std::string id;          // "newton", "stronge", ...
    std::string title;       // one line for `models`
    std::string reference;   // paper and equations
    std::vector<LawOptionInfo> options;
    bool mayGainEnergy = false;   // documented non-physical case
    // Solves with options read from `options` (a JSON object, possibly empty).
    // Throws InputError("<id>.<key>") for an unknown or invalid option.
    std::function<ImpactResult(const ImpactProblem&, const nlohmann::json& options, ImpactTrace*)> solve;
    // Approaching only (v_n- < 0), or grazing and separating contacts too.
    ApproachRequirement approach = ApproachRequirement::Approaching;
};

const std::vector<LawInfo>& getLaws();

// Each family of laws registers itself from its own file (defined there).
void appendPlanarLaws(std::vector<LawInfo>& laws);       // impact/planar/
void appendJiaWangLaws(std::vector<LawInfo>& laws);      // impact/JiaWang.cpp
void appendVehicleLaws(std::vector<LawInfo>& laws);      // impact/vehicle/
void appendMaxDissipationLaws(std::vector<LawInfo>& laws);   // impact/MaxDissipationLaws.cpp
void appendPlusLaws(std::vector<LawInfo>& laws);         // impact/plus/PlusLaw.cpp
// What every registered law's solve passes its result through (applied by the
// registry, exposed for tests): a non-finite result becomes NoSolution with a
// reason, zero impulse and unchanged velocities; an energy gain always carries
// a warning.
ImpactResult guardLawResult(const std::string& id, const ImpactProblem& problem, ImpactResult result);

// nullptr when the id is unknown.
const LawInfo* findLaw(const std::string& id);
// Like findLaw, but throws InputError(field) listing the known ids.
const LawInfo& getLaw(const std::string& id, const std::string& field = "model");

}  // namespace impactlab
