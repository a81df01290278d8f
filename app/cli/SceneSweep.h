#pragma once
// `sweep SCENE --param ID --values A,B,C [--out DIR] [--csv FILE] [--steps N]`:
// one scene parameter of a scene of any kind set to each
// value as `--set ID=value` sets it, the scene run as `simulate` runs it, and
// the key numbers of its kind collected per value, as JSON on stdout
// ("impactlab.sweep/1") and as CSV (one row per value). With --out, every
// view's data per value too, written by impactlab-report.
//
// SweepCommand.cpp hands a command line with --param here; without it the
// vehicle-collision grid sweep runs as before.
#include <string>
#include <vector>

#include "cli/Cli.h"

namespace impactlab::cli {

// True when `args` ask for the scene-parameter sweep (they name --param).
bool isSceneSweep(const std::vector<std::string>& args);

int runSceneSweep(const std::vector<std::string>& args, Streams& io);

// This form's part of `sweep --help`.
extern const char* const kSceneSweepHelp;

}  // namespace impactlab::cli
