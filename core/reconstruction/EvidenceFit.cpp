#include "reconstruction/EvidenceFit.h"

#include <algorithm>
#include <cmath>

// The three headers the fit uses, not <ceres/ceres.h>: that one adds the
// automatic differentiation and twice the text to parse.
#include <ceres/cost_function.h>
#include <ceres/problem.h>
#include <ceres/solver.h>

namespace impactlab {

namespace {

// Ceres' gradient tolerance (max-norm of the projected gradient relative to
// the cost's scale): below the function and parameter tolerances so those end
// a fit, this one only a stationary start.
constexpr double kGradientTolerance = 1e-12;

constexpr double kTwoPi = 6.283185307179586;

double getPeriod(EvidenceQuantity q) {
    if (q == EvidenceQuantity::Pdof) return 360.0;
    if (q == EvidenceQuantity::RestHeading) return kTwoPi;
    return 0.0;
}

class EvidenceCost final : public ceres::CostFunction {
public:
    explicit EvidenceCost(const FitData& data) : data_(data) {
        set_num_residuals(data.residualCount());
        mutable_parameter_block_sizes()->push_back(data.unknownCount());
    }

    bool Evaluate(double const* const* parameters, double* residuals, double** jacobians) const override {
        const double* x = parameters[0];
        if (!calcResiduals(data_, x, residuals)) return false;
        if (jacobians == nullptr || jacobians[0] == nullptr) return true;
        const std::optional<Eigen::MatrixXd> J =
            calcResidualJacobian(data_, std::vector<double>(x, x + data_.unknownCount()));
        if (!J) return false;
        // Ceres wants the Jacobian row-major.
        Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            jacobians[0], J->rows(), J->cols()) = *J;
        return true;
    }

private:
    const FitData& data_;
};

}  // namespace

double wrapDifference(double difference, double period) {
    if (period <= 0.0) return difference;
    double d = std::fmod(difference, period);
    if (d > 0.5 * period) d -= period;
    if (d <= -0.5 * period) d += period;
    return d;
}

FitData makeFitData(const ForwardModel& model, const ReconstructionSpec& spec) {
    FitData data;
    data.model = &model;
    data.spec = &spec;
    for (const auto& e : spec.evidence) {
        for (double v : e.value) {
            data.observed.push_back(v);
            data.sigmas.push_back(e.sigma);
            data.periods.push_back(getPeriod(e.quantity));
        }
    }
    const int n = static_cast<int>(spec.unknowns.size());
    for (std::size_t i = 0; i < spec.uncertain.size(); ++i)
        data.uncertain.push_back(model.getSceneValue(n + static_cast<int>(i)));
    return data;
}

std::vector<double> joinInputs(const FitData& data, const double* unknowns) {
    std::vector<double> values(unknowns, unknowns + data.unknownCount());
    values.insert(values.end(), data.uncertain.begin(), data.uncertain.end());
    return values;
}

std::vector<double> flattenPrediction(const ReconstructionSpec& spec, const Prediction& prediction) {
    std::vector<double> out;
    for (const auto& e : spec.evidence) {
        const VehiclePrediction& v = prediction.vehicles[static_cast<std::size_t>(e.vehicle)];
        switch (e.quantity) {
            case EvidenceQuantity::SeparationVelocity:
                out.push_back(v.separationVelocity.x());
                out.push_back(v.separationVelocity.y());
                break;
            case EvidenceQuantity::YawRate: out.push_back(v.yawRate); break;
            case EvidenceQuantity::DeltaV: out.push_back(v.deltaV); break;
            case EvidenceQuantity::Pdof: out.push_back(v.pdofDeg); break;
            case EvidenceQuantity::RestPosition:
                out.push_back(v.restPosition.x());
                out.push_back(v.restPosition.y());
                break;
            case EvidenceQuantity::RestHeading: out.push_back(v.restHeading); break;
            case EvidenceQuantity::Ees: out.push_back(v.ees); break;
        }
    }
    return out;
}

std::vector<double> flattenDerived(const Prediction& prediction) {
    std::vector<double> row;
    for (const auto& v : prediction.vehicles) {
        row.push_back(v.deltaV);
        row.push_back(v.pdofDeg);
        row.push_back(v.ees);
    }
    return row;
}

ForwardModel makeReconstructionModel(const VehicleScene& scene, const ReconstructionSpec& spec) {
    std::vector<std::string> targets, fields;
    for (std::size_t i = 0; i < spec.unknowns.size(); ++i) {
        targets.push_back(spec.unknowns[i].target);
        fields.push_back("reconstruction.unknowns[" + std::to_string(i) + "].target");
    }
    for (std::size_t i = 0; i < spec.uncertain.size(); ++i) {
        targets.push_back(spec.uncertain[i].target);
        fields.push_back("reconstruction.uncertain[" + std::to_string(i) + "].target");
    }
    return ForwardModel(scene, targets, fields);
}

