#include "ImpulseDiagramView.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <set>

#include "DiagramShapes.h"
#include "hodograph/ChartSupport.h"

namespace impactlab::ui {
namespace {

// Helpers identical for every chart of the app live in hodograph/ChartSupport.
using chart::findAxis;
using chart::hideLegendMarkers;
using chart::makeLineSeries;

// Drawing constants, in pixels at 96 dpi.
constexpr double kPathWidth = 3.0;
constexpr double kEnergyGainPathWidth = 5.0;
constexpr double kReferenceLineWidth = 1.6;
constexpr double kMarkerSize = 12.0;
// Aim for one axis tick per this many pixels of plot: denser than the other
// charts, so a narrow diagram still shows more than one tangential tick.
constexpr double kTickSpacingPx = 60.0;

// Translucent so the grid and the lines under the paths stay visible.
const QColor kRegionFill(120, 190, 120, 70);

constexpr const char* kEnergyGainedTag = "ENERGY GAINED";

QString toQString(const std::string& s) { return QString::fromStdString(s); }

// The pen of a reference line, chosen by its id (ImpulseDiagram.h lists them).
QPen makeReferencePen(const std::string& id) {
    QPen pen(QColor(90, 90, 90), kReferenceLineWidth);
    pen.setCapStyle(Qt::FlatCap);
    if (id.rfind("friction", 0) == 0) {
        pen.setColor(QColor(128, 128, 128));
        pen.setStyle(Qt::DashLine);
    } else if (id == kCompressionId) {
        pen.setColor(QColor(35, 35, 35));
        pen.setWidthF(kReferenceLineWidth * 1.25);
    } else if (id == "newton") {
        pen.setColor(QColor(60, 60, 110));
        pen.setStyle(Qt::DashDotLine);
    } else if (id == "sticking") {
        pen.setColor(QColor(0, 110, 110));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(kReferenceLineWidth * 1.4);  // dots vanish at the thinner width
    } else if (id == kEnergyEllipseId) {
        pen.setColor(QColor(150, 105, 20));
    }
    return pen;
}

// Lines drawn in one style share one legend entry ("friction+" and "friction-").
std::string calcLegendKey(const std::string& id) {
    if (!id.empty() && (id.back() == '+' || id.back() == '-')) return id.substr(0, id.size() - 1);
    return id;
}

// Okabe-Ito colours, distinguishable with the common colour-vision
// deficiencies; red is left out because it marks energy gain.
const std::array<QColor, 7>& pathPalette() {
    static const std::array<QColor, 7> palette = {
        QColor(0, 114, 178),   // blue
        QColor(230, 159, 0),   // orange
        QColor(0, 158, 115),   // bluish green
        QColor(204, 121, 167), // reddish purple
        QColor(86, 180, 233),  // sky blue
        QColor(0, 0, 0),       // black
        QColor(160, 140, 0),   // dark yellow
    };
    return palette;
}

QString makePathLegend(const DiagramPath& path) {
    QString label = toQString(path.label.empty() ? path.model : path.label);
    // The tag goes first: a narrow legend elides the end of long labels.
    if (path.gainsEnergy && !label.contains(kEnergyGainedTag, Qt::CaseInsensitive))
        label = QString::fromLatin1(kEnergyGainedTag) + QStringLiteral(" — ") + label;
    return label;
}

void attach(QChart* chart, QAbstractSeries* series, QValueAxis* ax, QValueAxis* ay) {
    chart->addSeries(series);
    series->attachAxis(ax);
    series->attachAxis(ay);
}

QScatterSeries* makeMarkerSeries(const QString& name, const QColor& edge, const QColor& fill) {
    auto* series = new QScatterSeries;
    series->setUseOpenGL(false);
    series->setName(name);
    series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    series->setMarkerSize(kMarkerSize);
    series->setPen(QPen(edge, 2.0));
    series->setBrush(fill);
    return series;
}

// Fills `chart` with the series of `diagram` (none when null): one function for
// the widget and the exports so both always show the same thing.
void populateChart(QChart* chart, const ImpulseDiagram* diagram, const QString& title) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(!title.isEmpty() ? title
                    : diagram        ? QStringLiteral("Impulse space")
                                     : QStringLiteral("Impulse space — no impact selected"));

