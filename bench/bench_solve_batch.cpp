// The C++ side of bench/python_solve_many.py: the same batch of impact
// problems solved in C++ on one thread, two ways, best of several rounds of
// processor time:
//   typed  the law on problems read beforehand (ImpactProblem -> ImpactResult),
//          what a C++ program that builds its problems in memory pays;
//   json   what `impactlab-cli solve` does per problem: the document read by the
//          problem reader, the law, the result written by the result writer,
//          which is also what impactlab.solve_many does per problem.
// and, apart, the reading (read_ns) and the writing (write_ns) alone.
// Prints one JSON line: {"problems", "typed_ns", "json_ns", "read_ns",
// "write_ns"} (ns per problem).
//
//   impactlab_bench_solve_batch PROBLEMS.json [ROUNDS]
// PROBLEMS.json holds a JSON array of problem documents (docs/problem-format.md)
// with one law each.
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "io/JsonInput.h"
#include "io/ResultJson.h"
#include "laws/ProblemJson.h"

namespace {

// Processor time of this (one-threaded) process: a build or another program on
// the same cores slows a wall clock, not this.
struct Clock {
    using time_point = double;
    static double now() {
        timespec t{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
    }
};

double secondsSince(Clock::time_point start) { return Clock::now() - start; }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: impactlab_bench_solve_batch PROBLEMS.json [ROUNDS]\n";
        return 2;
    }
    const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    std::ifstream in(argv[1]);
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json documents = nlohmann::json::parse(text.str());
    std::vector<impactlab::SolveRequest> requests;
    for (const auto& d : documents) requests.push_back(impactlab::parseSolveRequest(d));
    const double n = static_cast<double>(documents.size());

    double typed = std::numeric_limits<double>::infinity(), viaJson = typed, read = typed, write = typed;
    double sink = 0.0;   // keeps the results alive to the optimiser
    for (int r = 0; r < rounds; ++r) {
        Clock::time_point start = Clock::now();
        for (const impactlab::SolveRequest& q : requests) {
            const impactlab::ImpactResult result = q.laws.front().law->solve(q.problem, q.laws.front().options, nullptr);
            sink += result.energyAfter;
        }
        typed = std::min(typed, secondsSince(start) / n);

        start = Clock::now();
        for (const auto& d : documents) {
            const impactlab::SolveRequest q = impactlab::parseSolveRequest(d);
            impactlab::ImpactResult result = q.laws.front().law->solve(q.problem, q.laws.front().options, nullptr);
            if (result.model.empty()) result.model = q.laws.front().law->id;
            const nlohmann::ordered_json out = impactlab::resultToJson(q.problem, result);
            sink += out.size();
        }
        viaJson = std::min(viaJson, secondsSince(start) / n);

        start = Clock::now();
        for (const auto& d : documents) sink += impactlab::parseSolveRequest(d).problem.friction;
        read = std::min(read, secondsSince(start) / n);

        std::vector<impactlab::ImpactResult> results;
        for (const impactlab::SolveRequest& q : requests)
            results.push_back(q.laws.front().law->solve(q.problem, q.laws.front().options, nullptr));
        start = Clock::now();
        for (std::size_t i = 0; i < requests.size(); ++i) sink += impactlab::resultToJson(requests[i].problem, results[i]).size();
        write = std::min(write, secondsSince(start) / n);
    }
    std::printf("{\"problems\": %zu, \"typed_ns\": %.1f, \"json_ns\": %.1f, \"read_ns\": %.1f, \"write_ns\": %.1f, "
                "\"checksum\": %.6g}\n",
                documents.size(), typed * 1e9, viaJson * 1e9, read * 1e9, write * 1e9, sink);
    return 0;
}
