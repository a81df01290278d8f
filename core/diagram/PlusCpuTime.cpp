#include "diagram/PlusCpuTime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "sim/CompliantCollision.h"
#include "sim/PlusSceneRun.h"

namespace impactlab {

namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

CpuTimePoint timeAt(const PlusScene& base, double stiffness, std::string& compliantSkipped) {
    PlusScene scene = base;
    scene.compliant.stiffness = stiffness;
    CpuTimePoint point;
    point.stiffness = stiffness;
    point.plusMs = std::numeric_limits<double>::infinity();
    point.compliantMs = std::numeric_limits<double>::infinity();
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < kCpuTimeMaxRepeats; ++k) {
        if (k >= kCpuTimeMinRepeats && msSince(start) >= kCpuTimeBudgetMs) break;
        const PlusSceneRun run = runPlusScene(scene);
        point.plusMs = std::min(point.plusMs, run.plusMilliseconds);
        if (run.compliant) {
            point.compliantMs = std::min(point.compliantMs, run.compliantMilliseconds);
            point.compliantSteps = run.compliant->acceptedSteps;
            point.compliantStatus = toString(run.compliant->status);
        } else {
            compliantSkipped = run.compliantSkipped.empty() ? "the compliant reference is off" : run.compliantSkipped;
        }
    }
    if (!std::isfinite(point.compliantMs)) point.compliantMs = 0.0;
    return point;
}

}  // namespace

CpuTimeCurve measurePlusCpuTime(const PlusScene& scene) {
    CpuTimeCurve curve;
    curve.scene = scene.name;
    const double decades = std::log10(kCpuTimeMaxStiffness / kCpuTimeMinStiffness);
    const int count = static_cast<int>(std::lround(decades * kCpuTimePointsPerDecade)) + 1;
    for (int i = 0; i < count; ++i) {
        const double E = kCpuTimeMinStiffness * std::pow(10.0, static_cast<double>(i) / kCpuTimePointsPerDecade);
        curve.points.push_back(timeAt(scene, E, curve.compliantSkipped));
    }
    return curve;
}

Figure makePlusCpuTimeFigure(const CpuTimeCurve& curve) {
    Figure fig;
    fig.title = "CPU time per impact (timed here)";
    fig.xLabel = "log10 E [Pa]";
    fig.yLabel = "log10 CPU time [ms]";
    FigureSeries plus{"PLUS", {}, 0};
    plus.dashed = true;
    FigureSeries compliant{"compliant (Hertz + Hunt-Crossley)", {}, 1};
    for (const CpuTimePoint& p : curve.points) {
        const double x = std::log10(p.stiffness);
        if (p.plusMs > 0.0) plus.points.emplace_back(x, std::log10(p.plusMs));
        if (p.compliantMs > 0.0) compliant.points.emplace_back(x, std::log10(p.compliantMs));
    }
    fig.series.push_back(std::move(plus));
    if (!compliant.points.empty()) fig.series.push_back(std::move(compliant));
    // Markers at the measured points, so the sampling is visible.
    for (std::size_t s = 0, n = fig.series.size(); s < n; ++s) {
        FigureSeries dots = fig.series[s];
        dots.name += " (measured)";
        dots.dashed = false;
        dots.marker = FigureMarker::Circle;
        dots.inLegend = false;
        fig.series.push_back(std::move(dots));
    }
    return fig;
}

}  // namespace impactlab
