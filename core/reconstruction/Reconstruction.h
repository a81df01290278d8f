#pragma once
// Vehicle reconstruction from evidence (docs/reconstruction-format.md): the
// scene inputs that best explain what was found after a collision, and how
// sure one can be of them.
//
// The forward model is the scene's own (docs/vehicles.md): the Kudlich-Slibar
// collision at the scene's impact point and contact plane, then each
// vehicle's run-out to rest. The unknowns are scene values named by JSON
// pointer; the evidence are observations of that forward run, each with a
// one-sigma normal error.
//
// Point estimate: bounded, weighted nonlinear least squares
//     min_x  sum_k ((f_k(x) - y_k) / sigma_k)^2,   lo <= x <= hi,
// solved by Ceres Solver's Levenberg-Marquardt from several starting points
// (the scene's values and a Halton sequence over the bounds); the lowest cost
// wins. Uncertainty: Monte Carlo. Sample s draws every observation from its
// error distribution and every uncertain input from its own, then solves
// again from the point estimate. Sample s uses its own random stream
// (seed, s), so the output does not depend on the thread count. Each
// interval_95 is the samples' 2.5 to 97.5 % percentile range widened about
// the point estimate by max(1, sqrt(chi2 / dof)).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

enum class EvidenceQuantity { SeparationVelocity, YawRate, DeltaV, Pdof, RestPosition, RestHeading, Ees };

// Every quantity, in the contract's order.
const std::vector<EvidenceQuantity>& listEvidenceQuantities();
// The contract's name ("separation_velocity", ...) and back (nullopt: unknown).
const char* toString(EvidenceQuantity quantity);
std::optional<EvidenceQuantity> parseEvidenceQuantity(const std::string& name);
// 2 for the vector quantities (separation_velocity, rest_position), else 1.
int getComponentCount(EvidenceQuantity quantity);
// The unit of a quantity as shown ("m/s", "rad/s", "deg", "m", "rad").
const char* getUnit(EvidenceQuantity quantity);

struct ReconstructionUnknown {
    std::string target;   // JSON pointer into the scene document
    double min = 0.0;
    double max = 0.0;
};

struct EvidenceItem {
    EvidenceQuantity quantity = EvidenceQuantity::DeltaV;
    int vehicle = 0;                  // 0-based
    std::vector<double> value;        // getComponentCount(quantity) numbers
    double sigma = 1.0;               // one-sigma error, > 0, in the quantity's unit
};

struct UncertainInput {
    std::string target;               // JSON pointer into the scene document
    // Normal about the scene's value with `sigma` (> 0), or uniform on [min, max].
    std::optional<double> sigma;
    double min = 0.0;
    double max = 0.0;
};

struct ReconstructionSpec {
    std::vector<ReconstructionUnknown> unknowns;
    std::vector<EvidenceItem> evidence;
    std::vector<UncertainInput> uncertain;
    int samples = 1000;
    std::uint64_t seed = 1;
};

// Reads the scene document's "reconstruction" block against the scene.
// Throws InputError naming the field, e.g.
//   "reconstruction.evidence[3].sigma: must be > 0, got 0",
//   "reconstruction.unknowns[0].target: no numeric scene value at /vehicles/2/speed",
// for: a missing block, an unknown pointer or one that is not a number,
// bounds reversed or excluding the scene's value, sigma <= 0 or not finite,
// an unknown quantity, a vehicle index out of range, no evidence, an input
// both unknown and uncertain, or more unknowns than scalar observations.
ReconstructionSpec readReconstructionSpec(const VehicleScene& scene);
nlohmann::json toJson(const ReconstructionSpec& spec);

struct ReconstructionOptions {
    std::optional<int> samples;            // overrides spec.samples
    std::optional<std::uint64_t> seed;     // overrides spec.seed
    int threads = 0;                       // 0: every core
    int starts = 8;                        // point-estimate starts besides the scene's values
    int maxIterations = 100;               // Levenberg-Marquardt iterations per solve
    // Relative change of the cost (Ceres function_tolerance) and of the
    // unknowns scaled by their bounds (parameter_tolerance) that ends a solve.
    double functionTolerance = 1e-10;
    double parameterTolerance = 1e-10;
    // A direction of the unknowns (scaled by their bound ranges) is flat when
    // its eigenvalue of the normal matrix J^T J is below this share of the largest.
    double flatEigenvalueRatio = 1e-8;
    // An unknown is at a bound within this share of its range.
    double boundShare = 1e-6;
    // Called from the calling thread every few samples with (done, total);
    // returning false cancels (status "cancelled", samples so far kept).
    std::function<bool(int, int)> progress;
};

struct QuantitySummary {
    double value = 0.0;                 // at the point estimate
    double median = 0.0;                // over the samples
    double std = 0.0;
    double low = 0.0, high = 0.0;       // interval_95, widened
};

struct UnknownReport {
    ReconstructionUnknown unknown;
    double start = 0.0;                 // the scene's value
    QuantitySummary summary;
    bool atBound = false;
    // d(unknown) / d(observation): per evidence item, one number per component,
    // from the linearised fit at the point estimate.
    std::vector<std::vector<double>> sensitivity;
};

struct EvidenceReport {
    EvidenceItem item;
    std::vector<double> predicted;      // at the point estimate
    std::vector<double> residualSigmas; // (predicted - observed) / sigma
};

struct DerivedReport {
    int vehicle = 0;
    QuantitySummary deltaV;             // m/s
    QuantitySummary pdof;               // deg, SAE sense
    QuantitySummary ees;                // m/s
};

struct RestPose {
    Vec2 position = Vec2::Zero();
    double heading = 0.0;
};

struct ReconstructionResult {
    std::string status = "converged";   // converged, no_approach, max_iterations, cancelled
    std::vector<UnknownReport> unknowns;
    std::vector<EvidenceReport> evidence;
    std::vector<DerivedReport> derived;
    std::vector<RestPose> predictedRest;   // per vehicle, at the point estimate
    double chi2 = 0.0;
    int dof = 0;
    double widening = 1.0;              // max(1, sqrt(chi2 / dof))
    int samples = 0;                    // requested
    int failedSamples = 0;
    int starts = 0;                     // point-estimate solves run
    double wallSeconds = 0.0;
    std::vector<std::string> warnings;
    // Per kept sample: the unknowns, then per vehicle delta-V, PDOF, EES.
    std::vector<std::vector<double>> sampleRows;
};

// Throws InputError as readReconstructionSpec; numerical trouble is status
// and warnings, never an exception.
ReconstructionResult reconstruct(const VehicleScene& scene, const ReconstructionSpec& spec,
                                 const ReconstructionOptions& options = {});

// The contract's output object (wall_s included), keys in the contract's order.
nlohmann::ordered_json toJson(const ReconstructionResult& result);
// The kept samples as CSV: a header (the unknowns' targets, then
// delta_v_<i>, pdof_<i>, ees_<i>) and one row per sample.
std::string writeSamplesCsv(const ReconstructionResult& result);
// The scene document with every unknown set to its point estimate.
nlohmann::json applyEstimate(const nlohmann::json& document, const ReconstructionResult& result);

}  // namespace impactlab
