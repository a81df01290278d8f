#pragma once
// How far a simulated toss is from the measured one (docs/experiment-format.md,
// `score`; the measures of Acosta, Yang & Posa 2022): the time-mean distance
// between the centres as a share of the box's width, the time-mean angle
// between the orientations, and the change of velocity across the first
// contact, predicted against measured.
#include <optional>
#include <string>
#include <vector>

#include "sim/tosses/TossSimulation.h"
#include "sim/tosses/Tosses.h"

namespace impactlab {

// A rise of v_z between two measured samples larger than this marks the first
// impact (free flight lowers v_z by g dt = 0.066 m/s a sample; the velocity
// noise of the tracked data is a few hundredths), m/s.
inline constexpr double kMeasuredImpactRise = 0.25;
// The velocity change across a contact is read from the sample this many
// before the first sample after it (the data's 3-sample median filter spreads
// a jump over the two samples around it) ...
inline constexpr int kImpactSamplesBefore = 2;
// ... to the sample this many after it, less gravity's share over the span.
inline constexpr int kImpactSamplesAfter = 1;

// The change of velocity across a contact, gravity's share taken out.
struct VelocityChange {
    Vec3 linear = Vec3::Zero();    // m/s, world
    Vec3 angular = Vec3::Zero();   // rad/s, body frame
};

// From samples (t = k dt) and the index of the first sample after the contact.
VelocityChange calcVelocityChange(const std::vector<TossState>& samples, int firstAfter, const TossBody& body);
// The first sample after the first impact of measured samples from `from` on:
// v_z rises by more than kMeasuredImpactRise. Nothing when none does.
std::optional<int> findMeasuredImpact(const std::vector<TossState>& samples, int from);

struct TossError {
    int id = 0;
    int group = 0;
    int startSample = 0;   // measured sample the simulation started from
    int samples = 0;       // compared
    double position = 0.0; // time mean of |p_sim - p_meas| / width
    double rotation = 0.0; // time mean of the angle between the orientations, degrees
    // First impact: |dv_pred - dv_meas| / |dv_meas| and the same for the
    // angular velocity; absent when either toss has no impact to compare.
    std::optional<double> firstImpactLinear, firstImpactAngular;
    std::optional<VelocityChange> measuredChange, predictedChange;
};

// Compares the predicted samples (sample 0 at the measured sample
// startSample) with the measured ones from startSample to the end of the
// recording.
TossError compareToss(const Toss& measured, int startSample, const SimulatedToss& predicted, const TossBody& body);

// The angle between two orientations, degrees.
double calcRotationAngleDeg(const Quat& a, const Quat& b);

struct Spread {
    double mean = 0.0, std = 0.0, median = 0.0;
    int count = 0;
};
Spread calcSpread(std::vector<double> values);

struct TossScoreSummary {
    Spread position, rotation;                     // share of width; degrees
    Spread firstImpactLinear, firstImpactAngular;  // shares of the measured change
};
TossScoreSummary summarize(const std::vector<TossError>& errors);

// The fit's objective for one toss: the position error plus the rotation
// error as the displacement of a corner it causes, both in widths
// (docs/experiments.md, "The objective").
double calcTossObjective(const TossError& e, const TossBody& body);

}  // namespace impactlab
