#pragma once
// What a law returns: impulses, velocities, energies, events, warnings and the
// solver's status (docs/design.md). Numerical trouble is reported here, never thrown.
#include <optional>
#include <string>
#include <vector>

#include "mechanics/TwoBodyContact.h"

namespace impactlab {

enum class SolveStatus {
    Converged,        // the law's termination condition was met
    IterationLimit,   // the step or iteration limit was hit; the result is the last iterate
    NoSolution,       // the law admits no solution for this input (a warning says why)
};
const char* toString(SolveStatus status);

enum class ImpactEventKind {
    EndOfCompression,    // v_n reaches 0
    Stick,               // sliding velocity vanishes and the contact sticks
    ResumedSlip,         // sliding velocity vanishes and slip resumes (Jia & Wang sec. 5.2)
    InvariantDirection,  // the hodograph reaches an invariant ray
    SlideToRoll,
    EndOfImpact,
};
const char* toString(ImpactEventKind kind);

struct ImpactEvent {
    ImpactEventKind kind = ImpactEventKind::EndOfImpact;
    double normalImpulse = 0.0;     // N s, where along the path
    Vec3 impulse = Vec3::Zero();    // N s, contact frame
};

// One admissible solution of a law with several (coulomb-inelastic).
struct ImpactSolution {
    Vec3 impulse = Vec3::Zero();    // N s, contact frame
    Vec3 vPlus = Vec3::Zero();      // m/s, post-impact relative contact velocity
    double energyAfter = 0.0;       // J, as ImpactResult::energyAfter
    std::string kind;               // "zero", "stick", "slide", "continuum-end"
    bool maxDissipation = false;    // equals the max-dissipation law's impulse
};

struct ImpactResult {
    std::string model;
    Vec3 impulse = Vec3::Zero();             // N s, total, contact frame
    Vec3 compressionImpulse = Vec3::Zero();  // N s, at the end of compression
    Vec3 vPlus = Vec3::Zero();               // m/s, post-impact relative contact velocity
    double energyBefore = 0.0;               // J
    double energyAfter = 0.0;                // J
    std::vector<ImpactEvent> events;
    std::vector<std::string> warnings;
    SolveStatus status = SolveStatus::Converged;
    int steps = 0;                            // integration steps or iterations taken
    std::optional<TwoBodyContact> bodiesAfter;  // body-level input only

    // Laws with a decision tree (max-dissipation, coulomb-inelastic): the leaf
    // taken ("conic-boundary", ...) and the conic section of the plane of
    // maximum compression with the cone ("ellipse", "degenerate-hyperbola", ...).
    std::optional<std::string> branch;
    std::optional<std::string> conic;
    // Every admissible solution, for laws that have several (coulomb-inelastic);
    // `impulse` above is solutions[primarySolution].
    std::vector<ImpactSolution> solutions;
    std::optional<int> primarySolution;

    // J: change of the kinetic energy of relative motion. It equals
    // energyAfter - energyBefore unless body 2 is a moving obstacle, whose work
    // can change the system's energy without the contact creating any.
    std::optional<double> relativeEnergyChange;

    double normalImpulse() const { return impulse.z(); }
    // Whether the contact created energy (by more than relTol of the energy before).
    bool gainsEnergy(double relTol) const {
        return relativeEnergyChange.value_or(energyAfter - energyBefore) > relTol * energyBefore;
    }
};

// Energy gained by more than this fraction of the energy before is reported as
// a warning: round-off in the energy sum is ~1e-15, so 1e-9 flags only real
// gains (Newton and Kane can create energy; Simbody's stepper header says so too).
inline constexpr double kEnergyGainRelTol = 1e-9;

}  // namespace impactlab
