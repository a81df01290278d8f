#pragma once
#include <limits>
// Qt Charts plumbing shared by the hodograph and energy views: series
// factories, axes fitted to a view box (optionally with equal scales), and
// rendering a chart of any size into a QImage or an SVG file without a window
// (QT_QPA_PLATFORM=offscreen is enough).
//
// A chart built here carries its data's view box as a property; fitAxes()
// turns it into axis ranges for the chart's current plot area. Exports build a
// separate chart of the requested size through the same populate function, so
// the widget and its exports always show the same thing.
#include <QColor>
#include <QImage>
#include <QPen>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <vector>

#include "mechanics/Types.h"

class QAbstractSeries;
class QAreaSeries;
class QChart;
class QChartView;
class QWidget;
class QLineSeries;
class QPainter;
class QScatterSeries;
class QValueAxis;

namespace impactlab::ui::chart {

// Fills an empty, styled chart (series, axes, title); it must call setViewBox.
using Populate = std::function<void(QChart*)>;

void styleChart(QChart* chart);
// A view of a new styled chart filling `owner` (a layout without margins);
// the chart refits its axes whenever its plot area changes.
QChartView* installChartView(QWidget* owner);
// Removes every series and axis, then adds fresh value axes with these titles.
void resetChart(QChart* chart, const QString& xTitle, const QString& yTitle);
QValueAxis* findAxis(QChart* chart, Qt::Orientation orientation);

// The data rectangle to show; with equalScales one data unit spans as many
// pixels horizontally as vertically (the box grows along one axis to fill the
// plot). Call fitAxes() after any change of the chart's size.
// With equal scales the box is widened along one axis to fill the plot; when
// that would stretch it by more than `maxStretch`, the box is shown as given
// (a tall narrow plot is better than a sliver of data). Ticks fall about
// `tickSpacingPx` pixels apart on round numbers.
inline constexpr double kDefaultTickSpacingPx = 90.0;
void setViewBox(QChart* chart, const QRectF& box, bool equalScales,
                double maxStretch = std::numeric_limits<double>::infinity(),
                double tickSpacingPx = kDefaultTickSpacingPx);
QRectF getViewBox(QChart* chart);
void fitAxes(QChart* chart);

void attach(QChart* chart, QAbstractSeries* series);
QLineSeries* makeLineSeries(const std::vector<Vec2>& points, const QString& name, const QPen& pen);
QScatterSeries* makeMarkerSeries(const QString& name, const QColor& edge, const QColor& fill, double size);
// A filled polygon (QAreaSeries whose upper boundary is the closed polygon).
QAreaSeries* makePolygonSeries(const std::vector<Vec2>& polygon, const QColor& fill);
void hideLegendMarkers(QChart* chart, QAbstractSeries* series);

// A step of 1, 2 or 5 times a power of ten, at least `raw`.
double calcNiceStep(double raw);

// The chart `populate` builds, laid out at `size` pixels on white.
QImage renderChart(const Populate& populate, QSize size);
bool exportChartPng(const Populate& populate, const QString& path, QSize size);
bool exportChartSvg(const Populate& populate, const QString& path, QSize size, const QString& description);
// Where the data point lands in renderChart(populate, size), in pixels.
QPointF mapChartPoint(const Populate& populate, const Vec2& point, QSize size);

}  // namespace impactlab::ui::chart
