#pragma once
// impactlab-cli: the headless front end of the impulse-space contract
// (docs/problem-format.md). A command is one entry of a table (Commands.cpp): its
// name, synopsis, help and a function from arguments to an exit code. Adding a
// command is one more make*Command() function and one line in that table.
//
// Failure channels (docs/design.md, "Errors") map to exit codes in one place,
// runGuarded(): every failure prints exactly one line "impactlab-cli: ..." on
// stderr, and nothing is written to stdout unless the command succeeded.
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace impactlab::cli {

enum ExitCode : int {
    kExitOk = 0,
    kExitBadInput = 1,   // InputError: the problem is malformed or not physical
    kExitUsage = 2,      // UsageError: the command line is malformed
    kExitIo = 3,         // IoError: a file cannot be read, or output cannot be written
    kExitInternal = 4,   // InternalError or anything unexpected: a bug in impactlab
};

inline constexpr const char* kProgramName = "impactlab-cli";

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
class IoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
class InternalError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Streams {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

struct Command {
    std::string name;       // "solve"
    std::string synopsis;   // "solve [FILE|-] [--model ID] [--trace]"
    std::string summary;    // one line for the global help
    std::string help;       // the rest of `<command> --help`
    // Runs with the arguments after the command name; returns an exit code or
    // throws one of the errors above (or InputError).
    std::function<int(const std::vector<std::string>& args, Streams& io)> run;
};

// The command table, in help order.
const std::vector<Command>& getCommands();

// Runs the program on argv[1..]; never throws.
int run(const std::vector<std::string>& args, Streams& io);

// Runs `body`, turning its exceptions into an exit code and one line on `err`.
int runGuarded(const std::function<int()>& body, std::ostream& err);

// "impactlab-cli 0.1.0" plus the formats it reads and writes.
std::string getVersionText();

}  // namespace impactlab::cli
