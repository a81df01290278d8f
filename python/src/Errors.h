#pragma once
// Failures as Python exceptions (docs/python.md, "Errors"), the CLI's exit
// codes' counterparts:
//   InputError (core)     -> impactlab.InputError, a ValueError whose message is
//                            the CLI's line "field: reason" (attributes field, reason)
//   cli::UsageError       -> ValueError (an argument the CLI would call a usage error)
//   cli::IoError          -> OSError
//   a result whose status is "no-solution" or "iteration-limit"
//                         -> impactlab.SolverError, a RuntimeError holding the result
//   anything else         -> RuntimeError (a bug in ImpactLab, never a crash)
#include <pybind11/pybind11.h>

#include <string>

namespace impactlab::python {

namespace py = pybind11;

// Creates the exception classes in `m` and registers the translators.
void registerErrors(py::module_& m);

// Raises impactlab.SolverError for `result` (a result dict) with `message`.
[[noreturn]] void throwSolverError(const std::string& message, const py::object& result, const std::string& status);

// Raises impactlab.InputError "<prefix>: <field>: <reason>" keeping field and
// reason as the core gave them (a list's item names itself in the prefix).
[[noreturn]] void throwInputError(const std::string& prefix, const std::string& field, const std::string& reason);

}  // namespace impactlab::python
