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
#include "charts/ChartSupport.h"
#include "compare/DisplayText.h"
#include "common/ViewExport.h"
#include "diagram/DiagramCsv.h"

namespace impactlab::ui {
namespace {

// Helpers identical for every chart of the app live in hodograph/ChartSupport.

// Drawing constants, in pixels at 96 dpi.
constexpr double kImpulsePathWidth = 3.0;
constexpr double kEnergyGainPathWidth = 5.0;
constexpr double kReferenceLineWidth = 1.6;
constexpr double kDiagramMarkerSize = 12.0;

// Translucent so the grid and the lines under the paths stay visible.
const QColor kRegionFill(120, 190, 120, 70);

constexpr const char* kEnergyGainedTag = "ENERGY GAINED";

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
    } else if (id == kNewtonTerminationLineId) {
        pen.setColor(QColor(60, 60, 110));
        pen.setStyle(Qt::DashDotLine);
    } else if (id == kStickingLineId) {
        pen.setColor(QColor(0, 110, 110));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(kReferenceLineWidth * 1.4);  // dots vanish at the thinner width
    } else if (id == kReverseSlidingId) {
        pen.setColor(QColor(0, 110, 110));   // the sticking line's colour: DR leaves from it
        pen.setStyle(Qt::DashDotDotLine);
    } else if (id.rfind(kPoissonIdPrefix, 0) == 0) {
        pen.setColor(QColor(110, 60, 130));
        pen.setStyle(Qt::DashLine);
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

// The series of `diagram` in drawing order: the admissible region, the
// reference lines, the paths (energy-gaining first, so a path coinciding with
// one stays visible on top), their markers, and the two marker legend keys.
std::vector<chart::SeriesSpec> makeDiagramSeries(const ImpulseDiagram& diagram) {
    using Kind = chart::SeriesSpec::Kind;
    std::vector<chart::SeriesSpec> specs;
    const std::vector<Vec2> region = calcAdmissibleRegion(diagram);
    if (!region.empty()) {
        chart::SeriesSpec area;
        area.kind = Kind::Polygon;
        area.name = QStringLiteral("admissible final impulses");
        area.points = region;
        area.pen = QPen(Qt::NoPen);
        area.brush = kRegionFill;
        // The translucent fill is too faint as a legend swatch.
        area.legendBrush = QBrush(QColor(175, 215, 175));
        area.legendPen = QPen(QColor(110, 160, 110), 1.0);
        specs.push_back(std::move(area));
    }
    std::set<std::string> legendKeys;
    for (const DiagramPolyline& line : diagram.lines) {
        if (line.id == kAdmissibleRegionId || line.points.size() < 2) continue;
        chart::SeriesSpec spec;
        spec.points = line.points;
        if (line.id == kEnergyEllipseId && (spec.points.front() - spec.points.back()).norm() > 0.0)
            spec.points.push_back(spec.points.front());  // a closed curve
        spec.name = toQString(line.label.empty() ? line.id : line.label);
        spec.pen = makeReferencePen(line.id);
        spec.inLegend = legendKeys.insert(calcLegendKey(line.id)).second;
        specs.push_back(std::move(spec));
    }
    std::vector<std::size_t> order(diagram.paths.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return diagram.paths[a].gainsEnergy > diagram.paths[b].gainsEnergy;
    });
    auto marker = [](const QString& name, const QColor& edge, const QBrush& fill, std::vector<Vec2> points) {
        chart::SeriesSpec m;
        m.kind = Kind::Markers;
        m.name = name;
        m.pen = QPen(edge, 2.0);
        m.brush = fill;
        m.markerSize = kDiagramMarkerSize;
        m.points = std::move(points);
        return m;
    };
    std::vector<chart::SeriesSpec> markers;
    for (std::size_t i : order) {
        const DiagramPath& path = diagram.paths[i];
        const QColor color = path.gainsEnergy ? ImpulseDiagramView::energyGainColor()
                                              : ImpulseDiagramView::pathColor(static_cast<int>(i));
        chart::SeriesSpec line;
        line.name = makePathLegend(path);
        line.points = path.points;
        line.pen = QPen(color, path.gainsEnergy ? kEnergyGainPathWidth : kImpulsePathWidth);
        line.pen.setCapStyle(Qt::RoundCap);
        line.pen.setJoinStyle(Qt::RoundJoin);
        specs.push_back(std::move(line));
        markers.push_back(marker(QString(), color, Qt::white, {path.compressionPoint}));
        markers.push_back(marker(QString(), color.darker(130), color, {path.finalPoint}));
    }
    for (chart::SeriesSpec& m : markers) specs.push_back(std::move(m));   // above every line
    if (!diagram.paths.empty()) {
        specs.push_back(marker(QStringLiteral("end of compression"), Qt::darkGray, Qt::white, {}));
        specs.push_back(marker(QStringLiteral("final impulse"), Qt::darkGray, Qt::darkGray, {}));
    }
    return specs;
}

}  // namespace

