#pragma once
// The statistics of a reconstruction (Reconstruction.h): the linearised fit
// at the point estimate (bounds, flat directions, sensitivities, covariance),
// the random streams of the Monte Carlo samples and the summaries of a
// quantity over the samples.
#include <cstdint>
#include <vector>

#include <Eigen/Dense>

#include "reconstruction/EvidenceFit.h"

namespace impactlab {

// A reproducible stream of random numbers per (seed, sample index):
// SplitMix64 (Steele, Lea & Flood 2014) keyed by both, so sample s draws the
// same numbers whichever thread runs it, on any platform.
class SampleRandom {
public:
    SampleRandom(std::uint64_t seed, std::uint64_t stream);
    double drawUniform();   // [0, 1)
    double drawNormal();    // standard normal (Box-Muller)

private:
    std::uint64_t next();
    std::uint64_t state_;
    double spare_ = 0.0;
    bool hasSpare_ = false;
};

struct LinearisedFit {
    bool ok = false;                       // the Jacobian could be evaluated
    std::vector<bool> atBound;             // per unknown
    std::vector<int> freeUnknowns;         // indices of the unknowns not at a bound
    // Unit vectors over freeUnknowns (each unknown scaled by its bound range)
    // that the evidence does not pin.
    std::vector<Eigen::VectorXd> flatDirections;
    // d(unknown j) / d(observation): [j][evidence item][component]; 0 at a bound.
    std::vector<std::vector<std::vector<double>>> sensitivity;
    Eigen::MatrixXd covariance;            // n x n, physical units; 0 for unknowns at a bound
    std::vector<double> std;               // sqrt of the covariance's diagonal
};

// The linearised fit of the normalised residuals at x: J^T J over the free
// unknowns, its pseudo-inverse without the flat directions.
LinearisedFit analyseFit(const FitData& data, const std::vector<double>& x, const ReconstructionOptions& options);

// Linearised standard deviations of the derived quantities (per vehicle
// delta-V, PDOF, EES) at x, through the covariance of `fit`.
std::vector<double> calcDerivedStd(const FitData& data, const std::vector<double>& x, const LinearisedFit& fit);

// value, median, std and the 2.5-97.5 % percentile range of column `column`
// of `rows`, widened about `value` by `widening`. A period > 0 (an angle)
// takes each sample the short way round from `value`.
QuantitySummary summariseSamples(double value, const std::vector<std::vector<double>>& rows, std::size_t column,
                                 double period, double widening);
// value +- z_0.975 std widening (the linearised interval).
QuantitySummary summariseLinear(double value, double std, double widening);

}  // namespace impactlab
