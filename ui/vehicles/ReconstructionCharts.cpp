#include "vehicles/ReconstructionCharts.h"

#include <QChart>
#include <QLegend>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <iterator>

#include <Eigen/Eigenvalues>

#include "vehicle/Vehicle.h"

namespace impactlab::ui {

namespace {

// Points on a drawn ellipse: smooth to the pixel on a chart 1000 px wide.
constexpr int kEllipsePoints = 120;
// Share of the data's extent left around it on every side.
constexpr double kReconstructionPadShare = 0.08;
// With equal scales a cloud may be stretched at most this much to fill the
// plot; a more elongated one is shown with unequal scales.
constexpr double kCloudMaxStretch = 3.0;
// px: sample markers small and translucent, so a dense cloud shows its density.
constexpr double kSampleMarkerPx = 5.0;
constexpr int kSampleAlpha = 110;
// Histogram bins: about the square root of the sample count (a rule of
// thumb that keeps every bin's count noise below its height), within these.
constexpr int kMinHistogramBins = 5;
constexpr int kMaxHistogramBins = 40;
constexpr int kHistogramFillAlpha = 90;
// Residual bars: thickness as a share of the row pitch (1).
constexpr double kBarThickness = 0.7;
// The residual axis reaches at least +-2.5 sigma, so the +-2 lines always show.
constexpr double kMinResidualReach = 2.5;
// Data units: a bar's label sits this far above its bar's top edge.
constexpr double kBarLabelLift = 0.05;
// m/s: the least span of a histogram's axis (every sample equal).
constexpr double kMinHistogramSpan = 1e-3;

const QColor kEstimateColor(20, 20, 20);
const QColor kEllipseColor(0, 114, 178);
const QColor kWidenedEllipseColor(204, 121, 167);
const QColor kSampleColor(86, 180, 233, kSampleAlpha);

QRectF calcReconstructionBox(const std::vector<Vec2>& points, double padShare) {
    double xMin = points.front().x(), xMax = xMin, yMin = points.front().y(), yMax = yMin;
    for (const Vec2& p : points) {
        xMin = std::min(xMin, p.x());
        xMax = std::max(xMax, p.x());
        yMin = std::min(yMin, p.y());
        yMax = std::max(yMax, p.y());
    }
    const double span = std::max({xMax - xMin, yMax - yMin, kMinHistogramSpan});
    const double pad = padShare * span;
    return QRectF(xMin - pad, yMin - pad, xMax - xMin + 2 * pad, yMax - yMin + 2 * pad);
}

// The ellipse (x - m)^T C^-1 (x - m) = chi2 of the points' mean m and sample
// covariance C; empty when C is singular or there are too few points.
std::vector<Vec2> calcCovarianceEllipse(const std::vector<Vec2>& points, double chi2) {
    const std::size_t n = points.size();
    if (n < 3) return {};
    Vec2 mean = Vec2::Zero();
    for (const Vec2& p : points) mean += p;
    mean /= static_cast<double>(n);
    Eigen::Matrix2d C = Eigen::Matrix2d::Zero();
    for (const Vec2& p : points) C += (p - mean) * (p - mean).transpose();
    C /= static_cast<double>(n - 1);
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eig(C);
    if (eig.info() != Eigen::Success || !(eig.eigenvalues().minCoeff() > 0.0)) return {};
    const Vec2 a = std::sqrt(chi2 * eig.eigenvalues()(0)) * eig.eigenvectors().col(0);
    const Vec2 b = std::sqrt(chi2 * eig.eigenvalues()(1)) * eig.eigenvectors().col(1);
    std::vector<Vec2> ellipse;
    for (int k = 0; k <= kEllipsePoints; ++k) {
        const double t = 2.0 * kPi * k / kEllipsePoints;
        ellipse.push_back(mean + std::cos(t) * a + std::sin(t) * b);
    }
    return ellipse;
}

chart::SeriesSpec makeReconstructionLine(std::vector<Vec2> points, const QString& name, const QPen& pen) {
    chart::SeriesSpec s;
    s.kind = chart::SeriesSpec::Kind::Line;
    s.name = name;
    s.pen = pen;
    s.points = std::move(points);
    return s;
}

// The title and an empty view box of a chart with nothing to show.
void showEmptyReconstructionChart(QChart* chart, const QString& title, const QString& xTitle, const QString& yTitle) {
    chart::ensureAxes(chart, xTitle, yTitle);
    chart::showSeries(chart, {});
    chart::setTitle(chart, title);
    chart::setViewBox(chart, QRectF(0.0, 0.0, 1.0, 1.0), false);
}

}  // namespace

// --- The (v1, v2) cloud -----------------------------------------------------

SpeedCloudView::SpeedCloudView(QWidget* parent) : ChartView(parent) { clear(tr("Speeds: not reconstructed yet")); }

void SpeedCloudView::setCloud(std::vector<Vec2> samples, const Vec2& estimate, double widening, const QString& xTitle,
                              const QString& yTitle) {
    samples_ = std::move(samples);
    estimate_ = estimate;
    widening_ = std::max(1.0, widening);
    xTitle_ = xTitle;
    yTitle_ = yTitle;
    ellipse_ = calcCovarianceEllipse(samples_, kChi2TwoDof95);
    widenedEllipse_.clear();
    if (widening_ > 1.0)
        for (const Vec2& p : ellipse_) widenedEllipse_.push_back(estimate_ + widening_ * (p - estimate_));
    title_ = tr("Impact speeds (%1 samples)").arg(samples_.size());
    refresh();
}

void SpeedCloudView::clear(const QString& reason) {
    samples_.clear();
    ellipse_.clear();
    widenedEllipse_.clear();
    title_ = reason;
    refresh();
}

void SpeedCloudView::populate(QChart* chart) const {
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (samples_.empty()) return showEmptyReconstructionChart(chart, title_, tr("v1 [m/s]"), tr("v2 [m/s]"));
    chart::ensureAxes(chart, xTitle_, yTitle_);
    std::vector<chart::SeriesSpec> specs;
    chart::SeriesSpec cloud;
    cloud.kind = chart::SeriesSpec::Kind::Markers;
    cloud.name = tr("samples");
    cloud.pen = QPen(Qt::NoPen);
    cloud.brush = QBrush(kSampleColor);
    cloud.markerShape = QScatterSeries::MarkerShapeCircle;
    cloud.markerSize = kSampleMarkerPx;
    cloud.points = samples_;
    specs.push_back(std::move(cloud));
    if (!ellipse_.empty()) specs.push_back(makeReconstructionLine(ellipse_, tr("95 % region: covariance ellipse, chi2 = %1").arg(kChi2TwoDof95), QPen(kEllipseColor, 2.2)));
    if (!widenedEllipse_.empty())
        specs.push_back(makeReconstructionLine(widenedEllipse_, tr("widened x%1 (chi2 / dof)").arg(widening_, 0, 'f', 2),
                                     QPen(kWidenedEllipseColor, 2.0, Qt::DashLine)));
    chart::SeriesSpec estimate;
    estimate.kind = chart::SeriesSpec::Kind::Markers;
    estimate.name = tr("point estimate");
    estimate.pen = QPen(kEstimateColor, 2.0);
    estimate.brush = QBrush(Qt::white);
    estimate.markerShape = QScatterSeries::MarkerShapeRotatedRectangle;
    estimate.markerSize = 11.0;
    estimate.points = {estimate_};
    specs.push_back(std::move(estimate));
    chart::showSeries(chart, specs);
    chart::setTitle(chart, title_);
    std::vector<Vec2> all = samples_;
    all.insert(all.end(), widenedEllipse_.empty() ? ellipse_.begin() : widenedEllipse_.begin(),
               widenedEllipse_.empty() ? ellipse_.end() : widenedEllipse_.end());
    all.push_back(estimate_);
    chart::setViewBox(chart, calcReconstructionBox(all, kReconstructionPadShare), true, kCloudMaxStretch);
}

// --- Delta-V histograms ------------------------------------------------------

DeltaVHistogramView::DeltaVHistogramView(QWidget* parent) : ChartView(parent) { clear(tr("Delta-V: not reconstructed yet")); }

QColor DeltaVHistogramView::vehicleColor(int vehicle) const {
    if (vehicle >= 0 && vehicle < static_cast<int>(colors_.size())) return colors_[vehicle];
    const Vec3 c = getDefaultVehicleColor(vehicle);
    return QColor::fromRgbF(static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z()));
}

