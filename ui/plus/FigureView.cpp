#include "FigureView.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "hodograph/ChartSupport.h"

namespace impactlab::ui {

namespace {

constexpr double kLineWidth = 2.4;
constexpr double kMarkerSize = 11.0;
constexpr double kHighlightSize = 17.0;
// Margin around the data, as a share of its span on each axis.
constexpr double kPadShare = 0.06;
// More legend entries than this do not fit beside a narrow chart: the legend
// is hidden and its entries listed in the view's tooltip instead.
constexpr int kMaxLegendEntries = 4;
// A figure whose data has no extent on an axis gets this span (data units).
constexpr double kEmptySpan = 1.0;

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
    const double px = kPadShare * (x1 - x0), py = kPadShare * (y1 - y0);
    return QRectF(x0 - px, y0 - py, x1 - x0 + 2 * px, y1 - y0 + 2 * py);
}

int countLegendEntries(const Figure& f) {
    int n = 0;
    for (const FigureSeries& s : f.series) n += s.inLegend && !s.points.empty();
    return n;
}

void populate(QChart* chart, const Figure& f) {
    chart::resetChart(chart, QString::fromStdString(f.xLabel), QString::fromStdString(f.yLabel));
    chart->setTitle(QString::fromStdString(f.title));
    chart::setViewBox(chart, calcBox(f), f.equalScales, 4.0);
    // Lines first, then markers, the highlighted last (on top).
    for (int pass = 0; pass < 3; ++pass)
        for (const FigureSeries& s : f.series) {
            const bool marker = s.marker != FigureMarker::None;
            if ((pass == 0) != !marker || (pass == 2) != s.highlight || s.points.empty()) continue;
            const QColor color = FigureView::paletteColor(s.colorIndex);
            const QString name = QString::fromStdString(s.name);
            if (!marker) {
                QPen pen(color, kLineWidth, s.dashed ? Qt::DashLine : Qt::SolidLine);
                pen.setJoinStyle(Qt::RoundJoin);
                auto* line = chart::makeLineSeries(s.points, name, pen);
                chart::attach(chart, line);
                if (!s.inLegend) chart::hideLegendMarkers(chart, line);
                continue;
            }
            const bool filled = s.marker == FigureMarker::Circle || s.marker == FigureMarker::Square ||
                                s.marker == FigureMarker::Star;
            auto* m = chart::makeMarkerSeries(name, color, filled ? color : QColor(Qt::white),
                                              s.highlight ? kHighlightSize : kMarkerSize);
            m->setMarkerShape(toShape(s.marker));
            if (s.highlight) m->setPen(QPen(Qt::black, 2.0));
            for (const Vec2& p : s.points)
                if (p.allFinite()) m->append(p.x(), p.y());
            chart::attach(chart, m);
            if (!s.inLegend) chart::hideLegendMarkers(chart, m);
        }
    chart->legend()->setVisible(countLegendEntries(f) <= kMaxLegendEntries);
}

}  // namespace

FigureView::FigureView(QWidget* parent) : QWidget(parent) {
    chartView_ = chart::installChartView(this);
    rebuild();
}

FigureView::~FigureView() = default;

void FigureView::setFigure(const Figure& figure) {
    figure_ = figure;
    QStringList entries;
    for (const FigureSeries& s : figure_.series)
        if (s.inLegend && !s.points.empty()) entries << QString::fromStdString(s.name);
    setToolTip(QString::fromStdString(figure_.title) + "\n" + entries.join("\n"));
    rebuild();
}

QChart* FigureView::chart() const { return chartView_->chart(); }

void FigureView::rebuild() {
    populate(chart(), figure_);
    chart::fitAxes(chart());
}

QImage FigureView::renderImage(QSize size) const {
    return chart::renderChart([this](QChart* ch) { populate(ch, figure_); }, size);
}

bool FigureView::exportPng(const QString& path, QSize size) const {
    return chart::exportChartPng([this](QChart* ch) { populate(ch, figure_); }, path, size);
}

bool FigureView::exportSvg(const QString& path, QSize size) const {
    return chart::exportChartSvg([this](QChart* ch) { populate(ch, figure_); }, path, size,
                                 QString::fromStdString("ImpactLab: " + figure_.title));
}

bool FigureView::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    const std::string csv = figure_.toCsv();
    return f.write(csv.data(), static_cast<qint64>(csv.size())) == static_cast<qint64>(csv.size());
}

QPointF FigureView::mapPoint(const Vec2& point, QSize size) const {
    return chart::mapChartPoint([this](QChart* ch) { populate(ch, figure_); }, point, size);
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
