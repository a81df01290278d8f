// libFuzzer harness: a problem document (docs/problem-format.md) solved by
// impactlab-cli in-process (FuzzInputs.h, solveInput).
#include <cstddef>
#include <cstdint>
#include <string>

#include "FuzzInputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    impactlab::fuzz::solveInput(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