void DeltaVHistogramView::setSamples(std::vector<std::vector<double>> deltaV, std::vector<double> estimates) {
    estimates_ = std::move(estimates);
    counts_.clear();
    edges_.clear();
    double lo = 0.0, hi = 0.0;
    std::size_t n = 0;
    bool first = true;
    for (const auto& values : deltaV)
        for (double v : values) {
            lo = first ? v : std::min(lo, v);
            hi = first ? v : std::max(hi, v);
            first = false;
            ++n;
        }
    for (double e : estimates_) {
        lo = first ? e : std::min(lo, e);
        hi = first ? e : std::max(hi, e);
        first = false;
    }
    if (first) return clear(tr("Delta-V: no samples"));
    if (hi - lo < kMinHistogramSpan) hi = lo + kMinHistogramSpan;
    const std::size_t perVehicle = deltaV.empty() ? 0 : n / deltaV.size();
    const int bins = std::clamp(static_cast<int>(std::lround(std::sqrt(static_cast<double>(perVehicle)))), kMinHistogramBins, kMaxHistogramBins);
    for (int k = 0; k <= bins; ++k) edges_.push_back(lo + (hi - lo) * k / bins);
    for (const auto& values : deltaV) {
        std::vector<int> counts(static_cast<std::size_t>(bins), 0);
        for (double v : values) ++counts[static_cast<std::size_t>(std::clamp(static_cast<int>((v - lo) / (hi - lo) * bins), 0, bins - 1))];
        counts_.push_back(std::move(counts));
    }
    title_ = tr("Delta-V per vehicle: %1 samples, %2 bins").arg(perVehicle).arg(bins);
    refresh();
}

