#pragma once
// Samples along an impact's path in impulse space, parameterised by the
// accumulated normal impulse (Darboux-Keller). Every law emits one, so every
// diagram can draw every law.
#include <optional>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

enum class ContactMode { Frictionless, Sliding, Sticking, ResumedSlip };
enum class ImpactPhase { Compression, Restitution };

const char* toString(ContactMode mode);
const char* toString(ImpactPhase phase);

struct TraceSample {
    double normalImpulse = 0.0;     // N s, I_n
    Vec3 impulse = Vec3::Zero();    // N s, contact frame
    Vec3 velocity = Vec3::Zero();   // m/s, relative contact velocity, contact frame
    double energy = 0.0;            // J, kinetic energy (bodies, or of relative motion)
    // J, Stronge's contact potential energy E (Jia & Wang eq. 11), for the laws
    // that track it (jia-wang); for the compliant laws (tangential-compliance
    // and its Hertz-Mindlin reference) the energy the normal spring would give
    // back if unloaded now; absent otherwise.
    std::optional<double> contactEnergy;
    // J, elastic energy stored in the tangential spring of a compliant contact
    // (tangential-compliance, Hertz-Mindlin reference); absent for rigid laws.
    std::optional<double> tangentialEnergy;
    ContactMode mode = ContactMode::Frictionless;
    ImpactPhase phase = ImpactPhase::Compression;
};

struct ImpactTrace {
    std::vector<TraceSample> samples;
    // N s: the normal impulse from which the path is in closed form (Jia & Wang
    // secs. 6.2-6.3, Fig. 9); below it the path was integrated numerically.
    // +inf when it was integrated to the end, 0 when it is closed form
    // throughout; absent for laws that do not make the distinction.
    std::optional<double> closedFormFromNormalImpulse;
};

}  // namespace impactlab
