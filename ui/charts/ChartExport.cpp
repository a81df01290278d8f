#include "charts/ChartSupport.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QSvgGenerator>
#include <QValueAxis>

// Charts drawn away from the screen, at the size asked for: images, PNG and
// SVG files, and what tests read of an exported chart (its legend, where a
// point lands).
namespace impactlab::ui::chart {

namespace {

// Layout passes for an exported chart: lay out, fit the axes, lay out again
// for the new tick labels; the third pass is a no-op unless labels changed width.
constexpr int kLayoutPasses = 3;

// A chart of a given size living in its own scene.
struct OffscreenChart {
    QGraphicsScene scene;
    QChart* chart = nullptr;  // owned by scene

    OffscreenChart(const Populate& populate, QSize size) {
        chart = new QChart;
        styleChart(chart);
        scene.addItem(chart);
        populate(chart);
        hideUnnamedLegendMarkers(chart);
        chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
        fitTitle(chart);
        for (int pass = 0; pass < kLayoutPasses; ++pass) {
            chart->layout()->activate();
            fitAxes(chart);
        }
        // Qt shows a series' legend marker again when the legend lays it out.
        hideUnnamedLegendMarkers(chart);
        chart->layout()->activate();
        scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
    }

    void render(QPainter& painter, QSize size) {
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QRectF rect(QPointF(0, 0), QSizeF(size));
        scene.render(&painter, rect, rect);
    }
};

}  // namespace

QImage renderChart(const Populate& populate, QSize size) {
    if (size.isEmpty()) return {};
    OffscreenChart offscreen(populate, size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    offscreen.render(painter, size);
    painter.end();
    return image;
}

void paintChart(const Populate& populate, QPainter& painter, const QRect& target) {
    if (target.isEmpty()) return;
    OffscreenChart offscreen(populate, target.size());
    painter.save();
    painter.translate(target.topLeft());
    offscreen.render(painter, target.size());
    painter.restore();
}

bool exportChartPng(const Populate& populate, const QString& path, QSize size) {
    const QImage image = renderChart(populate, size);
    return !image.isNull() && image.save(path, "PNG");
}

bool exportChartSvg(const Populate& populate, const QString& path, QSize size, const QString& description) {
    if (size.isEmpty()) return false;
    OffscreenChart offscreen(populate, size);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    // QSvgGenerator writes both into the XML as they are.
    generator.setTitle(getFullTitle(offscreen.chart).toHtmlEscaped());
    generator.setDescription(description.toHtmlEscaped());
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    offscreen.render(painter, size);
    return painter.end();
}

QStringList findExportLegendLabels(const Populate& populate, QSize size) {
    OffscreenChart offscreen(populate, size);
    QStringList labels;
    for (QLegendMarker* marker : offscreen.chart->legend()->markers())
        if (offscreen.chart->legend()->isVisible() && marker->isVisible()) labels << marker->label();
    return labels;
}

QPointF mapChartPoint(const Populate& populate, const Vec2& point, QSize size) {
    OffscreenChart offscreen(populate, size);
    const QRectF plot = offscreen.chart->plotArea();
    QValueAxis* ax = findAxis(offscreen.chart, Qt::Horizontal);
    QValueAxis* ay = findAxis(offscreen.chart, Qt::Vertical);
    // A reversed axis (Figure::yDownwards) runs from its max at the near end.
    const double sx = (point.x() - ax->min()) / (ax->max() - ax->min());
    const double sy = (point.y() - ay->min()) / (ay->max() - ay->min());
    return {plot.left() + (ax->isReverse() ? 1.0 - sx : sx) * plot.width(),
            plot.bottom() - (ay->isReverse() ? 1.0 - sy : sy) * plot.height()};
}

}  // namespace impactlab::ui::chart