void DeltaVHistogramView::clear(const QString& reason) {
    counts_.clear();
    edges_.clear();
    estimates_.clear();
    title_ = reason;
    refresh();
}

void DeltaVHistogramView::populate(QChart* chart) const {
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (counts_.empty()) return showEmptyReconstructionChart(chart, title_, tr("delta-V [m/s]"), tr("samples"));
    chart::ensureAxes(chart, tr("delta-V [m/s]"), tr("samples"));
    std::vector<chart::SeriesSpec> specs;
    int tallest = 1;
    for (const auto& counts : counts_) tallest = std::max(tallest, *std::max_element(counts.begin(), counts.end()));
    for (std::size_t i = 0; i < counts_.size(); ++i) {
        const QColor color = vehicleColor(static_cast<int>(i));
        // The histogram's outline as one polygon: up and down each bin's edges.
        chart::SeriesSpec bars;
        bars.kind = chart::SeriesSpec::Kind::Polygon;
        bars.name = tr("vehicle %1").arg(i + 1);
        bars.pen = QPen(color, 1.5);
        QColor fill = color;
        fill.setAlpha(kHistogramFillAlpha);
        bars.brush = QBrush(fill);
        bars.legendBrush = QBrush(color);
        bars.points.emplace_back(edges_.front(), 0.0);
        for (std::size_t k = 0; k < counts_[i].size(); ++k) {
            bars.points.emplace_back(edges_[k], counts_[i][k]);
            bars.points.emplace_back(edges_[k + 1], counts_[i][k]);
        }
        bars.points.emplace_back(edges_.back(), 0.0);
        specs.push_back(std::move(bars));
    }
    for (std::size_t i = 0; i < estimates_.size(); ++i) {
        const QColor color = vehicleColor(static_cast<int>(i));
        specs.push_back(makeReconstructionLine({Vec2(estimates_[i], 0.0), Vec2(estimates_[i], tallest)},
                                     tr("vehicle %1 estimate").arg(i + 1), QPen(color.darker(), 2.0, Qt::DashLine)));
    }
    chart::showSeries(chart, specs);
    chart::setTitle(chart, title_);
    const double span = edges_.back() - edges_.front();
    chart::setViewBox(chart,
                      QRectF(edges_.front() - kReconstructionPadShare * span, 0.0, span * (1.0 + 2.0 * kReconstructionPadShare),
                             tallest * (1.0 + kReconstructionPadShare)),
                      false);
}

