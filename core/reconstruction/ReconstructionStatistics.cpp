#include "reconstruction/ReconstructionStatistics.h"

#include <algorithm>
#include <cmath>

namespace impactlab {

namespace {

constexpr double kZ975 = 1.959963984540054;   // standard normal quantile at 0.975
constexpr double kPercentLow = 0.025;
constexpr double kPercentHigh = 0.975;
constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;   // SplitMix64's increment
constexpr double kTwoPiStats = 6.283185307179586;

std::uint64_t mixBits(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// Linear interpolation between order statistics (type 7 of Hyndman & Fan).
double calcPercentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0.0;
    const double h = p * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

std::vector<double> evalDerived(const FitData& data, const std::vector<double>& x, bool* ok) {
    const std::optional<Prediction> p = data.model->predict(joinInputs(data, x.data()));
    *ok = p.has_value();
    return p ? flattenDerived(*p) : std::vector<double>();
}

}  // namespace

SampleRandom::SampleRandom(std::uint64_t seed, std::uint64_t stream)
    : state_(mixBits(seed + kGolden) ^ mixBits(stream * kGolden + 1)) {}

std::uint64_t SampleRandom::next() {
    state_ += kGolden;
    return mixBits(state_);
}

double SampleRandom::drawUniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double SampleRandom::drawNormal() {
    if (hasSpare_) {
        hasSpare_ = false;
        return spare_;
    }
    const double u1 = 1.0 - drawUniform();   // (0, 1]: log is finite
    const double u2 = drawUniform();
    const double radius = std::sqrt(-2.0 * std::log(u1));
    spare_ = radius * std::sin(kTwoPiStats * u2);
    hasSpare_ = true;
    return radius * std::cos(kTwoPiStats * u2);
}

LinearisedFit analyseFit(const FitData& data, const std::vector<double>& x, const ReconstructionOptions& options) {
    const int n = data.unknownCount();
    const int m = data.residualCount();
    const ReconstructionSpec& spec = *data.spec;
    LinearisedFit out;
    out.atBound.assign(static_cast<std::size_t>(n), false);
    out.covariance = Eigen::MatrixXd::Zero(n, n);
    out.std.assign(static_cast<std::size_t>(n), 0.0);
    out.sensitivity.assign(static_cast<std::size_t>(n), {});
    for (int j = 0; j < n; ++j) {
        for (const auto& e : spec.evidence) out.sensitivity[j].push_back(std::vector<double>(e.value.size(), 0.0));
        const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
        const double margin = options.boundShare * (u.max - u.min);
        out.atBound[j] = x[j] - u.min <= margin || u.max - x[j] <= margin;
        if (!out.atBound[j]) out.freeUnknowns.push_back(j);
    }
    const std::optional<Eigen::MatrixXd> J = calcResidualJacobian(data, x);
    if (!J || out.freeUnknowns.empty()) {
        out.ok = J.has_value();
        return out;
    }
    out.ok = true;
    const auto f = static_cast<Eigen::Index>(out.freeUnknowns.size());
    Eigen::VectorXd range(f);
    Eigen::MatrixXd Js(m, f);   // columns scaled by the bound ranges: comparable eigenvalues
    for (Eigen::Index c = 0; c < f; ++c) {
        const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(out.freeUnknowns[c])];
        range[c] = u.max - u.min;
        Js.col(c) = J->col(out.freeUnknowns[c]) * range[c];
    }
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(Js.transpose() * Js);
    const double largest = eig.eigenvalues().maxCoeff();
    Eigen::MatrixXd pinv = Eigen::MatrixXd::Zero(f, f);
    for (Eigen::Index c = 0; c < f; ++c) {
        const double lambda = eig.eigenvalues()[c];
        const Eigen::VectorXd v = eig.eigenvectors().col(c);
        if (!(largest > 0.0) || lambda <= options.flatEigenvalueRatio * largest) {
            out.flatDirections.push_back(v);
        } else {
            pinv += v * v.transpose() / lambda;
        }
    }
    // Back to physical units: C = D pinv D with D = diag(range).
    const Eigen::MatrixXd covFree = range.asDiagonal() * pinv * range.asDiagonal();
    // dx/dy = C J^T diag(1/sigma) (the normal equations' solution moved by y).
    const Eigen::MatrixXd S = range.asDiagonal() * pinv * Js.transpose();
    for (Eigen::Index a = 0; a < f; ++a) {
        const int j = out.freeUnknowns[a];
        for (Eigen::Index b = 0; b < f; ++b) out.covariance(j, out.freeUnknowns[b]) = covFree(a, b);
        out.std[j] = std::sqrt(std::max(0.0, covFree(a, a)));
        std::size_t k = 0;
        for (std::size_t e = 0; e < spec.evidence.size(); ++e)
            for (std::size_t c = 0; c < spec.evidence[e].value.size(); ++c, ++k)
                out.sensitivity[j][e][c] = S(a, static_cast<Eigen::Index>(k)) / data.sigmas[k];
    }
    return out;
}

std::vector<double> calcDerivedStd(const FitData& data, const std::vector<double>& x, const LinearisedFit& fit) {
    bool ok = false;
    const std::vector<double> base = evalDerived(data, x, &ok);
    std::vector<double> out(base.size(), 0.0);
    if (!ok || fit.freeUnknowns.empty()) return out;
    const auto q = static_cast<Eigen::Index>(base.size());
    const int n = data.unknownCount();
    Eigen::MatrixXd G = Eigen::MatrixXd::Zero(q, n);
    for (int j : fit.freeUnknowns) {
        const ReconstructionUnknown& u = data.spec->unknowns[static_cast<std::size_t>(j)];
        const double h = kJacobianStepShare * (u.max - u.min);
        std::vector<double> xp = x, xm = x;
        xp[j] = std::min(x[j] + h, u.max);
        xm[j] = std::max(x[j] - h, u.min);
        bool okPlus = false, okMinus = false;
        const std::vector<double> dp = evalDerived(data, xp, &okPlus);
        const std::vector<double> dm = evalDerived(data, xm, &okMinus);
        if (!okPlus || !okMinus) continue;
        for (Eigen::Index r = 0; r < q; ++r)
            G(r, j) = wrapDifference(dp[r] - dm[r], r % 3 == 1 ? 360.0 : 0.0) / (xp[j] - xm[j]);
    }
    const Eigen::MatrixXd C = G * fit.covariance * G.transpose();
    for (Eigen::Index r = 0; r < q; ++r) out[r] = std::sqrt(std::max(0.0, C(r, r)));
    return out;
}

QuantitySummary summariseSamples(double value, const std::vector<std::vector<double>>& rows, std::size_t column,
                                 double period, double widening) {
    std::vector<double> v;
    v.reserve(rows.size());
    for (const auto& row : rows) v.push_back(value + wrapDifference(row[column] - value, period));
    std::sort(v.begin(), v.end());
    QuantitySummary q;
    q.value = value;
    q.median = calcPercentile(v, 0.5);
    double mean = 0.0;
    for (double s : v) mean += s;
    mean /= static_cast<double>(std::max<std::size_t>(1, v.size()));
    double ss = 0.0;
    for (double s : v) ss += (s - mean) * (s - mean);
    q.std = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
    q.low = value + widening * (calcPercentile(v, kPercentLow) - value);
    q.high = value + widening * (calcPercentile(v, kPercentHigh) - value);
    return q;
}

QuantitySummary summariseLinear(double value, double std, double widening) {
    QuantitySummary q;
    q.value = value;
    q.median = value;
    q.std = std;
    q.low = value - kZ975 * std * widening;
    q.high = value + kZ975 * std * widening;
    return q;
}

}  // namespace impactlab
