#include "charts/ChartSupport.h"

#include <QAreaSeries>
#include <QChart>
#include <QVBoxLayout>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QFontMetricsF>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace impactlab::ui::chart {

namespace {

// Layout passes allowed for the axes to settle after a range change.
constexpr int kMaxFitPasses = 4;

// Equal scales kept during a burst may differ by this share before a refit
// (a tick label's width in a plot a few hundred pixels wide).
constexpr double kStickySquareTolerance = 0.15;
constexpr const char* kBoxProperty = "impactlabViewBox";
constexpr const char* kEqualProperty = "impactlabEqualScales";
constexpr const char* kStretchProperty = "impactlabMaxStretch";
constexpr const char* kTickProperty = "impactlabTickSpacing";
constexpr const char* kStickyProperty = "impactlabStickyAxes";
constexpr const char* kFullTitleProperty = "impactlabFullTitle";
// Pixels kept free beside a wrapped title's longest line: Qt Charts lays the
// title out as a text document with a 4 px margin on each side, and elides
// the whole title (to one line) when that document is wider than the chart.
constexpr double kTitleSlackPx = 16.0;

}  // namespace

QChartView* installChartView(QWidget* owner) {
    auto* chart = new QChart;
    styleChart(chart);
    auto* view = new QChartView(chart, owner);
    view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    QObject::connect(chart, &QChart::plotAreaChanged, owner, [chart](const QRectF&) { fitAxes(chart); });
    relayoutWhenResized(view);
    return view;
}

namespace {

// Lays the chart out anew: invalidate() clears the layout's activated
// state, so activate() computes the plot area for the current geometry.
void relayout(QChart* chart) {
    if (chart) fitTitle(chart);
    if (QGraphicsLayout* layout = chart ? chart->layout() : nullptr) {
        layout->invalidate();
        layout->activate();
    }
}

// Watches a view for coming on screen (its chart was sized while hidden).
class RelayoutOnShow : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show)
            if (auto* view = qobject_cast<QChartView*>(watched)) relayout(view->chart());
        return false;
    }
};

}  // namespace

void relayoutWhenResized(QChartView* view) {
    QChart* chart = view->chart();
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, view, [view] {
        if (view->isVisible()) relayout(view->chart());
    });
    view->installEventFilter(new RelayoutOnShow(view));
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
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->legend()->setShowToolTips(true);
}

void resetChart(QChart* chart, const QString& xTitle, const QString& yTitle) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    auto* ax = new QValueAxis;
    auto* ay = new QValueAxis;
    ax->setTitleText(xTitle);
    ay->setTitleText(yTitle);
    for (QValueAxis* axis : {ax, ay}) {
        axis->setLabelFormat("%.3g");
        axis->setGridLineColor(QColor(225, 225, 225));
        axis->setMinorGridLineVisible(false);
    }
    chart->addAxis(ax, Qt::AlignBottom);
    chart->addAxis(ay, Qt::AlignLeft);
}

QValueAxis* findAxis(QChart* chart, Qt::Orientation orientation) {
    const QList<QAbstractAxis*> axes = chart->axes(orientation);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
}

void setViewBox(QChart* chart, const QRectF& box, bool equalScales, double maxStretch, double tickSpacingPx) {
    chart->setProperty(kBoxProperty, box);
    chart->setProperty(kEqualProperty, equalScales);
    chart->setProperty(kStretchProperty, maxStretch);
    chart->setProperty(kTickProperty, tickSpacingPx);
    // The ranges are set by fitAxes, once: every range change re-lays out the
    // axis labels (rich text) and every series' geometry, the largest cost of
    // a chart update.
}

QRectF getViewBox(QChart* chart) { return chart->property(kBoxProperty).toRectF(); }

void setStickyAxes(QChart* chart, bool sticky) { chart->setProperty(kStickyProperty, sticky); }

