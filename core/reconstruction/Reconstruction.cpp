#include "reconstruction/Reconstruction.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <sstream>
#include <thread>

#include "mechanics/NumberText.h"
#include "reconstruction/EvidenceFit.h"
#include "reconstruction/ReconstructionStatistics.h"

namespace impactlab {

namespace {

// Two fits that end this close in chi2 (one sigma of one observation) but
// this far apart (a share of an unknown's range) are two explanations of the
// evidence, and the report says so.
constexpr double kRivalChi2 = 1.0;
constexpr double kRivalShare = 0.05;
// Fewer kept samples than this: the intervals come from the linearised fit.
constexpr int kMinSamplesForPercentiles = 20;
constexpr int kMaxThreads = 256;

// The first primes: the bases of the Halton sequence of starting points.
constexpr int kHaltonBases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};

double calcHalton(int index, int base) {
    double f = 1.0, r = 0.0;
    for (int i = index; i > 0; i /= base) {
        f /= base;
        r += f * (i % base);
    }
    return r;
}

// The starts of the point estimate: the scene's values, then a Halton
// sequence over the bounds (a low-discrepancy cover of the box, reproducible).
std::vector<std::vector<double>> makeStarts(const ForwardModel& model, const ReconstructionSpec& spec, int extra) {
    const int n = static_cast<int>(spec.unknowns.size());
    std::vector<std::vector<double>> starts;
    std::vector<double> scene(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) scene[j] = model.getSceneValue(j);
    starts.push_back(scene);
    for (int s = 1; s <= extra; ++s) {
        std::vector<double> x(static_cast<std::size_t>(n));
        for (int j = 0; j < n; ++j) {
            const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
            const int base = kHaltonBases[static_cast<std::size_t>(j) % std::size(kHaltonBases)];
            x[j] = u.min + calcHalton(s, base) * (u.max - u.min);
        }
        starts.push_back(x);
    }
    return starts;
}

struct Sampled {
    bool ran = false;
    bool ok = false;
    std::vector<double> row;   // unknowns, then per vehicle delta-V, PDOF, EES
};

// One Monte Carlo sample: draw, solve from the point estimate (or, if the
// model refuses it under the drawn inputs, from the other starts).
Sampled runSample(const FitData& base, const std::vector<double>& estimate,
                  const std::vector<std::vector<double>>& starts, const ReconstructionOptions& options,
                  std::uint64_t seed, int index) {
    SampleRandom random(seed, static_cast<std::uint64_t>(index));
    FitData data = base;
    for (std::size_t k = 0; k < data.observed.size(); ++k) data.observed[k] += data.sigmas[k] * random.drawNormal();
    const ReconstructionSpec& spec = *base.spec;
    for (std::size_t i = 0; i < spec.uncertain.size(); ++i) {
        const UncertainInput& u = spec.uncertain[i];
        data.uncertain[i] = u.sigma ? base.uncertain[i] + *u.sigma * random.drawNormal()
                                    : u.min + (u.max - u.min) * random.drawUniform();
    }
    FitOutcome fit = fitEvidence(data, estimate, options);
    for (std::size_t s = 0; fit.end == FitEnd::NotAdmissible && s < starts.size(); ++s)
        fit = fitEvidence(data, starts[s], options);
    Sampled out;
    out.ran = true;
    if (fit.end != FitEnd::Converged && fit.end != FitEnd::MaxIterations) return out;
    const std::optional<Prediction> p = data.model->predict(joinInputs(data, fit.x.data()));
    if (!p) return out;
    out.row = fit.x;
    const std::vector<double> derived = flattenDerived(*p);
    out.row.insert(out.row.end(), derived.begin(), derived.end());
    out.ok = std::all_of(out.row.begin(), out.row.end(), [](double v) { return std::isfinite(v); });
    if (!out.ok) out.row.clear();
    return out;
}

std::string describeDirection(const ReconstructionSpec& spec, const std::vector<int>& free, const Eigen::VectorXd& v) {
    std::ostringstream os;
    bool first = true;
    for (Eigen::Index k = 0; k < v.size(); ++k) {
        if (std::abs(v[k]) < 1e-3) continue;   // a component too small to name
        os << (first ? "" : (v[k] < 0 ? " - " : " + ")) << (first && v[k] < 0 ? "-" : "")
           << formatNumber(std::abs(v[k]), 2) << " " << spec.unknowns[static_cast<std::size_t>(free[k])].target;
        first = false;
    }
    return os.str();
}

// Whether `other` differs from `x` (both scaled by the bound ranges) only
// along the fit's flat directions, up to kRivalShare.
bool isAlongFlatDirections(const ReconstructionSpec& spec, const LinearisedFit& lin, const std::vector<double>& other,
                           const std::vector<double>& x) {
    if (lin.flatDirections.empty()) return false;
    Eigen::VectorXd d(static_cast<Eigen::Index>(lin.freeUnknowns.size()));
    for (Eigen::Index c = 0; c < d.size(); ++c) {
        const int j = lin.freeUnknowns[static_cast<std::size_t>(c)];
        const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
        d[c] = (other[j] - x[j]) / (u.max - u.min);
    }
    for (const auto& v : lin.flatDirections) d -= v.dot(d) * v;
    return d.lpNorm<Eigen::Infinity>() <= kRivalShare;
}

}  // namespace

