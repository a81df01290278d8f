#pragma once
// A two-dimensional figure as data: named series of points with a style, for
// views that only draw what the core computed (diagram/PlusFigures.h,
// diagram/GranularFigures.h). The ui maps a Figure to a chart; the CSV is
// the same data, so an exported plot and its numbers never disagree.
#include <optional>
#include <string>
#include <vector>

#include "diagram/DisplayNumber.h"
#include "mechanics/Types.h"

namespace impactlab {

enum class FigureMarker { None, Circle, Square, Star, Triangle, Diamond };
const char* toString(FigureMarker marker);

struct FigureSeries {
    std::string name;            // legend and CSV label
    std::vector<Vec2> points;
    int colorIndex = 0;          // into the view's palette (contacts get one each)
    bool dashed = false;         // PLUS dashed, compliant solid (the paper's Figs. 8-12)
    FigureMarker marker = FigureMarker::None;   // None: a line; otherwise markers only
    bool highlight = false;      // the selected interval: drawn larger, on top
    bool inLegend = true;
    // A legend entry only, with no points (an overlay's key: a value's colour,
    // a quantity's line style); views draw it in the legend and nowhere else.
    bool legendOnly = false;
    // 0: the palette colour; towards 1, that colour mixed with white (the
    // earlier snapshots of a stroboscopic picture, diagram/TrajectoryFigure.h).
    double fade = 0.0;
};

struct Figure {
    std::string title;
    std::string xLabel;          // with unit: "v_x [m/s]"
    std::string yLabel;
    bool equalScales = false;    // one data unit as many pixels along x as along y
    bool yDownwards = false;     // y grows downwards: rows numbered from the top (1 on top)
    std::vector<FigureSeries> series;

    bool isEmpty() const;
    // "series,x,y" rows after a header naming the axes; marker series too.
    std::string toCsv() const;
};

// The core's number behind a table cell and the rule that made its text, so
// the text can be made again from the number and compared (a view that
// shows a stale or hand-formatted number then fails tests/ui/test_monkey).
struct TableNumber {
    enum class Rule {
        Column,        // formatDisplayCell, in the format chosen from every Column number of its group
        Vector,        // formatDisplayVector(values, scale, digits)
        Significant,   // formatNumber(values.x(), digits): reference tables printed to fixed digits
    };
    Rule rule = Rule::Column;
    Vec3 values = Vec3::Zero();   // Column and Significant use x()
    double scale = 0.0;           // Column and Vector: the quantity's magnitude (DisplayCell::scale)
    int digits = kDisplayDigits;
    int group = 0;                // Column: the cells formatted alike (a column, or a row)
};

// The text of each number of one group, in order: Column numbers in the
// format chosen from all of them, the others each alone.
std::vector<std::string> formatTableNumbers(const std::vector<TableNumber>& group);

// A table as data (the interval and rounds tables): a header and rows of text,
// and beside them the numbers the numeric cells show.
struct FigureTable {
    std::string title;
    std::vector<std::string> header;
    // A row of one cell is a heading over the rows below it (views span it
    // across the table).
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<std::optional<TableNumber>>> numbers;   // empty or shaped as rows

    // Cell (row, column) shows `n` (a Vector or Significant number).
    void setNumber(std::size_t row, std::size_t column, const TableNumber& n);
    // The cells of `column` in `rows` show `cells`, in one format chosen from
    // all of them (formatDisplayColumn); the column is their group.
    void setNumberColumn(std::size_t column, const std::vector<std::size_t>& rowsOfCells,
                         const std::vector<DisplayCell>& cells, int digits = kDisplayDigits);
    // The number behind a cell, if it shows one.
    const TableNumber* findNumber(std::size_t row, std::size_t column) const;
    std::string toCsv() const;
};

// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
std::string quoteCsvField(const std::string& text);

}  // namespace impactlab
