#pragma once
// Time histories of a run as a grid of small charts (Cataldo & Sampaio Figs.
// 3.2-3.19: centre-of-mass position and velocity, angle, angular velocity,
// energy), with several laws overlaid and a cursor at the timeline's time.
// Plain data in, no physics: the caller extracts the curves from its runs.
//
// Layout: a chart is never drawn smaller than a readable
// size (kMinChartWidthPx x kMinChartHeightPx). The view puts as many columns
// as its width holds at that size (at most the caller's number) and scrolls
// the rows that do not fit instead of squeezing them. One legend above the
// grid names each law with its colour and line styles; the charts have none.
// Exports lay the charts out the same way for the export's width, and grow
// the image taller when the rows need it.
#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QLineSeries;
class QScrollArea;

namespace impactlab::ui {

class RichTextLabel;

struct PlotCurve {
    QString label;                 // legend text: the law, e.g. "stronge"
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    std::vector<QPointF> points;   // (t [s], value)
};

struct PlotPanel {
    QString title;                 // "Centre of mass height"
    QString yLabel;                // with unit: "z [m]"
    std::vector<PlotCurve> curves;
};

class TimePlotsView : public QWidget {
    Q_OBJECT

public:
    // The smallest chart whose title (about 40 characters at 9 pt bold), tick
    // labels and axis titles are drawn whole, with a plot of about 240 x 140
    // px left for the curves: room for three or four ticks on each axis.
    static constexpr int kMinChartWidthPx = 330;
    static constexpr int kMinChartHeightPx = 250;
    // Pixels between charts in the grid.
    static constexpr int kChartSpacingPx = 4;

    explicit TimePlotsView(QWidget* parent = nullptr);
    ~TimePlotsView() override;

    // Shows `panels` in at most `maxColumns` columns (fewer when the width
    // does not hold them at the readable size). Panels with the same titles
    // and curves as those shown are updated in place (series replaced, axes
    // refitted) rather than rebuilt, which keeps a slider drag cheap.
    void setPanels(const std::vector<PlotPanel>& panels, int maxColumns = 3);
    // A line of text above the charts (why a compared law has no curve); empty hides it.
    void setNote(const QString& note);
    // Moves the vertical time cursor in every chart.
    void setCursorTime(double t);
    int panelCount() const { return static_cast<int>(charts_.size()); }
    QChart* chart(int i) const { return charts_.at(i); }
    // The columns shown now, chosen from the width.
    int columnCount() const { return columns_; }
    // Columns of readable charts that `width` pixels hold, between 1 and the
    // caller's maximum (and the number of panels).
    int calcColumns(int width) const;
    QScrollArea* scrollArea() const { return scroll_; }
    // The legend above the charts: each law's line swatches and name.
    RichTextLabel* legendLabel() const { return legend_; }

    // Exports: the charts laid out for `size`'s width, each at least the
    // readable size; the image is taller than `size` when the rows need it.
    QImage renderImage(QSize size) const;
    bool exportPng(const QString& path, QSize size = {1500, 900}) const;
    bool exportSvg(const QString& path, QSize size = {1500, 900}) const;
    // The charts' plot areas in renderImage(size)'s pixels (for tests).
    std::vector<QRectF> calcExportPlotAreas(QSize size) const;
    // Every curve of every panel: "panel,curve,t,value".
    bool exportCsv(const QString& path) const;
    const std::vector<PlotPanel>& panels() const { return panels_; }

protected:
    void resizeEvent(QResizeEvent* event) override;

public:
    // One readable chart across plus the vertical scroll bar: a splitter
    // never makes the view narrower, so the grid never scrolls sideways.
    QSize minimumSizeHint() const override;

private:
    bool hasSameLayout(const std::vector<PlotPanel>& panels, int maxColumns) const;
    void fillChart(int index, const PlotPanel& panel);
    void updateCursor(int index);
    void updateLegend();
    // Puts the charts in the grid, `columns` per row.
    void placeCharts(int columns);
    // A copy of this view laid out for an export of `size` (and its final size).
    std::unique_ptr<TimePlotsView> makeExportCopy(QSize size, QSize* finalSize) const;

    class InteractiveQuality* quality_ = nullptr;   // aliased lines during a drag
    bool sticky_ = false;                           // keep the ranges during a drag
    QScrollArea* scroll_ = nullptr;
    QWidget* content_ = nullptr;                    // the grid's widget, scrolled
    QGridLayout* grid_ = nullptr;
    QLabel* note_ = nullptr;
    RichTextLabel* legend_ = nullptr;
    std::vector<PlotPanel> panels_;
    int maxColumns_ = 0;
    int columns_ = 0;
    double cursorTime_ = 0.0;
    std::vector<QChartView*> views_;
    std::vector<QChart*> charts_;
    std::vector<QLineSeries*> cursors_;
};

}  // namespace impactlab::ui