void fitAxesOnce(QChart* chart) {
    QValueAxis* ax = findAxis(chart, Qt::Horizontal);
    QValueAxis* ay = findAxis(chart, Qt::Vertical);
    const QRectF plot = chart->plotArea();
    const QRectF box = getViewBox(chart);
    if (!ax || !ay || !(box.width() > 0.0) || !(box.height() > 0.0)) return;
    if (!std::isfinite(box.left()) || !std::isfinite(box.right()) || !std::isfinite(box.top()) ||
        !std::isfinite(box.bottom()))
        return;   // nothing finite to show (a run that diverged): the axes keep what they had
    if (plot.width() < 1.0 || plot.height() < 1.0) {
        // Not laid out yet: show the box; the layout's plotAreaChanged fits it.
        setRangeIfMoved(ax, box.left(), box.right());
        setRangeIfMoved(ay, box.top(), box.bottom());
        return;
    }
    double spanX = box.width(), spanY = box.height();
    if (chart->property(kEqualProperty).toBool()) {
        const double scale = std::min(plot.width() / box.width(), plot.height() / box.height());  // px per unit
        spanX = plot.width() / scale;
        spanY = plot.height() / scale;
        if (std::max(spanX / box.width(), spanY / box.height()) > chart->property(kStretchProperty).toDouble()) {
            spanX = box.width();
            spanY = box.height();
        }
    }
    const QPointF c = box.center();
    if (chart->property(kStickyProperty).toBool()) {
        // Keep the axes while the data stays inside them and fills enough of them.
        const bool inside = box.left() >= ax->min() && box.right() <= ax->max() && box.top() >= ay->min() &&
                            box.bottom() <= ay->max();
        const bool filled = spanX >= kStickyFill * (ax->max() - ax->min()) && spanY >= kStickyFill * (ay->max() - ay->min());
        // A plot area that changed shape (a legend grew a line) must not
        // leave equal scales far from equal. Not exactly equal: the tick
        // labels' width follows the range and the plot's width follows the
        // labels, so an exact refit at every layout can flip between two
        // widths for as long as the drag lasts. The frame after it is exact.
        const double pxPerUnitX = plot.width() / (ax->max() - ax->min());
        const double pxPerUnitY = plot.height() / (ay->max() - ay->min());
        const bool square = !chart->property(kEqualProperty).toBool() ||
                            std::abs(pxPerUnitX / pxPerUnitY - 1.0) <= kStickySquareTolerance;
        if (inside && filled && square) return;
        spanX *= kStickyHeadroom;
        spanY *= kStickyHeadroom;
    }
    // A span that is round-off of its values (a constant channel far from
    // zero) is widened to a share of their magnitude: ticks closer than the
    // values' own precision would never advance as Qt adds them up.
    spanX = std::max(spanX, kMinRelativeSpan * std::abs(c.x()));
    spanY = std::max(spanY, kMinRelativeSpan * std::abs(c.y()));
    const double tickSpacingPx = chart->property(kTickProperty).toDouble();
    const double stepX = calcNiceStepWithin(spanX * tickSpacingPx / plot.width(), spanX);
    const double stepY = calcNiceStepWithin(spanY * tickSpacingPx / plot.height(), spanY);
    const std::pair<double, double> rangeX{c.x() - 0.5 * spanX, c.x() + 0.5 * spanX};
    const std::pair<double, double> rangeY{c.y() - 0.5 * spanY, c.y() + 0.5 * spanY};
    for (auto [axis, step, range] : {std::tuple{ax, stepX, rangeX}, std::tuple{ay, stepY, rangeY}}) {
        // Each setter re-lays out the axis: only what changed, and in the
        // order that never lays out more ticks than the old or the new range
        // has: a coarser interval before its wider range, a finer one after
        // its narrower range.
        const bool coarser = axis->tickType() != QValueAxis::TicksDynamic || step >= axis->tickInterval();
        // Ticks on multiples of the step, lifted by a share of it no pixel
        // shows, so the tick at 0 never lands below it (see kZeroTickLift).
        const double anchor = kZeroTickLift * step;
        if (coarser) {
            if (axis->tickAnchor() != anchor) axis->setTickAnchor(anchor);
            if (axis->tickInterval() != step) axis->setTickInterval(step);
            if (axis->tickType() != QValueAxis::TicksDynamic) axis->setTickType(QValueAxis::TicksDynamic);
        }
        setRangeIfMoved(axis, range.first, range.second);
        if (!coarser) {
            if (axis->tickInterval() != step) axis->setTickInterval(step);
            if (axis->tickAnchor() != anchor) axis->setTickAnchor(anchor);
        }
        const QString format = makeTickLabelFormat(step);
        if (axis->labelFormat() != format) axis->setLabelFormat(format);
    }
}

