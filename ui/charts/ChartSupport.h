#pragma once
#include <limits>
// Qt Charts plumbing shared by the chart views: series factories, axes
// fitted to a view box (optionally with equal scales) with ticks on round
// numbers (1, 2 or 5 times a power of ten) and labels without round-off, and
// rendering a chart of any size into a QImage or an SVG file without a window
// (QT_QPA_PLATFORM=offscreen is enough).
//
// A chart built here carries its data's view box as a property; fitAxes()
// turns it into axis ranges for the chart's current plot area. Exports build a
// separate chart of the requested size through the same populate function, so
// the widget and its exports always show the same thing.
#include <QBrush>
#include <QColor>
#include <QImage>
#include <QPen>
#include <QPainter>
#include <QRect>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QFont>
#include <QVariant>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "charts/AxisTicks.h"
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
class QXYSeries;

namespace impactlab::ui::chart {

// Fills an empty, styled chart (series, axes, title); it must call setViewBox.
using Populate = std::function<void(QChart*)>;

void styleChart(QChart* chart);
// A view of a new styled chart filling `owner` (a layout without margins);
// the chart refits its axes whenever its plot area changes.
QChartView* installChartView(QWidget* owner);
// Lays the view's chart out again whenever the view resizes it or comes on
// screen. Qt Charts skips the plot-area layout of a chart resized while its
// window is hidden: the chart keeps the plot area of its first layout (at
// the view's size hint) and draws past the view's right edge.
void relayoutWhenResized(QChartView* view);
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
// Denser ticks, for charts that must show several on a narrow axis (the
// time plots' small panes, a narrow impulse diagram); "0.25" is about 30 px.
inline constexpr double kDenseTickSpacingPx = 60.0;
void setViewBox(QChart* chart, const QRectF& box, bool equalScales,
                double maxStretch = std::numeric_limits<double>::infinity(),
                double tickSpacingPx = kDefaultTickSpacingPx);
QRectF getViewBox(QChart* chart);
void fitAxes(QChart* chart);
// While set (a burst of changes: a slider dragged), fitAxes keeps the axes'
// ranges as long as the view box stays inside them and fills at least
// kStickyFill of them: every range change re-lays out the axis labels, the
// largest cost of a chart update. Cleared, the next fit is exact.
inline constexpr double kStickyFill = 0.5;
// A refit during a burst spans this multiple of the data, so that a drag
// that keeps growing the data (a speed slider) refits every few moves, not
// at every move. Its inverse must stay above kStickyFill.
inline constexpr double kStickyHeadroom = 1.4;
static_assert(1.0 / kStickyHeadroom > kStickyFill);
void setStickyAxes(QChart* chart, bool sticky);

void attach(QChart* chart, QAbstractSeries* series);
// Sets the series' points (leaving out non-finite ones with `finiteOnly`)
// unless it shows them already: replacing points re-lays out the series'
// geometry even when they are the same.
void setPointsIfChanged(QXYSeries* series, const std::vector<Vec2>& points, bool finiteOnly = false);
QLineSeries* makeLineSeries(const std::vector<Vec2>& points, const QString& name, const QPen& pen);
QScatterSeries* makeMarkerSeries(const QString& name, const QColor& edge, const QColor& fill, double size);
// A filled polygon (QAreaSeries whose upper boundary is the closed polygon).
QAreaSeries* makePolygonSeries(const std::vector<Vec2>& polygon, const QColor& fill);
void hideLegendMarkers(QChart* chart, QAbstractSeries* series);
// A cross (an x) at `centre`, its arms reaching `arm` along each axis, drawn
// with kCrossPenWidth: one legend entry, `name`.
inline constexpr double kCrossPenWidth = 2.8;
void addCross(QChart* chart, const Vec2& centre, const Vec2& arm, const QColor& color, const QString& name);

// The two value axes of a chart with these titles: made when the chart has
// none, else kept (with their ranges) and retitled, so a chart shown again
// with new numbers keeps its items.
void ensureAxes(QChart* chart, const QString& xTitle, const QString& yTitle);

// The dynamic property of a series telling whether it has a legend entry.
inline constexpr const char* kInLegendProperty = "impactlabInLegend";
// Whether `series` has a legend entry: its property when set (showSeries,
// hideLegendMarkers), else whether it has a name.
bool isInLegend(const QChart* chart, const QAbstractSeries* series);

// Removes every series but keeps the axes (ensureAxes), their ticks fixed
// until the next fit (see showSeries): a chart filled anew each update keeps
// its axis items and their laid-out labels.
void clearSeries(QChart* chart);

// A series to show, as data (chart series are updated in place).
struct SeriesSpec {
    enum class Kind { Line, Markers, Polygon };
    Kind kind = Kind::Line;
    QString name;                 // legend text
    QPen pen;
    QBrush brush;                 // markers' fill, the polygon's fill
    int markerShape = 0;          // QScatterSeries::MarkerShape
    double markerSize = 10.0;     // px
    std::vector<Vec2> points;     // a polygon is closed by showSeries
    bool inLegend = true;
    // A polygon's legend swatch (its translucent fill is too faint as one).
    std::optional<QBrush> legendBrush;
    std::optional<QPen> legendPen;
    // Markers only: this text beside each point (bold, in pointLabelColor,
    // not clipped by the plot area); none when empty.
    QString pointLabel;
    QColor pointLabelColor;
    // Dynamic properties set on the series (a view's roles for its series).
    std::vector<std::pair<const char*, QVariant>> properties;
};

// Lines longer than this many points are thinned for drawing: a chart a
// thousand pixels wide cannot show more, and stroking every point of a
// compliant run's ten thousand samples costs tens of milliseconds.
inline constexpr std::size_t kMaxDrawnLinePoints = 1500;
// Thinning keeps every point farther than this share of the view box's
// extent from the thinned line: 1/4000 is a quarter of a pixel on a chart
// a thousand pixels across, so the drawn line is the data's to the pixel.
inline constexpr double kLineThinningShare = 1.0 / 4000.0;

// Sets the chart's title if it differs: QChart::setTitle lays the whole
// chart out again (the axes and their labels, 1-2 ms in software) even for
// the text it already shows, and views set their title at every refresh.
void setTitle(QChart* chart, const QString& title);
// The title as set, before fitTitle broke it into lines.
QString getFullTitle(const QChart* chart);
// The width a title line may take in `chart`, in pixels.
double calcTitleWidth(const QChart* chart);
// `title` broken between words into lines no wider than `width` (joined by
// <br>), or unchanged when it fits: a title is wrapped, never elided.
QString wrapTitle(const QString& title, const QFont& font, double width);
// Shows the full title wrapped to the chart's current width; called again
// whenever the chart is resized (relayoutWhenResized, exports).
void fitTitle(QChart* chart);

// Shows `specs`, in drawing order, against the chart's two value axes
// (ensureAxes first). Each spec updates in place the chart's next series of
// its kind (the same figure with new numbers: a slider moved); series passed
// over are hidden and kept for a later call (a figure that lost a contact's
// curves and gains them back); specs with no series of their kind left get
// new ones, after the series kept. Empty specs empty the chart.
void showSeries(QChart* chart, const std::vector<SeriesSpec>& specs);

// Douglas-Peucker thinning of a polyline, distances measured in `box`
// normalised to a unit square: every dropped point lies within `share` of
// the thinned line; the first and last points are kept.
std::vector<Vec2> thinPolyline(const std::vector<Vec2>& points, const QRectF& box, double share);

// The legend label of a series: its name, and for a line drawn dashed or
// dotted the pen's style in words ("PLUS (dashed)"): Qt Charts draws every
// line's legend marker solid.
QString makeLegendLabel(const SeriesSpec& spec);

// Hides every legend marker without a name (a marker series, a cursor, a
// polygon's fill) or whose series is kept out of the legend (its
// kInLegendProperty false): a legend swatch must say what it stands for. Exports and
// showSeries call it; a view that adds series itself calls it after.
void hideUnnamedLegendMarkers(QChart* chart);

// Charts drawn away from the screen (ChartExport.cpp).

// The chart `populate` builds, laid out at `size` pixels on white.
QImage renderChart(const Populate& populate, QSize size);
// The same chart laid out at target's size and painted there (one panel of
// a figure of several charts, on any paint device: an image, an SVG).
void paintChart(const Populate& populate, QPainter& painter, const QRect& target);
bool exportChartPng(const Populate& populate, const QString& path, QSize size);
bool exportChartSvg(const Populate& populate, const QString& path, QSize size, const QString& description);
// The labels of the legend markers renderChart(populate, size) shows.
QStringList findExportLegendLabels(const Populate& populate, QSize size);
// Where the data point lands in renderChart(populate, size), in pixels.
QPointF mapChartPoint(const Populate& populate, const Vec2& point, QSize size);

}  // namespace impactlab::ui::chart
