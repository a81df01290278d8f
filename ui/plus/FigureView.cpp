#include "FigureView.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "charts/ChartSupport.h"

namespace impactlab::ui {

namespace {

constexpr double kFigureLineWidth = 2.4;
constexpr double kFigureMarkerSize = 11.0;
constexpr double kHighlightSize = 17.0;
// Margin around the data, as a share of its span on each axis.
constexpr double kFigurePadShare = 0.06;
// A figure whose data has no extent on an axis gets this span (data units).
constexpr double kEmptySpan = 1.0;
// How far equal scales may widen the view box on one axis before the chart
// gives them up (chart::setViewBox's maxStretch).
constexpr double kMaxEqualScalesStretch = 4.0;
// Equal scales: the box's short side is grown to at least this share of its
// long side, so a path along one axis (a brick sliding along v_x) never
// takes the box past kMaxEqualScalesStretch on any plot shape up to 2:1, and
// a circle (v_transition) stays round.
constexpr double kEqualScalesMinSideShare = 0.5;

QScatterSeries::MarkerShape toShape(FigureMarker m) {
    switch (m) {
        case FigureMarker::Square: return QScatterSeries::MarkerShapeRectangle;
        case FigureMarker::Star: return QScatterSeries::MarkerShapeStar;
        case FigureMarker::Triangle: return QScatterSeries::MarkerShapeTriangle;
        case FigureMarker::Diamond: return QScatterSeries::MarkerShapeRotatedRectangle;
        default: return QScatterSeries::MarkerShapeCircle;
    }
}

QRectF calcBox(const Figure& f) {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const FigureSeries& s : f.series)
        for (const Vec2& p : s.points) {
            if (!p.allFinite()) continue;
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
    if (!(x1 >= x0)) x0 = 0.0, x1 = kEmptySpan;
    if (!(y1 >= y0)) y0 = 0.0, y1 = kEmptySpan;
    if (x1 - x0 <= 0.0) x0 -= 0.5 * kEmptySpan, x1 += 0.5 * kEmptySpan;
    if (y1 - y0 <= 0.0) y0 -= 0.5 * kEmptySpan, y1 += 0.5 * kEmptySpan;
    if (f.equalScales) {
        const double minSide = kEqualScalesMinSideShare * std::max(x1 - x0, y1 - y0);
        const double growX = std::max(0.0, minSide - (x1 - x0)), growY = std::max(0.0, minSide - (y1 - y0));
        x0 -= 0.5 * growX, x1 += 0.5 * growX;
        y0 -= 0.5 * growY, y1 += 0.5 * growY;
    }
    const double px = kFigurePadShare * (x1 - x0), py = kFigurePadShare * (y1 - y0);
    return QRectF(x0 - px, y0 - py, x1 - x0 + 2 * px, y1 - y0 + 2 * py);
}

// `c` mixed with white: share `fade` of white (FigureSeries::fade).
QColor fadeColor(const QColor& c, double fade) {
    const double f = std::clamp(fade, 0.0, 1.0);
    const auto mix = [f](int channel) { return static_cast<int>(std::lround(channel + f * (255 - channel))); };
    return QColor(mix(c.red()), mix(c.green()), mix(c.blue()));
}

}  // namespace

FigureView::FigureView(QWidget* parent) : ChartView(parent) { refresh(); }

FigureView::~FigureView() = default;

void FigureView::setFigure(const Figure& figure) {
    figure_ = figure;
    refresh();
}

QString FigureView::describe() const { return QString::fromStdString("ImpactLab: " + figure_.title); }

void FigureView::populate(QChart* chart) const {
    const Figure& f = figure_;
    chart::ensureAxes(chart, QString::fromStdString(f.xLabel), QString::fromStdString(f.yLabel));
    chart::setTitle(chart, QString::fromStdString(f.title));
    chart::setViewBox(chart, calcBox(f), f.equalScales, kMaxEqualScalesStretch);
    if (QValueAxis* ay = chart::findAxis(chart, Qt::Vertical)) ay->setReverse(f.yDownwards);
    // Lines first, then markers, the highlighted last (on top).
    std::vector<chart::SeriesSpec> specs;
    for (int pass = 0; pass < 3; ++pass)
        for (const FigureSeries& s : f.series) {
            const bool marker = s.marker != FigureMarker::None;
            if ((pass == 0) != !marker || (pass == 2) != s.highlight || (s.points.empty() && !s.legendOnly)) continue;
            const QColor color = fadeColor(FigureView::paletteColor(s.colorIndex), s.fade);
            chart::SeriesSpec spec;
            spec.name = QString::fromStdString(s.name);
            spec.points = s.points;
            spec.inLegend = s.inLegend;
            if (!marker) {
                spec.pen = QPen(color, kFigureLineWidth, s.dashed ? Qt::DashLine : Qt::SolidLine);
                spec.pen.setJoinStyle(Qt::RoundJoin);
            } else {
                const bool filled = s.marker == FigureMarker::Circle || s.marker == FigureMarker::Square ||
                                    s.marker == FigureMarker::Star;
                spec.kind = chart::SeriesSpec::Kind::Markers;
                spec.pen = s.highlight ? QPen(Qt::black, 2.0) : QPen(color, 2.0);
                spec.brush = filled ? color : QColor(Qt::white);
                spec.markerShape = toShape(s.marker);
                spec.markerSize = s.highlight ? kHighlightSize : kFigureMarkerSize;
            }
            specs.push_back(std::move(spec));
        }
    chart::showSeries(chart, specs);
}

bool FigureView::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    const std::string csv = figure_.toCsv();
    return f.write(csv.data(), static_cast<qint64>(csv.size())) == static_cast<qint64>(csv.size());
}

QColor FigureView::paletteColor(int index) {
    // Okabe-Ito, distinguishable in colour-blind vision, then darker variants.
    static const QColor kPalette[] = {QColor(0, 114, 178),  QColor(213, 94, 0),   QColor(0, 158, 115),
                                      QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                      QColor(120, 60, 20),   QColor(80, 80, 160)};
    if (index == -1) return QColor(20, 20, 20);
    if (index < 0) return QColor(130, 130, 130);
    return kPalette[index % static_cast<int>(std::size(kPalette))];
}

QSize FigureView::sizeHint() const { return {560, 380}; }

}  // namespace impactlab::ui
