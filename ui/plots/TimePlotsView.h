#pragma once
// Time histories of a run as a grid of small charts (Cataldo & Sampaio Figs.
// 3.2-3.19: centre-of-mass position and velocity, angle, angular velocity,
// energy), with several laws overlaid and a cursor at the timeline's time.
// Plain data in, no physics: the caller extracts the curves from its runs.
#include <QColor>
#include <QImage>
#include <QPointF>
#include <QString>
#include <QWidget>
#include <vector>

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace impactlab::ui {

struct PlotCurve {
    QString label;                 // legend text, e.g. "stronge: height"
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
    explicit TimePlotsView(QWidget* parent = nullptr);
    ~TimePlotsView() override;

    // Shows `panels`, `columns` charts per row. Panels with the same titles
    // and curves as those shown are updated in place (series replaced, axes
    // refitted) rather than rebuilt, which keeps a slider drag cheap.
    void setPanels(const std::vector<PlotPanel>& panels, int columns = 3);
    // A line of text above the charts (why a compared law has no curve); empty hides it.
    void setNote(const QString& note);
    // Moves the vertical time cursor in every chart.
    void setCursorTime(double t);
    int panelCount() const { return static_cast<int>(charts_.size()); }
    QChart* chart(int i) const { return charts_.at(i); }

    QImage renderImage(QSize size);
    bool exportPng(const QString& path, QSize size = {1500, 900});
    bool exportSvg(const QString& path, QSize size = {1500, 900});
    // Every curve of every panel: "panel,curve,t,value".
    bool exportCsv(const QString& path) const;
    const std::vector<PlotPanel>& panels() const { return panels_; }

private:
    bool hasSameLayout(const std::vector<PlotPanel>& panels, int columns) const;
    void fillChart(int index, const PlotPanel& panel);
    class InteractiveQuality* quality_ = nullptr;   // aliased lines during a drag
    bool sticky_ = false;                           // keep the ranges during a drag
    QGridLayout* grid_ = nullptr;
    QLabel* note_ = nullptr;
    std::vector<PlotPanel> panels_;
    int columns_ = 0;
    std::vector<QChartView*> views_;
    std::vector<QChart*> charts_;
    std::vector<QLineSeries*> cursors_;
    std::vector<std::pair<double, double>> yRanges_;
};

}  // namespace impactlab::ui
