#pragma once
// Finding and running impactlab-report, the desktop app's headless writer of
// every view (app/report/). `report` runs it once; `sweep --out` once per
// value. The CLI stays free of Qt: it only starts the program.
#include <string>
#include <vector>

namespace impactlab::cli {

// Where impactlab-report is: $IMPACTLAB_REPORT, beside this program (an
// installation: both in bin/), or the build tree's; "" when none is found.
std::string findReportProgram();

// The message for a build without impactlab-report (IoError's text).
extern const char* const kNoReportProgramMessage;

// Runs `argv` (argv[0] the program's path) and returns its exit code
// (kExitInternal when it did not exit normally). `stdoutPath` and
// `stderrPath`, when not empty, receive the program's output instead of ours.
// Throws InternalError when the process cannot be started or waited for.
int runProgram(const std::vector<std::string>& argv, const std::string& stdoutPath = "",
               const std::string& stderrPath = "");

}  // namespace impactlab::cli
