#pragma once
// What each fuzz harness does with one input, shared by the harnesses and by
// the suite that holds every seed of the fuzzers' corpus to a cost budget
// (tests/cli/test_fuzz_seeds.cpp): a seed that is slow under the sanitizers
// would spend the fuzzing time on itself and, on a busy machine, reach
// libFuzzer's per-input timeout.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "FuzzCheck.h"
#include "laws/LawRegistry.h"

namespace impactlab::fuzz {

// s: simulate's computing budget per input; a run that reaches it ends with
// "time limit".
inline constexpr const char* kFuzzRunSeconds = "0.5";
// Granular scenes of more particles are refused: one step of a large pile
// cannot be interrupted, and under the sanitizers it could outlast
// libFuzzer's per-input timeout. 2,000 spheres step in a few ms.
inline constexpr const char* kFuzzMaxParticles = "2000";

// The problem solved by `impactlab-cli solve -`, then with --model set to the
// registered law picked by the input's last byte, so every law sees mutated
// problems. When that law is the problem's own model the second solve would
// repeat the first to the bit, and is skipped.
inline void solveInput(const std::string& input) {
    runAndCheck({"solve", "-"}, input);
    if (input.empty()) return;
    const auto& laws = getLaws();
    const std::string& id = laws[static_cast<std::uint8_t>(input.back()) % laws.size()].id;
    const nlohmann::json document = nlohmann::json::parse(input, nullptr, false);
    if (document.is_object() && document.contains("model") && document["model"] == id) return;
    runAndCheck({"solve", "-", "--model", id}, input);
}

// The scene run by `impactlab-cli simulate -` under a short wall-clock budget,
// so one input costs at most about kFuzzRunSeconds however long its end time.
inline void simulateInput(const std::string& input) {
    runAndCheck({"simulate", "-", "--max-run-seconds", kFuzzRunSeconds, "--max-particles", kFuzzMaxParticles}, input);
}

}  // namespace impactlab::fuzz
