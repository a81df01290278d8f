#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

const char* toString(ContactMode mode) {
    switch (mode) {
        case ContactMode::Frictionless: return "frictionless";
        case ContactMode::Sliding: return "sliding";
        case ContactMode::Sticking: return "sticking";
        case ContactMode::ResumedSlip: return "resumed-slip";
    }
    return "?";
}

const char* toString(ImpactPhase phase) {
    return phase == ImpactPhase::Compression ? "compression" : "restitution";
}

const char* toString(SolveStatus status) {
    switch (status) {
        case SolveStatus::Converged: return "converged";
        case SolveStatus::IterationLimit: return "iteration-limit";
        case SolveStatus::NoSolution: return "no-solution";
    }
    return "?";
}

const char* toString(ImpactEventKind kind) {
    switch (kind) {
        case ImpactEventKind::EndOfCompression: return "end-of-compression";
        case ImpactEventKind::Stick: return "stick";
        case ImpactEventKind::ResumedSlip: return "resumed-slip";
        case ImpactEventKind::InvariantDirection: return "invariant-direction";
        case ImpactEventKind::SlideToRoll: return "slide-to-roll";
        case ImpactEventKind::EndOfImpact: return "end-of-impact";
    }
    return "?";
}

}  // namespace impactlab
