#pragma once
// One function per command; Commands.cpp lists them in getCommands().
#include "cli/Cli.h"

namespace impactlab::cli {

Command makeSolveCommand();    // SolveCommand.cpp
Command makeModelsCommand();   // ModelsCommand.cpp
Command makeSimulateCommand(); // SimulateCommand.cpp
Command makeSweepCommand();    // SweepCommand.cpp
Command makeReportCommand();   // ReportCommand.cpp
Command makeReconstructCommand();   // ReconstructCommand.cpp
Command makeFigureCommand();   // FigureCommand.cpp
Command makeAnimateCommand();  // AnimateCommand.cpp
Command makeTossesCommand();   // TossesCommand.cpp

}  // namespace impactlab::cli
