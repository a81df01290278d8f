#include "EnergyView.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QVBoxLayout>

#include <algorithm>

#include "charts/ChartSupport.h"

namespace impactlab::ui {

namespace {

constexpr double kEnergyLineWidth = 2.6;
// Headroom above the highest energy and beyond the last impulse, as a share of
// their ranges, so the curves' ends stay off the frame.
constexpr double kEnergyPadShare = 0.06;

void fillEnergyChart(QChart* chart, const EnergyCurve* curve, const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("normal impulse I_n [N s]"), QStringLiteral("energy [J]"));
    chart::clearSeries(chart);
    if (!curve) {
        chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Energy — no impact selected") : title);
        chart::setViewBox(chart, QRectF(0.0, 0.0, 1.0, 1.0), false);
        return;
    }
    chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Energy against normal impulse") : title);
    double xMax = 0.0, yMax = 0.0;
    for (const auto* s : {&curve->kinetic, &curve->potential})
        for (const Vec2& p : *s)
            if (p.allFinite()) {
                xMax = std::max(xMax, p.x());
                yMax = std::max(yMax, p.y());
            }
    if (!(xMax > 0.0)) xMax = 1.0;
    if (!(yMax > 0.0)) yMax = 1.0;
    chart::setViewBox(chart, QRectF(0.0, 0.0, xMax * (1.0 + kEnergyPadShare), yMax * (1.0 + kEnergyPadShare)), false);

    QPen kinetic(EnergyView::kineticColor(), kEnergyLineWidth);
    kinetic.setJoinStyle(Qt::RoundJoin);
    if (!curve->kinetic.empty())
        chart::attach(chart, chart::makeLineSeries(curve->kinetic, QStringLiteral("kinetic energy"), kinetic));
    QPen potential(EnergyView::potentialColor(), kEnergyLineWidth, Qt::DashLine);
    if (!curve->potential.empty())
        chart::attach(chart, chart::makeLineSeries(curve->potential, QStringLiteral("contact potential E (Stronge)"), potential));
}

}  // namespace

EnergyView::EnergyView(QWidget* parent) : ChartView(parent) {
    refresh();
}

EnergyView::~EnergyView() = default;

void EnergyView::setCurve(const EnergyCurve& curve) {
    curve_ = curve;
    rebuild();
}

void EnergyView::clear() {
    curve_.reset();
    rebuild();
}

void EnergyView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    rebuild();
}

QColor EnergyView::kineticColor() { return QColor(0, 114, 178); }
QColor EnergyView::potentialColor() { return QColor(213, 94, 0); }

QSize EnergyView::sizeHint() const { return {560, 380}; }

void EnergyView::populate(QChart* chart) const {
    fillEnergyChart(chart, curve_ ? &*curve_ : nullptr, title_);
}

}  // namespace impactlab::ui
