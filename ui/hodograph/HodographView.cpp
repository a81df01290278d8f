#include "HodographView.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "charts/ChartSupport.h"
#include "diagram/RayLabels.h"
#include "plus/FigureView.h"

namespace impactlab::ui {

namespace {

// Drawing constants, in pixels at 96 dpi unless stated.
constexpr double kTrajectoryWidth = 2.8;
constexpr double kBundleWidth = 2.0;
constexpr double kRayWidth = 2.2;
constexpr double kPointMarkerSize = 11.0;
constexpr double kPointEdgeWidth = 2.0;   // a point marker's outline
constexpr double kArrowEdgeWidth = 1.0;   // an arrowhead's outline, in its fill colour
// The view box reaches this share of its span beyond the data on each side,
// so markers and labels at the extremes stay inside the plot.
constexpr double kHodographPadShare = 0.12;
// Rays are drawn this many view-box diagonals long; the plot clips them, so
// they always reach the edge however the equal scales widen the box.
constexpr double kRayReachDiagonals = 4.0;
// Arrowheads sit this share of the way from the origin to where the ray
// leaves the view box, and are this share of the box's larger span long: far
// enough from the origin not to pile up there, big enough to read.
constexpr double kArrowPositionShare = 0.55;
constexpr double kArrowheadLengthShare = 0.045;
constexpr double kArrowHalfWidthShare = 0.45;  // of the arrow's length
// A point's label sits this share of the box's larger span up and right of
// its marker (the marker is 11 px on plots a few hundred px wide: 2-3 %), and
// labels that would meet are this share apart (a line of text).
constexpr double kPointLabelOffsetShare = 0.035;
constexpr double kPointLabelSpacingShare = 0.05;
// A box narrower than this share of its larger extent (or of 1 m/s when
// everything is at the origin) still gets that extent, so a straight hodograph
// along an axis is drawn in a visible box.
constexpr double kMinSpanShare = 0.05;
// End of the bundle's colour ramp: viridis beyond 0.85 is too pale on white.
constexpr double kBundleRampEnd = 0.85;

const QString kNoImpactTitle = QStringLiteral("Hodograph — no impact selected");

using chart::SeriesSpec;

// A line of the hodograph (a path, a ray) with the view's role on it.
SeriesSpec makeLine(std::vector<Vec2> points, const QString& name, const QPen& pen, const char* role, bool inLegend) {
    SeriesSpec s;
    s.kind = SeriesSpec::Kind::Line;
    s.points = std::move(points);
    s.name = name;
    s.pen = pen;
    s.inLegend = inLegend;
    s.properties = {{kHodographRoleProperty, QString(role)}};
    return s;
}

// Legend-free marker with a text label next to it.
SeriesSpec makeLabelledPoint(const Vec2& at, const QString& label, const QColor& edge, const QColor& fill, double size,
                             const QColor& textColor) {
    SeriesSpec s;
    s.kind = SeriesSpec::Kind::Markers;
    s.points = {at};
    s.name = label;
    s.pen = QPen(edge, kPointEdgeWidth);
    s.brush = fill;
    s.markerShape = QScatterSeries::MarkerShapeCircle;
    s.markerSize = size;
    s.inLegend = false;
    s.pointLabel = label;
    s.pointLabelColor = textColor;
    return s;
}

QString makePointLabel(const std::string& label) {
    if (label == "g_0") return QStringLiteral("γ⁻");
    // The paper's γ_c, γ_r, γ_l: a Greek gamma, not "g".
    if (label.size() > 2 && label.compare(0, 2, "g_") == 0) return QStringLiteral("γ_") + QString::fromStdString(label.substr(2));
    return QString::fromStdString(label);
}

// Data extent of everything drawn except the rays, plus the origin, padded.
QRectF calcViewBox(const std::vector<const std::vector<Vec2>*>& paths, const std::vector<Vec2>& extra) {
    Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
    auto take = [&](const Vec2& p) {
        if (!p.allFinite()) return;
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    };
    for (const auto* path : paths)
        for (const Vec2& p : *path) take(p);
    for (const Vec2& p : extra) take(p);
    double extent = (hi - lo).maxCoeff();
    if (!(extent > 0.0)) extent = 1.0;
    const Vec2 minSpan = Vec2::Constant(kMinSpanShare * extent);
    const Vec2 centre = 0.5 * (lo + hi);
    const Vec2 half = (0.5 * (hi - lo)).cwiseMax(0.5 * minSpan) + Vec2::Constant(kHodographPadShare * extent);
    return QRectF(centre.x() - half.x(), centre.y() - half.y(), 2.0 * half.x(), 2.0 * half.y());
}

// Distance from the origin along unit `d` to the edge of `box` (which holds the origin).
double calcExitDistance(const QRectF& box, const Vec2& d) {
    double t = std::numeric_limits<double>::infinity();
    if (d.x() > 0) t = std::min(t, box.right() / d.x());
    if (d.x() < 0) t = std::min(t, box.left() / d.x());
    if (d.y() > 0) t = std::min(t, box.bottom() / d.y());
    if (d.y() < 0) t = std::min(t, box.top() / d.y());
    return std::isfinite(t) ? t : 0.0;
}

// The rays with their arrowheads and polar-angle labels; `placedLabels`
// holds the labels of the rays already drawn in the chart, which the new
// ones keep clear of (diagram/RayLabels.h), and receives the new ones.
void addRays(std::vector<SeriesSpec>& specs, const std::vector<InvariantRay>& rays, const QRectF& box,
             std::vector<RayLabel>& placedLabels) {
    const double diagonal = std::hypot(box.width(), box.height());
    const std::vector<RayLabel> labels =
        placeRayLabels(rays, Vec2(box.left(), box.top()), Vec2(box.right(), box.bottom()), placedLabels);
    placedLabels.insert(placedLabels.end(), labels.begin(), labels.end());
    bool legendShown[2] = {false, false};
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const InvariantRay& ray = rays[i];
        const Vec2 d = ray.direction.normalized();
        const QColor color = ray.centrifugal ? HodographView::centrifugalColor() : HodographView::centripetalColor();
        QPen pen(color, kRayWidth, Qt::DashLine);
        pen.setCapStyle(Qt::FlatCap);
        const QString name = ray.centrifugal ? QStringLiteral("centrifugal: |γ| grows")
                                             : QStringLiteral("centripetal: |γ| shrinks");
        specs.push_back(makeLine({Vec2::Zero(), kRayReachDiagonals * diagonal * d}, name, pen, kHodographRayRole,
                                 !legendShown[ray.centrifugal]));
        legendShown[ray.centrifugal] = true;

        SeriesSpec head;
        head.kind = SeriesSpec::Kind::Polygon;
        const std::array<Vec2, 3> arrow = HodographView::calcArrowhead(ray, box);
        head.points.assign(arrow.begin(), arrow.end());
        head.pen = QPen(color, kArrowEdgeWidth);
        head.brush = color;
        head.inLegend = false;
        specs.push_back(std::move(head));

        SeriesSpec label = makeLabelledPoint(labels[i].anchor, QString::fromStdString(labels[i].text),
                                             Qt::transparent, Qt::transparent, 1.0, color);
        label.pen = QPen(Qt::NoPen);
        specs.push_back(std::move(label));
    }
}

// A point's label beside its marker, up and to the right, never on it; labels
// of points that coincide (the contact sticking where the slide ends) stack.
void addPointLabel(std::vector<SeriesSpec>& specs, std::vector<Vec2>& placed, const Vec2& at, const QString& text,
                   const QRectF& box, const QColor& color) {
    const double span = std::max(box.width(), box.height());
    Vec2 where = at + kPointLabelOffsetShare * span * Vec2(1.0, 1.0);
    for (bool moved = true; moved;) {
        moved = false;
        for (const Vec2& other : placed)
            if ((other - where).norm() < kPointLabelSpacingShare * span) {
                where.y() -= kPointLabelSpacingShare * span;
                moved = true;
            }
    }
    placed.push_back(where);
    SeriesSpec label = makeLabelledPoint(where, text, Qt::transparent, Qt::transparent, 1.0, color);
    label.pen = QPen(Qt::NoPen);
    specs.push_back(std::move(label));
}

void addPoints(std::vector<SeriesSpec>& specs, const std::vector<HodographPoint>& points, const std::vector<Vec2>& path,
               const QRectF& box) {
    bool hasStart = false;
    for (const HodographPoint& p : points) hasStart = hasStart || p.label == "g_0";
    const QColor dark(45, 45, 45);
    std::vector<Vec2> placed;
    auto addMarker = [&](const Vec2& at, const std::string& label, const QColor& edge, const QColor& fill) {
        SeriesSpec marker = makeLabelledPoint(at, makePointLabel(label), edge, fill, kPointMarkerSize, dark);
        marker.pointLabel.clear();   // written beside it (addPointLabel)
        specs.push_back(std::move(marker));
        addPointLabel(specs, placed, at, makePointLabel(label), box, dark);
    };
    if (!hasStart && !path.empty()) addMarker(path.front(), "g_0", dark, Qt::white);
    for (const HodographPoint& p : points) {
        QColor fill = Qt::white, edge = dark;
        if (p.label == "g_r") fill = dark;
        if (p.label == "stick") {
            edge = QColor(150, 100, 0);
            fill = QColor(230, 159, 0);  // orange: the contact sticks here
        }
        if (p.label == "g_l") fill = QColor(160, 160, 160);
        addMarker(p.gamma, p.label, edge, fill);
    }
}

struct Content {
    const HodographDiagram* diagram = nullptr;
    const HodographBundle* bundle = nullptr;
    const HodographView::Overlay* overlay = nullptr;
    QString title;
};

QRectF calcContentBox(const Content& c) {
    if (c.diagram) {
        std::vector<Vec2> extra{c.diagram->min, c.diagram->max};
        for (const HodographPoint& p : c.diagram->points) extra.push_back(p.gamma);
        return calcViewBox({&c.diagram->path}, extra);
    }
    if (c.bundle) {
        std::vector<const std::vector<Vec2>*> paths;
        for (const auto& p : c.bundle->paths) paths.push_back(&p);
        return calcViewBox(paths, {});
    }
    if (c.overlay) {
        std::vector<const std::vector<Vec2>*> paths;
        std::vector<Vec2> extra;
        for (const HodographDiagram& d : c.overlay->diagrams) {
            paths.push_back(&d.path);
            extra.push_back(d.min);
            extra.push_back(d.max);
        }
        return calcViewBox(paths, extra);
    }
    return QRectF(-1.0, -1.0, 2.0, 2.0);
}

void fillHodographChart(QChart* chart, const Content& c) {
    chart::ensureAxes(chart, QStringLiteral("γ₁ = v_t1 [m/s]"), QStringLiteral("γ₂ = v_t2 [m/s]"));
    if (!c.diagram && !c.bundle && !c.overlay) {
        chart::showSeries(chart, {});
        chart::setTitle(chart, c.title.isEmpty() ? kNoImpactTitle : c.title);
        chart::setViewBox(chart, QRectF(-1.0, -1.0, 2.0, 2.0), true);
        return;
    }
    std::vector<SeriesSpec> specs;
    std::vector<RayLabel> rayLabels;   // every ray's, so no two meet
    QString title;
    const QRectF box = calcContentBox(c);
    chart::setViewBox(chart, box, true);
    if (c.diagram) {
        const HodographDiagram& d = *c.diagram;
        addRays(specs, d.rays, box, rayLabels);
        QPen pen(HodographView::trajectoryColor(), kTrajectoryWidth);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        specs.push_back(makeLine(d.path, QStringLiteral("hodograph γ"), pen, kHodographTrajectoryRole, true));
        addPoints(specs, d.points, d.path, box);
        title = c.title.isEmpty() ? QStringLiteral("Hodograph") : c.title;
        if (!d.sequence.empty()) title += QStringLiteral("  —  sequence: ") + QString::fromStdString(d.sequence);
        if (d.everyDirectionInvariant) title += QStringLiteral("  —  every direction is invariant");
    } else if (c.overlay) {
        // One colour per value (the palette the PLUS overlays use): the
        // path, its start (open) and end (filled) markers; each value's
        // invariant rays keep the centripetal blue / centrifugal red.
        // The legend keeps a key per value and one per kind of ray, not one
        // per ray of every value (each value has its own rays and labels).
        QStringList sequences, rayKeys;
        for (std::size_t i = 0; i < c.overlay->diagrams.size(); ++i) {
            const HodographDiagram& d = c.overlay->diagrams[i];
            const std::size_t first = specs.size();
            addRays(specs, d.rays, box, rayLabels);
            for (std::size_t k = first; k < specs.size(); ++k) {
                const QString kind = specs[k].name.section(':', 0, 0);
                const bool key = (kind == "centripetal" || kind == "centrifugal") && !rayKeys.contains(kind);
                if (key) rayKeys << kind;
                specs[k].inLegend = specs[k].inLegend && key;
            }
            const QColor color = FigureView::paletteColor(static_cast<int>(i));
            QPen pen(color, kTrajectoryWidth);
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            const QString label = c.overlay->labels.value(static_cast<int>(i));
            specs.push_back(makeLine(d.path, label, pen, kHodographTrajectoryRole, true));
            if (!d.path.empty()) {
                SeriesSpec start = makeLabelledPoint(d.path.front(), QString(), color.darker(130), Qt::white, kPointMarkerSize, color);
                start.pointLabel.clear();
                specs.push_back(std::move(start));
                SeriesSpec end = makeLabelledPoint(d.path.back(), QString(), color.darker(130), color, kPointMarkerSize, color);
                end.pointLabel.clear();
                specs.push_back(std::move(end));
            }
            sequences << label + ": " + QString::fromStdString(d.sequence.empty() ? "-" : d.sequence);
        }
        title = (c.title.isEmpty() ? QStringLiteral("Hodograph") : c.title) + QStringLiteral("  —  ") + sequences.join(", ");
    } else {
        const HodographBundle& b = *c.bundle;
        addRays(specs, b.rays, box, rayLabels);
        const int n = static_cast<int>(b.paths.size());
        for (int i = 0; i < n; ++i) {
            const QColor color = HodographView::bundleColor(i, n);
            QPen pen(color, kBundleWidth);
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            specs.push_back(makeLine(b.paths[i], QStringLiteral("hodographs from unit γ⁻ (%1)").arg(n), pen,
                                     kHodographBundlePathRole, i == 0));
            if (!b.paths[i].empty())
                specs.push_back(makeLabelledPoint(b.paths[i].front(), QStringLiteral("γ%1").arg(i + 1), color.darker(130),
                                                  Qt::white, kPointMarkerSize * 0.7, color.darker(150)));
        }
        title = (c.title.isEmpty() ? QStringLiteral("Hodograph bundle") : c.title) + QStringLiteral("  —  %1 paths").arg(n);
    }
    // In place when the figure has the same kinds of series (a slider moved).
    chart::showSeries(chart, specs);
    chart::setTitle(chart, title);
}

Content makeContent(const std::variant<std::monostate, HodographDiagram, HodographBundle, HodographView::Overlay>& v,
                    const QString& title) {
    Content c;
    c.diagram = std::get_if<HodographDiagram>(&v);
    c.bundle = std::get_if<HodographBundle>(&v);
    c.overlay = std::get_if<HodographView::Overlay>(&v);
    c.title = title;
    return c;
}

}  // namespace