    auto* ax = new QValueAxis;
    auto* ay = new QValueAxis;
    ax->setTitleText(toQString(diagram ? diagram->xLabel : ImpulseDiagram().xLabel));
    ay->setTitleText(toQString(diagram ? diagram->yLabel : ImpulseDiagram().yLabel));
    for (QValueAxis* axis : {ax, ay}) {
        axis->setLabelFormat("%.3g");
        axis->setGridLineColor(QColor(225, 225, 225));
        axis->setMinorGridLineVisible(false);
    }
    chart->addAxis(ax, Qt::AlignBottom);
    chart->addAxis(ay, Qt::AlignLeft);

    QRectF box(0.0, 0.0, 1.0, 1.0);
    if (diagram && diagram->min.allFinite() && diagram->max.allFinite()) {
        const Vec2 lo = diagram->min.cwiseMin(diagram->max);
        const Vec2 hi = diagram->min.cwiseMax(diagram->max);
        // A degenerate box (all paths on one line) still gets a visible extent.
        const double minSpan = 1e-9 * std::max(1.0, hi.cwiseAbs().maxCoeff());
        const Vec2 span = (hi - lo).cwiseMax(Vec2::Constant(minSpan));
        box = QRectF(lo.x(), lo.y(), span.x(), span.y());
    }
    chart::setViewBox(chart, box, true, kMaxAspectStretch, kTickSpacingPx);
    if (!diagram) return;

    // Admissible region, underneath everything.
    const std::vector<Vec2> region = calcAdmissibleRegion(*diagram);
    if (!region.empty()) {
        QAreaSeries* area = chart::makePolygonSeries(region, kRegionFill);
        area->setName(QStringLiteral("admissible final impulses"));
        area->setPen(QPen(Qt::NoPen));
        attach(chart, area, ax, ay);
        // The translucent fill is too faint as a legend swatch.
        for (QLegendMarker* marker : chart->legend()->markers(area)) {
            marker->setShape(QLegend::MarkerShapeRectangle);  // "from series" ignores the brush below
            marker->setBrush(QColor(175, 215, 175));
            marker->setPen(QPen(QColor(110, 160, 110), 1.0));
        }
    }

    // Reference lines.
    std::set<std::string> legendKeys;
    for (const DiagramPolyline& line : diagram->lines) {
        if (line.id == kAdmissibleRegionId || line.points.size() < 2) continue;
        std::vector<Vec2> points = line.points;
        if (line.id == kEnergyEllipseId && (points.front() - points.back()).norm() > 0.0)
            points.push_back(points.front());  // a closed curve
        QLineSeries* series =
            makeLineSeries(points, toQString(line.label.empty() ? line.id : line.label), makeReferencePen(line.id));
        attach(chart, series, ax, ay);
        if (!legendKeys.insert(calcLegendKey(line.id)).second) hideLegendMarkers(chart, series);
    }

    // Paths: colours follow the order given; the widest (energy-gaining) paths
    // are drawn first so a path coinciding with one stays visible on top of it.
    std::vector<std::size_t> order(diagram->paths.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return diagram->paths[a].gainsEnergy > diagram->paths[b].gainsEnergy;
    });
    std::vector<QScatterSeries*> markerSeries;
    for (std::size_t i : order) {
        const DiagramPath& path = diagram->paths[i];
        const QColor color = path.gainsEnergy ? ImpulseDiagramView::energyGainColor()
                                              : ImpulseDiagramView::pathColor(static_cast<int>(i));
        QPen pen(color, path.gainsEnergy ? kEnergyGainPathWidth : kPathWidth);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        attach(chart, makeLineSeries(path.points, makePathLegend(path), pen), ax, ay);

        QScatterSeries* compression = makeMarkerSeries(QString(), color, Qt::white);
        compression->append(path.compressionPoint.x(), path.compressionPoint.y());
        QScatterSeries* final = makeMarkerSeries(QString(), color.darker(130), color);
        final->append(path.finalPoint.x(), path.finalPoint.y());
        markerSeries.push_back(compression);
        markerSeries.push_back(final);
    }
    // Markers above every line.
    for (QScatterSeries* series : markerSeries) {
        attach(chart, series, ax, ay);
        hideLegendMarkers(chart, series);
    }
    // Legend keys explaining the two markers.
    if (!diagram->paths.empty()) {
        attach(chart, makeMarkerSeries(QStringLiteral("end of compression"), Qt::darkGray, Qt::white), ax, ay);
        attach(chart, makeMarkerSeries(QStringLiteral("final impulse"), Qt::darkGray, Qt::darkGray), ax, ay);
    }
}

