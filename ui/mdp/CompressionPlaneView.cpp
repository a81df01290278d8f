#include "CompressionPlaneView.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTextStream>
#include <QVBoxLayout>

#include <algorithm>

#include "diagram/Polylines.h"
#include "charts/ChartSupport.h"

namespace impactlab::ui {

namespace {

constexpr double kConicWidth = 2.6;
constexpr double kContourWidth = 1.0;
constexpr double kZeroContourWidth = 1.6;
// A cross's half-arm as a share of the view box's larger side.
constexpr double kPlaneCrossShare = 0.025;
constexpr double kCircleSize = 13.0;
// Contour pieces meet exactly where marching squares split a grid edge; this
// share of the view box joins them and nothing else.
constexpr double kJoinShare = 1e-9;
// A plot at most this much taller or wider than the data, for equal scales.
constexpr double kMaxStretch = 3.0;

void fillPlaneChart(QChart* chart, const MdpPlaneView* plane, const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("x_t [N s]"), QStringLiteral("x_o [N s]"));
    chart::clearSeries(chart);
    // Seven short entries fit beside an equal-scale plot, not under it.
    chart->legend()->setAlignment(Qt::AlignRight);
    chart::setTitle(chart, title.isEmpty() ? QStringLiteral("Plane of maximum compression") : title);
    if (!plane) {
        chart::setViewBox(chart, QRectF(-1.0, -1.0, 2.0, 2.0), true);
        return;
    }
    const QRectF box(plane->min.x(), plane->min.y(), plane->max.x() - plane->min.x(), plane->max.y() - plane->min.y());
    chart::setViewBox(chart, box, true, kMaxStretch);
    const double size = std::max(box.width(), box.height());

    // Contours: grey, the zero level black; one legend entry each.
    bool greyNamed = false;
    for (const MdpContour& c : plane->contours) {
        const QPen pen(c.isZero ? QColor(0, 0, 0) : QColor(165, 165, 165), c.isZero ? kZeroContourWidth : kContourWidth);
        bool first = true;
        for (const auto& line : joinSegments(c.segments, kJoinShare * size)) {
            QString name;
            if (first && c.isZero) name = QStringLiteral("objective 0");
            if (first && !c.isZero && !greyNamed) {
                name = QStringLiteral("objective");
                greyNamed = true;
            }
            auto* s = chart::makeLineSeries(line, name, pen);
            chart::attach(chart, s);
            if (name.isEmpty()) chart::hideLegendMarkers(chart, s);
            first = false;
        }
    }
    // The cone's section.
    QPen conic(CompressionPlaneView::conicColor(), kConicWidth);
    for (std::size_t i = 0; i < plane->feasibleBoundary.size(); ++i) {
        auto* s = chart::makeLineSeries(plane->feasibleBoundary[i],
                                        i == 0 ? QStringLiteral("cone section") : QString(), conic);
        chart::attach(chart, s);
        if (i > 0) chart::hideLegendMarkers(chart, s);
    }
    QPen other(CompressionPlaneView::conicColor(), 1.2, Qt::DashLine);
    for (std::size_t i = 0; i < plane->infeasibleBranch.size(); ++i) {
        auto* s = chart::makeLineSeries(plane->infeasibleBranch[i], i == 0 ? QStringLiteral("other branch") : QString(), other);
        chart::attach(chart, s);
        if (i > 0) chart::hideLegendMarkers(chart, s);
    }
    // Markers: unconstrained minimum, Coulomb solutions, maximum dissipation.
    const Vec2 arm = Vec2::Constant(kPlaneCrossShare * size);
    chart::addCross(chart, plane->unconstrainedMinimum.point, arm, QColor(0, 0, 0),
             plane->unconstrainedFeasible ? QStringLiteral("x0 (sticks)") : QStringLiteral("x0"));
    if (!plane->coulombSolutions.empty()) {
        auto* circles = chart::makeMarkerSeries(
            plane->coulombContinuum ? QStringLiteral("Coulomb (continuum)") : QStringLiteral("Coulomb"),
            CompressionPlaneView::solutionColor(), Qt::transparent, kCircleSize);
        for (const MdpMarker& m : plane->coulombSolutions)
            if (m.onPlane) circles->append(m.point.x(), m.point.y());
        chart::attach(chart, circles);
    }
    if (plane->maxDissipation.onPlane)
        chart::addCross(chart, plane->maxDissipation.point, arm, CompressionPlaneView::solutionColor(),
                 QStringLiteral("max. dissipation"));
}

}  // namespace

CompressionPlaneView::CompressionPlaneView(QWidget* parent) : ChartView(parent) {
    refresh();
}

CompressionPlaneView::~CompressionPlaneView() = default;

void CompressionPlaneView::setPlane(const MdpPlaneView& plane) {
    plane_ = plane;
    rebuild();
}

void CompressionPlaneView::clear() {
    plane_.reset();
    rebuild();
}

void CompressionPlaneView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    rebuild();
}

bool CompressionPlaneView::exportCsv(const QString& path) const {
    if (!plane_) return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    QTextStream out(&f);
    out.setRealNumberPrecision(12);
    out << "item,index,x_t,x_o,value\n";
    for (std::size_t c = 0; c < plane_->contours.size(); ++c)
        for (const auto& seg : plane_->contours[c].segments)
            for (const Vec2& p : seg) out << "contour," << c << ',' << p.x() << ',' << p.y() << ',' << plane_->contours[c].level << '\n';
    for (std::size_t b = 0; b < plane_->feasibleBoundary.size(); ++b)
        for (const Vec2& p : plane_->feasibleBoundary[b]) out << "cone_boundary," << b << ',' << p.x() << ',' << p.y() << ",\n";
    for (std::size_t b = 0; b < plane_->infeasibleBranch.size(); ++b)
        for (const Vec2& p : plane_->infeasibleBranch[b]) out << "other_branch," << b << ',' << p.x() << ',' << p.y() << ",\n";
    auto marker = [&out](const char* item, std::size_t i, const MdpMarker& m) {
        out << item << ',' << i << ',' << m.point.x() << ',' << m.point.y() << ',' << m.objective << '\n';
    };
    marker("unconstrained_minimum", 0, plane_->unconstrainedMinimum);
    marker("max_dissipation", 0, plane_->maxDissipation);
    for (std::size_t i = 0; i < plane_->coulombSolutions.size(); ++i) marker("coulomb_solution", i, plane_->coulombSolutions[i]);
    return out.status() == QTextStream::Ok;
}

QColor CompressionPlaneView::conicColor() { return QColor(0, 90, 200); }
QColor CompressionPlaneView::solutionColor() { return QColor(220, 20, 20); }

void CompressionPlaneView::populate(QChart* chart) const {
    fillPlaneChart(chart, plane_ ? &*plane_ : nullptr, title_);
}

}  // namespace impactlab::ui
