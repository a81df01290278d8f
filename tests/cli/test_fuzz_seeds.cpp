// Every input the fuzzers start from (scripts/run-sanitized-tests.sh seeds
// fuzz_solve with the example problems, the bad ones and
// fuzz/regressions/solve; fuzz_simulate with the built-in scenes and
// fuzz/regressions/simulate) goes through its harness's own code
// (fuzz/FuzzInputs.h) within a CPU-time budget. In the sanitized build this
// is the cost the fuzzers pay for it; a slow seed there would take the
// fuzzing time for itself and, on a busy machine, reach libFuzzer's per-input
// timeout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "FuzzInputs.h"

namespace fs = std::filesystem;

namespace { namespace IMPACTLAB_UNITY_ID {

// s of CPU time per seed. libFuzzer calls an input a hang at 30 s of wall
// clock (run-sanitized-tests.sh, FUZZ_TIMEOUT). A seed must stay far from it
// on a machine that gives the fuzzer a third of a core: a third of the limit
// in CPU time under the sanitizers and libFuzzer's coverage counters, which
// slow Eigen's loops some eighty times; 2 s in the other builds. CPU time,
// not wall clock, so a busy machine does not fail this test.
#ifdef IMPACTLAB_SANITIZED_BUILD
constexpr double kSeedCpuSeconds = 10.0;
#else
constexpr double kSeedCpuSeconds = 2.0;
#endif

struct Seed {
    std::string harness;   // "solve" or "simulate"
    fs::path path;
};

// The files of `dir` in name order: every regular file, or (jsonOnly) the
// .json files of the whole tree below it.
void addFiles(std::vector<Seed>& seeds, const std::string& harness, const fs::path& dir, bool jsonOnly) {
    std::vector<fs::path> paths;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && (!jsonOnly || e.path().extension() == ".json")) paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) seeds.push_back({harness, p});
}

std::vector<Seed> listSeeds() {
    std::vector<Seed> seeds;
    addFiles(seeds, "solve", IMPACTLAB_PROBLEMS_DIR, true);
    addFiles(seeds, "solve", fs::path(IMPACTLAB_FUZZ_REGRESSIONS_DIR) / "solve", false);
    addFiles(seeds, "simulate", IMPACTLAB_SCENES_DIR, true);
    addFiles(seeds, "simulate", fs::path(IMPACTLAB_FUZZ_REGRESSIONS_DIR) / "simulate", false);
    return seeds;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class FuzzSeed : public ::testing::TestWithParam<Seed> {};

TEST_P(FuzzSeed, PassesItsHarnessWithinTheCpuBudget) {
    const Seed& seed = GetParam();
    const std::string input = readFile(seed.path);
    ASSERT_FALSE(input.empty()) << seed.path;
    const std::clock_t start = std::clock();
    if (seed.harness == "solve") impactlab::fuzz::solveInput(input); else impactlab::fuzz::simulateInput(input);
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    EXPECT_LE(seconds, kSeedCpuSeconds) << seed.harness << " " << seed.path;
}

std::string nameSeed(const ::testing::TestParamInfo<Seed>& info) {
    const fs::path& p = info.param.path;
    std::string name = info.param.harness + "_" + p.parent_path().filename().string() + "_" + p.stem().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, FuzzSeed, ::testing::ValuesIn(listSeeds()), nameSeed);

}}  // namespace
