#include "diagram/Figure.h"

#include <iomanip>
#include <sstream>

namespace impactlab {

namespace {
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
