#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"

namespace impactlab {

const char* toString(ContactEventKind kind) {
    switch (kind) {
        case ContactEventKind::EndOfCompression: return "end-of-compression";
        case ContactEventKind::SlideToRoll: return "slide-to-roll";
        case ContactEventKind::RollToSlip: return "roll-to-slip";
        case ContactEventKind::Stick: return "stick";
        case ContactEventKind::ResumedSlip: return "resumed-slip";
        case ContactEventKind::InvariantDirection: return "invariant-direction";
        case ContactEventKind::EndOfRound: return "end-of-round";
        case ContactEventKind::EndOfImpact: return "end-of-impact";
    }
    return "?";
}

const char* toString(ContactPhase phase) {
    switch (phase) {
        case ContactPhase::Observing: return "observing";
        case ContactPhase::Compressing: return "compressing";
        case ContactPhase::Expanding: return "expanding";
    }
    return "?";
}

const char* toString(ContactSlip slip) {
    switch (slip) {
        case ContactSlip::Rolling: return "rolling";
        case ContactSlip::ImpendingSlip: return "impending-slip";
        case ContactSlip::Sliding: return "sliding";
    }
    return "?";
}

}  // namespace impactlab
