#include "cli/Commands.h"

namespace impactlab::cli {

const std::vector<Command>& getCommands() {
    // Add a command here (and its make*Command in Commands.h); help and
    // dispatch pick it up from this table.
    static const std::vector<Command> commands = {
        makeSolveCommand(),
        makeModelsCommand(),
        makeSimulateCommand(),
        makeSweepCommand(),
        makeReconstructCommand(),
        makeReportCommand(),
        makeFigureCommand(),
        makeAnimateCommand(),
        makeTossesCommand(),
    };
    return commands;
}

}  // namespace impactlab::cli
