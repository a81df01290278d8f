#include "compare/ComparisonTableView.h"

#include <QHeaderView>
#include <utility>
#include <vector>

#include "common/TableNumbers.h"
#include "common/ViewExport.h"

namespace impactlab::ui {

namespace {
// Columns whose text can be long (events, warnings) wrap at this width, px.
constexpr int kLongColumnWidth = 320;
}  // namespace

ComparisonTableView::ComparisonTableView(QWidget* parent) : QTableWidget(parent) {
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->setVisible(false);
    setWordWrap(true);
}

void ComparisonTableView::setTable(const FigureTable& table) {
    table_ = table;
    setUpdatesEnabled(false);
    fillTableWidget(this, table, [](QTableWidgetItem* item) { item->setToolTip(item->text()); });
    clearSpans();
    // A row of one cell heads the rows below it (FigureTable::rows): it spans
    // the table and does not widen the first column.
    std::vector<std::pair<int, QString>> headings;
    for (int r = 0; r < rowCount(); ++r)
        if (table.rows[static_cast<std::size_t>(r)].size() == 1 && columnCount() > 1) {
            headings.emplace_back(r, item(r, 0)->text());
            item(r, 0)->setText({});
        }
    resizeColumnsToContents();
    for (int c = std::max(0, columnCount() - 2); c < columnCount(); ++c)
        setColumnWidth(c, std::min(columnWidth(c), kLongColumnWidth));
    for (const auto& [r, text] : headings) {
        QTableWidgetItem* heading = item(r, 0);
        heading->setText(text);
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        setSpan(r, 0, 1, columnCount());
    }
    resizeRowsToContents();
    setUpdatesEnabled(true);
}

bool ComparisonTableView::exportCsv(const QString& path) const { return writeTextFile(path, table_.toCsv()); }

}  // namespace impactlab::ui
