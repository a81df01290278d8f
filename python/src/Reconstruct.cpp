// impactlab.reconstruct: `impactlab-cli reconstruct` as a call
// (app/cli/ReconstructCommand.cpp). The core fits and samples; its own writer
// (toJson) makes the dict the CLI prints, and the kept samples come out as a
// numpy array beside it.
#include <limits>

#include <pybind11/stl.h>

#include "Interrupt.h"
#include "PyJson.h"
#include "Scenes.h"
#include "mechanics/Types.h"
#include "reconstruction/Reconstruction.h"
#include "scene/VehicleSceneReader.h"

namespace impactlab::python {

namespace {

// The CLI's bounds on its flags (ReconstructCommand.cpp; docs/input-limits.md).
constexpr long long kMaxSamples = 100000;
constexpr long long kMaxThreads = 256;

long long readWhole(const py::object& value, const std::string& field, long long lo, long long hi) {
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw InputError(field, "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                    "], got " + std::string(py::repr(value)));
    const long long x = value.cast<long long>();
    if (x < lo || x > hi)
        throw InputError(field, "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                    "], got " + std::to_string(x));
    return x;
}

py::dict reconstructScene(const SceneDocument& sceneDocument, const py::object& samples, const py::object& seed,
                          const py::object& threads) {
    const VehicleScene scene = readVehicleScene(getSceneDocument(sceneDocument));
    const ReconstructionSpec spec = readReconstructionSpec(scene);
    ReconstructionOptions options;
    if (!samples.is_none()) options.samples = static_cast<int>(readWhole(samples, "samples", 0, kMaxSamples));
    if (!seed.is_none())
        options.seed = static_cast<std::uint64_t>(readWhole(seed, "seed", 0, std::numeric_limits<int>::max()));
    if (!threads.is_none()) options.threads = static_cast<int>(readWhole(threads, "threads", 1, kMaxThreads));
    const ReconstructionResult result = runInterruptible([&](const CancelFlag& cancel) {
        ReconstructionOptions o = options;
        o.progress = [&cancel](int, int) { return !cancel; };
        return reconstruct(scene, spec, o);
    });
    py::dict out = toPlainPython(toJson(result));
    // The kept samples: one row each, columns as writeSamplesCsv heads them.
    std::vector<std::string> columns;
    for (const UnknownReport& u : result.unknowns) columns.push_back(u.unknown.target);
    for (const DerivedReport& d : result.derived)
        for (const char* q : {"delta_v_", "pdof_", "ees_"}) columns.push_back(q + std::to_string(d.vehicle));
    std::vector<double> values;
    std::size_t width = columns.size();
    for (const std::vector<double>& row : result.sampleRows) {
        width = row.size();
        values.insert(values.end(), row.begin(), row.end());
    }
    out["sample_columns"] = columns;
    out["sample_values"] = makeArray2(values.data(), result.sampleRows.size(), width);
    return out;
}

}  // namespace

void registerReconstruct(py::module_& m) {
    m.def("_reconstruct", &reconstructScene, py::arg("scene"), py::arg("samples") = py::none(),
          py::arg("seed") = py::none(), py::arg("threads") = py::none());
}

}  // namespace impactlab::python
