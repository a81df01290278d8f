#include "compare/ComparisonTableView.h"

#include <QHeaderView>

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
    resizeColumnsToContents();
    for (int c = std::max(0, columnCount() - 2); c < columnCount(); ++c)
        setColumnWidth(c, std::min(columnWidth(c), kLongColumnWidth));
    resizeRowsToContents();
    setUpdatesEnabled(true);
}

bool ComparisonTableView::exportCsv(const QString& path) const { return writeTextFile(path, table_.toCsv()); }

}  // namespace impactlab::ui