void fitAxes(QChart* chart) {
    // Setting a range can change the labels' width and so the plot area,
    // which calls this again (plotAreaChanged). A nested call only asks for
    // another pass; the passes are bounded, so a layout that does not settle
    // cannot recurse or loop forever.
    static bool fitting = false;
    static bool again = false;
    if (fitting) {
        again = true;
        return;
    }
    fitting = true;
    for (int pass = 0; pass < kMaxFitPasses; ++pass) {
        again = false;
        fitAxesOnce(chart);
        if (!again) break;
    }
    fitting = false;
}

void attach(QChart* chart, QAbstractSeries* series) {
    chart->addSeries(series);
    for (QAbstractAxis* axis : chart->axes()) series->attachAxis(axis);
}

QLineSeries* makeLineSeries(const std::vector<Vec2>& points, const QString& name, const QPen& pen) {
    auto* series = new QLineSeries;
    series->setUseOpenGL(false);
    series->setName(name);
    QList<QPointF> q;
    q.reserve(static_cast<qsizetype>(points.size()));
    for (const Vec2& p : points) q.append(QPointF(p.x(), p.y()));
    series->replace(q);
    series->setPen(pen);
    return series;
}

QScatterSeries* makeMarkerSeries(const QString& name, const QColor& edge, const QColor& fill, double size) {
    auto* series = new QScatterSeries;
    series->setUseOpenGL(false);
    series->setName(name);
    series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    series->setMarkerSize(size);
    series->setPen(QPen(edge, 2.0));
    series->setBrush(fill);
    return series;
}

QAreaSeries* makePolygonSeries(const std::vector<Vec2>& polygon, const QColor& fill) {
    auto* area = new QAreaSeries;
    area->setUseOpenGL(false);
    std::vector<Vec2> closed = polygon;
    if (!closed.empty()) closed.push_back(closed.front());
    QLineSeries* upper = makeLineSeries(closed, QString(), QPen(Qt::NoPen));
    QLineSeries* lower = makeLineSeries({closed.front()}, QString(), QPen(Qt::NoPen));
    upper->setParent(area);
    lower->setParent(area);
    area->setUpperSeries(upper);
    area->setLowerSeries(lower);
    area->setPen(QPen(fill, 1.0));
    area->setBrush(fill);
    return area;
}

void hideLegendMarkers(QChart* chart, QAbstractSeries* series) {
    series->setProperty(kInLegendProperty, false);
    for (QLegendMarker* marker : chart->legend()->markers(series)) marker->setVisible(false);
}

void addCross(QChart* chart, const Vec2& centre, const Vec2& arm, const QColor& color, const QString& name) {
    const QPen pen(color, kCrossPenWidth);
    auto* a = makeLineSeries({centre - arm, centre + arm}, name, pen);
    auto* b = makeLineSeries({centre + Vec2(-arm.x(), arm.y()), centre + Vec2(arm.x(), -arm.y())}, QString(), pen);
    attach(chart, a);
    attach(chart, b);
    hideLegendMarkers(chart, b);
}

bool isInLegend(const QChart* /*chart*/, const QAbstractSeries* series) {
    if (!series->isVisible()) return false;   // a spare kept by showSeries
    const QVariant flag = series->property(kInLegendProperty);
    return flag.isValid() ? flag.toBool() : !series->name().isEmpty();
}

void ensureAxes(QChart* chart, const QString& xTitle, const QString& yTitle) {
    QValueAxis* ax = findAxis(chart, Qt::Horizontal);
    QValueAxis* ay = findAxis(chart, Qt::Vertical);
    if (!ax || !ay) {
        resetChart(chart, xTitle, yTitle);
        return;
    }
    if (ax->titleText() != xTitle) ax->setTitleText(xTitle);
    if (ay->titleText() != yTitle) ay->setTitleText(yTitle);
}

