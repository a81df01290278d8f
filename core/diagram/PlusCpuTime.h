#pragma once
// Uchida, Sherman & Delp (2015) Fig. 15b for any PLUS scene: the CPU time of
// one impact by PLUS and by the compliant reference against the contact
// stiffness E, over the paper's range (0.01 to 100 GPa), timed here on this
// machine. PLUS does not depend on E (a flat line, the paper's point); the
// compliant model's cost follows how many steps its integrator takes through
// the contact at that stiffness.
//
// Each point runs the scene (runPlusScene) with compliant.stiffness = E and
// keeps the smallest wall time of each model over repeated runs: the
// least-disturbed measurement of a computation that takes microseconds to
// milliseconds. The compliant model runs at the app's tolerances
// (CompliantOptions defaults), not at the paper's "1 % error in the final
// sphere height"; bench/bench_compliant.cpp measures it at equal accuracy.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "scene/PlusScene.h"

namespace impactlab {

// The paper's range, Pa: 0.01 GPa to 100 GPa (Example 4).
inline constexpr double kCpuTimeMinStiffness = 1e7;
inline constexpr double kCpuTimeMaxStiffness = 1e11;
// Points per decade of stiffness (half decades: 9 points over the range).
inline constexpr int kCpuTimePointsPerDecade = 2;
// Each point repeats the runs until this much wall time has passed (at least
// kCpuTimeMinRepeats, at most kCpuTimeMaxRepeats runs): enough for a stable
// minimum, cheap enough to redraw on demand (about 50 ms for the figure).
inline constexpr double kCpuTimeBudgetMs = 4.0;
inline constexpr int kCpuTimeMinRepeats = 3;
inline constexpr int kCpuTimeMaxRepeats = 200;

struct CpuTimePoint {
    double stiffness = 0.0;        // Pa
    double plusMs = 0.0;           // smallest wall time of the PLUS solve
    double compliantMs = 0.0;      // smallest wall time of the compliant run (0: none)
    long long compliantSteps = 0;  // accepted steps of the compliant run
    std::string compliantStatus;   // "separated", or why it did not end
};

struct CpuTimeCurve {
    std::string scene;
    std::vector<CpuTimePoint> points;
    std::string compliantSkipped;   // why the scene has no compliant run, if none
};

// Times `scene` at every stiffness of the range. Throws InputError as
// runPlusScene does.
CpuTimeCurve measurePlusCpuTime(const PlusScene& scene);

// Log-log: log10 of E in Pa against log10 of the time in ms, PLUS dashed and
// the compliant model solid (the paper's Fig. 15b styles).
Figure makePlusCpuTimeFigure(const CpuTimeCurve& curve);

}  // namespace impactlab