bool calcResiduals(const FitData& data, const double* x, double* residuals) {
    const std::optional<Prediction> p = data.model->predict(joinInputs(data, x));
    if (!p) return false;
    const std::vector<double> predicted = flattenPrediction(*data.spec, *p);
    for (std::size_t k = 0; k < predicted.size(); ++k) {
        residuals[k] = wrapDifference(predicted[k] - data.observed[k], data.periods[k]) / data.sigmas[k];
        if (!std::isfinite(residuals[k])) return false;   // the model's edge: refused like a miss
    }
    return true;
}

std::optional<Eigen::MatrixXd> calcResidualJacobian(const FitData& data, const std::vector<double>& x) {
    const int n = data.unknownCount();
    const int m = data.residualCount();
    Eigen::MatrixXd J(m, n);
    Eigen::VectorXd rPlus(m), rMinus(m);
    for (int j = 0; j < n; ++j) {
        const ReconstructionUnknown& u = data.spec->unknowns[static_cast<std::size_t>(j)];
        const double h = kJacobianStepShare * (u.max - u.min);
        std::vector<double> xp = x, xm = x;
        xp[j] = std::min(x[j] + h, u.max);
        xm[j] = std::max(x[j] - h, u.min);
        bool okPlus = calcResiduals(data, xp.data(), rPlus.data());
        bool okMinus = calcResiduals(data, xm.data(), rMinus.data());
        // A side the model refuses (the vehicles stop approaching just there)
        // is replaced by the point itself: a one-sided difference.
        if (!okPlus) {
            xp = x;
            okPlus = calcResiduals(data, xp.data(), rPlus.data());
        } else if (!okMinus) {
            xm = x;
            okMinus = calcResiduals(data, xm.data(), rMinus.data());
        }
        const double span = xp[j] - xm[j];
        if (!okPlus || !okMinus || !(span > 0.0)) return std::nullopt;
        for (int k = 0; k < m; ++k) {
            const double period = data.periods[static_cast<std::size_t>(k)] / data.sigmas[static_cast<std::size_t>(k)];
            J(k, j) = wrapDifference(rPlus[k] - rMinus[k], period) / span;
        }
    }
    return J;
}

FitOutcome fitEvidence(const FitData& data, std::vector<double> start, const ReconstructionOptions& options) {
    FitOutcome out;
    const int n = data.unknownCount();
    for (int j = 0; j < n; ++j) {
        const ReconstructionUnknown& u = data.spec->unknowns[static_cast<std::size_t>(j)];
        start[j] = std::clamp(start[j], u.min, u.max);
    }
    // Ceres cannot start where the model refuses to evaluate.
    std::vector<double> r(static_cast<std::size_t>(data.residualCount()));
    if (!calcResiduals(data, start.data(), r.data())) return out;

    EvidenceCost cost(data);
    ceres::Problem::Options problemOptions;
    problemOptions.cost_function_ownership = ceres::DO_NOT_TAKE_OWNERSHIP;
    ceres::Problem problem(problemOptions);
    out.x = start;
    problem.AddResidualBlock(&cost, nullptr, out.x.data());
    for (int j = 0; j < n; ++j) {
        const ReconstructionUnknown& u = data.spec->unknowns[static_cast<std::size_t>(j)];
        problem.SetParameterLowerBound(out.x.data(), j, u.min);
        problem.SetParameterUpperBound(out.x.data(), j, u.max);
    }
    ceres::Solver::Options so;
    so.minimizer_type = ceres::TRUST_REGION;
    so.trust_region_strategy_type = ceres::LEVENBERG_MARQUARDT;
    so.linear_solver_type = ceres::DENSE_QR;
    so.max_num_iterations = options.maxIterations;
    so.function_tolerance = options.functionTolerance;
    so.parameter_tolerance = options.parameterTolerance;
    so.gradient_tolerance = kGradientTolerance;
    so.logging_type = ceres::SILENT;
    so.minimizer_progress_to_stdout = false;
    so.num_threads = 1;
    ceres::Solver::Summary summary;
    ceres::Solve(so, &problem, &summary);
    out.iterations = static_cast<int>(summary.iterations.size());
    if (!summary.IsSolutionUsable() || !calcResiduals(data, out.x.data(), r.data())) {
        out.end = FitEnd::Failed;
        return out;
    }
    out.chi2 = Eigen::Map<const Eigen::VectorXd>(r.data(), static_cast<Eigen::Index>(r.size())).squaredNorm();
    if (!std::isfinite(out.chi2)) {   // residuals beyond double range: no usable fit
        out.end = FitEnd::Failed;
        return out;
    }
    out.end = summary.termination_type == ceres::NO_CONVERGENCE ? FitEnd::MaxIterations : FitEnd::Converged;
    return out;
}

}  // namespace impactlab