QString makeLegendLabel(const SeriesSpec& spec) {
    if (spec.kind != SeriesSpec::Kind::Line || spec.name.isEmpty()) return spec.name;
    const Qt::PenStyle style = spec.legendPen ? spec.legendPen->style() : spec.pen.style();
    if (style == Qt::DashLine) return spec.name + QObject::tr(" (dashed)");
    if (style == Qt::DotLine) return spec.name + QObject::tr(" (dotted)");
    if (style == Qt::DashDotLine || style == Qt::DashDotDotLine) return spec.name + QObject::tr(" (dash-dot)");
    return spec.name;
}

namespace {

QAbstractSeries::SeriesType toSeriesType(SeriesSpec::Kind kind) {
    switch (kind) {
        case SeriesSpec::Kind::Markers: return QAbstractSeries::SeriesTypeScatter;
        case SeriesSpec::Kind::Polygon: return QAbstractSeries::SeriesTypeArea;
        default: return QAbstractSeries::SeriesTypeLine;
    }
}

QList<QPointF> toPoints(const std::vector<Vec2>& points, bool finiteOnly) {
    QList<QPointF> q;
    q.reserve(static_cast<qsizetype>(points.size()));
    for (const Vec2& p : points)
        if (!finiteOnly || p.allFinite()) q.append(QPointF(p.x(), p.y()));
    return q;
}

// Distance of p from segment ab, all in normalised coordinates.
double distanceToSegment(const Vec2& p, const Vec2& a, const Vec2& b) {
    const Vec2 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double t = len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    return (a + t * ab - p).norm();
}

void applySpec(QChart* chart, QAbstractSeries* series, const SeriesSpec& spec, const QRectF& box) {
    if (series->name() != spec.name) series->setName(spec.name);
    switch (spec.kind) {
        case SeriesSpec::Kind::Line: {
            auto* line = static_cast<QLineSeries*>(series);
            const std::vector<Vec2> drawn = spec.points.size() > kMaxDrawnLinePoints
                                                ? thinPolyline(spec.points, box, kLineThinningShare)
                                                : spec.points;
            setPointsIfChanged(line, drawn);
            if (line->pen() != spec.pen) line->setPen(spec.pen);
            break;
        }
        case SeriesSpec::Kind::Markers: {
            auto* markers = static_cast<QScatterSeries*>(series);
            setPointsIfChanged(markers, spec.points, true);
            if (markers->pen() != spec.pen) markers->setPen(spec.pen);
            if (markers->brush() != spec.brush) markers->setBrush(spec.brush);
            if (markers->markerShape() != spec.markerShape)
                markers->setMarkerShape(static_cast<QScatterSeries::MarkerShape>(spec.markerShape));
            if (markers->markerSize() != spec.markerSize) markers->setMarkerSize(spec.markerSize);
            const bool labelled = !spec.pointLabel.isEmpty();
            if (markers->pointLabelsVisible() != labelled) {
                markers->setPointLabelsVisible(labelled);
                markers->setPointLabelsClipping(false);
                QFont font = markers->pointLabelsFont();
                font.setBold(true);
                markers->setPointLabelsFont(font);
            }
            // No @ placeholders: the label is the text itself.
            if (labelled && markers->pointLabelsFormat() != spec.pointLabel) markers->setPointLabelsFormat(spec.pointLabel);
            if (labelled && markers->pointLabelsColor() != spec.pointLabelColor)
                markers->setPointLabelsColor(spec.pointLabelColor);
            break;
        }
        case SeriesSpec::Kind::Polygon: {
            auto* area = static_cast<QAreaSeries*>(series);
            std::vector<Vec2> closed = spec.points;
            if (!closed.empty()) closed.push_back(closed.front());
            setPointsIfChanged(area->upperSeries(), closed);
            setPointsIfChanged(area->lowerSeries(), {closed.empty() ? Vec2::Zero() : closed.front()});
            if (area->pen() != spec.pen) area->setPen(spec.pen);
            if (area->brush() != spec.brush) area->setBrush(spec.brush);
            break;
        }
    }
    for (const auto& [name, value] : spec.properties)
        if (series->property(name) != value) series->setProperty(name, value);
    // Also kept on the series: a view may draw its legend outside the chart.
    series->setProperty(kInLegendProperty, spec.inLegend && !spec.name.isEmpty());
    // Each setter lays the legend out again, even to the same value.
    for (QLegendMarker* marker : chart->legend()->markers(series)) {
        const bool visible = spec.inLegend && !spec.name.isEmpty();
        if (marker->isVisible() != visible) marker->setVisible(visible);
        if (spec.legendBrush) {
            if (marker->shape() != QLegend::MarkerShapeRectangle) marker->setShape(QLegend::MarkerShapeRectangle);
            if (marker->brush() != *spec.legendBrush) marker->setBrush(*spec.legendBrush);
        }
        if (spec.legendPen && marker->pen() != *spec.legendPen) marker->setPen(*spec.legendPen);
        // Qt draws every line's legend marker solid, whatever its pen: a
        // dashed or dotted line says so in its label instead.
        const QString label = makeLegendLabel(spec);
        if (marker->label() != label) marker->setLabel(label);
    }
}

QAbstractSeries* makeSeries(SeriesSpec::Kind kind) {
    switch (kind) {
        case SeriesSpec::Kind::Markers: {
            auto* s = new QScatterSeries;
            s->setUseOpenGL(false);
            return s;
        }
        case SeriesSpec::Kind::Polygon: {
            auto* area = new QAreaSeries;
            auto* upper = new QLineSeries(area);
            auto* lower = new QLineSeries(area);
            area->setUpperSeries(upper);
            area->setLowerSeries(lower);
            return area;
        }
        default: {
            auto* s = new QLineSeries;
            s->setUseOpenGL(false);
            return s;
        }
    }
}

}  // namespace