ImpulseDiagramView::ImpulseDiagramView(QWidget* parent) : ChartView(parent) {
    // Beside the plot: the legend's entries are a line each, and long ones
    // wrap below in a narrow window rather than being cut.
    chart()->legend()->setAlignment(Qt::AlignBottom);
    refresh();
}

ImpulseDiagramView::~ImpulseDiagramView() = default;

void ImpulseDiagramView::setDiagram(const ImpulseDiagram& diagram) {
    diagram_ = diagram;
    refresh();
}

void ImpulseDiagramView::setDiagram(const ImpulseDiagram& diagram, const QString& title) {
    diagram_ = diagram;
    title_ = title;
    refresh();
}

void ImpulseDiagramView::clear() {
    diagram_.reset();
    refresh();
}

void ImpulseDiagramView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    refresh();
}

QString ImpulseDiagramView::describe() const { return QStringLiteral("ImpactLab impulse-space diagram"); }

// One function for the widget and the exports, so both show the same thing.
void ImpulseDiagramView::populate(QChart* chart) const {
    const ImpulseDiagram* diagram = diagram_ ? &*diagram_ : nullptr;
    chart::setTitle(chart, !title_.isEmpty() ? title_
                    : diagram         ? QStringLiteral("Impulse space")
                                      : QStringLiteral("Impulse space — no impact selected"));
    chart::ensureAxes(chart, toQString(diagram ? diagram->xLabel : ImpulseDiagram().xLabel),
                      toQString(diagram ? diagram->yLabel : ImpulseDiagram().yLabel));
    QRectF box(0.0, 0.0, 1.0, 1.0);
    if (diagram && diagram->min.allFinite() && diagram->max.allFinite()) {
        const Vec2 lo = diagram->min.cwiseMin(diagram->max);
        const Vec2 hi = diagram->min.cwiseMax(diagram->max);
        // A degenerate box (all paths on one line) still gets a visible extent.
        const double minSpan = 1e-9 * std::max(1.0, hi.cwiseAbs().maxCoeff());
        const Vec2 span = (hi - lo).cwiseMax(Vec2::Constant(minSpan));
        box = QRectF(lo.x(), lo.y(), span.x(), span.y());
    }
    chart::setViewBox(chart, box, true, kMaxAspectStretch, chart::kDenseTickSpacingPx);
    chart::showSeries(chart, diagram ? makeDiagramSeries(*diagram) : std::vector<chart::SeriesSpec>{});
}

bool ImpulseDiagramView::exportCsv(const QString& path) const { return writeTextFile(path, toCsv(diagram())); }

QColor ImpulseDiagramView::pathColor(int index) {
    const auto& palette = pathPalette();
    const int n = static_cast<int>(palette.size());
    return palette[static_cast<std::size_t>(((index % n) + n) % n)];
}

QColor ImpulseDiagramView::energyGainColor() { return QColor(220, 20, 20); }

QSize ImpulseDiagramView::sizeHint() const { return {640, 480}; }

}  // namespace impactlab::ui