// --- Residuals -------------------------------------------------------------

ResidualBarsView::ResidualBarsView(QWidget* parent) : ChartView(parent) { clear(tr("Residuals: not reconstructed yet")); }

void ResidualBarsView::setResiduals(std::vector<ResidualBar> bars) {
    bars_ = std::move(bars);
    title_ = tr("Residuals (predicted - observed) / sigma");
    refresh();
}

void ResidualBarsView::clear(const QString& reason) {
    bars_.clear();
    title_ = reason;
    refresh();
}

void ResidualBarsView::populate(QChart* chart) const {
    chart->legend()->setVisible(false);
    if (bars_.empty()) return showEmptyReconstructionChart(chart, title_, tr("residual [sigma]"), QString());
    chart::ensureAxes(chart, tr("residual [sigma]"), QString());
    // The rows are items, not a scale: no numbers on that axis.
    if (QValueAxis* rows = chart::findAxis(chart, Qt::Vertical)) rows->setLabelsVisible(false);
    double reach = kMinResidualReach;
    for (const ResidualBar& b : bars_) reach = std::max(reach, std::abs(b.sigmas));
    reach *= 1.0 + kReconstructionPadShare;
    const double n = static_cast<double>(bars_.size());
    std::vector<chart::SeriesSpec> specs;
    // Reference lines first, under the bars: 0 solid, +-1 and +-2 dashed.
    for (double s : {-2.0, -1.0, 0.0, 1.0, 2.0})
        specs.push_back(makeReconstructionLine({Vec2(s, -n), Vec2(s, 1.0)}, QString(),
                                     QPen(QColor(120, 120, 120), s == 0.0 ? 1.5 : 1.0, s == 0.0 ? Qt::SolidLine : Qt::DashLine)));
    for (std::size_t k = 0; k < bars_.size(); ++k) {
        const double r = bars_[k].sigmas;
        const double yTop = -static_cast<double>(k) + 0.5 * kBarThickness;
        const double yBottom = yTop - kBarThickness;
        const QColor color = std::abs(r) <= 1.0 ? fitColor() : std::abs(r) <= 2.0 ? strainColor() : misfitColor();
        chart::SeriesSpec bar;
        bar.kind = chart::SeriesSpec::Kind::Polygon;
        bar.pen = QPen(color.darker(), 1.0);
        bar.brush = QBrush(color);
        bar.inLegend = false;
        bar.points = {Vec2(0.0, yBottom), Vec2(r, yBottom), Vec2(r, yTop), Vec2(0.0, yTop)};
        specs.push_back(std::move(bar));
        // The label above the bar, centred on the left half of the plot
        // (Qt Charts centres a point's label on it).
        chart::SeriesSpec label;
        label.kind = chart::SeriesSpec::Kind::Markers;
        label.pen = QPen(Qt::NoPen);
        label.brush = QBrush(Qt::transparent);
        label.markerSize = 1.0;
        label.inLegend = false;
        label.points = {Vec2(-0.5 * reach, yTop + kBarLabelLift)};
        label.pointLabel = QString("%1: %2").arg(bars_[k].label).arg(r, 0, 'f', 2);
        label.pointLabelColor = QColor(40, 40, 40);
        specs.push_back(std::move(label));
    }
    chart::showSeries(chart, specs);
    chart::setTitle(chart, title_);
    chart::setViewBox(chart, QRectF(-reach, -n + 0.5 - kReconstructionPadShare, 2.0 * reach, n + 2.0 * kReconstructionPadShare), false);
}

}  // namespace impactlab::ui
