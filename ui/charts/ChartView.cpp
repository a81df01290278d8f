#include "charts/ChartView.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>

#include "common/InteractiveQuality.h"
#include "common/RichTextLabel.h"

namespace impactlab::ui {

namespace {

// Legend entries up to this many characters are kept on one line; a longer
// one may wrap inside (the narrowest chart pane holds about 40 characters).
constexpr qsizetype kMaxUnbrokenLegendChars = 38;

// A line's swatch: its colour, dashed or solid as drawn.
QString makeSeriesSwatch(const QAbstractSeries* series) {
    QColor color(Qt::gray);
    QString glyph = QStringLiteral("\u2501\u2501");   // a heavy line
    if (const auto* markers = qobject_cast<const QScatterSeries*>(series)) {
        const bool hollow = markers->brush().color() == QColor(Qt::white);
        color = hollow ? markers->pen().color() : markers->brush().color();
        glyph = hollow ? QStringLiteral("\u25CB") : QStringLiteral("\u25CF");   // a circle, open or filled
    } else if (const auto* line = qobject_cast<const QLineSeries*>(series)) {
        color = line->pen().color();
        if (line->pen().style() != Qt::SolidLine) glyph = QStringLiteral("\u254D\u254D");   // dashed
    } else if (const auto* area = qobject_cast<const QAreaSeries*>(series)) {
        color = area->brush().color();
        color.setAlpha(255);
        glyph = QStringLiteral("\u25A0");
    }
    return QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), glyph);
}

}  // namespace

ChartView::ChartView(QWidget* parent) : QWidget(parent) {
    view_ = chart::installChartView(this);
    legend_ = new RichTextLabel(this);
    legend_->setObjectName("chartLegend");
    legend_->setContentsMargins(8, 0, 8, 4);
    layout()->addWidget(legend_);
    // The chart's own legend is not shown (the label below replaces it), and
    // detached it no longer takes part in the chart's layout: its markers
    // follow every change of their series, and each made the chart lay its
    // axes out again.
    view_->chart()->legend()->hide();
    view_->chart()->legend()->detachFromChart();
    quality_ = new InteractiveQuality(this, [this] {
        // The burst is over: exact axes, smooth lines, a legend that fits.
        view_->setRenderHint(QPainter::Antialiasing, true);
        legend_->setHeightHeld(false);
        chart::setStickyAxes(chart(), false);
        chart::fitAxes(chart());
        view_->viewport()->update();
    });
}

ChartView::~ChartView() = default;

QChart* ChartView::chart() const { return view_->chart(); }

bool ChartView::isInteractiveFrame() const { return quality_->isInteractive(); }

QString ChartView::describe() const { return "ImpactLab: " + chart::getFullTitle(chart()); }

void ChartView::refresh() {
    // Nobody sees a chart on a hidden tab; laying it out at every move of a
    // slider would cost as much as the visible one.
    if (!isVisible() && window() != this && window()->isVisible()) {
        stale_ = true;
        return;
    }
    stale_ = false;
    // Anti-aliased stroking is most of a chart's paint time in software;
    // during a drag the lines are drawn aliased, then smooth once it stops.
    const bool interactive = quality_->noteChange();
    view_->setRenderHint(QPainter::Antialiasing, !interactive);
    chart::setStickyAxes(chart(), interactive);
    // A legend that loses a line in a drag would resize and re-lay out the chart.
    legend_->setHeightHeld(interactive);
    populate(chart());
    chart()->legend()->hide();   // drawn below the widget instead (updateLegend)
    chart::fitAxes(chart());
    // Lay the chart out now rather than from a posted request: the scene's
    // queued repaint flushes the whole window, so a layout that lands after
    // it costs a second flush of every view changed this turn.
    if (QGraphicsLayout* layout = chart()->layout()) layout->activate();
    // A title elided by the chart is whole in the tooltip.
    view_->setToolTip(chart::getFullTitle(chart()));
    updateLegend();
}

void ChartView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) refresh();
}

void ChartView::updateLegend() {
    QStringList entries;
    for (QAbstractSeries* series : chart()->series()) {
        if (!chart::isInLegend(chart(), series)) continue;
        // An entry breaks only between entries, unless it is longer than a line could hold.
        QString name = series->name().toHtmlEscaped();
        if (series->name().size() <= kMaxUnbrokenLegendChars) name.replace(' ', QStringLiteral("&nbsp;"));
        entries << makeSeriesSwatch(series) + "&nbsp;" + name;
    }
    const QString html = entries.join(QStringLiteral(" &nbsp;&nbsp; "));
    legend_->setText(html);
    legend_->setVisible(legendShown_ && !entries.isEmpty());
}

void ChartView::setLegendShown(bool shown) {
    legendShown_ = shown;
    updateLegend();
}

chart::Populate ChartView::makeExportPopulate() const {
    // An export has room beside the plot: the chart's own legend, at the right.
    return [this](QChart* c) {
        populate(c);
        c->legend()->setAlignment(Qt::AlignRight);
        // Moving the legend lays its markers out again, visible: the series
        // kept out of it (chart::isInLegend) are hidden once more.
        for (QAbstractSeries* series : c->series())
            for (QLegendMarker* marker : c->legend()->markers(series))
                marker->setVisible(chart::isInLegend(c, series));
    };
}

QImage ChartView::renderImage(QSize size) const { return chart::renderChart(makeExportPopulate(), size); }

bool ChartView::exportPng(const QString& path, QSize size) const {
    return chart::exportChartPng(makeExportPopulate(), path, size);
}

bool ChartView::exportSvg(const QString& path, QSize size) const {
    return chart::exportChartSvg(makeExportPopulate(), path, size, describe());
}

void ChartView::paintExport(QPainter& painter, const QRect& target) const {
    chart::paintChart(makeExportPopulate(), painter, target);
}

QStringList ChartView::findExportLegendLabels(QSize size) const {
    return chart::findExportLegendLabels(makeExportPopulate(), size);
}

QPointF ChartView::mapPoint(const Vec2& point, QSize size) const {
    return chart::mapChartPoint(makeExportPopulate(), point, size);
}

}  // namespace impactlab::ui
