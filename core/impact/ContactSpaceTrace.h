#pragma once
// Samples along a several-contact impact, one per interval boundary: the
// path parameter is (round, interval), and each sample holds the accumulated
// impulse and the velocity of every contact with its state during the
// interval that ends there (sample 0 is the pre-impact state). PLUS's
// figures (Uchida et al. Figs. 8-12) and the interval table are drawn from
// this; single-contact laws map their ImpactTrace onto it
// (ContactSpaceAdapter.h), one sample per trace sample, round 1.
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

// A contact's role in a round (Uchida et al. sec. 3b, Table 1).
enum class ContactPhase { Observing, Compressing, Expanding };
// Its tangential state in an interval (sec. 2c).
enum class ContactSlip { Rolling, ImpendingSlip, Sliding };

const char* toString(ContactPhase phase);
const char* toString(ContactSlip slip);

struct ContactSample {
    Vec3 impulse = Vec3::Zero();    // N s, accumulated, contact frame
    Vec3 velocity = Vec3::Zero();   // m/s, contact frame
    ContactPhase phase = ContactPhase::Observing;
    ContactSlip slip = ContactSlip::Sliding;
    bool active = false;            // carried an impulse in the interval (not removed by the active set)
};

struct ContactSpaceSample {
    int round = 0;                  // 1-based; 0 for the pre-impact sample
    int interval = 0;               // 1-based over the whole impact; 0 for the pre-impact sample
    double alpha = 0.0;             // fraction of the interval's impulse applied (PLUS eqs. 2.12-2.14)
    double energy = 0.0;            // J, kinetic energy after the interval
    std::vector<ContactSample> contacts;
};

struct ContactSpaceTrace {
    std::vector<ContactSpaceSample> samples;
};

}  // namespace impactlab
