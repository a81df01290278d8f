// impactlab.tosses: `impactlab-cli tosses fit|predict|score|starts|
// cross-validate` as calls (app/cli/TossesCommand.cpp), with the same
// arguments and the same output. The files are read as the CLI reads them
// (errors name the file and the row or field); the core fits, simulates and
// scores. The dicts are the CLI's JSON, by the same writers
// (experiment/TossJson.h).
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <thread>

#include "Interrupt.h"
#include "PyJson.h"
#include "cli/CliIo.h"
#include "experiment/TossFit.h"
#include "experiment/TossJson.h"
#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"

namespace impactlab::python {

namespace {

using ojson = nlohmann::ordered_json;
using nlohmann::json;

// The CLI's bounds on its flags.
constexpr int kMaxThreads = 256;
constexpr int kMaxFolds = 20;
constexpr int kMaxGridPoints = 50;
// Digits of the predicted poses in a CSV (as the CLI writes them).
constexpr int kPredictionDigits = 9;
// Tosses simulated between two looks at the cancel flag, per thread: a
// toss takes milliseconds, so Ctrl+C answers within a fraction of a second.
constexpr std::size_t kTossesPerCancelCheck = 4;

int readWhole(const py::object& value, const std::string& field, int lo, int hi) {
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value) || value.cast<long long>() < lo ||
        value.cast<long long>() > hi)
        throw InputError(field, "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                    "], got " + std::string(py::repr(value)));
    return value.cast<int>();
}

int readThreads(const py::object& threads) { return threads.is_none() ? 0 : readWhole(threads, "threads", 1, kMaxThreads); }