void setPointsIfChanged(QXYSeries* series, const std::vector<Vec2>& points, bool finiteOnly) {
    const QList<QPointF> q = toPoints(points, finiteOnly);
    if (series->points() != q) series->replace(q);
}

std::vector<Vec2> thinPolyline(const std::vector<Vec2>& points, const QRectF& box, double share) {
    if (points.size() < 3 || !(box.width() > 0.0) || !(box.height() > 0.0)) return points;
    const Vec2 origin(box.left(), box.top());
    const Vec2 scale(1.0 / box.width(), 1.0 / box.height());
    std::vector<Vec2> unit(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) unit[i] = (points[i] - origin).cwiseProduct(scale);
    std::vector<char> keep(points.size(), 0);
    keep.front() = keep.back() = 1;
    // Iterative Douglas-Peucker: split a span at its farthest point while
    // that point is farther than `share` from the span's chord.
    std::vector<std::pair<std::size_t, std::size_t>> spans{{0, points.size() - 1}};
    while (!spans.empty()) {
        const auto [first, last] = spans.back();
        spans.pop_back();
        double farthest = -1.0;
        std::size_t at = first;
        for (std::size_t i = first + 1; i < last; ++i) {
            const double d = unit[i].allFinite() ? distanceToSegment(unit[i], unit[first], unit[last])
                                                 : std::numeric_limits<double>::infinity();
            if (d > farthest) {
                farthest = d;
                at = i;
            }
        }
        if (farthest > share) {
            keep[at] = 1;
            if (at - first > 1) spans.emplace_back(first, at);
            if (last - at > 1) spans.emplace_back(at, last);
        }
    }
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (keep[i]) out.push_back(points[i]);
    return out;
}

void clearSeries(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes())
        if (auto* value = qobject_cast<QValueAxis*>(axis)) value->setTickType(QValueAxis::TicksFixed);
}

void setTitle(QChart* chart, const QString& title) {
    if (chart->property(kFullTitleProperty).toString() == title && chart->property(kFullTitleProperty).isValid()) return;
    chart->setProperty(kFullTitleProperty, title);
    fitTitle(chart);
}

QString getFullTitle(const QChart* chart) {
    const QVariant full = chart->property(kFullTitleProperty);
    return full.isValid() ? full.toString() : chart->title();
}

