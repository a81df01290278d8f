// `solve` as the CLI runs it (app/cli/SolveCommand.cpp): the document read by
// the core's problem reader and each law solved on the typed problem. One
// contact's result becomes a dict straight from the typed result (ResultPy.h,
// the keys of the core's writer); several contacts and scenes go through the
// core's JSON writers, as the CLI prints them. Numbers in arrays come out as
// numpy arrays.
#include "Solve.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include "Errors.h"
#include "Interrupt.h"
#include "PyJson.h"
#include "ResultPy.h"
#include "cli/Cli.h"
#include "cli/SceneKinds.h"
#include "io/ContactSpaceJson.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "laws/LawRegistry.h"
#include "laws/ProblemJson.h"
#include "scene/SceneDocument.h"

namespace impactlab::python {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// The keyword that replaces the problem's "model" / "models", as errors name it.
constexpr const char* kModelField = "model";

bool isSceneDocument(const json& document) {
    return document.is_object() && document.contains("format") && document["format"].is_string() &&
           document["format"].get<std::string>().find("scene") != std::string::npos;
}

// A solved document: one contact's typed results (one per law), or the JSON
// the core writes for several contacts and for scenes.
struct Solved {
    SolveRequest request;
    std::vector<ImpactResult> results;
    std::vector<ImpactTrace> traces;
    std::optional<ordered_json> output;
};

// What `impactlab-cli solve` computes for `document` (SolveCommand.cpp), before printing.
Solved solveDocument(const json& document, const std::optional<std::string>& model, bool withTrace) {
    Solved solved;
    if (isSceneDocument(document)) {
        for (const char* key : {"model", "models", "contact_level", "A", "W"})
            if (document.contains(key))
                throw InputError("format", std::string("names a scene, but the document is an impact problem (it has \"") +
                                               key + "\"): use \"" + kProblemFormat + "\"");
        solved.output = cli::solveSceneDocument(toUnifiedSceneDocument(document), model, withTrace);
        return solved;
    }
    solved.request = parseSolveRequest(document, model, kModelField);
    const SolveRequest& request = solved.request;
    if (request.contactSpace) {
        // Several contacts: the law's contact-space solver, or its
        // single-contact one through the nc = 1 conversion.
        auto solveOne = [&](const LawRequest& law) {
            ContactSpaceTrace trace;
            const ContactSpaceResult result =
                solveContactSpace(*law.law, *request.contactSpace, law.options, withTrace ? &trace : nullptr);
            return contactSpaceResultToJson(*request.contactSpace, result, withTrace ? &trace : nullptr);
        };
        if (!request.comparison) {
            solved.output = solveOne(request.laws.front());
        } else {
            ordered_json output;
            output["format"] = kResultFormat;
            output["results"] = ordered_json::array();
            for (const LawRequest& law : request.laws) output["results"].push_back(solveOne(law));
            solved.output = std::move(output);
        }
        return solved;
    }
    for (const LawRequest& law : request.laws) {
        ImpactTrace trace;
        ImpactResult result = law.law->solve(request.problem, law.options, withTrace ? &trace : nullptr);
        if (result.model.empty()) result.model = law.law->id;
        solved.results.push_back(std::move(result));
        solved.traces.push_back(std::move(trace));
    }
    return solved;
}

// The contract never hands out NaN or infinity (the CLI refuses to print
// them): a bug upstream, raised as the CLI's internal error.
void requireFinite(const Solved& solved) {
    if (!solved.output) return;   // the typed results are checked as they are written (ResultPy.h)
    if (const auto bad = findNonFiniteNumber(*solved.output))
        throw cli::InternalError("the result's " + *bad + " is not a finite number");
}

py::object toPython(const Solved& solved, bool withTrace) {
    if (solved.output) return python::toPython(*solved.output);
    const ImpactProblem& problem = solved.request.problem;
    auto one = [&](std::size_t i) {
        return resultToPython(problem, solved.results[i], withTrace ? &solved.traces[i] : nullptr);
    };
    if (!solved.request.comparison) return one(0);
    py::dict output;
    output["format"] = kResultFormat;
    py::list results(solved.results.size());
    for (std::size_t i = 0; i < solved.results.size(); ++i) results[i] = one(i);
    output["results"] = results;
    return std::move(output);
}

// A result (or each of a comparison's) that did not converge, as SolverError.
void checkStatus(const py::object& result, const std::string& prefix) {
    auto check = [&](const py::handle& r) {
        if (!PyDict_Check(r.ptr())) return;
        PyObject* status = PyDict_GetItemString(r.ptr(), "status");
        if (!status || !PyUnicode_Check(status)) return;
        const std::string s = py::reinterpret_borrow<py::str>(status);
        if (s != "no-solution" && s != "iteration-limit") return;
        PyObject* model = PyDict_GetItemString(r.ptr(), "model");
        std::string message = prefix + (model && PyUnicode_Check(model) ? std::string(py::str(model)) : "the law") + ": " + s;
        PyObject* warnings = PyDict_GetItemString(r.ptr(), "warnings");
        if (warnings && PyList_Check(warnings) && PyList_Size(warnings) > 0)
            message += " (" + std::string(py::str(PyList_GetItem(warnings, 0))) + ")";
        throwSolverError(message, result, s);
    };
    PyObject* results = PyDict_Check(result.ptr()) ? PyDict_GetItemString(result.ptr(), "results") : nullptr;
    if (results && PyList_Check(results)) {
        for (py::handle r : py::reinterpret_borrow<py::list>(results)) check(r);
    } else {
        check(result);
    }
}

std::optional<std::string> readModel(const py::object& model) {
    if (model.is_none()) return std::nullopt;
    if (!py::isinstance<py::str>(model))
        throw InputError(kModelField, "must be a law id (a string), got " + std::string(Py_TYPE(model.ptr())->tp_name));
    return model.cast<std::string>();
}

py::object solve(const py::object& problem, const py::object& modelObject, bool trace, bool check) {
    const json document = toJson(problem);
    const std::optional<std::string> model = readModel(modelObject);
    Solved solved;
    {
        py::gil_scoped_release release;
        solved = solveDocument(document, model, trace);
        requireFinite(solved);
    }
    py::object result = toPython(solved, trace);
    if (check) checkStatus(result, "");
    return result;
}

// One problem of a batch: its output, or what it threw.
struct BatchItem {
    Solved solved;
    std::exception_ptr error;
};

// The conversions before and after a batch hold the GIL and take about a
// microsecond a problem: they look for Ctrl+C every so many problems.
constexpr std::size_t kProblemsPerSignalCheck = 4096;

void checkSignals(std::size_t i) {
    if (i % kProblemsPerSignalCheck == kProblemsPerSignalCheck - 1 && PyErr_CheckSignals() != 0)
        throw py::error_already_set();
}

int getThreadCount(const py::object& threads, std::size_t items) {
    int n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!threads.is_none()) {
        if (!py::isinstance<py::int_>(threads) || threads.cast<long long>() < 1 || threads.cast<long long>() > 256)
            throw InputError("threads", "must be a whole number in [1, 256], got " + std::string(py::repr(threads)));
        n = threads.cast<int>();
    }
    return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(n), std::max<std::size_t>(1, items)));
}

