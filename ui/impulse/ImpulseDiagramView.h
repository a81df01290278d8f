#pragma once
// Qt Charts view of one contact's impulse-space diagram (core/diagram/
// ImpulseDiagram.h). It only maps the core's geometry to chart series: no
// physics is computed here.
//
// What is drawn, bottom to top:
//   admissible region  light fill: the energy ellipse's interior clipped to the
//                      friction cone and to the far side of the maximum
//                      compression line (post-impact v_n >= 0). The clip is
//                      plain polygon geometry on the core's lines; a polyline
//                      with id "admissible-region" from the core is used as is.
//   reference lines    friction lines dashed grey, maximum compression solid
//                      dark, Newton termination dash-dot, sticking line dotted,
//                      reverse-sliding line DR dash-dot-dot, Poisson
//                      termination dashed purple, energy ellipse a closed curve.
//   law paths          thick lines in a palette of distinguishable colours; a
//                      path that gains energy is red, thicker, and its legend
//                      entry says "ENERGY GAINED".
//   markers            hollow circle at each path's end of compression, filled
//                      circle at its final impulse.
//
// Axes keep equal scales (1 N s is as long horizontally as vertically) so the
// friction cone's angle and the ellipse's shape read true, unless the view box
// is so elongated that equal scales would waste most of the plot
// (kMaxAspectStretch).
//
// Exports render a separate chart of the requested size into a QImage or a
// QSvgGenerator through QPainter: independent of the widget's size and of any
// OpenGL surface, so they work under QT_QPA_PLATFORM=offscreen.

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QSize>
#include <QString>

#include <optional>

#include "charts/ChartView.h"
#include "diagram/ImpulseDiagram.h"

namespace impactlab::ui {

class ImpulseDiagramView : public ChartView {
    Q_OBJECT

public:
    explicit ImpulseDiagramView(QWidget* parent = nullptr);
    ~ImpulseDiagramView() override;

    ImpulseDiagramView(const ImpulseDiagramView&) = delete;
    ImpulseDiagramView& operator=(const ImpulseDiagramView&) = delete;

    /// Shows `diagram`, replacing whatever was shown (in place when only the
    /// numbers changed).
    void setDiagram(const ImpulseDiagram& diagram);
    /// Both at once, drawn once (a page that changes both per slider move).
    void setDiagram(const ImpulseDiagram& diagram, const QString& title);
    /// Removes every series; the view shows empty axes and "no impact selected".
    void clear();
    bool hasDiagram() const { return diagram_.has_value(); }
    /// The diagram shown (an empty one after clear()), for CSV export.
    const ImpulseDiagram& diagram() const {
        static const ImpulseDiagram empty;
        return diagram_ ? *diagram_ : empty;
    }

    /// Chart title, e.g. "Impulse space — impact 2 at t = 0.452 s"; nothing
    /// is redrawn when it is unchanged.
    void setTitle(const QString& title);
    QString title() const { return title_; }

    /// The chart drawn at `size` pixels (white background), independent of the
    /// widget's own size.
    QImage renderImage(QSize size = {1200, 900}) const { return ChartView::renderImage(size); }
    /// renderImage() saved as PNG. False when the file cannot be written.
    bool exportPng(const QString& path, QSize size = {1200, 900}) const { return ChartView::exportPng(path, size); }
    /// The same chart as vector graphics through QSvgGenerator.
    bool exportSvg(const QString& path, QSize size = {1200, 900}) const { return ChartView::exportSvg(path, size); }
    /// The diagram's points and paths as CSV (diagram/DiagramCsv.h).
    bool exportCsv(const QString& path) const;

    /// Where the impulse (I_t, I_n) lands in renderImage(size), in pixels.
    /// For tests and for annotating exports.
    QPointF mapToImage(const QPointF& impulse, QSize size) const {
        return mapPoint(Vec2(impulse.x(), impulse.y()), size);
    }

    /// Colour of the index-th ordinary path (cycles through the palette).
    static QColor pathColor(int index);
    /// Colour of every path that gains energy.
    static QColor energyGainColor();

    QSize sizeHint() const override;

protected:
    void populate(QChart* chart) const override;
    QString describe() const override;

private:
    std::optional<ImpulseDiagram> diagram_;
    QString title_;
};

/// Equal axis scales are kept while they stretch the view box by at most this
/// factor along one axis; beyond it the box fills the plot instead, because a
/// diagram squeezed into a fifth of the plot is unreadable.
inline constexpr double kMaxAspectStretch = 4.0;

}  // namespace impactlab::ui
