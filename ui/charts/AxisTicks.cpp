#include "charts/AxisTicks.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace impactlab::ui::chart {

double calcNiceStep(double raw) {
    if (!(raw > 0.0) || !std::isfinite(raw)) return 1.0;
    const double base = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * base >= raw * (1.0 - 1e-12)) return m * base;
    return 10.0 * base;
}

double calcNiceStepWithin(double raw, double span) {
    double step = calcNiceStep(raw);
    if (!(span > 0.0) || !std::isfinite(span)) return step;
    // The next smaller 1-2-5 step until the range holds enough ticks: a
    // short chart's axis with a step as wide as its range labels only 0.
    for (int k = 0; k < kMaxStepRefinements && span / step < kMinTicksPerAxis; ++k) {
        const double base = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        const double mantissa = step / base;
        step = mantissa > 4.0 ? 2.0 * base : mantissa > 1.5 ? base : 0.5 * base;
    }
    return step;
}

int calcTickDecimals(double step) {
    if (!(step > 0.0) || !std::isfinite(step)) return 0;
    // A step of m * 10^-k (m = 1, 2, 5) needs k decimals; the slack keeps
    // 0.1, whose log10 is a hair below -1, at one decimal.
    constexpr double kLogSlack = 1e-9;
    return std::max(0, static_cast<int>(std::ceil(-std::log10(step) - kLogSlack)));
}

QString makeTickLabelFormat(double step) { return QStringLiteral("%.%1f").arg(calcTickDecimals(step)); }

void setRangeIfMoved(QValueAxis* axis, double lo, double hi) {
    const double tol = kRangeChangeRelTol * (hi - lo);
    if (!(std::abs(axis->min() - lo) > tol || std::abs(axis->max() - hi) > tol)) return;
    // Qt makes a label for every dynamic tick in the range: a range set
    // before its step (a chart not laid out yet, a new scene's far wider
    // data) would make millions of them. The step is coarsened first; the
    // fit sets the right one once the chart has its size.
    const double leastStep = std::max((hi - lo) / kMaxDynamicTicks, kMinRelativeSpan * std::max(std::abs(lo), std::abs(hi)));
    if (axis->tickType() == QValueAxis::TicksDynamic && axis->tickInterval() < leastStep)
        axis->setTickInterval(calcNiceStep(leastStep));
    axis->setRange(lo, hi);
}

}  // namespace impactlab::ui::chart
