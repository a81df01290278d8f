#pragma once
// The base of the chart views: a styled chart filling the
// widget, axes refitted whenever the plot area changes, anti-aliasing that
// yields to interaction (common/InteractiveQuality.h), and PNG and SVG
// exports drawn by the same populate() as the widget, so a view and its
// exports always show the same thing. Series are updated in place when a
// view shows the same figure with new numbers (chart::showSeries).
#include <QWidget>

#include "charts/ChartSupport.h"

class QChart;
class QChartView;

namespace impactlab::ui {

class InteractiveQuality;
class RichTextLabel;

class ChartView : public QWidget {
    Q_OBJECT

public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    // The on-screen chart; exposed for tests and diagnostics.
    QChart* chart() const;
    QChartView* chartView() const { return view_; }
    // Whether the widget draws without anti-aliasing (a burst of changes).
    bool isInteractiveFrame() const;
    // The legend under the widget's chart: the chart's own legend entries as
    // wrapping text with line swatches, so no entry is ever cut off at any
    // window size (Qt Charts elides long entries beside a narrow plot).
    // Exports draw the chart's own legend, beside the plot, where they have room.
    RichTextLabel* legendLabel() const { return legend_; }
    // False: no legend under this chart (a grid of charts that shares one).
    void setLegendShown(bool shown);

    // The chart as populate() draws it, at `size` pixels on white.
    QImage renderImage(QSize size) const;
    bool exportPng(const QString& path, QSize size) const;
    bool exportSvg(const QString& path, QSize size) const;
    // The exported chart painted into `target` of `painter` (a panel of a
    // figure of several charts).
    void paintExport(QPainter& painter, const QRect& target) const;
    // The legend entries renderImage(size) shows (for tests).
    QStringList findExportLegendLabels(QSize size) const;
    // Where the data point lands in renderImage(size), in pixels.
    QPointF mapPoint(const Vec2& point, QSize size) const;

protected:
    // Fills `chart` (empty, or showing an earlier state of this view) with
    // this view's content; must set the view box (chart::setViewBox).
    virtual void populate(QChart* chart) const = 0;
    // One line for the SVG's description.
    virtual QString describe() const;
    // Shows the current content: populate() on the widget's chart, axes
    // refitted; a change in a burst is drawn without anti-aliasing. A view
    // on a hidden tab of a window on screen is refreshed when it is shown.
    void refresh();
    void showEvent(QShowEvent* event) override;

private:
    void updateLegend();
    chart::Populate makeExportPopulate() const;
    bool stale_ = false;   // content changed while hidden
    QChartView* view_ = nullptr;
    RichTextLabel* legend_ = nullptr;
    bool legendShown_ = true;
    InteractiveQuality* quality_ = nullptr;
};

}  // namespace impactlab::ui
