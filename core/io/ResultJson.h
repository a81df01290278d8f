#pragma once
// Writing an impact result in the CLI contract's format
// (docs/problem-format.md, "Result"; "impactlab.result/1").
//
//   format, model, status ("converged" | "iteration-limit" | "no-solution"), steps,
//   impulse, impulse_world, v_plus, v_plus_world,
//   compression_impulse (its normal component, N s), compression_impulse_vector,
//   energy_before, energy_after, events [{kind, normal_impulse, impulse}],
//   contact_frame {t1, t2, n} and bodies [...] (body level only),
//   branch, conic (max-dissipation and coulomb-inelastic: the decision-tree leaf
//   and the conic section of the plane of maximum compression),
//   solutions [{impulse, impulse_world, v_plus, v_plus_world, energy_after,
//   kind, max_dissipation}] and primary_solution (the index reported as
//   "impulse"), for coulomb-inelastic,
//   warnings [...], and with a trace: trace [{normal_impulse, impulse,
//   velocity, energy, mode, phase}, ...].
//
// Vectors in the contact frame are [t1, t2, n]. The *_world fields rotate them
// into the world frame with the body-level contact frame, so results do not
// depend on the tangent choice; at contact level there is no other frame and
// they equal their contact-frame twins. Objects keep this key order
// (ordered_json), so the output reads like the contract.
//
// Values are written as computed: a NaN or infinity here is a bug upstream.
// Callers that print must check with findNonFiniteNumber first (nlohmann would
// print NaN as null).
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

inline constexpr const char* kResultFormat = "impactlab.result/1";

nlohmann::ordered_json resultToJson(const ImpactProblem& problem, const ImpactResult& result,
                                    const ImpactTrace* traceOrNull = nullptr);
nlohmann::ordered_json traceToJson(const ImpactTrace& trace);
// A vector as the JSON array [x, y, z], as every result writes one.
nlohmann::ordered_json vectorToJson(const Vec3& v);

// The path ("results[0].impulse[2]") of the first number in `value` that is NaN
// or infinite, or nullopt when every number is finite.
template <typename Json>
std::optional<std::string> findNonFiniteNumber(const Json& value, const std::string& path = "") {
    if (value.is_number_float()) {
        if (!std::isfinite(value.template get<double>())) return path.empty() ? std::string("(value)") : path;
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (auto bad = findNonFiniteNumber(value[i], path + "[" + std::to_string(i) + "]")) return bad;
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            if (auto bad = findNonFiniteNumber(*it, path.empty() ? it.key() : path + "." + it.key()))
                return bad;
    }
    return std::nullopt;
}

}  // namespace impactlab
