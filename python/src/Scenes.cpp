// Scenes as the CLI's `simulate` runs them (app/cli/SimulateCommand.cpp and
// GranularSimulate.cpp): the kind's descriptor (sim/SceneKinds.h) runs the
// document and writes the summary; the run's time histories come out as
// numpy arrays. A parameter is set as `--set id=value` sets it: a number at
// the parameter's target as given (not clamped to the slider), a choice by name.
#include "Scenes.h"

#include <cmath>
#include <filesystem>
#include <limits>

#include <pybind11/stl.h>

#include "Interrupt.h"
#include "PyJson.h"
#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "mechanics/InputLimits.h"
#include "scene/SceneDocument.h"
#include "scene/TossScene.h"
#include "sim/MeasurementSweep.h"
#include "sim/PaperFigures.h"
#include "sim/SceneKinds.h"
#include "sim/SceneRunSummaries.h"
#include "sim/granular/GranularRun.h"
#include "sim/granular/GranularSetups.h"

namespace impactlab::python {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

SceneDocument makeScene(json document) {
    document = toUnifiedSceneDocument(std::move(document));
    const SceneKindInfo& kind = getSceneKindInfo(document);
    kind.read(document);   // every field checked now, not at the first run
    return SceneDocument{std::move(document)};
}

const SceneParameter& findParameter(const std::vector<SceneParameter>& parameters, const std::string& id) {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return p;
    std::string known;
    for (const SceneParameter& q : parameters) known += (known.empty() ? "" : ", ") + q.id;
    throw InputError(id, "no such parameter in this scene (known: " + known + ")");
}

SceneDocument setParameter(const SceneDocument& scene, const std::string& id, const py::object& value) {
    const std::vector<SceneParameter> parameters = getSceneKindInfo(scene.document).readParameters(scene.document);
    const SceneParameter& p = findParameter(parameters, id);
    if (p.kind == SceneParameter::Kind::Choice) {
        if (!py::isinstance<py::str>(value))
            throw InputError(id, "is a choice: give one of its names as a string, got " + std::string(py::repr(value)));
        return makeScene(setChoiceInDocument(parameters, scene.document, id, value.cast<std::string>()));
    }
    if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) ||
                                             py::hasattr(value, "__float__")))
        throw InputError(id, "must be a finite number, got " + std::string(py::repr(value)));
    const double x = value.cast<double>();
    if (!std::isfinite(x)) throw InputError(id, "must be a finite number, got " + std::string(py::repr(value)));
    json document = scene.document;
    document[json::json_pointer(p.target)] = x;   // as given: not clamped to the slider
    return makeScene(std::move(document));
}

py::dict getParameters(const SceneDocument& scene) {
    py::dict out;
    for (const SceneParameter& p : getSceneKindInfo(scene.document).readParameters(scene.document)) {
        if (p.kind == SceneParameter::Kind::Choice) out[py::str(p.id)] = p.choice;
        else out[py::str(p.id)] = p.value;
    }
    return out;
}

py::list getParameterInfo(const SceneDocument& scene) {
    py::list out;
    for (const SceneParameter& p : getSceneKindInfo(scene.document).readParameters(scene.document)) {
        py::dict d;
        d["id"] = p.id;
        d["label"] = p.label;
        d["unit"] = p.unit;
        d["target"] = p.target;
        d["help"] = p.help;
        if (p.kind == SceneParameter::Kind::Choice) {
            d["kind"] = "choice";
            d["value"] = p.choice;
            d["choices"] = p.choices;
        } else {
            d["kind"] = "number";
            d["value"] = p.value;
            d["min"] = p.min;
            d["max"] = p.max;
            d["step"] = p.step;
        }
        out.append(d);
    }
    return out;
}

// What the run hands to Python: the summary and, for a simulation, the time
// histories.
struct RunOutput {
    ordered_json summary;
    SimulationRun run;
};

