#pragma once
// The laws against measurements (diagram/MeasurementSweep.h): one chart per
// derived quantity in a grid, each law a line (the compliant reference
// dashed), the measured points black circles on top, the scene's own value
// a dashed vertical line; a line above says what is drawn and whether the
// sweep is still being computed for the document on screen. The charts
// share one legend (the first chart's): every chart draws the same laws in
// the same colours. Exports are the grid as one PNG or SVG.
#include <QImage>
#include <QSize>
#include <QString>
#include <QWidget>
#include <vector>

#include "diagram/Figure.h"

class QLabel;

namespace impactlab::ui {

class FigureView;

class MeasurementsView : public QWidget {
    Q_OBJECT

public:
    explicit MeasurementsView(QWidget* parent = nullptr);

    // Up to kMeasurementCharts figures, in reading order; `status` is the
    // line above the charts.
    void setFigures(const std::vector<Figure>& figures, const QString& status);
    const std::vector<Figure>& figures() const { return figures_; }
    QString status() const;
    FigureView* chart(int index) const { return charts_.at(static_cast<std::size_t>(index)); }

    // The grid at `size` pixels on white: every chart with its own legend.
    QImage renderImage(QSize size = {1600, 1100}) const;
    bool exportPng(const QString& path, QSize size = {1600, 1100}) const;
    bool exportSvg(const QString& path, QSize size = {1600, 1100}) const;

    static constexpr int kMeasurementCharts = 4;
    static constexpr int kColumns = 2;

private:
    // Each shown chart's rectangle in a picture of `size`.
    std::vector<QRect> layOutPanels(QSize size) const;

    QLabel* status_ = nullptr;
    std::vector<FigureView*> charts_;
    std::vector<Figure> figures_;
};

}  // namespace impactlab::ui
