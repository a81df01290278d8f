#pragma once
// Jia & Wang Table 1 for any impact: the integration methods of the paper
// (NI, FS, VS) and the default one, each solved and timed on this machine,
// with its step count and its error against a converged run; beside them the
// paper's own column when the impact is one of its two examples (the
// icosahedron on a tetrahedron, sec. 6.3, and the bowling pin and ball, sec.
// 6.4), recognised by W, v-, mu and e as printed (reference A2.2, A2.6).
//
// Times are the smallest wall time over repeated solves (at least
// kMethodTimingMinRepeats, until kMethodTimingBudgetMs has passed). The paper
// timed Mathematica 10.3 on a 2012 laptop: its seconds are its own, shown for
// the ratios, not as a target.
#include <optional>
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "impact/ImpactProblem.h"
#include "impact/JiaWangOptions.h"

namespace impactlab {

inline constexpr double kMethodTimingBudgetMs = 5.0;
inline constexpr int kMethodTimingMinRepeats = 3;
inline constexpr int kMethodTimingMaxRepeats = 100000;
// An impact is the paper's example when every entry of W, v-, mu and e is
// within this of the printed value (W is printed to 6 digits and is
// asymmetric in its last one, reference A4.2).
inline constexpr double kPaperExampleMatchTol = 2e-5;
// The fixed steps used for an impact that is not one of the paper's (N s).
inline constexpr double kMethodsDefaultStep = 1e-3;

// One column of the paper's Table 1 (NI, FS or VS) for one example.
struct JiaWangPaperEntry {
    std::string method;   // "NI", "FS", "VS"
    double step = 0.0;    // N s (0: variable)
    int iterations = 0;
    double seconds = 0.0;
    double error = 0.0;   // N s
};

struct JiaWangPaperExample {
    std::string name;                       // "icosahedron", "pin-ball"
    std::vector<JiaWangPaperEntry> entries; // NI, FS, VS
};

// The paper's example this impact is (matched as above), if any.
std::optional<JiaWangPaperExample> findJiaWangPaperExample(const ImpactProblem& problem);

struct JiaWangMethodRow {
    std::string method;        // "NI", "FS", "VS", "default"
    JiaWangOptions options;
    int steps = 0;
    double microseconds = 0.0; // smallest wall time of one solve
    double error = 0.0;        // |I_r - I_ref|, N s
    std::string status;        // "converged", or the solver's status
};

struct JiaWangMethods {
    Vec3 reference = Vec3::Zero();   // converged I_r (local error 1e-13)
    std::vector<JiaWangMethodRow> rows;
    std::optional<JiaWangPaperExample> paper;
};

// Solves and times the four methods on `problem` (Table 1's settings: NI and
// FS at the paper's fixed steps for its examples, kMethodsDefaultStep
// otherwise; VS with eps 0.5, h1 = h2 = 0.01; the default at 1e-8).
JiaWangMethods measureJiaWangMethods(const ImpactProblem& problem);

// The table: method, step, steps, error, time here; and the paper's steps,
// time and error when it is one of its examples.
FigureTable makeJiaWangMethodsTable(const JiaWangMethods& methods);

}  // namespace impactlab
