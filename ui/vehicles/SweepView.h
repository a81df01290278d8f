#pragma once
// A vehicle-collision sensitivity sweep (core/vehicle/VehicleSweep.h, SweepGrid)
// as a picture: one input gives a curve of the output against the input (Qt
// Charts, through hodograph/ChartSupport), two inputs give a colour map of the
// output over the (input 1, input 2) plane with a colour bar, painted with
// QPainter from a QImage of one pixel per grid point (no smoothing: one cell
// per sample, centred on it).
//
// Axis titles carry the input names and units, the output axis (or the colour
// bar) the output name and unit. Invalid grid points (NaN: the input was
// rejected, e.g. the vehicles no longer approach) are gaps in the curve, marked
// by grey crosses on its lower edge, and grey cells in the colour map; the
// title counts them. Maps the grid to pixels; computes nothing.
#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>
#include <QWidget>

#include <string>

#include "vehicle/VehicleSweep.h"

class QChart;
class QChartView;
class QStackedLayout;

namespace impactlab::ui {

// "epsilon [-]", "impact_offset [m]", "delta_v1 [m/s]": a sweep input's or
// output's name with its unit ("[-]" for a ratio); the name alone if unknown.
QString getSweepInputLabel(const std::string& input);
QString getSweepOutputLabel(const std::string& output);

class SweepView : public QWidget {
    Q_OBJECT

public:
    explicit SweepView(QWidget* parent = nullptr);
    ~SweepView() override;

    SweepView(const SweepView&) = delete;
    SweepView& operator=(const SweepView&) = delete;

    void setGrid(const SweepGrid& grid);
    const SweepGrid& grid() const { return grid_; }
    bool hasGrid() const { return hasGrid_; }
    // True when the grid has a second axis (drawn as a colour map).
    bool isHeatMap() const { return hasGrid_ && grid_.axis2.has_value(); }

    QImage renderImage(QSize size);
    bool exportPng(const QString& path, QSize size = {1200, 900});
    // The grid as CSV: a header row "<input1> [unit],[<input2> [unit],]<output> [unit]"
    // and one row per grid point (input 1 outer, input 2 inner); an invalid
    // point's output is "nan". False when the file cannot be written.
    bool exportCsv(const QString& path) const;

    QChart* chart() const;   // the curve's chart (empty for a colour map)

    static QColor curveColor();     // the 1D curve and its sample markers
    static QColor invalidColor();   // NaN cells and markers
    // The colour map's ramp (viridis-like, dark blue -> yellow), t in [0, 1].
    static QColor mapColor(double t);

    QSize sizeHint() const override { return {900, 650}; }

private:
    void rebuild();

    QStackedLayout* stack_ = nullptr;
    QChartView* chartView_ = nullptr;
    QWidget* mapCanvas_ = nullptr;
    SweepGrid grid_;
    bool hasGrid_ = false;
};

}  // namespace impactlab::ui
