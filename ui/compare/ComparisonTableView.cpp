#include "compare/ComparisonTableView.h"

#include <QHeaderView>

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
    clear();
    setColumnCount(static_cast<int>(table.header.size()));
    setRowCount(static_cast<int>(table.rows.size()));
    QStringList header;
    for (const std::string& h : table.header) header << QString::fromStdString(h);
    setHorizontalHeaderLabels(header);
    for (int r = 0; r < rowCount(); ++r)
        for (int c = 0; c < columnCount() && c < static_cast<int>(table.rows[r].size()); ++c) {
            auto* item = new QTableWidgetItem(QString::fromStdString(table.rows[r][c]));
            item->setToolTip(item->text());
            setItem(r, c, item);
        }
    resizeColumnsToContents();
    for (int c = std::max(0, columnCount() - 2); c < columnCount(); ++c)
        setColumnWidth(c, std::min(columnWidth(c), kLongColumnWidth));
    resizeRowsToContents();
    setUpdatesEnabled(true);
}

bool ComparisonTableView::exportCsv(const QString& path) const { return writeTextFile(path, table_.toCsv()); }

}  // namespace impactlab::ui
