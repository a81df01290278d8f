#include "EnergyView.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QVBoxLayout>

#include <algorithm>

#include "charts/ChartSupport.h"
#include "plus/FigureView.h"

namespace impactlab::ui {

namespace {

constexpr double kEnergyLineWidth = 2.6;
// Headroom above the highest energy and beyond the last impulse, as a share of
// their ranges, so the curves' ends stay off the frame.
constexpr double kEnergyPadShare = 0.06;

// One curve's kinetic (solid) and potential (dashed) energy; `suffix` names
// an overlay value ("" for the scene's own).
void addEnergySeries(QChart* chart, const EnergyCurve& curve, const QColor& kineticColor, const QColor& potentialColor,
                     const QString& suffix) {
    QPen kinetic(kineticColor, kEnergyLineWidth);
    kinetic.setJoinStyle(Qt::RoundJoin);
    if (!curve.kinetic.empty())
        chart::attach(chart, chart::makeLineSeries(curve.kinetic, QStringLiteral("kinetic energy") + suffix, kinetic));
    QPen potential(potentialColor, kEnergyLineWidth, Qt::DashLine);
    if (!curve.potential.empty())
        chart::attach(chart, chart::makeLineSeries(curve.potential, QStringLiteral("contact potential E (Stronge)") + suffix,
                                                   potential));
    QPen tangential(potentialColor, kEnergyLineWidth, Qt::DotLine);
    if (!curve.tangential.empty())
        chart::attach(chart, chart::makeLineSeries(curve.tangential, QStringLiteral("tangential spring energy") + suffix,
                                                   tangential));
}

void fillEnergyChart(QChart* chart, const std::vector<const EnergyCurve*>& curves, const QStringList& labels,
                     const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("normal impulse I_n [N s]"), QStringLiteral("energy [J]"));
    chart::clearSeries(chart);
    if (curves.empty()) {
        chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Energy — no impact selected") : title);
        chart::setViewBox(chart, QRectF(0.0, 0.0, 1.0, 1.0), false);
        return;
    }
    chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Energy against normal impulse") : title);
    double xMax = 0.0, yMax = 0.0;
    for (const EnergyCurve* curve : curves)
        for (const auto* s : {&curve->kinetic, &curve->potential, &curve->tangential})
            for (const Vec2& p : *s)
                if (p.allFinite()) {
                    xMax = std::max(xMax, p.x());
                    yMax = std::max(yMax, p.y());
                }
    if (!(xMax > 0.0)) xMax = 1.0;
    if (!(yMax > 0.0)) yMax = 1.0;
    chart::setViewBox(chart, QRectF(0.0, 0.0, xMax * (1.0 + kEnergyPadShare), yMax * (1.0 + kEnergyPadShare)), false);

    if (labels.isEmpty()) {
        addEnergySeries(chart, *curves.front(), EnergyView::kineticColor(), EnergyView::potentialColor(), QString());
        return;
    }
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const QColor color = FigureView::paletteColor(static_cast<int>(i));
        addEnergySeries(chart, *curves[i], color, color, QStringLiteral(" (%1)").arg(labels.value(static_cast<int>(i))));
    }
}

}  // namespace

EnergyView::EnergyView(QWidget* parent) : ChartView(parent) {
    refresh();
}

EnergyView::~EnergyView() = default;

void EnergyView::setCurve(const EnergyCurve& curve) {
    curve_ = curve;
    overlay_.clear();
    overlayLabels_.clear();
    rebuild();
}

void EnergyView::setOverlay(const std::vector<EnergyCurve>& curves, const QStringList& labels) {
    curve_.reset();
    overlay_ = curves;
    overlayLabels_ = labels;
    rebuild();
}

void EnergyView::clear() {
    curve_.reset();
    overlay_.clear();
    overlayLabels_.clear();
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
    std::vector<const EnergyCurve*> curves;
    if (curve_) curves.push_back(&*curve_);
    for (const EnergyCurve& c : overlay_) curves.push_back(&c);
    fillEnergyChart(chart, curves, overlay_.empty() ? QStringList() : overlayLabels_, title_);
}

}  // namespace impactlab::ui
