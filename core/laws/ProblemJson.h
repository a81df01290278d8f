#pragma once
// Reading an impact problem written in the CLI contract's format
// (docs/problem-format.md, "impactlab.problem/1").
//
// A problem is one contact between two bodies, given either
//   at contact level: "contact_level": {"W": 3x3, "v_minus": [t1, t2, n]}, or
//   at body level:    "bodies": [body1, body2], "contact": {"point", "normal"},
// with "friction" (mu >= 0) and "restitution" (0 <= e <= 1). A body is
//   {"mass", "inertia" (3x3 world tensor about the centre of mass), "com",
//    "velocity", "angular_velocity" (world)}  -- all five required -- or
//   {"fixed": true}  (infinite mass, at rest; no other field allowed).
// The normal points from body 2 into body 1 and need not be unit length; the
// contact frame's tangents are ContactFrame::makeFromNormal's choice.
//
// Choices where the contract is silent (documented here once):
// - "format" is required: a file without it (a scene, a result fed back by
//   mistake) is rejected rather than half-read.
// - friction and restitution are required: no silent defaults for physics.
// - Unknown top-level fields are an error, so a misspelt law-options object
//   ("strong": {...}) is reported instead of ignored. Accepted besides the
//   problem fields: "name" and "description" (strings, ignored) and one
//   options object per law id of this build (keys checked against the law's
//   documented options; values are checked when the law runs).
// - Several-contact input ("contacts", "A") is read by parseSolveRequest
//   through laws/ContactSpaceProblemJson.h into SolveRequest::contactSpace;
//   parseProblem rejects it.
// - "model" and "models" exclude each other; exactly one is needed unless the
//   caller overrides the model (the CLI's --model), which replaces both.
//
// Every error is an InputError whose field is the JSON path as the user wrote
// it ("bodies[1].mass", "contact_level.W[0][2]", "contact.normal"). At body
// level, errors about the derived W and v_minus are reported on "bodies".
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "impact/ContactSpaceProblem.h"
#include "impact/ImpactProblem.h"
#include "laws/LawRegistry.h"

namespace impactlab {

inline constexpr const char* kProblemFormat = "impactlab.problem/1";

// The physics of a problem document: validated, ready for any law. Checks the
// whole document's shape (format, unknown fields, law-option keys) but does not
// resolve "model" / "models". A grazing or separating contact is an error
// unless `approach` is Any (parseSolveRequest decides by the laws requested).
ImpactProblem parseProblem(const nlohmann::json& document,
                           ApproachRequirement approach = ApproachRequirement::Approaching);

// A body of the problem format, named `field` in errors ("bodies[1]").
RigidBody parseBody(const nlohmann::json& body, const std::string& field);

// One law to run and the options object it reads (empty when none was given).
struct LawRequest {
    const LawInfo* law = nullptr;
    nlohmann::json options = nlohmann::json::object();
};

// Everything `solve` needs from a document.
struct SolveRequest {
    ImpactProblem problem;          // one contact (unset when contactSpace is)
    std::optional<ContactSpaceProblem> contactSpace;   // several contacts ("contacts")
    std::vector<LawRequest> laws;   // in the order requested; never empty
    bool comparison = false;        // "models" was used: one result per law, in "results"
};

// Parses the problem and resolves its laws from the registry. `modelOverride`
// (named `overrideField` in errors) replaces "model" / "models" and yields a
// single result; the document's own model entries are then only type-checked.
SolveRequest parseSolveRequest(const nlohmann::json& document,
                               const std::optional<std::string>& modelOverride = std::nullopt,
                               const std::string& overrideField = "--model");

}  // namespace impactlab
