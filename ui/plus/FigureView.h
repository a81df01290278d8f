#pragma once
// Qt Charts view of a core Figure (diagram/Figure.h): lines solid or dashed in
// a palette colour, marker series as stars, triangles, circles, squares or
// crosses, the highlighted (selected) points larger and on top. It draws what
// the core computed and nothing else; the CSV export is the figure's own data.
#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>
#include <QWidget>

#include "diagram/Figure.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class FigureView : public QWidget {
    Q_OBJECT

public:
    explicit FigureView(QWidget* parent = nullptr);
    ~FigureView() override;

    void setFigure(const Figure& figure);
    const Figure& figure() const { return figure_; }

    QImage renderImage(QSize size = {1000, 700}) const;
    bool exportPng(const QString& path, QSize size = {1000, 700}) const;
    bool exportSvg(const QString& path, QSize size = {1000, 700}) const;
    bool exportCsv(const QString& path) const;
    // Where a data point lands in renderImage(size), in pixels (tests).
    QPointF mapPoint(const Vec2& point, QSize size = {1000, 700}) const;

    QChart* chart() const;
    // Colour of palette entry `index`: contacts 0, 1, ...; -1 black, -2 grey.
    static QColor paletteColor(int index);

    QSize sizeHint() const override;

private:
    void rebuild();

    QChartView* chartView_ = nullptr;
    Figure figure_;
};

}  // namespace impactlab::ui
