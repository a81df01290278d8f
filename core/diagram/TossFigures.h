#pragma once
// The toss page's figures and tables (ui/pages/TossPage.h), computed here so
// that a view draws only what the core computed and its CSV is the same data:
// one toss under every compared law against the measurement, and every toss
// of a file scored per law.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "sim/tosses/TossExperiment.h"

namespace impactlab {

struct TossFigures {
    Figure position;   // |p_sim - p_meas| / width against time, per law
    Figure rotation;   // the angle between the orientations against time, per law
    Figure velocity;   // v_z against time: measured points, each law a line
    FigureTable toss;  // per law: the time-mean errors and the first impact's change of velocity
};

// `runs[k]` is law k's run of `measured` (colour k in every figure).
TossFigures makeTossFigures(const Toss& measured, const std::vector<TossLawRun>& runs, const TossBody& body);

// Every toss of a file scored under each law (the same tosses in each).
struct TossFileScores {
    std::vector<std::string> laws;
    std::vector<std::vector<TossError>> errors;   // per law, per toss
    std::vector<std::string> refusals;            // per law: why it could not be scored (empty: scored)
};

// Per law: the mean, standard deviation and median of the position and
// rotation errors and of the first impact's errors, beside the simulators'
// published scores (Acosta, Yang & Posa 2022, Table II).
FigureTable makeTossFileTable(const TossFileScores& scores);
// Per law, the share of tosses in each error bin, as a step outline: the
// position error (`rotation` false, percent of the width) or the rotation
// error (degrees).
Figure makeTossHistogram(const TossFileScores& scores, bool rotation);

// Bins of the histograms: this many over [0, the largest error].
inline constexpr int kTossHistogramBins = 20;
// Digits of the numbers in the toss tables.
inline constexpr int kTossTableDigits = 3;

}  // namespace impactlab
