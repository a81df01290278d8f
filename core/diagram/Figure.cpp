#include "diagram/Figure.h"

#include <iomanip>
#include <sstream>

#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

// The table's numbers shaped as its rows, so any cell can take one.
void shapeNumbersAsRows(FigureTable& t) {
    t.numbers.resize(t.rows.size());
    for (std::size_t r = 0; r < t.rows.size(); ++r) t.numbers[r].resize(t.rows[r].size());
}

constexpr int kCsvDigits = 10;   // significant digits: round-trips the views' data to well below a pixel
}

const char* toString(FigureMarker marker) {
    switch (marker) {
        case FigureMarker::None: return "line";
        case FigureMarker::Circle: return "circle";
        case FigureMarker::Square: return "square";
        case FigureMarker::Star: return "star";
        case FigureMarker::Triangle: return "triangle";
        case FigureMarker::Diamond: return "diamond";
    }
    return "?";
}

std::string quoteCsvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

bool Figure::isEmpty() const {
    for (const FigureSeries& s : series)
        if (!s.points.empty()) return false;
    return true;
}

std::string Figure::toCsv() const {
    std::ostringstream os;
    os << std::setprecision(kCsvDigits);
    os << "series,style," << quoteCsvField(xLabel) << ',' << quoteCsvField(yLabel) << '\n';
    for (const FigureSeries& s : series) {
        const std::string style = s.marker == FigureMarker::None ? (s.dashed ? "dashed" : "solid") : toString(s.marker);
        for (const Vec2& p : s.points) os << quoteCsvField(s.name) << ',' << style << ',' << p.x() << ',' << p.y() << '\n';
    }
    return os.str();
}

std::vector<std::string> formatTableNumbers(const std::vector<TableNumber>& group) {
    std::vector<DisplayCell> columnCells;
    int digits = kDisplayDigits;   // one group's Column numbers share their digits
    for (const TableNumber& n : group)
        if (n.rule == TableNumber::Rule::Column) {
            columnCells.push_back({n.values.x(), n.scale});
            digits = n.digits;
        }
    const DisplayColumnFormat format = chooseDisplayColumnFormat(columnCells, digits);
    std::vector<std::string> text;
    for (const TableNumber& n : group) {
        switch (n.rule) {
            case TableNumber::Rule::Column: text.push_back(formatDisplayCell({n.values.x(), n.scale}, format)); break;
            case TableNumber::Rule::Vector: text.push_back(formatDisplayVector(n.values, n.scale, n.digits)); break;
            case TableNumber::Rule::Significant: text.push_back(formatNumber(n.values.x(), n.digits)); break;
        }
    }
    return text;
}

void FigureTable::setNumber(std::size_t row, std::size_t column, const TableNumber& n) {
    shapeNumbersAsRows(*this);
    numbers[row][column] = n;
    rows[row][column] = formatTableNumbers({n}).front();
}

void FigureTable::setNumberColumn(std::size_t column, const std::vector<std::size_t>& rowsOfCells,
                                  const std::vector<DisplayCell>& cells, int digits) {
    std::vector<TableNumber> group;
    for (const DisplayCell& c : cells)
        group.push_back({TableNumber::Rule::Column, Vec3(c.value, 0.0, 0.0), c.scale, digits, static_cast<int>(column)});
    const std::vector<std::string> text = formatTableNumbers(group);
    shapeNumbersAsRows(*this);
    for (std::size_t i = 0; i < rowsOfCells.size(); ++i) {
        rows[rowsOfCells[i]][column] = text[i];
        numbers[rowsOfCells[i]][column] = group[i];
    }
}

const TableNumber* FigureTable::findNumber(std::size_t row, std::size_t column) const {
    if (row >= numbers.size() || column >= numbers[row].size() || !numbers[row][column]) return nullptr;
    return &*numbers[row][column];
}

std::string FigureTable::toCsv() const {
    std::ostringstream os;
    for (std::size_t i = 0; i < header.size(); ++i) os << (i ? "," : "") << quoteCsvField(header[i]);
    os << '\n';
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i) os << (i ? "," : "") << quoteCsvField(row[i]);
        os << '\n';
    }
    return os.str();
}

}  // namespace impactlab
