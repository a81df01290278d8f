#include "common/TableNumbers.h"

#include <QTableWidget>
#include <QVariantList>

namespace impactlab::ui {

void setTableNumber(QTableWidgetItem* item, const TableNumber& number) {
    item->setData(kTableNumberRole, QVariantList{static_cast<int>(number.rule), number.values.x(), number.values.y(),
                                                 number.values.z(), number.scale, number.digits, number.group});
}

std::optional<TableNumber> getTableNumber(const QTableWidgetItem* item) {
    const QVariant data = item ? item->data(kTableNumberRole) : QVariant();
    if (!data.isValid()) return std::nullopt;
    const QVariantList v = data.toList();
    if (v.size() != 7) return std::nullopt;
    TableNumber n;
    n.rule = static_cast<TableNumber::Rule>(v[0].toInt());
    n.values = Vec3(v[1].toDouble(), v[2].toDouble(), v[3].toDouble());
    n.scale = v[4].toDouble();
    n.digits = v[5].toInt();
    n.group = v[6].toInt();
    return n;
}

void fillTableWidget(QTableWidget* table, const FigureTable& data, void (*configure)(QTableWidgetItem*)) {
    table->clear();
    table->setColumnCount(static_cast<int>(data.header.size()));
    table->setRowCount(static_cast<int>(data.rows.size()));
    QStringList header;
    for (const std::string& h : data.header) header << QString::fromStdString(h);
    table->setHorizontalHeaderLabels(header);
    for (int r = 0; r < table->rowCount(); ++r)
        for (int c = 0; c < table->columnCount() && c < static_cast<int>(data.rows[r].size()); ++c) {
            auto* item = new QTableWidgetItem(QString::fromStdString(data.rows[r][c]));
            if (const TableNumber* n = data.findNumber(r, c)) setTableNumber(item, *n);
            if (configure) configure(item);
            table->setItem(r, c, item);
        }
}

}  // namespace impactlab::ui
