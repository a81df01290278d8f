#pragma once
// The "Compare laws" box of a page: one check box per registered law. The
// scene's own law is always drawn (its box is checked and disabled); a law
// that does not take the scene's problem is disabled with the law's reason
// as its tooltip, so only laws that accept the problem can be ticked. A law
// ticked earlier that stops accepting (a slider moved the problem out of its
// reach) stays ticked but disabled, and the comparison table says why.
#include <QGroupBox>
#include <QStringList>
#include <vector>

#include "laws/LawComparison.h"

class QCheckBox;

namespace impactlab::ui {

class LawComparisonBox : public QGroupBox {
    Q_OBJECT

public:
    explicit LawComparisonBox(QWidget* parent = nullptr);

    // The scene's own law and which laws take the problem now.
    void setAcceptance(const std::string& sceneLaw, const std::vector<LawAcceptance>& acceptance);
    // Ticks exactly `ids` (unknown ids are ignored), without emitting.
    void setCompared(const QStringList& ids);
    // Ticked laws other than the scene's own, in registry order.
    QStringList compared() const;
    QCheckBox* checkBox(const QString& id) const;
    // Shows only these laws' boxes (a granular scene compares its two
    // friction models); empty shows every law.
    void setOffered(const QStringList& ids);

signals:
    // The user ticked or cleared a law.
    void comparedEdited();

private:
    std::vector<std::pair<QString, QCheckBox*>> boxes_;
    QString sceneLaw_;
};

}  // namespace impactlab::ui
