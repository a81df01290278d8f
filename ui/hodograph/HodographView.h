#pragma once
// Qt Charts view of the Jia & Wang hodograph plane (core/diagram/Hodograph.h):
// the sliding velocity gamma = (v_t1, v_t2) along the impact, with the
// invariant directions and the marked events (Figs. 4, 7 and 10), or a bundle
// of hodographs from unit initial sliding velocities (Figs. 6 and 8). It only
// maps the core's geometry to series: nothing is computed here but drawing
// positions.
//
// What is drawn:
//   invariant rays  dashed lines from the origin across the plot along each
//                   invariant direction: blue when centripetal (lambda <= 0,
//                   |gamma| shrinks along it) with an arrowhead pointing to the
//                   origin, red when centrifugal (lambda > 0, |gamma| grows) with
//                   an arrowhead pointing away (the paper's Fig. 4 convention);
//                   each labelled with its polar angle.
//   trajectory      the hodograph, a thick dark line; in bundle mode one
//                   colour per path (a viridis ramp), each labelled gamma_i
//                   at its start.
//   points          g_0 (start), g_c, g_l, g_r and stick as markers with their
//                   labels.
//   title           the given title plus "sequence: csr" (the event sequence),
//                   or a note that every direction is invariant.
// Both axes keep equal scales (1 m/s is as long across as up), so directions
// and angles read true.
//
// Exports render a separate chart of the requested size (see ChartSupport.h),
// so they work headless and do not depend on the widget's size.
#include <QColor>
#include <QImage>
#include <QPointF>
#include <QSize>
#include <QString>
#include "charts/ChartView.h"

#include <array>
#include <QStringList>
#include <variant>

#include "diagram/Hodograph.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class HodographView : public ChartView {
    Q_OBJECT

public:
    explicit HodographView(QWidget* parent = nullptr);
    ~HodographView() override;

    HodographView(const HodographView&) = delete;
    HodographView& operator=(const HodographView&) = delete;

    /// Shows one hodograph, replacing whatever was shown.
    void setDiagram(const HodographDiagram& diagram);
    /// Shows a bundle of hodographs (Fig. 6), replacing whatever was shown.
    void setBundle(const HodographBundle& bundle);
    /// Shows one hodograph per value of a parameter overlay, each
    /// in its value's palette colour with its invariant rays, the legend
    /// naming the values (`labels`, one per diagram).
    void setOverlay(const std::vector<HodographDiagram>& diagrams, const QStringList& labels);
    bool isOverlay() const { return std::holds_alternative<Overlay>(content_); }
    /// Shows empty axes and "no impact selected".
    void clear();
    bool hasContent() const { return !std::holds_alternative<std::monostate>(content_); }
    bool isBundle() const { return std::holds_alternative<HodographBundle>(content_); }

    /// Title before the sequence, e.g. "Hodograph — icosahedron on tetrahedron";
    /// redraws only when it changes (set it before the data).
    void setTitle(const QString& title);
    QString title() const { return title_; }

    /// The chart drawn at `size` pixels on white, independent of the widget.
    QImage renderImage(QSize size = {1000, 900}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 900}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 900}) const { return ChartView::exportSvg(path, size); }
    /// Where the sliding velocity `gamma` lands in renderImage(size), in pixels.
    QPointF mapToImage(const Vec2& gamma, QSize size) const { return mapPoint(gamma, size); }

    /// The data rectangle the content asks for (before the axes widen it to
    /// equal scales); the arrowheads are placed relative to it.
    QRectF viewBox() const;
    /// Tip and the two base corners of `ray`'s arrowhead in the hodograph
    /// plane: on the ray at kArrowPositionShare of the way to the edge of
    /// `viewBox`, pointing to the origin (centripetal) or away (centrifugal).
    static std::array<Vec2, 3> calcArrowhead(const InvariantRay& ray, const QRectF& viewBox);

    /// The on-screen chart; for tests and diagnostics.

    static QColor centripetalColor();
    static QColor centrifugalColor();
    static QColor trajectoryColor();
    /// Colour of path `index` of a bundle of `count`: a perceptual ramp (viridis,
    /// purple to green) that never comes near the rays' saturated red or blue.
    static QColor bundleColor(int index, int count);

    QSize sizeHint() const override;

protected:
    void populate(QChart* chart) const override;

private:
    void rebuild() { refresh(); }

public:
    struct Overlay {
        std::vector<HodographDiagram> diagrams;
        QStringList labels;
    };

private:
    std::variant<std::monostate, HodographDiagram, HodographBundle, Overlay> content_;
    QString title_;
};

/// Series names the view gives, so tests and callers can find them.
inline constexpr const char* kHodographTrajectoryRole = "trajectory";
inline constexpr const char* kHodographBundlePathRole = "bundle-path";
inline constexpr const char* kHodographRayRole = "ray";
inline constexpr const char* kHodographRoleProperty = "impactlabRole";

}  // namespace impactlab::ui
