#pragma once
// Qt Charts view of energy against normal impulse (core/diagram/Hodograph.h,
// EnergyCurve): the kinetic energy of the relative motion along the impact and,
// when the law tracks it, Stronge's contact potential energy E (Jia & Wang
// eq. 11: E' = -v_n, rising in compression to E_c, then released down to 0).
// Maps the core's samples to series; computes nothing.
//
// Kinetic energy is a solid line, the potential a dashed one; the axes are
// fitted to the data (no equal scales: the units differ). Exports as in
// HodographView.
#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>
#include "charts/ChartView.h"

#include <QStringList>
#include <optional>
#include <vector>

#include "diagram/Hodograph.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class EnergyView : public ChartView {
    Q_OBJECT

public:
    explicit EnergyView(QWidget* parent = nullptr);
    ~EnergyView() override;

    EnergyView(const EnergyView&) = delete;
    EnergyView& operator=(const EnergyView&) = delete;

    void setCurve(const EnergyCurve& curve);
    /// One curve per value of a parameter overlay: each value's
    /// kinetic (solid) and potential (dashed) energy in its palette colour
    /// (FigureView::paletteColor, as every overlaid view), named with its
    /// label ("kinetic energy (friction = 0.3)").
    void setOverlay(const std::vector<EnergyCurve>& curves, const QStringList& labels);
    void clear();
    bool hasCurve() const { return curve_.has_value() || !overlay_.empty(); }
    bool isOverlay() const { return !overlay_.empty(); }

    /// Redraws only when the title changes (set it before the data).
    void setTitle(const QString& title);
    QString title() const { return title_; }

    QImage renderImage(QSize size = {1000, 700}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportSvg(path, size); }

    static QColor kineticColor();
    static QColor potentialColor();

    QSize sizeHint() const override;

protected:
    void populate(QChart* chart) const override;

private:
    void rebuild() { refresh(); }

    std::optional<EnergyCurve> curve_;
    std::vector<EnergyCurve> overlay_;   // empty unless an overlay is shown
    QStringList overlayLabels_;
    QString title_;
};

}  // namespace impactlab::ui
