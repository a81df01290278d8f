#include "diagram/FigureOverlay.h"

#include <algorithm>
#include <cassert>

namespace impactlab {

std::string makeOverlaySeriesName(const std::string& name, const std::string& label) {
    return name.empty() ? label : name + " (" + label + ")";
}

namespace {

// Palette index of a quantity's key: black, so the key shows only its style.
constexpr int kQuantityKeyColor = -1;

FigureSeries makeLegendKey(std::string name, int color, bool dashed, FigureMarker marker) {
    FigureSeries key;
    key.name = std::move(name);
    key.colorIndex = color;
    key.dashed = dashed;
    key.marker = marker;
    key.legendOnly = true;
    return key;
}

// Whether series q is the same in every figure (name and points).
bool isCommonSeries(const std::vector<Figure>& figures, std::size_t q) {
    if (figures.front().series.size() <= q) return false;
    const FigureSeries& first = figures.front().series[q];
    for (const Figure& f : figures)
        if (f.series.size() <= q || f.series[q].name != first.name || f.series[q].points != first.points) return false;
    return true;
}

}  // namespace

Figure mergeOverlayFigures(const std::vector<Figure>& figures, const std::vector<std::string>& labels) {
    assert(!figures.empty() && figures.size() == labels.size());
    Figure merged = figures.front();
    merged.series.clear();
    if (std::all_of(figures.begin(), figures.end(), [](const Figure& f) { return f.series.empty(); })) return merged;
    for (std::size_t i = 0; i < figures.size(); ++i)
        merged.series.push_back(makeLegendKey(labels[i], static_cast<int>(i), false, FigureMarker::None));
    std::vector<std::string> keyed;
    for (const Figure& f : figures)
        for (const FigureSeries& s : f.series)
            if (s.inLegend && !s.legendOnly && std::find(keyed.begin(), keyed.end(), s.name) == keyed.end()) {
                keyed.push_back(s.name);
                merged.series.push_back(makeLegendKey(s.name, kQuantityKeyColor, s.dashed, s.marker));
            }
    for (std::size_t i = 0; i < figures.size(); ++i)
        for (std::size_t q = 0; q < figures[i].series.size(); ++q) {
            FigureSeries s = figures[i].series[q];
            if (s.legendOnly) continue;
            s.name = makeOverlaySeriesName(s.name, labels[i]);
            if (!isCommonSeries(figures, q)) s.colorIndex = static_cast<int>(i);
            s.inLegend = false;   // the keys name it
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
    // Each value's numbers keep the format its own table chose: their groups
    // are renumbered apart from the other values'.
    int groupOffset = 0;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        int groups = 0;
        for (std::size_t r = 0; r < tables[i].rows.size(); ++r) {
            const std::vector<std::string>& row = tables[i].rows[r];
            std::vector<std::string> out(merged.header.size());
            std::vector<std::optional<TableNumber>> numbers(merged.header.size());
            out[0] = labels[i];
            const bool asFirst = tables[i].header == columns;   // cell c in column c
            for (std::size_t c = 0; c < row.size() && c < tables[i].header.size(); ++c) {
                const std::size_t column =
                    asFirst ? c
                            : static_cast<std::size_t>(std::find(columns.begin(), columns.end(), tables[i].header[c]) - columns.begin());
                out[1 + column] = row[c];
                if (const TableNumber* n = tables[i].findNumber(r, c)) {
                    numbers[1 + column] = *n;
                    numbers[1 + column]->group += groupOffset;
                    groups = std::max(groups, n->group + 1);
                }
            }
            merged.rows.push_back(std::move(out));
            merged.numbers.push_back(std::move(numbers));
        }
        groupOffset += groups;
    }
    return merged;
}

}  // namespace impactlab
