// `models`: the impact laws of this build, from the registry.
#include <ostream>

#include "cli/Args.h"
#include "cli/Commands.h"
#include "laws/LawRegistry.h"

namespace impactlab::cli {

namespace {

int runModels(const std::vector<std::string>& args, Streams& io) {
    const ParsedArgs parsed = parseArgs(args, {{"--verbose", false}}, "models");
    if (!parsed.positionals.empty())
        throw UsageError("models takes no arguments, got '" + parsed.positionals.front() + "'");
    const bool verbose = parsed.has("--verbose");

    std::size_t width = 0;
    for (const LawInfo& law : getLaws()) width = std::max(width, law.id.size());
    for (const LawInfo& law : getLaws()) {
        io.out << law.id << std::string(width - law.id.size() + 2, ' ') << law.title << '\n';
        if (!verbose) continue;
        io.out << "    reference: " << law.reference << '\n';
        if (law.approach == ApproachRequirement::Any)
            io.out << "    accepts grazing (v_n- = 0) and separating (v_n- > 0) contacts as well as approaching ones\n";
        if (law.mayGainEnergy)
            io.out << "    may gain energy for some inputs (reported as a warning in the result)\n";
        if (law.options.empty()) {
            io.out << "    options: none\n";
        } else {
            io.out << "    options (in \"" << law.id << "\": {...}; default in brackets):\n";
            for (const LawOptionInfo& o : law.options)
                io.out << "      " << o.name << " [" << o.defaultValue << "]: " << o.description << '\n';
        }
        io.out << '\n';
    }
    io.out.flush();
    if (!io.out) throw IoError("cannot write to standard output");
    return kExitOk;
}

}  // namespace

Command makeModelsCommand() {
    Command c;
    c.name = "models";
    c.synopsis = "models [--verbose]";
    c.summary = "list the impact laws of this build, one line each (id, title)";
    c.help =
        "  --verbose    also print each law's reference and options with their defaults\n"
        "               and descriptions (options go in an object named by the model id)\n";
    c.run = runModels;
    return c;
}

}  // namespace impactlab::cli
