#include "MomentumDiagramView.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "charts/ChartSupport.h"

namespace impactlab::ui {

namespace {

// Arrowhead: length as a share of the longest arrow, half-angle of the barbs.
constexpr double kHeadShare = 0.06;
constexpr double kHeadHalfAngle = 25.0 * EIGEN_PI / 180.0;
// Room around the arrows as a share of the largest momentum.
constexpr double kMomentumPadShare = 0.12;
constexpr double kSumBeforeWidth = 6.0;
constexpr double kSumAfterWidth = 2.5;
constexpr double kVehicleWidth = 2.8;

// An arrowhead's pen is at least this wide (px), so a thin arrow's head reads.
constexpr double kMinHeadPenWidth = 2.0;
constexpr double kWholeNumberLabels = 100.0;  // kg m/s

// The arrowhead as an open polyline: barb, tip, barb. Empty for a zero arrow.
std::vector<Vec2> headPoints(const Vec2& tip, double head) {
    std::vector<Vec2> pts;
    const double length = tip.norm();
    if (length > 0.0) {
        const double h = std::min(head, 0.5 * length);
        const Vec2 back = -tip / length;
        for (double s : {1.0, -1.0}) {
            const double c = std::cos(s * kHeadHalfAngle), sn = std::sin(s * kHeadHalfAngle);
            const Vec2 barb(c * back.x() - sn * back.y(), sn * back.x() + c * back.y());
            pts.push_back(tip + h * barb);
            if (s > 0.0) pts.push_back(tip);
        }
    }
    return pts;
}

void fillMomentumChart(QChart* chart, const std::vector<MomentumArrow>& arrows, const QString& title) {
    chart::ensureAxes(chart, QStringLiteral("p_x [kg m/s]"), QStringLiteral("p_y [kg m/s]"));
    chart::clearSeries(chart);
    chart->legend()->setVisible(true);
    // A bottom legend is one row and truncates six names in a narrow view.
    chart->legend()->setAlignment(Qt::AlignRight);
    if (arrows.empty()) {
        chart::setTitle(chart, QStringLiteral("Momentum — no collision"));
        chart::setViewBox(chart, QRectF(-1.0, -1.0, 2.0, 2.0), true);
        return;
    }
    chart::setTitle(chart, title);
    double largest = 0.0;
    double xMin = 0.0, xMax = 0.0, yMin = 0.0, yMax = 0.0;
    for (const MomentumArrow& a : arrows) {
        largest = std::max(largest, a.momentum.norm());
        xMin = std::min(xMin, a.momentum.x());
        xMax = std::max(xMax, a.momentum.x());
        yMin = std::min(yMin, a.momentum.y());
        yMax = std::max(yMax, a.momentum.y());
    }
    if (!(largest > 0.0)) largest = 1.0;
    // Momenta of cars are thousands of kg m/s: whole numbers read better than "2.5e+04".
    if (largest >= kWholeNumberLabels)
        for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical})
            if (QValueAxis* axis = chart::findAxis(chart, o)) axis->setLabelFormat(QStringLiteral("%.0f"));
    const double pad = kMomentumPadShare * largest;
    chart::setViewBox(chart, QRectF(xMin - pad, yMin - pad, xMax - xMin + 2 * pad, yMax - yMin + 2 * pad), true);
    for (const MomentumArrow& a : arrows) {
        QPen pen(a.color, a.width, a.style);
        pen.setCapStyle(Qt::FlatCap);
        chart::attach(chart, chart::makeLineSeries({Vec2::Zero(), a.momentum}, a.name, pen));
    }
    // Heads solid (a dashed head reads as broken) and after all shafts, so a
    // shaft never covers another arrow's head; no legend entries.
    for (const MomentumArrow& a : arrows) {
        const std::vector<Vec2> head = headPoints(a.momentum, kHeadShare * largest);
        if (head.empty()) continue;
        QPen pen(a.color, std::max(kMinHeadPenWidth, std::min(a.width, 3.0)), Qt::SolidLine);
        pen.setJoinStyle(Qt::MiterJoin);
        auto* series = chart::makeLineSeries(head, QString(), pen);
        chart::attach(chart, series);
        chart::hideLegendMarkers(chart, series);
    }
}

}  // namespace

MomentumDiagramView::MomentumDiagramView(QWidget* parent) : ChartView(parent) {
    refresh();
}

MomentumDiagramView::~MomentumDiagramView() = default;

QColor MomentumDiagramView::vehicleColor(int index) const {
    if (index >= 0 && index < static_cast<int>(colors_.size())) return colors_[index];
    const Vec3 c = getDefaultVehicleColor(index);
    return QColor::fromRgbF(static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z()));
}

QColor MomentumDiagramView::makeAfterColor(const QColor& before) {
    // Half way to white: the same hue, told from "before" by its dashes too.
    constexpr double kAfterWhiteShare = 0.45;
    const auto mix = [](int channel) { return static_cast<int>(std::lround(channel + kAfterWhiteShare * (255 - channel))); };
    return QColor(mix(before.red()), mix(before.green()), mix(before.blue()));
}

std::vector<MomentumArrow> MomentumDiagramView::momentumArrows(const VehicleCollisionInput& input,
                                                               const VehicleCollisionResult& result) const {
    const QColor c1 = vehicleColor(0), c2 = vehicleColor(1);
    std::vector<MomentumArrow> arrows;
    const Vec2 p1Before = input.vehicle1.mass * input.vehicle1.velocity;
    const Vec2 p1After = input.vehicle1.mass * result.vehicle1.velocityAfter;
    arrows.push_back({QStringLiteral("vehicle 1 before"), p1Before, c1, Qt::SolidLine, kVehicleWidth});
    arrows.push_back({QStringLiteral("vehicle 1 after"), p1After, makeAfterColor(c1), Qt::DashLine, kVehicleWidth});
    if (input.vehicle2 && result.vehicle2) {
        const Vec2 p2Before = input.vehicle2->mass * input.vehicle2->velocity;
        const Vec2 p2After = input.vehicle2->mass * result.vehicle2->velocityAfter;
        arrows.push_back({QStringLiteral("vehicle 2 before"), p2Before, c2, Qt::SolidLine, kVehicleWidth});
        arrows.push_back({QStringLiteral("vehicle 2 after"), p2After, makeAfterColor(c2), Qt::DashLine, kVehicleWidth});
        arrows.push_back({QStringLiteral("sum before"), p1Before + p2Before, sumBeforeColor(), Qt::SolidLine, kSumBeforeWidth});
        arrows.push_back({QStringLiteral("sum after"), p1After + p2After, sumAfterColor(), Qt::DashLine, kSumAfterWidth});
    }
    return arrows;
}

void MomentumDiagramView::setCollision(const VehicleCollisionInput& input, const VehicleCollisionResult& result) {
    arrows_ = momentumArrows(input, result);
    title_ = input.vehicle2 ? QStringLiteral("Momentum m v (sums coincide: conserved)")
                            : QStringLiteral("Momentum m v of vehicle 1 (barrier)");
    rebuild();
}

void MomentumDiagramView::clear() {
    arrows_.clear();
    rebuild();
}

QSize MomentumDiagramView::sizeHint() const { return {560, 480}; }

void MomentumDiagramView::populate(QChart* chart) const {
    fillMomentumChart(chart, arrows_, title_);
}

}  // namespace impactlab::ui
