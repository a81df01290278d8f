#pragma once
// The comparison table: per law its status, impulse,
// energy change, post-impact velocity, events and warnings, as the core's
// makeComparisonTable lays it out; exports the same table as CSV.
#include <QTableWidget>

#include "diagram/Figure.h"

namespace impactlab::ui {

class ComparisonTableView : public QTableWidget {
    Q_OBJECT

public:
    explicit ComparisonTableView(QWidget* parent = nullptr);
    void setTable(const FigureTable& table);
    const FigureTable& table() const { return table_; }
    bool exportCsv(const QString& path) const;

private:
    FigureTable table_;
};

}  // namespace impactlab::ui
