#include "Errors.h"

#include "cli/Cli.h"
#include "mechanics/Types.h"

namespace impactlab::python {

namespace {

PyObject* gInputError = nullptr;
PyObject* gSolverError = nullptr;

// Sets the error indicator to an instance of `type` built from `message`
// with the attributes of `attributes`.
void setError(PyObject* type, const std::string& message, const py::dict& attributes) {
    py::object instance = py::reinterpret_borrow<py::object>(type)(message);
    for (auto item : attributes) instance.attr(item.first) = item.second;
    PyErr_SetObject(type, instance.ptr());
}

}  // namespace

void throwSolverError(const std::string& message, const py::object& result, const std::string& status) {
    py::dict attributes;
    attributes["result"] = result;
    attributes["status"] = status;
    setError(gSolverError, message, attributes);
    throw py::error_already_set();
}

void throwInputError(const std::string& prefix, const std::string& field, const std::string& reason) {
    py::dict attributes;
    attributes["field"] = field;
    attributes["reason"] = reason;
    setError(gInputError, (prefix.empty() ? "" : prefix + ": ") + field + ": " + reason, attributes);
    throw py::error_already_set();
}

void registerErrors(py::module_& m) {
    // Kept alive by the module for the interpreter's life.
    static py::exception<InputError> inputError(m, "InputError", PyExc_ValueError);
    static py::exception<std::runtime_error> solverError(m, "SolverError", PyExc_RuntimeError);
    gInputError = inputError.ptr();
    gSolverError = solverError.ptr();
    inputError.doc() =
        "Bad input: a ValueError whose message names the field as the CLI's does\n"
        "(\"bodies[1].mass: must be > 0, got -2\"); .field and .reason hold its two parts.";
    solverError.doc() =
        "A law found no solution or stopped at its iteration limit (a RuntimeError).\n"
        ".result holds the result as the CLI prints it, with its \"status\" (.status) and warnings.";
    py::setattr(inputError, "field", py::none());
    py::setattr(inputError, "reason", py::none());
    py::setattr(solverError, "result", py::none());
    py::setattr(solverError, "status", py::none());

    py::register_exception_translator([](std::exception_ptr p) {
        if (!p) return;
        try {
            std::rethrow_exception(p);
        } catch (const InputError& e) {
            py::dict attributes;
            attributes["field"] = e.field();
            attributes["reason"] = e.reason();
            setError(gInputError, e.what(), attributes);
        } catch (const cli::UsageError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const cli::IoError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        } catch (const cli::InternalError& e) {
            PyErr_SetString(PyExc_RuntimeError, (std::string("internal error: ") + e.what()).c_str());
        }
    });
}

}  // namespace impactlab::python
