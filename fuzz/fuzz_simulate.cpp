// libFuzzer harness: a scene document (scene-format.md) run by
// `impactlab-cli simulate -` under a short wall-clock budget, so one input
// costs at most kFuzzRunSeconds however long its end time.
#include <cstddef>
#include <cstdint>
#include <string>

#include "FuzzCheck.h"

namespace {
// s: the run's computing budget; a run that reaches it ends with "time limit".
constexpr const char* kFuzzRunSeconds = "0.5";
// Granular scenes of more particles are refused: one step of a large pile
// cannot be interrupted, and under the sanitizers it could outlast
// libFuzzer's per-input timeout. 2,000 spheres step in a few ms.
constexpr const char* kFuzzMaxParticles = "2000";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    impactlab::fuzz::runAndCheck(
        {"simulate", "-", "--max-run-seconds", kFuzzRunSeconds, "--max-particles", kFuzzMaxParticles}, input);
    return 0;
}
