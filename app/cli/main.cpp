// impactlab-cli: see cli/Cli.h for the commands and exit codes.
#include <iostream>

#include "cli/Cli.h"

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    impactlab::cli::Streams io{std::cin, std::cout, std::cerr};
    return impactlab::cli::run(args, io);
}
