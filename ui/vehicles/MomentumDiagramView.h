#pragma once
// Momentum diagram of a vehicle collision (core/vehicle/VehicleCollision.h) in
// Qt Charts: each vehicle's linear momentum p_i = m_i v_i (kg m/s, world x, y)
// before and after the impact as arrows from the origin, and the sums
// p_1 + p_2 before and after, which coincide (J_1 = -J_2: momentum is
// conserved), so the "after" sum is drawn dashed on top of the thicker
// "before" sum. Against a barrier only vehicle 1 is drawn (the barrier takes
// up momentum; no sums). Axes keep equal scales so directions read true.
//
// The arrows are computed from the collision's input and result only (no
// physics here); momentumArrows() exposes them for tests and annotations.
// Exports render a separate chart of the requested size (ChartSupport), so
// they work under QT_QPA_PLATFORM=offscreen.
#include <QColor>
#include <QImage>
#include <QPointF>
#include <QSize>
#include <QString>
#include "charts/ChartView.h"

#include <optional>
#include <vector>

#include "vehicle/VehicleCollision.h"

class QChart;
class QChartView;

namespace impactlab::ui {

struct MomentumArrow {
    QString name;             // legend text, e.g. "vehicle 1 before"
    Vec2 momentum;            // kg m/s, world; the arrow runs from the origin to here
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    double width = 2.5;       // px
};

class MomentumDiagramView : public ChartView {
    Q_OBJECT

public:
    explicit MomentumDiagramView(QWidget* parent = nullptr);
    ~MomentumDiagramView() override;

    MomentumDiagramView(const MomentumDiagramView&) = delete;
    MomentumDiagramView& operator=(const MomentumDiagramView&) = delete;

    /// Shows this collision's momenta, replacing whatever was shown.
    void setCollision(const VehicleCollisionInput& input, const VehicleCollisionResult& result);
    /// Empty axes and "no collision".
    void clear();
    bool hasCollision() const { return !arrows_.empty(); }

    /// The arrows drawn, in drawing order: vehicle 1 before, vehicle 1 after,
    /// then (two vehicles) vehicle 2 before, vehicle 2 after, sum before, sum after.
    std::vector<MomentumArrow> momentumArrows(const VehicleCollisionInput& input,
                                              const VehicleCollisionResult& result) const;
    const std::vector<MomentumArrow>& arrows() const { return arrows_; }

    QImage renderImage(QSize size = {1000, 900}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 900}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 900}) const { return ChartView::exportSvg(path, size); }

    /// Where the momentum `p` (kg m/s) lands in renderImage(size), in pixels.
    QPointF mapToImage(const Vec2& p, QSize size) const { return mapPoint(p, size); }

    /// The on-screen chart. Each arrow is a QLineSeries named as in
    /// momentumArrows() with two points, the origin and the tip, then come the
    /// heads: one unnamed series per arrow (barb, tip, barb) without a legend
    /// entry. Exposed for tests.

    // Vehicle `index`'s colour: the scene's (setVehicleColors), by default
    // the core's (getDefaultVehicleColor); "after" is the same colour, lighter
    // and dashed.
    QColor vehicleColor(int index) const;
    static QColor makeAfterColor(const QColor& before);
    // The vehicles' colours in the scene (its bodies' colours), for the next setCollision.
    void setVehicleColors(std::vector<QColor> colors) { colors_ = std::move(colors); }
    static QColor sumBeforeColor() { return QColor(40, 40, 40); }
    static QColor sumAfterColor() { return QColor(204, 121, 167); }

    QSize sizeHint() const override;

protected:
    void populate(QChart* chart) const override;

private:
    void rebuild() { refresh(); }

    std::vector<MomentumArrow> arrows_;
    std::vector<QColor> colors_;
    QString title_;
};

}  // namespace impactlab::ui
