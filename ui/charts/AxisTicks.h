#pragma once
// Round ticks for the chart views' value axes: 1-2-5 steps, enough of them on
// a short axis, and labels with exactly the decimals a step has (fitAxes in
// ChartSupport uses them).
#include <QString>

class QValueAxis;

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

// Axis ranges are rewritten only when they move by more than this share of
// their span: smaller moves are invisible, and rewriting them can make the fit
// chase the width of the axis labels forever.
inline constexpr double kRangeChangeRelTol = 1e-3;
// Most ticks an axis may be given while its range changes (a chart a
// thousand pixels tall at the closest tick spacing shows a few dozen).
inline constexpr double kMaxDynamicTicks = 100.0;
// Least span of an axis as a share of its values' magnitude: 1e-6 keeps a
// hundred ticks nine orders of magnitude above double round-off (2e-16).
inline constexpr double kMinRelativeSpan = 1e-6;

// Sets the range unless it moved by less than kRangeChangeRelTol, first
// coarsening a dynamic step that would give the new range more than
// kMaxDynamicTicks ticks or ticks closer than its values' precision.
void setRangeIfMoved(QValueAxis* axis, double lo, double hi);

}  // namespace impactlab::ui::chart
