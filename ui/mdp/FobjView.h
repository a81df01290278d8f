#pragma once
// The reduced objective on the cone boundary, f_obj(alpha) (Preclik, Eibl &
// Ruede Fig. 3): the curve over the feasible arcs (solid blue), the infeasible
// arcs (f_r <= 0) shaded with grey stripes, the poles (f_r = 0) dotted, the
// stationary points of eq. (8) and the global minimum (red cross). Maps the
// core's MdpFobjCurve to Qt Charts series. Exports PNG, SVG and CSV.
#include <QImage>
#include <QSize>
#include <QString>
#include "charts/ChartView.h"

#include <QStringList>
#include <optional>
#include <vector>

#include "diagram/MaxDissipationDiagram.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class FobjView : public ChartView {
    Q_OBJECT

public:
    explicit FobjView(QWidget* parent = nullptr);
    ~FobjView() override;

    void setCurve(const MdpFobjCurve& curve);
    /// One curve per value of a parameter overlay: each value's
    /// feasible arcs and global minimum in its palette colour
    /// (FigureView::paletteColor), named with its label. The infeasible
    /// arcs and poles move with the cone, so they are not drawn (one set
    /// per value would cover the plot); a value the reduction does not
    /// apply to draws nothing and is named in the title.
    void setOverlay(const std::vector<MdpFobjCurve>& curves, const QStringList& labels);
    bool isOverlay() const { return !overlay_.empty(); }
    void clear();
    /// Redraws only when the title changes (set it before the data).
    void setTitle(const QString& title);
    QString title() const { return title_; }

    QImage renderImage(QSize size = {1000, 700}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportSvg(path, size); }
    // The sampled curve, one row per angle. A curve that is not available (a
    // contact the reduction does not apply to; the view shows why) is written
    // as the header alone: no samples, and not a failure. False when no curve
    // was set or the file could not be written.
    bool exportCsv(const QString& path) const;
    QPointF mapToImage(const Vec2& point, QSize size) const { return mapPoint(point, size); }   // (alpha, f_obj) to pixels

    static QColor curveColor();
    static QColor minimumColor();

protected:
    void populate(QChart* chart) const override;

private:
    void rebuild() { refresh(); }

    std::optional<MdpFobjCurve> curve_;
    std::vector<MdpFobjCurve> overlay_;   // empty unless an overlay is shown
    QStringList overlayLabels_;
    QString title_;
};

}  // namespace impactlab::ui
