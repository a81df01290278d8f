#pragma once
// The plots of a vehicle reconstruction (core/reconstruction/Reconstruction.h)
// in Qt Charts, each a ChartView (PNG and SVG exports drawn as on screen):
//
//   SpeedCloudView     the Monte Carlo samples of the first two speed unknowns
//                      (v1, v2) as a scatter, the point estimate as a cross,
//                      and the 95 % region as the samples' covariance ellipse
//                      at chi2(2 dof, 0.95) = 5.991 about their mean; when the
//                      fit is worse than the sigmas allow (widening > 1) the
//                      same ellipse widened about the point estimate by the
//                      factor the intervals are widened by, dashed;
//   DeltaVHistogramView  a histogram of the sampled delta-V per vehicle, on
//                      shared bins, with each point estimate as a dashed line;
//   ResidualBarsView   each evidence component's residual (predicted -
//                      observed) / sigma as a horizontal bar, with the lines
//                      at 0, +-1 and +-2 sigma.
//
// The views hold plain numbers picked from a result by the reconstruction
// view; the ellipse and the bins are the only arithmetic here (statistics of
// the points drawn, no physics).
#include <QString>
#include <vector>

#include "charts/ChartView.h"

namespace impactlab::ui {

// chi2 with 2 degrees of freedom at 0.95: -2 ln(0.05).
inline constexpr double kChi2TwoDof95 = 5.991;

class SpeedCloudView : public ChartView {
    Q_OBJECT

public:
    explicit SpeedCloudView(QWidget* parent = nullptr);

    // `samples` (m/s), the point estimate, and the intervals' widening
    // factor (>= 1); the axis titles name the two unknowns.
    void setCloud(std::vector<Vec2> samples, const Vec2& estimate, double widening, const QString& xTitle,
                  const QString& yTitle);
    // No cloud, and why (the title says it).
    void clear(const QString& reason);
    const std::vector<Vec2>& samples() const { return samples_; }
    // The 95 % covariance ellipse of the samples, closed (empty with fewer
    // than three samples or a singular covariance).
    const std::vector<Vec2>& ellipse() const { return ellipse_; }

    bool exportPng(const QString& path, QSize size = {900, 800}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {900, 800}) const { return ChartView::exportSvg(path, size); }
    QSize sizeHint() const override { return {460, 400}; }

protected:
    void populate(QChart* chart) const override;

private:
    std::vector<Vec2> samples_, ellipse_, widenedEllipse_;
    Vec2 estimate_ = Vec2::Zero();
    double widening_ = 1.0;
    QString xTitle_, yTitle_, title_;
};

class DeltaVHistogramView : public ChartView {
    Q_OBJECT

public:
    explicit DeltaVHistogramView(QWidget* parent = nullptr);

    // Per vehicle: the sampled delta-Vs (m/s) and the point estimate.
    void setSamples(std::vector<std::vector<double>> deltaV, std::vector<double> estimates);
    // Each vehicle's colour in the scene (its body's, as the 3D view and the
    // momentum diagram draw it); by default the core's getDefaultVehicleColor.
    void setVehicleColors(std::vector<QColor> colors) { colors_ = std::move(colors); }
    QColor vehicleColor(int vehicle) const;
    void clear(const QString& reason);
    // Per vehicle, the count in each bin; bins share their edges.
    const std::vector<std::vector<int>>& counts() const { return counts_; }
    const std::vector<double>& binEdges() const { return edges_; }

    bool exportPng(const QString& path, QSize size = {900, 600}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {900, 600}) const { return ChartView::exportSvg(path, size); }
    QSize sizeHint() const override { return {460, 320}; }

protected:
    void populate(QChart* chart) const override;

private:
    std::vector<std::vector<int>> counts_;
    std::vector<double> edges_, estimates_;
    std::vector<QColor> colors_;
    QString title_;
};

struct ResidualBar {
    QString label;      // "delta-V, v2", "rest position x, v1"; evidence from the top, in order
    double sigmas = 0;  // (predicted - observed) / sigma
};

class ResidualBarsView : public ChartView {
    Q_OBJECT

public:
    explicit ResidualBarsView(QWidget* parent = nullptr);

    void setResiduals(std::vector<ResidualBar> bars);
    void clear(const QString& reason);
    const std::vector<ResidualBar>& bars() const { return bars_; }

    bool exportPng(const QString& path, QSize size = {900, 700}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {900, 700}) const { return ChartView::exportSvg(path, size); }
    QSize sizeHint() const override { return {460, 360}; }

    // Bars within 1 sigma, within 2, beyond.
    static QColor fitColor() { return QColor(0, 158, 115); }
    static QColor strainColor() { return QColor(230, 159, 0); }
    static QColor misfitColor() { return QColor(213, 94, 0); }

protected:
    void populate(QChart* chart) const override;

private:
    std::vector<ResidualBar> bars_;
    QString title_;
};

}  // namespace impactlab::ui