// A granular scene, as `simulate` runs it with --steps and --threads (and
// nothing written): the core's stepper with a cancel.
RunOutput simulateGranular(json document, const std::optional<long long>& steps, const std::optional<int>& threads,
                           const CancelFlag& cancel) {
    GranularScene scene = parseGranularScene(document);
    json doc = scene.document;
    json& g = doc["granular"];
    if (steps) {
        g.erase("end_time");
        g["steps"] = *steps;
    }
    if (threads) g["threads"] = *threads;
    scene = parseGranularScene(doc);
    granular::GranularRunSettings settings = granular::makeGranularRunSettings(scene);
    settings.keepFrames = false;
    settings.keepSteps = false;
    granular::GranularWorld world = granular::makeGranularWorld(scene);
    granular::GranularFrame last;
    granular::GranularRunCallbacks callbacks;
    callbacks.onFrame = [&last](const granular::GranularFrame& f) { last = f; };
    callbacks.onProgress = [&cancel](const granular::GranularProgress&) { return !cancel; };
    const granular::GranularRunResult result = granular::runGranular(world, settings, callbacks);
    RunOutput out;
    out.summary = summarizeGranularRun(scene, world, result, last, 1, "");
    return out;
}

py::dict simulate(const SceneDocument& scene, const py::object& lawObject, const py::object& maxRunSeconds,
                  const py::object& stepsObject, const py::object& threadsObject) {
    std::optional<std::string> law;
    if (!lawObject.is_none()) law = lawObject.cast<std::string>();
    const SceneKindInfo& kind = getSceneKindInfo(scene.document);
    SceneRunRequest request;
    request.law = law;
    if (!maxRunSeconds.is_none()) {
        const double seconds = maxRunSeconds.cast<double>();
        if (!(seconds > 0.0) || seconds > limits::kMaxRunSeconds)
            throw InputError("max_run_seconds", "must be a number of seconds in (0, " +
                                                    json(limits::kMaxRunSeconds).dump() + "], got " +
                                                    std::string(py::repr(maxRunSeconds)));
        request.options.maxRunSeconds = seconds;
    }
    std::optional<long long> steps;
    std::optional<int> threads;
    if (kind.shape == SceneRunShape::Stepped) {
        if (law) throw InputError("law", "a granular scene has a friction model, not a law (its parameter friction_model)");
        if (!stepsObject.is_none()) steps = stepsObject.cast<long long>();
        if (!threadsObject.is_none()) threads = threadsObject.cast<int>();
    } else if (!stepsObject.is_none() || !threadsObject.is_none()) {
        throw InputError(stepsObject.is_none() ? "threads" : "steps", "is an option of granular scenes only");
    }
    const json document = scene.document;
    RunOutput out = runInterruptible([&](const CancelFlag& cancel) {
        if (kind.shape == SceneRunShape::Stepped) return simulateGranular(document, steps, threads, cancel);
        SceneRunRequest r = request;
        r.options.progress = [&cancel](double) { return !cancel; };
        RunOutput o;
        o.summary = kind.simulate(document, r, &o.run);
        return o;
    });
    if (const auto bad = findNonFiniteNumber(out.summary))
        throw std::runtime_error("internal error: the summary's " + *bad + " is not a finite number");

    py::dict result;
    result["summary"] = toPlainPython(out.summary);
    std::vector<double> t;
    t.reserve(out.run.samples.size());
    for (const RunSample& s : out.run.samples) t.push_back(s.time);
    result["t"] = makeArray(t.data(), t.size());
    py::dict channels, units;
    for (const RunChannel& c : out.run.channels) {
        channels[py::str(c.name)] = makeArray(c.values.data(), c.values.size());
        units[py::str(c.name)] = c.unit;
    }
    result["channels"] = channels;
    result["units"] = units;
    return result;
}

