// libFuzzer harness: a problem document (docs/problem-format.md) solved by
// `impactlab-cli solve -`, then again with --model set to one registered law
// picked by the input's last byte, so every law sees mutated problems.
#include <cstddef>
#include <cstdint>
#include <string>

#include "FuzzCheck.h"
#include "laws/LawRegistry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    impactlab::fuzz::runAndCheck({"solve", "-"}, input);
    if (size > 0) {
        const auto& laws = impactlab::getLaws();
        const std::string& id = laws[data[size - 1] % laws.size()].id;
        impactlab::fuzz::runAndCheck({"solve", "-", "--model", id}, input);
    }
    return 0;
}
