#pragma once
// Qt Charts view of a core Figure (diagram/Figure.h): lines solid or dashed in
// a palette colour, marker series as stars, triangles, circles, squares or
// crosses, the highlighted (selected) points larger and on top. It draws what
// the core computed and nothing else; the CSV export is the figure's own data.
#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>

#include "charts/ChartView.h"
#include "diagram/Figure.h"

namespace impactlab::ui {

class FigureView : public ChartView {
    Q_OBJECT

public:
    explicit FigureView(QWidget* parent = nullptr);
    ~FigureView() override;

    void setFigure(const Figure& figure);
    const Figure& figure() const { return figure_; }

    QImage renderImage(QSize size = {1000, 700}) const { return ChartView::renderImage(size); }
    bool exportPng(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportPng(path, size); }
    bool exportSvg(const QString& path, QSize size = {1000, 700}) const { return ChartView::exportSvg(path, size); }
    bool exportCsv(const QString& path) const;
    // Where a data point lands in renderImage(size), in pixels (tests).
    QPointF mapPoint(const Vec2& point, QSize size = {1000, 700}) const { return ChartView::mapPoint(point, size); }

    // Colour of palette entry `index`: contacts 0, 1, ...; -1 black, -2 grey.
    static QColor paletteColor(int index);

    QSize sizeHint() const override;

protected:
    void populate(QChart* chart) const override;
    QString describe() const override;

private:
    Figure figure_;
};

}  // namespace impactlab::ui
