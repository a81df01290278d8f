#include "FobjView.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTextStream>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "charts/ChartSupport.h"
#include "diagram/Figure.h"
#include "plus/FigureView.h"

namespace impactlab::ui {

namespace {

constexpr double kTwoPi = 6.283185307179586;
constexpr double kFobjCurveWidth = 2.6;
constexpr double kFobjCrossShare = 0.02;    // of the axis spans, each arm
constexpr double kStationarySize = 9.0;

void fillFobjChart(QChart* chart, const MdpFobjCurve* curve, const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("alpha [rad]"), QStringLiteral("f_obj [J]"));
    chart::clearSeries(chart);
    if (!curve || !curve->available) {
        chart::setTitle(chart, curve ? QString("f_obj(alpha): %1").arg(QString::fromStdString(curve->reason))
                              : QStringLiteral("f_obj(alpha)"));
        chart::setViewBox(chart, QRectF(0.0, 0.0, kTwoPi, 1.0), false);
        return;
    }
    chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Objective f_obj(alpha)") : title);
    const double y0 = curve->yMin, y1 = curve->yMax;
    chart::setViewBox(chart, QRectF(0.0, y0, kTwoPi, y1 - y0), false);

    // Infeasible arcs: striped rectangles over the whole height.
    bool shadeNamed = false;
    for (const auto& arc : curve->infeasibleArcs) {
        auto* upper = chart::makeLineSeries({Vec2(arc[0], y1), Vec2(arc[1], y1)}, QString(), QPen(Qt::NoPen));
        auto* lower = chart::makeLineSeries({Vec2(arc[0], y0), Vec2(arc[1], y0)}, QString(), QPen(Qt::NoPen));
        auto* area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setName(shadeNamed ? QString() : QStringLiteral("f_r <= 0"));
        area->setPen(QPen(QColor(150, 150, 150), 0.8));
        area->setBrush(QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
        chart::attach(chart, area);
        if (shadeNamed) chart::hideLegendMarkers(chart, area);
        shadeNamed = true;
    }
    // Poles: dotted verticals.
    QPen dotted(QColor(60, 60, 60), 1.4, Qt::DotLine);
    for (std::size_t i = 0; i < curve->poles.size(); ++i) {
        auto* s = chart::makeLineSeries({Vec2(curve->poles[i], y0), Vec2(curve->poles[i], y1)},
                                        i == 0 ? QStringLiteral("poles") : QString(), dotted);
        chart::attach(chart, s);
        if (i > 0) chart::hideLegendMarkers(chart, s);
    }
    // The curve, broken where it is infeasible or leaves the view.
    QPen pen(FobjView::curveColor(), kFobjCurveWidth);
    std::vector<std::vector<Vec2>> pieces(1);
    for (std::size_t i = 0; i < curve->alpha.size(); ++i) {
        const double f = curve->fobj[i];
        if (curve->feasible[i] && std::isfinite(f) && f >= y0 && f <= y1) {
            pieces.back().emplace_back(curve->alpha[i], f);
        } else if (!pieces.back().empty()) {
            pieces.emplace_back();
        }
    }
    bool named = false;
    for (const auto& piece : pieces) {
        if (piece.size() < 2) continue;
        auto* s = chart::makeLineSeries(piece, named ? QString() : QStringLiteral("f_obj"), pen);
        chart::attach(chart, s);
        if (named) chart::hideLegendMarkers(chart, s);
        named = true;
    }
    // Stationary points of eq. (8) on the feasible arc.
    auto* stationary = chart::makeMarkerSeries(QStringLiteral("eq. (8) roots"), QColor(0, 0, 0), Qt::white, kStationarySize);
    for (const auto& s : curve->stationary)
        if (s.feasible && s.fobj >= y0 && s.fobj <= y1) stationary->append(s.alpha, s.fobj);
    chart::attach(chart, stationary);
    if (curve->minimumIsSolution)
        chart::addCross(chart, Vec2(curve->alphaMin, curve->fobjMin), Vec2(kFobjCrossShare * kTwoPi, kFobjCrossShare * (y1 - y0)),
                 FobjView::minimumColor(), QStringLiteral("global minimum"));
}

// Each value's feasible arcs and minimum in its colour; the vertical range
// covers every value's suggested one.
void fillFobjOverlay(QChart* chart, const std::vector<MdpFobjCurve>& curves, const QStringList& labels,
                     const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("alpha [rad]"), QStringLiteral("f_obj [J]"));
    chart::clearSeries(chart);
    double y0 = 0.0, y1 = 0.0;
    bool any = false;
    QStringList unavailable;
    for (std::size_t v = 0; v < curves.size(); ++v) {
        if (!curves[v].available) {
            unavailable << labels.value(static_cast<int>(v));
            continue;
        }
        y0 = any ? std::min(y0, curves[v].yMin) : curves[v].yMin;
        y1 = any ? std::max(y1, curves[v].yMax) : curves[v].yMax;
        any = true;
    }
    QString heading = title.isEmpty() ? QStringLiteral("Objective f_obj(alpha)") : title;
    if (!unavailable.isEmpty()) heading += QStringLiteral("  —  not available for ") + unavailable.join(", ");
    chart::setTitle(chart, heading);
    if (!any || !(y1 > y0)) {
        chart::setViewBox(chart, QRectF(0.0, 0.0, kTwoPi, 1.0), false);
        return;
    }
    chart::setViewBox(chart, QRectF(0.0, y0, kTwoPi, y1 - y0), false);
    for (std::size_t v = 0; v < curves.size(); ++v) {
        const MdpFobjCurve& curve = curves[v];
        if (!curve.available) continue;
        const QString label = labels.value(static_cast<int>(v));
        const QColor color = FigureView::paletteColor(static_cast<int>(v));
        std::vector<std::vector<Vec2>> pieces(1);
        for (std::size_t i = 0; i < curve.alpha.size(); ++i) {
            const double f = curve.fobj[i];
            if (curve.feasible[i] && std::isfinite(f) && f >= y0 && f <= y1) pieces.back().emplace_back(curve.alpha[i], f);
            else if (!pieces.back().empty()) pieces.emplace_back();
        }
        bool named = false;
        for (const auto& piece : pieces) {
            if (piece.size() < 2) continue;
            auto* s = chart::makeLineSeries(piece, named ? QString() : QStringLiteral("f_obj (%1)").arg(label),
                                            QPen(color, kFobjCurveWidth));
            chart::attach(chart, s);
            if (named) chart::hideLegendMarkers(chart, s);
            named = true;
        }
        if (curve.minimumIsSolution)
            chart::addCross(chart, Vec2(curve.alphaMin, curve.fobjMin),
                            Vec2(kFobjCrossShare * kTwoPi, kFobjCrossShare * (y1 - y0)), color,
                            QStringLiteral("global minimum (%1)").arg(label));
    }
}

}  // namespace