ReconstructionResult reconstruct(const VehicleScene& scene, const ReconstructionSpec& spec,
                                 const ReconstructionOptions& options) {
    const auto clockStart = std::chrono::steady_clock::now();
    ReconstructionResult result;
    const ForwardModel model = makeReconstructionModel(scene, spec);
    const FitData data = makeFitData(model, spec);
    const int n = data.unknownCount();
    const int m = data.residualCount();
    result.dof = m - n;
    result.samples = options.samples.value_or(spec.samples);
    const std::uint64_t seed = options.seed.value_or(spec.seed);

    // The point estimate: the best of several starts.
    const std::vector<std::vector<double>> starts = makeStarts(model, spec, std::max(0, options.starts));
    std::vector<FitOutcome> fits;
    for (const auto& start : starts) fits.push_back(fitEvidence(data, start, options));
    result.starts = static_cast<int>(fits.size());
    const FitOutcome* best = nullptr;
    for (const auto& f : fits)
        if ((f.end == FitEnd::Converged || f.end == FitEnd::MaxIterations) && (!best || f.chi2 < best->chi2)) best = &f;
    for (std::size_t j = 0; j < spec.unknowns.size(); ++j) {
        UnknownReport u;
        u.unknown = spec.unknowns[j];
        u.start = model.getSceneValue(static_cast<int>(j));
        result.unknowns.push_back(u);
    }
    if (!best) {
        const bool anyAdmissible = std::any_of(fits.begin(), fits.end(), [](const FitOutcome& f) {
            return f.end != FitEnd::NotAdmissible;
        });
        result.status = anyAdmissible ? "failed" : "no_approach";
        std::string why;
        model.predict(joinInputs(data, starts.front().data()), &why);
        result.warnings.push_back(anyAdmissible ? "no start ended in a usable fit"
                                                : "no start admits a collision (" + why + ")");
        result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clockStart).count();
        return result;
    }
    if (best->end == FitEnd::MaxIterations) result.status = "max_iterations";
    const std::vector<double> x = best->x;
    result.chi2 = best->chi2;
    result.widening = result.dof > 0 ? std::max(1.0, std::sqrt(result.chi2 / result.dof)) : 1.0;
    if (result.dof == 0)
        result.warnings.push_back("as many unknowns as observations (dof = 0): chi2 cannot judge the fit");
    // The fit at the estimate: residuals, the derived quantities, rest poses.
    const Prediction estimate = *model.predict(joinInputs(data, x.data()));
    const std::vector<double> predicted = flattenPrediction(spec, estimate);
    std::size_t k = 0;
    for (const auto& e : spec.evidence) {
        EvidenceReport r;
        r.item = e;
        for (std::size_t c = 0; c < e.value.size(); ++c, ++k) {
            r.predicted.push_back(predicted[k]);
            r.residualSigmas.push_back(wrapDifference(predicted[k] - data.observed[k], data.periods[k]) / e.sigma);
        }
        result.evidence.push_back(r);
    }
    for (const auto& v : estimate.vehicles) result.predictedRest.push_back({v.restPosition, v.restHeading});

    // Bounds, flat directions, sensitivities and the linearised covariance
    // (ReconstructionStatistics.h).
    const LinearisedFit lin = analyseFit(data, x, options);
    for (int j = 0; j < n; ++j) {
        result.unknowns[j].atBound = lin.atBound[j];
        result.unknowns[j].sensitivity = lin.sensitivity[j];
        if (lin.atBound[j]) {
            const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
            const bool low = std::abs(x[j] - u.min) <= std::abs(x[j] - u.max);
            result.warnings.push_back(u.target + " is at its " + (low ? "min " : "max ") +
                                      formatNumber(low ? u.min : u.max) + ": the evidence pushes it beyond its bounds");
        }
    }
    for (const auto& dir : lin.flatDirections)
        result.warnings.push_back("the evidence does not pin the direction " +
                                  describeDirection(spec, lin.freeUnknowns, dir) +
                                  " (a flat direction of the normal matrix): its interval comes from the bounds");
    if (!lin.ok) result.warnings.push_back("the Jacobian at the estimate could not be evaluated");
    // A start that ended about as well elsewhere is a second explanation of
    // the evidence, unless it lies along a flat direction (already reported).
    bool rivalReported = false;
    for (const auto& f : fits) {
        if (rivalReported || &f == best || (f.end != FitEnd::Converged && f.end != FitEnd::MaxIterations)) continue;
        if (f.chi2 > best->chi2 + kRivalChi2 || isAlongFlatDirections(spec, lin, f.x, x)) continue;
        for (int j = 0; j < n && !rivalReported; ++j) {
            const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
            if (std::abs(f.x[j] - x[j]) > kRivalShare * (u.max - u.min)) {
                std::ostringstream os;
                os << "another solution fits nearly as well (chi2 " << formatNumber(f.chi2, 4) << " against "
                   << formatNumber(best->chi2, 4) << "), with " << u.target << " = " << formatNumber(f.x[j], 4);
                result.warnings.push_back(os.str());
                rivalReported = true;
            }
        }
    }

    // Monte Carlo: sample s uses its own random stream, so rows do not depend
    // on which thread ran them.
    const int total = result.samples;
    std::vector<Sampled> sampled(static_cast<std::size_t>(total));
    std::atomic<int> next{0}, done{0};
    std::atomic<bool> cancelled{false};
    auto work = [&](bool reports) {
        for (int s = next++; s < total && !cancelled; s = next++) {
            sampled[static_cast<std::size_t>(s)] = runSample(data, x, starts, options, seed, s);
            ++done;
            if (reports && options.progress && !options.progress(done.load(), total)) cancelled = true;
        }
    };
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const int threads = std::clamp(options.threads > 0 ? options.threads : static_cast<int>(hardware), 1, kMaxThreads);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && t < total; ++t) pool.emplace_back(work, false);
    work(true);
    for (auto& t : pool) t.join();
    if (options.progress && !cancelled) options.progress(total, total);
    if (cancelled) {
        result.status = "cancelled";
        result.warnings.push_back("cancelled after " + std::to_string(done.load()) + " of " + std::to_string(total) +
                                  " samples");
    }
    int attempted = 0;
    for (const auto& s : sampled) {
        if (!s.ran) continue;
        ++attempted;
        if (s.ok) result.sampleRows.push_back(s.row);
    }
    result.failedSamples = attempted - static_cast<int>(result.sampleRows.size());

    // Summaries: percentiles of the samples (ReconstructionStatistics.h), or
    // the linearised fit when too few samples were kept.
    const bool linearised = static_cast<int>(result.sampleRows.size()) < kMinSamplesForPercentiles;
    if (linearised && total > 0)
        result.warnings.push_back("only " + std::to_string(result.sampleRows.size()) +
                                  " samples kept: the intervals are the linearised fit's");
    const std::vector<double> derivedValues = flattenDerived(estimate);
    const std::vector<double> derivedStd = calcDerivedStd(data, x, lin);
    for (int j = 0; j < n; ++j) {
        const ReconstructionUnknown& u = spec.unknowns[static_cast<std::size_t>(j)];
        QuantitySummary& q = result.unknowns[j].summary;
        q = linearised ? summariseLinear(x[j], lin.std[j], result.widening)
                       : summariseSamples(x[j], result.sampleRows, static_cast<std::size_t>(j), 0.0, result.widening);
        q.low = std::max(q.low, u.min);
        q.high = std::min(q.high, u.max);
    }
    for (std::size_t v = 0; v < estimate.vehicles.size(); ++v) {
        DerivedReport d;
        d.vehicle = static_cast<int>(v);
        QuantitySummary* parts[] = {&d.deltaV, &d.pdof, &d.ees};
        for (std::size_t c = 0; c < 3; ++c) {
            const std::size_t col = static_cast<std::size_t>(n) + 3 * v + c;
            const double period = c == 1 ? 360.0 : 0.0;
            *parts[c] = linearised ? summariseLinear(derivedValues[3 * v + c], derivedStd[3 * v + c], result.widening)
                                   : summariseSamples(derivedValues[3 * v + c], result.sampleRows, col, period,
                                                      result.widening);
        }
        d.deltaV.low = std::max(0.0, d.deltaV.low);
        d.ees.low = std::max(0.0, d.ees.low);
        result.derived.push_back(d);
    }
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clockStart).count();
    return result;
}

}  // namespace impactlab