std::string getItemName(std::size_t i) { return "problems[" + std::to_string(i) + "]"; }

// In chunks: each chunk's problems are converted, solved on the pool and
// turned into dicts while its data are still in cache, and Ctrl+C is looked
// for at least once a chunk.
constexpr std::size_t kProblemsPerChunk = 2048;

py::list solveMany(const py::iterable& problems, const py::object& modelObject, bool trace, bool check,
                   const py::object& threadsObject) {
    const std::optional<std::string> model = readModel(modelObject);
    const py::list input(problems);
    const std::size_t n = input.size();
    const int threads = getThreadCount(threadsObject, std::min(n, kProblemsPerChunk));
    py::list out(n);
    std::vector<json> documents;
    std::vector<BatchItem> items;
    for (std::size_t first = 0; first < n; first += kProblemsPerChunk) {
        const std::size_t count = std::min(kProblemsPerChunk, n - first);
        documents.clear();
        for (std::size_t i = first; i < first + count; ++i) {
            checkSignals(i);
            try {
                documents.push_back(toJson(input[i]));
            } catch (const InputError& e) {
                throwInputError(getItemName(i), e.field(), e.reason());
            }
        }
        items.assign(count, BatchItem());
        // Workers take the next problem from a shared counter; the first
        // error stops the batch (every later problem is skipped).
        runInterruptible([&](const CancelFlag& cancel) {
            std::atomic<std::size_t> next{0};
            std::atomic<bool> failed{false};
            auto work = [&] {
                for (std::size_t i = next++; i < count; i = next++) {
                    if (cancel || failed) return;
                    try {
                        items[i].solved = solveDocument(documents[i], model, trace);
                        requireFinite(items[i].solved);
                    } catch (...) {
                        items[i].error = std::current_exception();
                        failed = true;
                    }
                }
            };
            std::vector<std::thread> pool;
            for (int t = 1; t < threads && static_cast<std::size_t>(t) < count; ++t) pool.emplace_back(work);
            work();
            for (std::thread& t : pool) t.join();
            return 0;
        });
        for (std::size_t i = 0; i < count; ++i) {
            checkSignals(first + i);
            if (items[i].error) {
                try {
                    std::rethrow_exception(items[i].error);
                } catch (const InputError& e) {
                    throwInputError(getItemName(first + i), e.field(), e.reason());
                }
            }
            py::object result = toPython(items[i].solved, trace);
            items[i].solved = Solved();   // its memory back before the next one's dict is made
            if (check) checkStatus(result, getItemName(first + i) + ": ");
            PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(first + i), result.release().ptr());
        }
    }
    return out;
}

py::list listModels(bool verbose) {
    py::list out;
    for (const LawInfo& law : getLaws()) {
        if (!verbose) {
            out.append(law.id);
            continue;
        }
        py::list options;
        for (const LawOptionInfo& o : law.options) {
            py::dict option;
            option["name"] = o.name;
            const ordered_json value = ordered_json::parse(o.defaultValue, nullptr, false);
            option["default"] = value.is_discarded() ? py::object(py::str(o.defaultValue)) : toPlainPython(value);
            option["description"] = o.description;
            options.append(option);
        }
        py::dict info;
        info["id"] = law.id;
        info["title"] = law.title;
        info["reference"] = law.reference;
        info["options"] = options;
        info["may_gain_energy"] = law.mayGainEnergy;
        info["accepts_grazing"] = law.approach == ApproachRequirement::Any;
        info["several_contacts"] = static_cast<bool>(law.solveSeveral);
        out.append(info);
    }
    return out;
}

}  // namespace

void registerSolve(py::module_& m) {
    m.def("_solve", &solve, py::arg("problem"), py::arg("model") = py::none(), py::arg("trace") = false,
          py::arg("check") = true);
    m.def("_solve_many", &solveMany, py::arg("problems"), py::arg("model") = py::none(), py::arg("trace") = false,
          py::arg("check") = true, py::arg("threads") = py::none());
    m.def("_models", &listModels, py::arg("verbose") = false);
    m.def("_check_text", [](const std::string& text, const std::string& source) { parseJsonText(text, source); });
}

}  // namespace impactlab::python
