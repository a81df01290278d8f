#pragma once
// Fitting a law's parameters to measured tosses, and scoring them on tosses
// the fit never saw (docs/experiments.md).
//
// The objective is the mean over tosses of calcTossObjective (position error
// plus the corner displacement of the rotation error, in widths). A simulated
// toss is a chaotic function of its parameters: a corner that strikes first
// at one friction strikes second at the next, and the objective jumps. So the
// fit searches rather than follows gradients: a grid over the parameters'
// ranges, then a finer grid around the best point. Intervals come from a
// bootstrap over groups on the finer grid (each resample's own best point),
// and each group's influence from the best point without it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/tosses/TossScore.h"
#include "sim/tosses/TossSimulation.h"
#include "sim/tosses/Tosses.h"

namespace impactlab {

struct TossFitOptions {
    // What is fitted: "friction", "restitution" and numeric options of the law.
    std::vector<std::string> fit = {"friction", "restitution"};
    int threads = 0;   // 0: every core
    // Coarse grid: this many values over each parameter's range; the fine
    // grid: this many over two coarse spacings around the best point.
    int coarsePoints = 9;
    int finePoints = 7;
    double frictionMax = 1.0;   // searched in [0, frictionMax]
    // Numeric law options: searched over [value / optionSpan, value * optionSpan]
    // around the law's default, log-spaced, after friction and restitution.
    double optionSpan = 4.0;
    int bootstrapResamples = 200;
    std::uint64_t seed = 1;
    // Called with (evaluations done, evaluations planned); false cancels.
    std::function<bool(int, int)> progress;
};

// One fitted parameter with its bootstrap interval (2.5 and 97.5 percentiles
// of the resamples' best points, widened by half the grid's spacing: the
// resolution of the search).
struct FittedValue {
    std::string name;
    double value = 0.0, low = 0.0, high = 0.0;
    bool atGridEdge = false;   // the interval reaches the searched range's edge
};

struct TossContribution {
    int id = 0, group = 0;
    double objective = 0.0;   // this toss's term at the fitted values
    double share = 0.0;       // of the summed objective
    // The fitted values without this toss's group (its influence), in the order of `values`.
    std::vector<double> withoutGroup;
};

struct TossFitResult {
    TossParams params;
    double objective = 0.0;
    int tosses = 0;
    int evaluations = 0;   // parameter sets simulated over every toss
    std::vector<FittedValue> values;
    std::vector<TossContribution> contributions;
    std::vector<std::string> warnings;
    bool cancelled = false;
};

// Every toss of `set`, as the `which` of the functions below: 0, 1, ... n - 1.
std::vector<int> listAllTosses(const TossSet& set);

// Fits `initial`'s law to the tosses `which` (indices into set.tosses); the
// values not fitted stay as `initial` has them.
TossFitResult fitTosses(const TossSet& set, const std::vector<int>& which, const TossParams& initial,
                        const TossFitOptions& options);

// Every toss of `which` simulated from its measured start with `params` and
// compared. `progress` (tosses done, tosses planned) may cancel: the result
// is then empty.
std::vector<TossError> scoreTosses(const TossSet& set, const std::vector<int>& which, const TossParams& params,
                                   int threads, const std::function<bool(int, int)>& progress = {});

// Every start simulated for starts.samples samples (the format's `predict`);
// the result does not depend on the thread count.
std::vector<SimulatedToss> predictTosses(const TossStarts& starts, const TossParams& params, int threads);

// Folds that keep a group together: the groups in ascending order, the i-th
// in fold i mod folds. Returns the fold of each toss.
std::vector<int> assignFolds(const TossSet& set, int folds);

struct CrossValidation {
    std::vector<TossError> errors;          // every toss, scored by parameters fitted without its fold
    std::vector<TossFitResult> foldFits;    // fold i: fitted on every other fold
    TossScoreSummary summary;
};
CrossValidation crossValidateTosses(const TossSet& set, const TossParams& initial, int folds,
                                    const TossFitOptions& options);

// The law ImpactLab recommends for a box tossed on a table (docs/experiments.md).
const char* getRecommendedTossLaw();

}  // namespace impactlab
