#pragma once
// What a law returns for a several-contact problem: the stacked impulse and
// post-impact contact velocity (3 per contact, each in its contact frame),
// energies, per-contact events, the rounds and intervals counts (PLUS) and
// the solver's status. Numerical trouble is reported here, never thrown.
#include <optional>
#include <string>
#include <vector>

#include "impact/ImpactResult.h"
#include "mechanics/RigidBody.h"

namespace impactlab {

enum class ContactEventKind {
    EndOfCompression,  // the contact's normal velocity reaches 0 with an impulse on it
    SlideToRoll,       // its tangential speed falls below the transition speed
    RollToSlip,        // a rolling contact reaches its friction cone (impending slip)
    Stick,             // single-contact laws: sliding stops and the contact sticks
    ResumedSlip,       // single-contact laws: sliding stops and resumes
    InvariantDirection,// single-contact laws: the hodograph reaches an invariant ray
    EndOfRound,        // an impact round ends (contact = -1)
    EndOfImpact,       // contact = -1
};
const char* toString(ContactEventKind kind);

struct ContactEvent {
    ContactEventKind kind = ContactEventKind::EndOfImpact;
    int contact = -1;               // index, or -1 for the whole system
    int round = 0;                  // 1-based; 0 when the law has no rounds
    int interval = 0;               // 1-based index of the interval that ends at the event
    Eigen::VectorXd impulse;        // N s, accumulated stacked impulse at the event
};

struct ContactSpaceResult {
    std::string model;
    Eigen::VectorXd impulse;        // N s, 3nc, total, stacked contact frames
    Eigen::VectorXd vPlus;          // m/s, 3nc, post-impact contact velocity
    double energyBefore = 0.0;      // J
    double energyAfter = 0.0;       // J
    int rounds = 0;                 // impact rounds (PLUS); 1 for single-contact laws
    int intervals = 0;              // impulse intervals over all rounds (PLUS); law steps otherwise
    std::vector<ContactEvent> events;
    std::vector<std::string> warnings;
    SolveStatus status = SolveStatus::Converged;
    std::optional<Eigen::VectorXd> uPlus;           // post-impact generalized velocity, when a system is known
    std::optional<std::vector<RigidBody>> bodiesAfter;   // body-level input

    int getContactCount() const { return static_cast<int>(impulse.size() / 3); }
    Vec3 getImpulse(int k) const { return impulse.segment<3>(3 * k); }
    Vec3 getVelocityAfter(int k) const { return vPlus.segment<3>(3 * k); }
    bool gainsEnergy(double relTol) const { return energyAfter - energyBefore > relTol * energyBefore; }
};

}  // namespace impactlab