FobjView::FobjView(QWidget* parent) : ChartView(parent) {
    refresh();
}

FobjView::~FobjView() = default;

void FobjView::setCurve(const MdpFobjCurve& curve) {
    curve_ = curve;
    overlay_.clear();
    overlayLabels_.clear();
    rebuild();
}

void FobjView::setOverlay(const std::vector<MdpFobjCurve>& curves, const QStringList& labels) {
    curve_.reset();
    overlay_ = curves;
    overlayLabels_ = labels;
    rebuild();
}

void FobjView::clear() {
    curve_.reset();
    overlay_.clear();
    overlayLabels_.clear();
    rebuild();
}

void FobjView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    rebuild();
}

bool FobjView::exportCsv(const QString& path) const {
    if (!curve_ && overlay_.empty()) return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    QTextStream out(&f);
    out.setRealNumberPrecision(12);
    if (!overlay_.empty()) {
        // Every value's samples, each row led by its series named with the value.
        out << "series,alpha_rad,f_obj_J,feasible\n";
        for (std::size_t v = 0; v < overlay_.size(); ++v) {
            const MdpFobjCurve& c = overlay_[v];
            const QString name = QString::fromStdString(
                quoteCsvField("f_obj (" + overlayLabels_.value(static_cast<int>(v)).toStdString() + ")"));
            if (c.available)
                for (std::size_t i = 0; i < c.alpha.size(); ++i)
                    out << name << ',' << c.alpha[i] << ',' << c.fobj[i] << ',' << (c.feasible[i] ? 1 : 0) << '\n';
        }
        return out.status() == QTextStream::Ok;
    }
    out << "alpha_rad,f_obj_J,feasible\n";
    if (curve_->available)
        for (std::size_t i = 0; i < curve_->alpha.size(); ++i)
            out << curve_->alpha[i] << ',' << curve_->fobj[i] << ',' << (curve_->feasible[i] ? 1 : 0) << '\n';
    return out.status() == QTextStream::Ok;
}

QColor FobjView::curveColor() { return QColor(0, 90, 200); }
QColor FobjView::minimumColor() { return QColor(220, 20, 20); }

void FobjView::populate(QChart* chart) const {
    if (!overlay_.empty()) fillFobjOverlay(chart, overlay_, overlayLabels_, title_);
    else fillFobjChart(chart, curve_ ? &*curve_ : nullptr, title_);
}

}  // namespace impactlab::ui
