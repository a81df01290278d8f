#pragma once
// The core's number behind a table cell, kept in the cell's item beside its
// text (diagram/Figure.h, TableNumber): a check formats the number again and
// compares, so a cell that shows a stale or hand-formatted number is caught.
#include <optional>

#include <Qt>

#include "diagram/Figure.h"

class QTableWidget;
class QTableWidgetItem;

namespace impactlab::ui {

// The item data role that holds a cell's TableNumber.
inline constexpr int kTableNumberRole = Qt::UserRole + 16;

void setTableNumber(QTableWidgetItem* item, const TableNumber& number);
std::optional<TableNumber> getTableNumber(const QTableWidgetItem* item);

// Fills `table` with `data`'s header and rows, each numeric cell with its
// number; `configure` is applied to every item made.
void fillTableWidget(QTableWidget* table, const FigureTable& data, void (*configure)(QTableWidgetItem*) = nullptr);

}  // namespace impactlab::ui