std::string readPath(const py::object& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

bool isPath(const py::handle& value) {
    return py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__");
}

// A JSON document given as a path (read as the CLI reads it) or as a dict;
// `source` names it in errors.
json readDocument(const py::object& value, const std::string& what, std::string* source) {
    if (isPath(value)) {
        const std::string path = readPath(value);
        *source = cli::getSourceName(path);
        std::istringstream none;
        return parseJsonText(cli::readInputText(path, none), *source);
    }
    *source = what;
    return toJson(value, "");
}

TossBody readBody(const py::object& body) {
    std::string source;
    const json doc = readDocument(body, "body", &source);
    return readTossBody(doc, source);
}

TossSet readSet(const py::object& tosses, const py::object& body) {
    const TossBody b = readBody(body);
    if (!isPath(tosses)) throw InputError("tosses", "must be the path of a tosses CSV (docs/experiment-format.md)");
    const std::string path = readPath(tosses);
    std::istringstream none;
    return readTosses(cli::readInputText(path, none), cli::getSourceName(path), b);
}

TossParams readParams(const py::object& params) {
    std::string source;
    const json doc = readDocument(params, "params", &source);
    return readTossParams(doc, source);
}

std::vector<std::string> readNames(const py::object& names, const std::string& field) {
    std::vector<std::string> out;
    if (py::isinstance<py::str>(names)) {
        std::stringstream in(names.cast<std::string>());
        std::string item;
        while (std::getline(in, item, ','))
            if (!item.empty()) out.push_back(item);
    } else {
        for (py::handle n : names) out.push_back(py::str(n));
    }
    if (out.empty()) throw InputError(field, "needs a list such as [\"friction\", \"restitution\"]");
    return out;
}

TossFitOptions readFitOptions(const py::object& fit, const py::object& grid, const py::object& threads) {
    TossFitOptions o;
    if (!fit.is_none()) o.fit = readNames(fit, "fit");
    o.threads = readThreads(threads);
    if (!grid.is_none()) {
        const py::tuple sizes = py::tuple(grid);
        if (sizes.size() != 2) throw InputError("grid", "needs (COARSE, FINE), got " + std::string(py::repr(grid)));
        o.coarsePoints = readWhole(sizes[0], "grid[0]", 2, kMaxGridPoints);
        o.finePoints = readWhole(sizes[1], "grid[1]", 2, kMaxGridPoints);
    }
    return o;
}

TossParams makeInitial(const py::object& law, const TossBody& body) {
    TossParams p;
    p.law = law.is_none() ? getRecommendedTossLaw() : law.cast<std::string>();
    getLaw(p.law, "law");
    p.friction = body.nominalFriction;
    p.restitution = body.nominalRestitution;
    return p;
}

std::size_t getChunk(int threads) {
    const int n = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return kTossesPerCancelCheck * static_cast<std::size_t>(n);
}

void writeText(const py::object& out, const std::function<void(std::ostream&)>& write) {
    if (out.is_none()) return;
    cli::writeFileAtomically(readPath(out), write);
}

py::object fit(const py::object& tosses, const py::object& body, const py::object& law, const py::object& fitNames,
               const py::object& grid, const py::object& threads, const py::object& out) {
    const TossSet set = readSet(tosses, body);
    const TossParams initial = makeInitial(law, set.body);
    const TossFitOptions options = readFitOptions(fitNames, grid, threads);
    const TossFitResult result = runInterruptible([&](const CancelFlag& cancel) {
        TossFitOptions o = options;
        o.progress = [&cancel](int, int) { return !cancel; };
        return fitTosses(set, listAllTosses(set), initial, o);
    });
    const ojson doc = toJson(result);
    writeText(out, [&](std::ostream& os) { cli::writeJson(doc, os); });
    return toPlainPython(doc);
}

py::object predict(const py::object& startsObject, const py::object& params, const py::object& threads,
                   const py::object& out) {
    std::string source;
    const json doc = readDocument(startsObject, "starts", &source);
    const TossStarts starts = readTossStarts(doc, source);
    const TossParams p = readParams(params);
    const int t = readThreads(threads);
    // In pieces of a few starts: the prediction of each start is its own, so
    // the pieces give what one call gives, and the cancel flag is read between them.
    const std::vector<SimulatedToss> runs = runInterruptible([&](const CancelFlag& cancel) {
        std::vector<SimulatedToss> all;
        const std::size_t chunk = getChunk(t);
        for (std::size_t first = 0; first < starts.starts.size() && !cancel; first += chunk) {
            TossStarts piece = starts;
            piece.starts.assign(starts.starts.begin() + static_cast<std::ptrdiff_t>(first),
                                starts.starts.begin() + static_cast<std::ptrdiff_t>(std::min(first + chunk, starts.starts.size())));
            for (SimulatedToss& r : predictTosses(piece, p, t)) all.push_back(std::move(r));
        }
        return all;
    });
    std::vector<double> rows;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const int id = starts.starts[i].id;
        for (std::size_t k = 0; k < runs[i].samples.size(); ++k) {
            const TossState& s = runs[i].samples[k];
            rows.insert(rows.end(), {double(id), double(k), s.position.x(), s.position.y(), s.position.z(),
                                     s.orientation.w(), s.orientation.x(), s.orientation.y(), s.orientation.z()});
        }
    }
    writeText(out, [&](std::ostream& os) {
        os << "toss,k,x,y,z,qw,qx,qy,qz\n" << std::setprecision(kPredictionDigits);
        for (std::size_t r = 0; r < rows.size(); r += 9) {
            os << static_cast<int>(rows[r]) << ',' << static_cast<long long>(rows[r + 1]);
            for (std::size_t c = 2; c < 9; ++c) os << ',' << rows[r + c];
            os << '\n';
        }
    });
    return makeArray2(rows.data(), rows.size() / 9, 9);
}

