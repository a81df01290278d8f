#pragma once
// One weighted least-squares fit of a reconstruction (Reconstruction.h): the
// normalised residuals ((predicted - observed) / sigma) of every evidence
// component as a function of the unknowns, their Jacobian by central
// differences, and the bounded Levenberg-Marquardt solve by Ceres Solver.
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "reconstruction/ForwardModel.h"
#include "reconstruction/Reconstruction.h"

namespace impactlab {

// Central-difference step of an unknown as a share of its bound range: the
// forward model is exact to round-off (closed-form collision and run-out),
// so the truncation error (~ step^2) and the round-off (~ 1e-16 / step) meet
// near 1e-6 of the range.
inline constexpr double kJacobianStepShare = 1e-6;

// What one fit sees: the model, the observations (perhaps drawn), and the
// values of the uncertain inputs (perhaps drawn).
struct FitData {
    const ForwardModel* model = nullptr;
    const ReconstructionSpec* spec = nullptr;
    std::vector<double> observed;     // per evidence component, flattened in evidence order
    std::vector<double> sigmas;       // per component
    std::vector<double> periods;      // per component: 360 (deg) or 2 pi (rad) for angles, else 0
    std::vector<double> uncertain;    // values of spec->uncertain, in order
    int unknownCount() const { return static_cast<int>(spec->unknowns.size()); }
    int residualCount() const { return static_cast<int>(observed.size()); }
};

// The data of the spec as observed, the uncertain inputs at the scene's values.
FitData makeFitData(const ForwardModel& model, const ReconstructionSpec& spec);

// The model's input vector: the unknowns, then the uncertain inputs.
std::vector<double> joinInputs(const FitData& data, const double* unknowns);

// Predicted values per evidence component at `prediction`, in evidence order.
std::vector<double> flattenPrediction(const ReconstructionSpec& spec, const Prediction& prediction);

// The derived quantities of a prediction: per vehicle delta-V, PDOF, EES
// (the layout of ReconstructionResult::sampleRows after the unknowns).
std::vector<double> flattenDerived(const Prediction& prediction);

// The forward model of a reconstruction: its unknowns' targets, then its
// uncertain inputs'. Throws InputError naming the target's field
// ("reconstruction.unknowns[0].target") for a pointer the scene lacks.
ForwardModel makeReconstructionModel(const VehicleScene& scene, const ReconstructionSpec& spec);

// Normalised residuals at the unknowns `x`; false when the model does not
// admit them. Angles differ by their shortest turn.
bool calcResiduals(const FitData& data, const double* x, double* residuals);

// The Jacobian of the normalised residuals (rows: components, columns:
// unknowns) by central differences inside the bounds; nullopt when the
// model fails on both sides of an unknown.
std::optional<Eigen::MatrixXd> calcResidualJacobian(const FitData& data, const std::vector<double>& x);

enum class FitEnd { Converged, MaxIterations, Failed, NotAdmissible };

struct FitOutcome {
    FitEnd end = FitEnd::NotAdmissible;
    std::vector<double> x;
    double chi2 = 0.0;
    int iterations = 0;
};

// Bounded Levenberg-Marquardt from `start` (clamped into the bounds).
FitOutcome fitEvidence(const FitData& data, std::vector<double> start, const ReconstructionOptions& options);

// A difference of two angles (or of any two values when period is 0) taken
// the short way round: in (-period/2, period/2].
double wrapDifference(double difference, double period);

}  // namespace impactlab
