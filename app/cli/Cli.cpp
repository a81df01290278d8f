#include "cli/Cli.h"

#include <iostream>
#include <sstream>

#include "io/ResultJson.h"
#include "laws/ProblemJson.h"
#include "mechanics/Types.h"

#ifndef IMPACTLAB_VERSION
#define IMPACTLAB_VERSION ""
#endif

namespace impactlab::cli {

namespace {

// The contract promises one line per error: user text (a model id, a file
// name) must not break it.
std::string toOneLine(const std::string& message) {
    std::string line = message;
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return line;
}

void printError(std::ostream& err, const std::string& message) {
    err << kProgramName << ": " << toOneLine(message) << '\n';
    err.flush();
}

std::string getGlobalHelp() {
    std::ostringstream os;
    os << "Usage: " << kProgramName << " <command> [arguments]\n"
       << "       " << kProgramName << " <command> --help\n"
       << "       " << kProgramName << " --help | --version\n\n"
       << "Impact laws with Coulomb friction, solved in impulse space (ImpactLab).\n\n"
       << "Commands:\n";
    std::size_t width = 0;
    for (const Command& c : getCommands()) width = std::max(width, c.synopsis.size());
    for (const Command& c : getCommands())
        os << "  " << c.synopsis << std::string(width - c.synopsis.size() + 3, ' ') << c.summary << '\n';
    os << "\nExit codes: 0 success, 1 bad input, 2 usage error, 3 I/O error, 4 internal error.\n"
       << "Errors: one line on stderr, \"" << kProgramName << ": <field>: <reason>\", and nothing on stdout.\n"
       << "Formats: reads " << kProblemFormat << ", writes " << kResultFormat << " (see docs/problem-format.md).\n";
    return os.str();
}

std::string getCommandHelp(const Command& c) {
    return "Usage: " + std::string(kProgramName) + " " + c.synopsis + "\n\n" + c.summary + "\n\n" + c.help;
}

bool asksForHelp(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
        if (a == "--") return false;
        if (a == "-h" || a == "--help") return true;
    }
    return false;
}

}  // namespace

std::string getVersionText() {
    const std::string version = IMPACTLAB_VERSION;
    return std::string(kProgramName) + " " + (version.empty() ? "dev" : version) + " (reads " +
           kProblemFormat + ", writes " + kResultFormat + ")";
}

int runGuarded(const std::function<int()>& body, std::ostream& err) {
    try {
        return body();
    } catch (const InputError& e) {
        printError(err, e.what());
        return kExitBadInput;
    } catch (const UsageError& e) {
        printError(err, std::string(e.what()) + " (see '" + kProgramName + " --help')");
        return kExitUsage;
    } catch (const IoError& e) {
        printError(err, e.what());
        return kExitIo;
    } catch (const InternalError& e) {
        printError(err, std::string("internal error: ") + e.what());
        return kExitInternal;
    } catch (const std::exception& e) {
        printError(err, std::string("internal error: ") + e.what());
        return kExitInternal;
    } catch (...) {
        printError(err, "internal error: unknown exception");
        return kExitInternal;
    }
}

int run(const std::vector<std::string>& args, Streams& io) {
    return runGuarded(
        [&]() -> int {
            if (args.empty()) throw UsageError("missing command");
            const std::string& first = args.front();
            if (first == "-h" || first == "--help") {
                io.out << getGlobalHelp();
                return kExitOk;
            }
            if (first == "--version") {
                io.out << getVersionText() << '\n';
                return kExitOk;
            }
            for (const Command& c : getCommands()) {
                if (c.name != first) continue;
                const std::vector<std::string> rest(args.begin() + 1, args.end());
                if (asksForHelp(rest)) {
                    io.out << getCommandHelp(c);
                    return kExitOk;
                }
                return c.run(rest, io);
            }
            if (!first.empty() && first[0] == '-') throw UsageError("unknown option '" + first + "'");
            throw UsageError("unknown command '" + first + "'");
        },
        io.err);
}

}  // namespace impactlab::cli
