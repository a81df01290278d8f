#pragma once
// impactlab-report, the desktop build's headless drawer, as the commands that
// draw (report, figure) find and run it (ReportCommand.cpp).
#include <string>
#include <vector>

#include "cli/Cli.h"

namespace impactlab::cli {

// Its path: $IMPACTLAB_REPORT, beside this program, or the build tree's;
// empty when none is there.
std::string findReportProgram();
// The same, or IoError telling `command`'s user how to get it.
std::string requireReportProgram(const std::string& command);
// Runs argv (argv[0] the program) with this process's streams and returns
// its exit code.
int runReportProgram(std::vector<std::string> argv, Streams& io);

}  // namespace impactlab::cli
