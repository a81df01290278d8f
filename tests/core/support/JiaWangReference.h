#pragma once
// The example problems of tests/data/problems and the converged Jia & Wang
// reference impulse, shared by the Jia & Wang tests and their benchmark
// (bench/bench_jia_wang.cpp) so both measure against the same answer.
// Needs IMPACTLAB_SOURCE_DIR defined to the repository's root.
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "impact/ImpactProblem.h"
#include "impact/JiaWang.h"
#include "laws/ProblemJson.h"

namespace impactlab::test {

// A problem file of tests/data/problems, by name ("jia-wang-icosahedron.json").
inline ImpactProblem loadExampleProblem(const std::string& name) {
    std::ifstream in(std::string(IMPACTLAB_SOURCE_DIR) + "/tests/data/problems/" + name);
    return parseProblem(nlohmann::json::parse(in));
}

// Jia & Wang's impulse integrated far tighter than any method under test
// (local error 1e-13, sliding direction to 1e-10 rad, along I_n): the reference the
// paper's Table 1 methods are compared against.
inline Vec3 solveJiaWangConverged(const ImpactProblem& p) {
    JiaWangOptions o;
    o.localErrorTol = 1e-13;
    o.lAngleTol = 1e-10;
    o.stickSpeedRelTol = 1e-10;
    o.maxSteps = 10000000;
    o.integrateInAngle = false;   // along I_n: independent of the default's integration in angle
    return solveJiaWang(p, o).impulse;
}

}  // namespace impactlab::test
