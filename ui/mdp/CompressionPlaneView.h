#pragma once
// The plane of maximum compression of a single inelastic contact (Preclik,
// Eibl & Ruede Figs. 2 and 7), in the plane's own coordinates (x_t, x_o):
// contours of the objective (the zero contour black), the cone's section
// (feasible branch solid blue, a hyperbola's other branch dashed), the
// unconstrained minimum (black cross), the maximum-dissipation impulse (red
// cross) and every Coulomb solution (red circles). Maps the core's
// MdpPlaneView (core/diagram/MaxDissipationDiagram.h) to Qt Charts series and
// computes nothing. Exports PNG, SVG and CSV.
#include <QImage>
#include <QSize>
#include <QString>
#include "charts/ChartView.h"

#include <optional>

#include "diagram/MaxDissipationDiagram.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class CompressionPlaneView : public ChartView {
    Q_OBJECT

public:
    explicit CompressionPlaneView(QWidget* parent = nullptr);
    ~CompressionPlaneView() override;

    void setPlane(const MdpPlaneView& plane);
    void clear();
    bool hasPlane() const { return plane_.has_value(); }
    /// Redraws only when the title changes (set it before the data).
    void setTitle(const QString& title);
    QString title() const { return title_; }

    QImage renderImage(QSize size = {1000, 800}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 800}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 800}) const { return ChartView::exportSvg(path, size); }
    // Every drawn point: contour levels, conic branches, markers.
    bool exportCsv(const QString& path) const;
    // Where a plane point lands in renderImage(size), in pixels.
    QPointF mapToImage(const Vec2& planePoint, QSize size) const { return mapPoint(planePoint, size); }

    static QColor conicColor();
    static QColor solutionColor();

protected:
    void populate(QChart* chart) const override;

private:
    void rebuild() { refresh(); }

    std::optional<MdpPlaneView> plane_;
    QString title_;
};

}  // namespace impactlab::ui
