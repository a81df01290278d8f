#pragma once
// impactlab.solve, solve_many, models and load (docs/python.md): the CLI's
// `solve` and `models` as calls.
#include <pybind11/pybind11.h>

namespace impactlab::python {

namespace py = pybind11;

void registerSolve(py::module_& m);

}  // namespace impactlab::python
