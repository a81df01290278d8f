#pragma once
// Help > Paper figures: the figure catalogue
// (sim/PaperFigures.h) by paper, each figure with its caption and what
// ImpactLab draws differently. Open (or a double click) asks the window to
// set the figure up; the dialog stays open for the next one.
#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace impactlab::ui {

class PaperFiguresDialog : public QDialog {
    Q_OBJECT

public:
    explicit PaperFiguresDialog(QWidget* parent = nullptr);

    // The id of the selected figure; empty when a paper (or nothing) is selected.
    QString selectedId() const;
    // Selects the figure `id`; false for an id the catalogue lacks.
    bool selectFigure(const QString& id);
    QTreeWidget* tree() const { return tree_; }

    // "Fig. 3.22" or "Table 2.1" from "cataldo-sampaio-fig3.22".
    static QString figureLabel(const QString& id);

signals:
    void figureChosen(const QString& id);

private:
    void showDetails();

    QTreeWidget* tree_ = nullptr;
    QLabel* details_ = nullptr;
    QPushButton* open_ = nullptr;
};

}  // namespace impactlab::ui
