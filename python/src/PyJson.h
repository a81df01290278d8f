#pragma once
// Python values <-> JSON, at the module's boundary.
//
// In: a Python value (dicts, lists, tuples, numpy arrays and scalars, str,
// int, float, bool, None) becomes the JSON document the core's readers take,
// under the limits parseJsonText enforces on text (mechanics/InputLimits.h:
// nesting depth, string and array length, total size), so a dict meets the
// same checks as the file the CLI reads. Anything else, a non-string key or a
// number that is not finite is an InputError naming the field as the user
// wrote it ("bodies[1].mass").
//
// Out: JSON objects become dicts (in the document's key order), arrays of
// numbers numpy arrays (float64, or int64 when every element is an integer),
// arrays of equally long number arrays 2-D numpy arrays, and a "trace" (a list
// of samples with the same keys) a dict of columns. Everything else keeps its
// JSON shape: strings, booleans, None, lists of objects.
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>

namespace impactlab::python {

namespace py = pybind11;

// The JSON document of `value`; `field` names the value itself in errors
// ("" for a whole document, "problems[3]" for one of a list).
nlohmann::json toJson(py::handle value, const std::string& field = "");

// As described above: numbers in arrays as numpy arrays.
py::object toPython(const nlohmann::ordered_json& value);
py::object toPython(const nlohmann::json& value);
// Plain Python: arrays as lists, as json.loads would give.
py::object toPlainPython(const nlohmann::ordered_json& value);
py::object toPlainPython(const nlohmann::json& value);

// A 1-D float64 numpy array of `n` values copied from `data`, and a 2-D one
// of rows x cols values in row order.
py::object makeArray(const double* data, std::size_t n);
py::object makeArray2(const double* data, std::size_t rows, std::size_t cols);

}  // namespace impactlab::python
