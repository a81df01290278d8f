// libFuzzer harness: a scene document (docs/scene-format.md) run by
// impactlab-cli in-process under a short budget (FuzzInputs.h, simulateInput).
#include <cstddef>
#include <cstdint>
#include <string>

#include "FuzzInputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    impactlab::fuzz::simulateInput(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
