#pragma once
// An impact result as a Python dict, built from the typed result with the
// keys, order and values of the CLI's writer (io/ResultJson.h: resultToJson),
// vectors as numpy arrays and the trace as columns. A loop over solve() pays
// for this on every call, and building it from the typed result costs a third
// of writing the JSON and converting that. tests/python/test_solve.py holds
// it equal to `impactlab-cli solve` on every example problem and every law.
#include <pybind11/pybind11.h>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab::python {

namespace py = pybind11;

// Throws cli::InternalError naming the key when a number is NaN or infinite
// (the CLI refuses to print such a result the same way).
py::dict resultToPython(const ImpactProblem& problem, const ImpactResult& result, const ImpactTrace* traceOrNull);

}  // namespace impactlab::python