// The scene's laws over one of its parameters, with the measurements: the
// numbers the Measured tab draws and `simulate` summarises.
py::dict sweepMeasurements(const SceneDocument& scene, const py::object& parameterObject, int points) {
    if (points < 0 || points > 10000) throw InputError("points", "must be in [0, 10000], got " + std::to_string(points));
    const ImpactScene impact = parseImpactScene(scene.document);
    std::string parameter;
    if (parameterObject.is_none()) {
        const std::optional<std::string> measured = findMeasuredParameter(impact.measurements);
        if (!measured) throw InputError("parameter", "the scene has no measurements: name the parameter to sweep");
        parameter = *measured;
    } else {
        parameter = parameterObject.cast<std::string>();
    }
    const MeasurementSweep sweep = runInterruptible([&](const CancelFlag& cancel) {
        return runMeasurementSweep(impact, impact.measurements, parameter, [&cancel] { return cancel.load(); }, points);
    });
    py::dict out;
    out["parameter"] = sweep.parameter;
    out["label"] = sweep.parameterLabel;
    out["unit"] = sweep.parameterUnit;
    out["x"] = makeArray(sweep.x.data(), sweep.x.size());
    py::list laws;
    for (const MeasurementSweepLaw& l : sweep.laws) laws.append(l.id);
    out["laws"] = laws;
    out["quantities"] = sweep.quantities;
    py::dict values;
    for (std::size_t l = 0; l < sweep.laws.size(); ++l) {
        py::dict perQuantity;
        for (std::size_t q = 0; q < sweep.quantities.size(); ++q) {
            std::vector<double> v;
            for (const std::optional<double>& x : sweep.values[l][q])
                v.push_back(x ? *x : std::numeric_limits<double>::quiet_NaN());
            perQuantity[py::str(sweep.quantities[q])] = makeArray(v.data(), v.size());
        }
        values[py::str(sweep.laws[l].id)] = perQuantity;
    }
    out["values"] = values;
    py::list series;
    for (const MeasurementSeries& s : sweep.measurements) {
        py::dict d;
        d["name"] = s.name;
        d["parameter"] = s.xParameter;
        d["quantity"] = s.yQuantity;
        d["source"] = s.source;
        std::vector<double> x, y;
        for (const MeasuredPoint& p : s.points) {
            x.push_back(p.x);
            y.push_back(p.y);
        }
        d["x"] = makeArray(x.data(), x.size());
        d["y"] = makeArray(y.data(), y.size());
        series.append(d);
    }
    out["measurements"] = series;
    out["residuals"] = toPlainPython(summarizeMeasurementSweep(sweep));
    out["warnings"] = sweep.warnings;
    return out;
}

}  // namespace

const nlohmann::json& getSceneDocument(const SceneDocument& scene) { return scene.document; }

void registerScenes(py::module_& m) {
    py::class_<SceneDocument>(m, "_SceneDocument")
        .def_static("from_text",
                    [](const std::string& text, const std::string& source) {
                        // A toss scene names its data files relative to itself (scene/TossScene.h).
                        const std::string folder = std::filesystem::path(source).parent_path().string();
                        return makeScene(resolveSceneFilePaths(parseJsonText(text, source), folder));
                    })
        .def_static("from_dict", [](const py::object& d) { return makeScene(toJson(d)); })
        .def_property_readonly("document",
                               [](const SceneDocument& s) { return toPlainPython(s.document); })
        .def_property_readonly("kind", [](const SceneDocument& s) { return std::string(toString(getSceneKind(s.document))); })
        .def_property_readonly("name", [](const SceneDocument& s) { return s.document.value("name", std::string()); })
        .def_property_readonly("parameters", &getParameters)
        .def_property_readonly("parameter_info", &getParameterInfo)
        .def("set", &setParameter)
        .def("text", [](const SceneDocument& s) { return s.document.dump(2) + "\n"; })
        .def("simulate", &simulate, py::arg("law") = py::none(), py::arg("max_run_seconds") = py::none(),
             py::arg("steps") = py::none(), py::arg("threads") = py::none())
        .def("sweep_measurements", &sweepMeasurements, py::arg("parameter") = py::none(), py::arg("points") = 61);
    m.def("_figures", [] { return toPlainPython(listPaperFiguresJson()); });
}

}  // namespace impactlab::python