void styleChart(QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0.0);
    chart->setDropShadowEnabled(false);
    chart->setMargins(QMargins(6, 6, 6, 6));
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(std::max(11.0, titleFont.pointSizeF() * 1.15));
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    QLegend* legend = chart->legend();
    legend->setAlignment(Qt::AlignRight);
    legend->setMarkerShape(QLegend::MarkerShapeFromSeries);
    legend->setShowToolTips(true);
}

// A chart of a given pixel size living in its own scene, for exports.
struct OffscreenChart {
    QGraphicsScene scene;
    QChart* chart = nullptr;  // owned by scene

    OffscreenChart(const ImpulseDiagram* diagram, const QString& title, QSize size) {
        chart = new QChart;
        styleChart(chart);
        scene.addItem(chart);
        populateChart(chart, diagram, title);
        chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
        // Lay out, fit the axes to the plot, lay out again for the new labels.
        for (int pass = 0; pass < 3; ++pass) {
            chart->layout()->activate();
            chart::fitAxes(chart);
        }
        chart->layout()->activate();
        scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
    }

    void render(QPainter& painter, QSize size) {
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QRectF rect(QPointF(0, 0), QSizeF(size));
        scene.render(&painter, rect, rect);
    }
};

}  // namespace

ImpulseDiagramView::ImpulseDiagramView(QWidget* parent) : QWidget(parent) {
    auto* chart = new QChart;
    styleChart(chart);
    chartView_ = new QChartView(chart, this);
    chartView_->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(chartView_);
    connect(chart, &QChart::plotAreaChanged, this, [chart](const QRectF&) { chart::fitAxes(chart); });
    rebuild();
}

ImpulseDiagramView::~ImpulseDiagramView() = default;

void ImpulseDiagramView::setDiagram(const ImpulseDiagram& diagram) {
    diagram_ = diagram;
    rebuild();
}

void ImpulseDiagramView::clear() {
    diagram_.reset();
    rebuild();
}

void ImpulseDiagramView::setTitle(const QString& title) {
    title_ = title;
    if (!title.isEmpty()) chart()->setTitle(title);
    else rebuild();
}

QChart* ImpulseDiagramView::chart() const { return chartView_->chart(); }

void ImpulseDiagramView::rebuild() {
    populateChart(chart(), diagram_ ? &*diagram_ : nullptr, title_);
    chart::fitAxes(chart());
}

QImage ImpulseDiagramView::renderImage(QSize size) const {
    if (size.isEmpty()) return {};
    OffscreenChart offscreen(diagram_ ? &*diagram_ : nullptr, title_, size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    offscreen.render(painter, size);
    painter.end();
    return image;
}

bool ImpulseDiagramView::exportPng(const QString& path, QSize size) const {
    const QImage image = renderImage(size);
    return !image.isNull() && image.save(path, "PNG");
}

bool ImpulseDiagramView::exportSvg(const QString& path, QSize size) const {
    if (size.isEmpty()) return false;
    OffscreenChart offscreen(diagram_ ? &*diagram_ : nullptr, title_, size);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(offscreen.chart->title());
    generator.setDescription(QStringLiteral("ImpactLab impulse-space diagram"));
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    offscreen.render(painter, size);
    return painter.end();
}

QPointF ImpulseDiagramView::mapToImage(const QPointF& impulse, QSize size) const {
    OffscreenChart offscreen(diagram_ ? &*diagram_ : nullptr, title_, size);
    const QList<QAbstractSeries*> series = offscreen.chart->series();
    if (series.isEmpty()) {
        // No series to map through: interpolate in the plot area.
        const QRectF plot = offscreen.chart->plotArea();
        QValueAxis* ax = findAxis(offscreen.chart, Qt::Horizontal);
        QValueAxis* ay = findAxis(offscreen.chart, Qt::Vertical);
        return {plot.left() + (impulse.x() - ax->min()) / (ax->max() - ax->min()) * plot.width(),
                plot.bottom() - (impulse.y() - ay->min()) / (ay->max() - ay->min()) * plot.height()};
    }
    return offscreen.chart->mapToPosition(impulse, series.first());
}

QColor ImpulseDiagramView::pathColor(int index) {
    const auto& palette = pathPalette();
    const int n = static_cast<int>(palette.size());
    return palette[static_cast<std::size_t>(((index % n) + n) % n)];
}

QColor ImpulseDiagramView::energyGainColor() { return QColor(220, 20, 20); }

QSize ImpulseDiagramView::sizeHint() const { return {640, 480}; }

}  // namespace impactlab::ui
