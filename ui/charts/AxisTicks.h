#pragma once
// Round ticks for the chart views' value axes: 1-2-5 steps, enough of them on
// a short axis, and labels with exactly the decimals a step has (fitAxes in
// ChartSupport uses them).
#include <QString>

namespace impactlab::ui::chart {

// A step of 1, 2 or 5 times a power of ten, at least `raw`.
double calcNiceStep(double raw);
// calcNiceStep, made finer until a range of `span` holds kMinTicksPerAxis
// steps (a short chart's axis would otherwise label only its zero).
inline constexpr double kMinTicksPerAxis = 3.0;
inline constexpr int kMaxStepRefinements = 8;   // a bound on the loop; each refinement is a 1-2-5 step down
double calcNiceStepWithin(double raw, double span);

// Tick labels (fitAxes): fixed decimals, as many as the step has, so a tick
// prints its round number and never the round-off of Qt's summing of steps
// ("0.30000000000000004" as "0.3", "2.78e-17" as "0.0").
int calcTickDecimals(double step);
QString makeTickLabelFormat(double step);
// Qt places dynamic ticks by adding the step to the first one, so the tick
// at 0 comes out as a round-off of either sign, and "%f" prints a negative
// one as "-0.0". fitAxes anchors the ticks this share of a step above the
// multiples of the step: far above the round-off (about 1e-14 of a step for
// twenty ticks), far below a pixel and below any printed decimal.
inline constexpr double kZeroTickLift = 1e-6;

}  // namespace impactlab::ui::chart