HodographView::HodographView(QWidget* parent) : ChartView(parent) {
    refresh();
}

HodographView::~HodographView() = default;

void HodographView::setDiagram(const HodographDiagram& diagram) {
    content_ = diagram;
    rebuild();
}

void HodographView::setBundle(const HodographBundle& bundle) {
    content_ = bundle;
    rebuild();
}

void HodographView::setOverlay(const std::vector<HodographDiagram>& diagrams, const QStringList& labels) {
    content_ = Overlay{diagrams, labels};
    rebuild();
}

void HodographView::clear() {
    content_ = std::monostate{};
    rebuild();
}

void HodographView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    rebuild();
}

QRectF HodographView::viewBox() const { return calcContentBox(makeContent(content_, title_)); }

std::array<Vec2, 3> HodographView::calcArrowhead(const InvariantRay& ray, const QRectF& box) {
    const Vec2 d = ray.direction.normalized();
    const Vec2 centre = kArrowPositionShare * calcExitDistance(box, d) * d;
    const Vec2 along = ray.centrifugal ? d : Vec2(-d);
    const Vec2 across(-along.y(), along.x());
    const double length = kArrowheadLengthShare * std::max(box.width(), box.height());
    const Vec2 back = centre - 0.5 * length * along;
    return {centre + 0.5 * length * along, back + kArrowHalfWidthShare * length * across,
            back - kArrowHalfWidthShare * length * across};
}

