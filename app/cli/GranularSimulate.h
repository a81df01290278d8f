#pragma once
// `simulate` on a granular scene (kind "granular", docs/scene-format.md):
// options of its own, progress on stderr, frames to --output as VTK (.vtp)
// and CSV, and a JSON summary on stdout. SimulateCommand.cpp hands every
// simulate call here first.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/Cli.h"

namespace impactlab::cli {

using SimulateRunner = std::function<int(const std::vector<std::string>& args, Streams& io)>;

// Runs the simulation and returns its exit code when the scene `args` name
// is a granular scene; otherwise returns nothing and `other` (the spatial,
// planar and vehicle simulate) runs instead. A scene on standard input is
// read once here and handed to `other` from memory.
std::optional<int> runIfGranularScene(const std::vector<std::string>& args, Streams& io, const SimulateRunner& other);

// The granular options, for simulate's help.
extern const char* const kGranularSimulateHelp;

}  // namespace impactlab::cli
