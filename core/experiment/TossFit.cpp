#include "experiment/TossFit.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "laws/LawRegistry.h"

namespace impactlab {

namespace {

// Most threads a fit or a score starts.
constexpr int kMaxTossThreads = 256;
// Percentiles of the bootstrap interval.
constexpr double kIntervalLow = 0.025, kIntervalHigh = 0.975;

struct Prepared {
    const Toss* toss = nullptr;
    TossStart start;
};

int resolveThreads(int threads) {
    const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::clamp(threads > 0 ? threads : hardware, 1, kMaxTossThreads);
}

std::vector<Prepared> prepare(const TossSet& set, const std::vector<int>& which) {
    std::vector<Prepared> out;
    for (int i : which) {
        const Toss& t = set.tosses.at(static_cast<std::size_t>(i));
        out.push_back({&t, findTossStart(t, set.body, "toss " + std::to_string(t.id))});
    }
    return out;
}

TossError runOne(const Prepared& p, const TossBody& body, const TossParams& params) {
    const int n = static_cast<int>(p.toss->samples.size()) - p.start.startSample;
    const SimulatedToss sim = simulateToss(body, p.start.state, params, n, "toss " + std::to_string(p.toss->id));
    return compareToss(*p.toss, p.start.startSample, sim, body);
}

// Runs job(i) for i in [0, count) on `threads` threads; the first exception
// stops the others and is rethrown. `progress` (from one thread) may cancel.
template <class Job>
bool runParallel(int count, int threads, const Job& job, const std::function<bool(int, int)>& progress, int doneBefore,
                 int planned) {
    std::atomic<int> next{0}, done{0};
    std::atomic<bool> stop{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    bool cancelled = false;
    auto work = [&](bool reports) {
        for (int i = next++; i < count && !stop; i = next++) {
            try {
                job(i);
            } catch (...) {
                std::lock_guard<std::mutex> lock(errorMutex);
                if (!error) error = std::current_exception();
                stop = true;
            }
            ++done;
            if (reports && progress && !progress(doneBefore + done.load(), planned)) {
                cancelled = true;
                stop = true;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && t < count; ++t) pool.emplace_back(work, false);
    work(true);
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    return !cancelled;
}

void setValue(TossParams& p, const std::string& name, double value) {
    if (name == "friction") p.friction = value;
    else if (name == "restitution") p.restitution = value;
    else p.options[name] = value;
}

double getValue(const TossParams& p, const std::string& name) {
    if (name == "friction") return p.friction;
    if (name == "restitution") return p.restitution;
    const auto it = p.options.find(name);
    if (it != p.options.end() && it->is_number()) return it->get<double>();
    const LawInfo& law = getLaw(p.law);
    for (const LawOptionInfo& o : law.options) {
        if (o.name != name) continue;
        const nlohmann::json v = nlohmann::json::parse(o.defaultValue, nullptr, false);
        if (v.is_number()) return v.get<double>();
    }
    throw InputError("fit", "'" + name + "' is not a numeric option of " + p.law);
}

std::vector<double> makeLinear(double lo, double hi, int points) {
    std::vector<double> v;
    for (int i = 0; i < points; ++i) v.push_back(points == 1 ? lo : lo + (hi - lo) * i / (points - 1));
    return v;
}

// A grid stage: parameter sets and the objective of every toss at each (a
// set the law refused is left out: empty row).
struct Stage {
    std::vector<std::string> names;
    std::vector<std::vector<double>> points;   // values per set, in the order of names
    std::vector<std::vector<double>> terms;    // per set, per toss; empty: refused
};

// The set with the least weighted mean; -1 when every set was refused.
int findBest(const Stage& s, const std::vector<double>& weights) {
    int best = -1;
    double bestValue = 0.0;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        if (s.terms[i].empty()) continue;
        double sum = 0.0;
        for (std::size_t k = 0; k < weights.size(); ++k) sum += weights[k] * s.terms[i][k];
        if (best < 0 || sum < bestValue) {
            best = static_cast<int>(i);
            bestValue = sum;
        }
    }
    return best;
}

}  // namespace

// PLUS: a box lands on an edge or a face as often as on a corner, and PLUS
// takes the corners that touch together; it scores best on the public tosses
// scored by parameters that never saw them (docs/experiments.md).
const char* getRecommendedTossLaw() { return "plus"; }

std::vector<int> listAllTosses(const TossSet& set) {
    std::vector<int> all(set.tosses.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    return all;
}

std::vector<TossError> scoreTosses(const TossSet& set, const std::vector<int>& which, const TossParams& params,
                                   int threads, const std::function<bool(int, int)>& progress) {
    const std::vector<Prepared> prepared = prepare(set, which);
    std::vector<TossError> errors(prepared.size());
    const int count = static_cast<int>(prepared.size());
    const bool finished = runParallel(
        count, resolveThreads(threads),
        [&](int i) { errors[static_cast<std::size_t>(i)] = runOne(prepared[static_cast<std::size_t>(i)], set.body, params); },
        progress, 0, count);
    if (!finished) errors.clear();
    return errors;
}

std::vector<SimulatedToss> predictTosses(const TossStarts& starts, const TossParams& params, int threads) {
    std::vector<SimulatedToss> runs(starts.starts.size());
    runParallel(
        static_cast<int>(runs.size()), resolveThreads(threads),
        [&](int i) {
            const TossStart& s = starts.starts[static_cast<std::size_t>(i)];
            runs[static_cast<std::size_t>(i)] =
                simulateToss(starts.body, s.state, params, starts.samples, "tosses[" + std::to_string(i) + "] (toss " + std::to_string(s.id) + ")");
        },
        nullptr, 0, 0);
    return runs;
}

TossFitResult fitTosses(const TossSet& set, const std::vector<int>& which, const TossParams& initial,
                        const TossFitOptions& options) {
    if (which.empty()) throw InputError("tosses", "no tosses to fit");
    const LawInfo& law = getLaw(initial.law, "law");
    std::vector<std::string> coefficients, lawOptions;
    for (const std::string& name : options.fit) {
        if (name == "friction" || name == "restitution") {
            coefficients.push_back(name);
            continue;
        }
        const bool known = std::any_of(law.options.begin(), law.options.end(),
                                       [&](const LawOptionInfo& o) { return o.name == name; });
        if (!known) throw InputError("fit", "'" + name + "' is neither friction, restitution nor an option of " + law.id);
        getValue(initial, name);   // numeric, or refused here
        lawOptions.push_back(name);
    }
    const std::vector<Prepared> prepared = prepare(set, which);
    const int n = static_cast<int>(prepared.size());
    const int threads = resolveThreads(options.threads);

    TossFitResult result;
    result.params = initial;
    result.tosses = n;
    const int coarseSets = static_cast<int>(std::pow(options.coarsePoints, coefficients.size()));
    const int fineSets = static_cast<int>(std::pow(options.finePoints, coefficients.size()));
    const int planned = (coefficients.empty() ? 0 : coarseSets + fineSets) +
                        static_cast<int>(lawOptions.size()) * options.finePoints;
    int doneSets = 0;

    // Evaluates every set of the stage over every toss.
    auto evaluate = [&](Stage& stage, bool refusalsAllowed) {
        const int sets = static_cast<int>(stage.points.size());
        stage.terms.assign(static_cast<std::size_t>(sets), std::vector<double>(static_cast<std::size_t>(n)));
        std::vector<char> refused(static_cast<std::size_t>(sets), 0);
        std::vector<TossParams> params(static_cast<std::size_t>(sets), result.params);
        for (int s = 0; s < sets; ++s)
            for (std::size_t d = 0; d < stage.names.size(); ++d)
                setValue(params[static_cast<std::size_t>(s)], stage.names[d], stage.points[static_cast<std::size_t>(s)][d]);
        const bool finished = runParallel(
            sets * n, threads,
            [&](int job) {
                const auto s = static_cast<std::size_t>(job / n), k = static_cast<std::size_t>(job % n);
                if (refused[s]) return;
                try {
                    stage.terms[s][k] =
                        calcTossObjective(runOne(prepared[k], set.body, params[s]), set.body);
                } catch (const InputError&) {
                    if (!refusalsAllowed) throw;
                    refused[s] = 1;
                }
            },
            options.progress ? [&](int done, int) { return options.progress(doneSets + done / n, planned); }
                             : std::function<bool(int, int)>(),
            0, planned);
        for (int s = 0; s < sets; ++s)
            if (refused[static_cast<std::size_t>(s)]) stage.terms[static_cast<std::size_t>(s)].clear();
        doneSets += sets;
        return finished;
    };
    const std::vector<double> uniform(static_cast<std::size_t>(n), 1.0);
    auto rangeOf = [&](const std::string& name) {
        return name == "friction" ? std::pair(0.0, options.frictionMax) : std::pair(0.0, 1.0);
    };
    auto cartesian = [&](const std::vector<std::vector<double>>& axes) {
        std::vector<std::vector<double>> points(1);
        for (const auto& axis : axes) {
            std::vector<std::vector<double>> next;
            for (const auto& p : points)
                for (double v : axis) {
                    auto q = p;
                    q.push_back(v);
                    next.push_back(q);
                }
            points = next;
        }
        return points;
    };

    std::vector<Stage> finals;   // the stages whose best points are the fitted values
    if (!coefficients.empty()) {
        Stage coarse;
        coarse.names = coefficients;
        std::vector<std::vector<double>> axes;
        for (const std::string& c : coefficients) {
            const auto [lo, hi] = rangeOf(c);
            axes.push_back(makeLinear(lo, hi, options.coarsePoints));
        }
        coarse.points = cartesian(axes);
        if (!evaluate(coarse, false)) {
            result.cancelled = true;
            return result;
        }
        const std::vector<double> best = coarse.points[static_cast<std::size_t>(findBest(coarse, uniform))];
        Stage fine;
        fine.names = coefficients;
        axes.clear();
        for (std::size_t d = 0; d < coefficients.size(); ++d) {
            const auto [lo, hi] = rangeOf(coefficients[d]);
            const double spacing = (hi - lo) / (options.coarsePoints - 1);
            axes.push_back(makeLinear(std::max(lo, best[d] - spacing), std::min(hi, best[d] + spacing), options.finePoints));
        }
        fine.points = cartesian(axes);
        if (!evaluate(fine, false)) {
            result.cancelled = true;
            return result;
        }
        const int f = findBest(fine, uniform);
        for (std::size_t d = 0; d < coefficients.size(); ++d)
            setValue(result.params, coefficients[d], fine.points[static_cast<std::size_t>(f)][d]);
        finals.push_back(std::move(fine));
    }
    for (const std::string& name : lawOptions) {
        const double v0 = getValue(result.params, name);
        Stage stage;
        stage.names = {name};
        for (int i = 0; i < options.finePoints; ++i) {
            const double x = options.finePoints == 1 ? 0.0 : -1.0 + 2.0 * i / (options.finePoints - 1);
            stage.points.push_back({v0 * std::pow(options.optionSpan, x)});
        }
        if (!evaluate(stage, true)) {
            result.cancelled = true;
            return result;
        }
        const int b = findBest(stage, uniform);
        if (b < 0) throw InputError("fit", "the law refused every value of " + name + " tried");
        setValue(result.params, name, stage.points[static_cast<std::size_t>(b)][0]);
        finals.push_back(std::move(stage));
    }

    // The objective and each toss's share at the fitted values.
    const std::vector<TossError> errors = [&] {
        std::vector<TossError> e(static_cast<std::size_t>(n));
        runParallel(n, threads, [&](int k) { e[static_cast<std::size_t>(k)] = runOne(prepared[static_cast<std::size_t>(k)], set.body, result.params); },
                    nullptr, 0, 0);
        return e;
    }();
    double total = 0.0;
    for (const TossError& e : errors) total += calcTossObjective(e, set.body);
    result.objective = total / n;
    result.evaluations = doneSets + 1;

    // Groups: bootstrap resamples and leave-one-group-out.
    std::map<int, std::vector<int>> tossesOfGroup;
    for (int k = 0; k < n; ++k) tossesOfGroup[prepared[static_cast<std::size_t>(k)].toss->group].push_back(k);
    std::vector<int> groups;
    for (const auto& [g, members] : tossesOfGroup) groups.push_back(g);
    std::mt19937_64 random(options.seed);
    std::uniform_int_distribution<std::size_t> pick(0, groups.size() - 1);
    std::vector<std::vector<std::vector<double>>> drawn(finals.size());   // stage, resample, values
    for (int b = 0; b < options.bootstrapResamples; ++b) {
        std::vector<double> weights(static_cast<std::size_t>(n), 0.0);
        for (std::size_t i = 0; i < groups.size(); ++i)
            for (int k : tossesOfGroup[groups[pick(random)]]) weights[static_cast<std::size_t>(k)] += 1.0;
        for (std::size_t s = 0; s < finals.size(); ++s) {
            const int best = findBest(finals[s], weights);
            if (best >= 0) drawn[s].push_back(finals[s].points[static_cast<std::size_t>(best)]);
        }
    }
    std::map<int, std::vector<double>> withoutGroup;
    for (int g : groups) {
        std::vector<double> weights(static_cast<std::size_t>(n), 1.0);
        for (int k : tossesOfGroup[g]) weights[static_cast<std::size_t>(k)] = 0.0;
        for (const Stage& stage : finals) {
            const int best = findBest(stage, weights);
            for (std::size_t d = 0; d < stage.names.size(); ++d)
                withoutGroup[g].push_back(best >= 0 ? stage.points[static_cast<std::size_t>(best)][d]
                                                    : getValue(result.params, stage.names[d]));
        }
    }
    for (std::size_t s = 0; s < finals.size(); ++s) {
        const Stage& stage = finals[s];
        for (std::size_t d = 0; d < stage.names.size(); ++d) {
            FittedValue v;
            v.name = stage.names[d];
            v.value = getValue(result.params, v.name);
            std::vector<double> values;
            for (const auto& p : drawn[s]) values.push_back(p[d]);
            std::sort(values.begin(), values.end());
            if (values.empty()) {
                v.low = v.high = v.value;
            } else {
                auto at = [&](double q) {
                    return values[std::min(values.size() - 1, static_cast<std::size_t>(q * (values.size() - 1) + 0.5))];
                };
                v.low = at(kIntervalLow);
                v.high = at(kIntervalHigh);
            }
            double lo = stage.points.front()[d], hi = lo;
            std::set<double> levels;
            for (const auto& p : stage.points) {
                lo = std::min(lo, p[d]);
                hi = std::max(hi, p[d]);
                levels.insert(p[d]);
            }
            // The grid resolves a value to half its spacing: an interval of
            // resampled best points is widened by that much (a point interval
            // says "narrower than the grid", not "exact").
            double spacing = 0.0;
            for (auto it = levels.begin(); std::next(it) != levels.end(); ++it)
                spacing = spacing == 0.0 ? *std::next(it) - *it : std::min(spacing, *std::next(it) - *it);
            const auto [rangeLo, rangeHi] = rangeOf(v.name);
            v.low = std::max(rangeLo, v.low - 0.5 * spacing);
            v.high = v.high + 0.5 * spacing;
            if (v.name == "friction" || v.name == "restitution") v.high = std::min(rangeHi, v.high);
            const bool searchedEdge = (v.low <= lo && lo > rangeLo) || (v.high >= hi && hi < rangeHi && levels.size() > 1);
            v.atGridEdge = searchedEdge;
            if (searchedEdge)
                result.warnings.push_back("the interval of " + v.name +
                                          " reaches the edge of the refined search: it may be wider");
            result.values.push_back(v);
        }
    }
    for (int k = 0; k < n; ++k) {
        TossContribution c;
        c.id = prepared[static_cast<std::size_t>(k)].toss->id;
        c.group = prepared[static_cast<std::size_t>(k)].toss->group;
        c.objective = calcTossObjective(errors[static_cast<std::size_t>(k)], set.body);
        c.share = total > 0.0 ? c.objective / total : 0.0;
        c.withoutGroup = withoutGroup[c.group];
        result.contributions.push_back(c);
    }
    return result;
}

std::vector<int> assignFolds(const TossSet& set, int folds) {
    if (folds < 2) throw InputError("folds", "needs at least 2 folds");
    std::set<int> groups;
    for (const Toss& t : set.tosses) groups.insert(t.group);
    if (static_cast<int>(groups.size()) < folds)
        throw InputError("folds", std::to_string(folds) + " folds need at least as many groups, the file has " +
                                      std::to_string(groups.size()));
    std::map<int, int> foldOf;
    int rank = 0;
    for (int g : groups) foldOf[g] = rank++ % folds;
    std::vector<int> out;
    for (const Toss& t : set.tosses) out.push_back(foldOf[t.group]);
    return out;
}

CrossValidation crossValidateTosses(const TossSet& set, const TossParams& initial, int folds,
                                    const TossFitOptions& options) {
    const std::vector<int> foldOf = assignFolds(set, folds);
    CrossValidation cv;
    for (int f = 0; f < folds; ++f) {
        std::vector<int> train, test;
        for (int i = 0; i < static_cast<int>(set.tosses.size()); ++i)
            (foldOf[static_cast<std::size_t>(i)] == f ? test : train).push_back(i);
        TossFitOptions o = options;
        if (options.progress)
            o.progress = [&, f](int done, int planned) { return options.progress(f * planned + done, folds * planned); };
        TossFitResult fit = fitTosses(set, train, initial, o);
        if (fit.cancelled) {
            cv.foldFits.push_back(std::move(fit));
            return cv;
        }
        const std::vector<TossError> scored = scoreTosses(set, test, fit.params, options.threads);
        cv.errors.insert(cv.errors.end(), scored.begin(), scored.end());
        cv.foldFits.push_back(std::move(fit));
    }
    std::sort(cv.errors.begin(), cv.errors.end(), [](const TossError& a, const TossError& b) { return a.id < b.id; });
    cv.summary = summarize(cv.errors);
    return cv;
}

}  // namespace impactlab