std::vector<TossError> scoreInPieces(const TossSet& set, const TossParams& params, int threads,
                                     const CancelFlag& cancel) {
    std::vector<TossError> errors;
    const std::vector<int> all = listAllTosses(set);
    const std::size_t chunk = getChunk(threads);
    for (std::size_t first = 0; first < all.size() && !cancel; first += chunk) {
        const std::vector<int> piece(all.begin() + static_cast<std::ptrdiff_t>(first),
                                     all.begin() + static_cast<std::ptrdiff_t>(std::min(first + chunk, all.size())));
        for (TossError& e : scoreTosses(set, piece, params, threads)) errors.push_back(std::move(e));
    }
    return errors;
}

py::object score(const py::object& tosses, const py::object& body, const py::object& params,
                 const py::object& threads) {
    const TossSet set = readSet(tosses, body);
    const TossParams p = readParams(params);
    const int t = readThreads(threads);
    const std::vector<TossError> errors =
        runInterruptible([&](const CancelFlag& cancel) { return scoreInPieces(set, p, t, cancel); });
    ojson doc = {{"format", "impactlab.toss-score/1"}, {"params", toJson(p)}};
    const ojson summary = toJson(summarize(errors));
    for (auto it = summary.begin(); it != summary.end(); ++it) doc[it.key()] = it.value();
    ojson list = ojson::array();
    for (const TossError& e : errors) list.push_back(toJson(e));
    doc["tosses"] = list;
    return toPlainPython(doc);
}

py::object findStarts(const py::object& tosses, const py::object& body, const py::object& samples,
                      const py::object& out) {
    const TossSet set = readSet(tosses, body);
    const std::string source = cli::getSourceName(readPath(tosses));
    TossStarts starts;
    starts.body = set.body;
    int longest = 0;
    for (const Toss& t : set.tosses) {
        starts.starts.push_back(findTossStart(t, set.body, source + ": toss " + std::to_string(t.id)));
        longest = std::max(longest, static_cast<int>(t.samples.size()) - starts.starts.back().startSample);
    }
    starts.samples = samples.is_none() ? longest
                                       : readWhole(samples, "samples", 1, static_cast<int>(limits::kMaxSamplesPerRun));
    const ojson doc = ojson::parse(toJson(starts).dump());
    writeText(out, [&](std::ostream& os) { cli::writeJson(doc, os); });
    return toPlainPython(doc);
}

py::object crossValidate(const py::object& tosses, const py::object& body, const py::object& law,
                         const py::object& foldsObject, const py::object& fitNames, const py::object& grid,
                         const py::object& threads) {
    const TossSet set = readSet(tosses, body);
    const int folds = foldsObject.is_none() ? 3 : readWhole(foldsObject, "folds", 2, kMaxFolds);
    const TossParams initial = makeInitial(law, set.body);
    const TossFitOptions options = readFitOptions(fitNames, grid, threads);
    const CrossValidation cv = runInterruptible([&](const CancelFlag& cancel) {
        TossFitOptions o = options;
        o.progress = [&cancel](int, int) { return !cancel; };
        return crossValidateTosses(set, initial, folds, o);
    });
    return toPlainPython(toJson(cv, initial.law, folds));
}

}  // namespace

void registerTosses(py::module_& m) {
    const py::object none = py::none();
    m.def("_tosses_fit", &fit, py::arg("tosses"), py::arg("body"), py::arg("law") = none, py::arg("fit") = none,
          py::arg("grid") = none, py::arg("threads") = none, py::arg("out") = none);
    m.def("_tosses_predict", &predict, py::arg("starts"), py::arg("params"), py::arg("threads") = none,
          py::arg("out") = none);
    m.def("_tosses_score", &score, py::arg("tosses"), py::arg("body"), py::arg("params"), py::arg("threads") = none);
    m.def("_tosses_starts", &findStarts, py::arg("tosses"), py::arg("body"), py::arg("samples") = none,
          py::arg("out") = none);
    m.def("_tosses_cross_validate", &crossValidate, py::arg("tosses"), py::arg("body"), py::arg("law") = none,
          py::arg("folds") = none, py::arg("fit") = none, py::arg("grid") = none, py::arg("threads") = none);
}

}  // namespace impactlab::python
