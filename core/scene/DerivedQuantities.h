#pragma once
// What an experiment measures on one impact, computed from a law's answer:
// the quantities a measurement series names in its "y" (SceneMeasurements.h)
// and a measurement sweep plots against a scene parameter
// (diagram/MeasurementSweep.h).
//
// Body 1 (the first body of an impact scene) is the one observed; the
// normal n points into it (docs/design.md). With v its centre's velocity,
// in the laboratory's (world) frame, as an experiment films it (the anvil at
// rest), v_n = v . n and t the unit direction of its tangential velocity before
// the impact (v^- minus its normal part):
//   tangential_restitution  e_t = (v^+ . t) / (v^- . t)
//   rebound_angle           atan2(v^+ . t, v^+ . n), from the normal
//   spin                    |omega^+|, rad/s
//   contact_rebound_angle   atan2(u^+ . t, u^+ . n), u^+ the contact point's
//                           velocity relative to body 2 after the impact; below
//                           zero when the contact patch springs back
// (Maw, Barber & Fawcett 1976, Fig. 3; Kharaz, Gorham & Salman 2001).
// Values are SI (rad, rad/s).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "impact/ImpactResult.h"
#include "scene/ImpactScene.h"

namespace impactlab {

struct DerivedQuantity {
    std::string id;      // "tangential_restitution"
    std::string label;   // "Tangential restitution e_t"
    std::string unit;    // the SI unit of the value ("", "rad", "rad/s")
};

// Every derived quantity, in the order views show them.
const std::vector<DerivedQuantity>& listDerivedQuantities();
// nullptr for an id that is not one.
const DerivedQuantity* findDerivedQuantity(std::string_view id);

// A tangential approach slower than this share of the approach speed has
// no direction t: e_t, the rebound angle and the contact rebound angle are
// then undefined (a head-on impact).
inline constexpr double kMinTangentialApproachShare = 1e-9;

// The quantity for body 1 after `result`; nullopt when it is undefined for
// this impact (a head-on approach, a contact-level problem without bodies).
// Throws InputError for an id that is not a derived quantity.
std::optional<double> evaluateDerivedQuantity(std::string_view id, const ImpactScene& scene, const ImpactResult& result);

}  // namespace impactlab
