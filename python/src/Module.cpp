// The extension impactlab._impactlab. The public names, their docstrings and
// the argument handling that needs no C++ (paths, built-in scene names) are in
// python/impactlab/__init__.py; docs/python.md is the tour.
#include <pybind11/pybind11.h>

#include "Errors.h"
#include "Scenes.h"
#include "Solve.h"
#include "cli/Cli.h"

#ifndef IMPACTLAB_VERSION
#define IMPACTLAB_VERSION ""
#endif

namespace impactlab::python {
void registerReconstruct(py::module_& m);   // Reconstruct.cpp
void registerTosses(py::module_& m);        // Tosses.cpp
}  // namespace impactlab::python

PYBIND11_MODULE(_impactlab, m) {
    namespace ip = impactlab::python;
    m.doc() = "ImpactLab's core, as impactlab-cli runs it (the impactlab package wraps it).";
    const std::string version = IMPACTLAB_VERSION;
    m.attr("__version__") = version.empty() ? std::string("dev") : version;
    m.attr("_version_text") = impactlab::cli::getVersionText();
    ip::registerErrors(m);
    ip::registerSolve(m);
    ip::registerScenes(m);
    ip::registerReconstruct(m);
    ip::registerTosses(m);
}
