#include "plots/MeasurementsView.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>

#include "common/RichTextLabel.h"
#include "plus/FigureView.h"

namespace impactlab::ui {

MeasurementsView::MeasurementsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    status_ = new QLabel;
    status_->setObjectName("measurementsStatus");
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::PlainText);
    layout->addWidget(status_);
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < kMeasurementCharts; ++i) {
        auto* chart = new FigureView;
        chart->setObjectName(QString("measurementChart%1").arg(i));
        // One legend for the grid: the laws and their colours are the same in every chart.
        if (i > 0) chart->setLegendShown(false);
        charts_.push_back(chart);
        grid->addWidget(chart, i / kColumns, i % kColumns);
    }
    layout->addLayout(grid, 1);
    // The first chart's legend, under the whole grid (the chart keeps it up to
    // date), so every chart has the same height.
    layout->addWidget(charts_.front()->legendLabel());
}

void MeasurementsView::setFigures(const std::vector<Figure>& figures, const QString& status) {
    figures_ = figures;
    status_->setText(status);
    for (int i = 0; i < kMeasurementCharts; ++i) {
        FigureView* chart = charts_[static_cast<std::size_t>(i)];
        chart->setVisible(i < static_cast<int>(figures.size()));
        if (i < static_cast<int>(figures.size())) chart->setFigure(figures[static_cast<std::size_t>(i)]);
    }
}

QString MeasurementsView::status() const { return status_->text(); }

std::vector<QRect> MeasurementsView::layOutPanels(QSize size) const {
    const int shown = std::min(static_cast<int>(figures_.size()), kMeasurementCharts);
    const int rows = (shown + kColumns - 1) / kColumns;
    std::vector<QRect> panels;
    if (rows == 0) return panels;
    const int w = size.width() / kColumns, h = size.height() / rows;
    for (int i = 0; i < shown; ++i) panels.emplace_back((i % kColumns) * w, (i / kColumns) * h, w, h);
    return panels;
}

QImage MeasurementsView::renderImage(QSize size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    const std::vector<QRect> panels = layOutPanels(size);
    for (std::size_t i = 0; i < panels.size(); ++i) charts_[i]->paintExport(painter, panels[i]);
    painter.end();
    return image;
}

bool MeasurementsView::exportPng(const QString& path, QSize size) const {
    return !figures_.empty() && renderImage(size).save(path, "PNG");
}

bool MeasurementsView::exportSvg(const QString& path, QSize size) const {
    if (figures_.empty()) return false;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QString("Laws against measurements"));
    generator.setDescription(status().toHtmlEscaped());
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const std::vector<QRect> panels = layOutPanels(size);
    for (std::size_t i = 0; i < panels.size(); ++i) charts_[i]->paintExport(painter, panels[i]);
    return painter.end();
}

}  // namespace impactlab::ui
