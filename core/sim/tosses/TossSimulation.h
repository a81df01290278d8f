#pragma once
// A toss simulated from a start state (sim/tosses/Tosses.h) by the project's
// event-driven simulator (sim/Simulation.h): the box flies, strikes the table
// at a corner, an edge or a face through the chosen law, bounces, slides,
// tips and comes to rest. A single-contact law meets the corners touching at
// one instant one at a time, fastest first; a law that solves several
// contacts (plus) takes them together (docs/experiments.md).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/tosses/Tosses.h"

namespace impactlab {

// The law and its parameters a toss is simulated with: the format's PARAMS.json.
struct TossParams {
    std::string law = "stronge";
    double friction = 0.18;
    double restitution = 0.125;
    nlohmann::json options = nlohmann::json::object();   // the law's options
};

// J/kg: a box on the table with less specific kinetic energy is at rest
// (1.4 cm/s, below the tracked data's velocity noise), and stays where it
// is: the impulse-velocity stepping of its resting corners would otherwise
// keep it creeping by mm/s for the rest of the prediction.
inline constexpr double kTossRestSpecificEnergy = 1e-4;

// Reads {"format": "impactlab.toss-params/1", "law", "friction", "restitution",
// "options", ...}; the fit's own keys (objective, tosses, intervals, ...) are
// accepted and ignored. The law and its options are checked here.
TossParams readTossParams(const nlohmann::json& doc, const std::string& source);

struct SimulatedToss {
    std::vector<TossState> samples;   // k = 0 .. n - 1, t = k dt; sample 0 is the start
    std::vector<double> energy;       // J, kinetic + potential above the table, per sample
    double firstImpactTime = -1.0;    // s after the start; -1: it never struck
    int impacts = 0;
    std::vector<double> impactTimes;  // s after the start, of every impact in order
    std::string endReason;            // the simulator's ("end time", "at rest")
};

// Simulates `samples` samples of a toss from `start`. Throws InputError naming
// `name` (the toss) when the start or the parameters cannot be simulated, or
// the run ends on a limit rather than at its end time or at rest.
SimulatedToss simulateToss(const TossBody& body, const TossState& start, const TossParams& params, int samples,
                           const std::string& name);

}  // namespace impactlab
