#include "diagram/FigureOverlay.h"

#include <algorithm>
#include <cassert>

namespace impactlab {

std::string makeOverlaySeriesName(const std::string& name, const std::string& label) {
    return name.empty() ? label : name + " (" + label + ")";
}

Figure mergeOverlayFigures(const std::vector<Figure>& figures, const std::vector<std::string>& labels) {
    assert(!figures.empty() && figures.size() == labels.size());
    Figure merged = figures.front();
    merged.series.clear();
    for (std::size_t i = 0; i < figures.size(); ++i)
        for (FigureSeries s : figures[i].series) {
            s.name = makeOverlaySeriesName(s.name, labels[i]);
            s.colorIndex = static_cast<int>(i);
            merged.series.push_back(std::move(s));
        }
    return merged;
}

FigureTable mergeOverlayTables(const std::vector<FigureTable>& tables, const std::vector<std::string>& labels,
                               const std::string& valueHeader) {
    assert(!tables.empty() && tables.size() == labels.size());
    // The columns of every table, in order: a column only some tables have
    // (a fifth round) goes after the column it follows in its own table.
    std::vector<std::string> columns = tables.front().header;
    for (const FigureTable& t : tables) {
        if (t.header == tables.front().header) continue;
        auto at = columns.begin();
        for (const std::string& h : t.header) {
            auto found = std::find(columns.begin(), columns.end(), h);
            at = found != columns.end() ? found + 1 : columns.insert(at, h) + 1;
        }
    }
    FigureTable merged;
    merged.title = tables.front().title;
    merged.header.push_back(valueHeader);
    merged.header.insert(merged.header.end(), columns.begin(), columns.end());
    for (std::size_t i = 0; i < tables.size(); ++i)
        for (const std::vector<std::string>& row : tables[i].rows) {
            std::vector<std::string> out(merged.header.size());
            out[0] = labels[i];
            const bool asFirst = tables[i].header == columns;   // cell c in column c
            for (std::size_t c = 0; c < row.size() && c < tables[i].header.size(); ++c) {
                const std::size_t column =
                    asFirst ? c
                            : static_cast<std::size_t>(std::find(columns.begin(), columns.end(), tables[i].header[c]) - columns.begin());
                out[1 + column] = row[c];
            }
            merged.rows.push_back(std::move(out));
        }
    return merged;
}

}  // namespace impactlab