QColor HodographView::centripetalColor() { return QColor(25, 90, 215); }
QColor HodographView::centrifugalColor() { return QColor(215, 25, 30); }
QColor HodographView::trajectoryColor() { return QColor(25, 25, 25); }

QColor HodographView::bundleColor(int index, int count) {
    // Viridis stops (dark purple, blue-purple, teal, green, yellow).
    static const std::array<QColor, 5> stops = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140),
                                                QColor(94, 201, 98), QColor(253, 231, 37)};
    const double t = count > 1 ? kBundleRampEnd * index / (count - 1) : 0.0;
    const double x = t * (stops.size() - 1);
    const int k = std::min(static_cast<int>(x), static_cast<int>(stops.size()) - 2);
    const double f = x - k;
    auto mix = [&](int a, int b) { return static_cast<int>(std::lround(a + f * (b - a))); };
    return QColor(mix(stops[k].red(), stops[k + 1].red()), mix(stops[k].green(), stops[k + 1].green()),
                  mix(stops[k].blue(), stops[k + 1].blue()));
}

QSize HodographView::sizeHint() const { return {560, 520}; }

void HodographView::populate(QChart* chart) const {
    const Content c = makeContent(content_, title_);
    fillHodographChart(chart, c);
}

}  // namespace impactlab::ui
