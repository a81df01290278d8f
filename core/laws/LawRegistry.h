#pragma once
// The catalogue of impact laws by model id, as the CLI, the scenes and the UI
// name them (docs/problem-format.md, "Model ids"; docs/design.md, "The
// impulse-space contract"). One registry for one contact and several: each
// entry wraps one law's solve function, reads its options from a JSON object
// (laws/LawOptionReader.h, unknown keys rejected) and passes every result
// through the guards of impact/LawGuard.h. A law that solves several contacts
// natively (PLUS) also has `solveSeveral`; every other law runs on a
// contact-space problem as its nc = 1 case (impact/ContactSpaceAdapter.h).
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/LawGuard.h"

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
    // Solves one contact with options read from `options` (a JSON object,
    // possibly empty). Throws InputError("<id>.<key>") for an unknown or
    // invalid option.
    std::function<ImpactResult(const ImpactProblem&, const nlohmann::json& options, ImpactTrace*)> solve;
    // Approaching only (v_n- < 0), or grazing and separating contacts too.
    ApproachRequirement approach = ApproachRequirement::Approaching;
    // Solves several contacts natively (empty for a single-contact law);
    // called through solveContactSpace, which guards its result.
    std::function<ContactSpaceResult(const ContactSpaceProblem&, const nlohmann::json& options, ContactSpaceTrace*)>
        solveSeveral = nullptr;
};

const std::vector<LawInfo>& getLaws();

// Each family of laws registers itself from its own file in laws/ (defined
// there).
void appendPlanarLaws(std::vector<LawInfo>& laws);          // laws/PlanarLaws.cpp
void appendJiaWangLaws(std::vector<LawInfo>& laws);         // laws/JiaWangLaw.cpp
void appendVehicleLaws(std::vector<LawInfo>& laws);         // laws/VehicleLaws.cpp
void appendMaxDissipationLaws(std::vector<LawInfo>& laws);  // laws/MaxDissipationLaws.cpp
void appendPlusLaws(std::vector<LawInfo>& laws);            // laws/PlusLaw.cpp
void appendTangentialComplianceLaws(std::vector<LawInfo>& laws);   // laws/TangentialComplianceLaw.cpp

// nullptr when the id is unknown.
const LawInfo* findLaw(const std::string& id);
// Like findLaw, but throws InputError(field) listing the known ids.
const LawInfo& getLaw(const std::string& id, const std::string& field = "model");

// Throws InputError("contacts") when `law` handles one contact and the
// problem has several.
void checkContactCount(const LawInfo& law, const ContactSpaceProblem& problem);

// Runs `law` on `problem`: natively when the law handles several contacts
// (its result guarded by guardContactSpaceResult), otherwise as the nc = 1
// case through impact/ContactSpaceAdapter.h (InputError("contacts") when
// nc > 1). Options are read as the law's solve reads them.
ContactSpaceResult solveContactSpace(const LawInfo& law, const ContactSpaceProblem& problem,
                                     const nlohmann::json& options, ContactSpaceTrace* trace = nullptr);

}  // namespace impactlab