double calcTitleWidth(const QChart* chart) {
    const QMargins m = chart->margins();
    return chart->size().width() - m.left() - m.right() - kTitleSlackPx;
}

QString wrapTitle(const QString& title, const QFont& font, double width) {
    const QFontMetricsF metrics(font);
    if (!(width > 0.0) || metrics.horizontalAdvance(title) <= width) return title;
    // Greedy: each line takes as many words as fit; a word wider than a line
    // stands alone (Qt elides it, the tooltip has it whole).
    QStringList lines;
    QString line;
    for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty()) lines << line;
    const bool rich = Qt::mightBeRichText(title);
    for (QString& l : lines)
        if (!rich) l = l.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void fitTitle(QChart* chart) {
    const QString wrapped = wrapTitle(getFullTitle(chart), chart->titleFont(), calcTitleWidth(chart));
    if (chart->title() != wrapped) chart->setTitle(wrapped);
}

void showSeries(QChart* chart, const std::vector<SeriesSpec>& specs) {
    // A chart told to show nothing is emptied (a view cleared), not filled
    // with spares.
    if (specs.empty()) {
        chart->removeAllSeries();
        return;
    }
    const QRectF box = getViewBox(chart);
    const QList<QAbstractSeries*> current = chart->series();
    // Each spec, in drawing order, takes the chart's next series of its kind
    // and updates it in place. Series passed over are hidden and kept: a
    // figure that loses a contact's curves and gains them back (a number of
    // balls swept by a slider) shows them again instead of building new ones,
    // which costs Qt Charts far more than refilling one (a series, its
    // graphics item and its legend marker). When no series of a spec's kind
    // is left, the ones after the last taken are removed and the remaining
    // specs get new series, so the drawing order stays the specs' order.
    std::vector<QAbstractSeries*> taken(specs.size(), nullptr);
    std::vector<QAbstractSeries*> spare;
    qsizetype next = 0;
    std::size_t matched = 0;
    for (; matched < specs.size(); ++matched) {
        const QAbstractSeries::SeriesType type = toSeriesType(specs[matched].kind);
        qsizetype j = next;
        while (j < current.size() && current[j]->type() != type) ++j;
        if (j == current.size()) break;
        for (qsizetype h = next; h < j; ++h) spare.push_back(current[h]);
        taken[matched] = current[j];
        next = j + 1;
    }
    const bool makeNew = matched < specs.size();
    for (qsizetype i = next; i < current.size(); ++i) {
        if (!makeNew) {
            spare.push_back(current[i]);
            continue;
        }
        chart->removeSeries(current[i]);
        delete current[i];
    }
    for (QAbstractSeries* s : spare) s->setVisible(false);
    if (makeNew) {
        // Attaching a series sets the axes to its data's range. With the last
        // fit's dynamic tick interval still set, a range much wider than the
        // old one would be laid out with millions of ticks: fixed ticks until
        // fitAxes sets the interval for the new range.
        for (QAbstractAxis* axis : chart->axes())
            if (auto* value = qobject_cast<QValueAxis*>(axis)) value->setTickType(QValueAxis::TicksFixed);
    }
    for (std::size_t i = 0; i < specs.size(); ++i) {
        QAbstractSeries* series = taken[i];
        if (!series) {
            series = makeSeries(specs[i].kind);
            attach(chart, series);
        } else if (!series->isVisible()) {
            series->setVisible(true);
        }
        applySpec(chart, series, specs[i], box);
    }
    hideUnnamedLegendMarkers(chart);
}

void hideUnnamedLegendMarkers(QChart* chart) {
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (!marker->isVisible()) continue;
        // A series showSeries kept out of the legend (SeriesSpec::inLegend):
        // Qt shows its marker again whenever the legend is laid out.
        const QVariant flag = marker->series() ? marker->series()->property(kInLegendProperty) : QVariant();
        if (marker->label().trimmed().isEmpty() || (flag.isValid() && !flag.toBool())) marker->setVisible(false);
    }
}

}  // namespace impactlab::ui::chart
