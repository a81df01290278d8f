#include "compare/LawComparisonBox.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QSignalBlocker>

#include "compare/DisplayText.h"
#include "laws/LawRegistry.h"

namespace impactlab::ui {

namespace {
// Two columns of law names fit the side panel's width.
constexpr int kColumns = 2;

// The law's title and paper, then its id: the name scenes, --compare and the
// CLI use for it.
QString describeLaw(const LawInfo& law) {
    return QString::fromStdString(law.title + "\n" + law.reference + "\nid: " + law.id);
}
}  // namespace

LawComparisonBox::LawComparisonBox(QWidget* parent) : QGroupBox(tr("Compare laws"), parent) {
    setObjectName("lawComparison");
    setToolTip(tr("The selected impact is solved again with each ticked law, each with its own options from the "
                  "scene, and drawn on every view beside the scene's law; the Comparison tab lists them."));
    auto* grid = new QGridLayout(this);
    int i = 0;
    for (const LawInfo& law : getLaws()) {
        const QString id = QString::fromStdString(law.id);
        // "&" would make a mnemonic of the next letter ("Jia & Wang" read "Jia _Wang").
        auto* box = new QCheckBox(lawDisplayName(law.id).replace('&', QStringLiteral("&&")));
        box->setObjectName("compare:" + id);
        box->setToolTip(describeLaw(law));
        // As wide as its text: a click beside the text is not a click on the box.
        box->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        grid->addWidget(box, i / kColumns, i % kColumns);
        ++i;
        boxes_.emplace_back(id, box);
        connect(box, &QCheckBox::toggled, this, [this] { emit comparedEdited(); });
    }
}

void LawComparisonBox::setAcceptance(const std::string& sceneLaw, const std::vector<LawAcceptance>& acceptance) {
    sceneLaw_ = QString::fromStdString(sceneLaw);
    for (auto& [id, box] : boxes_) {
        const LawInfo* law = findLaw(id.toStdString());
        QString tip = law ? describeLaw(*law) : id;
        bool accepted = true;
        for (const LawAcceptance& a : acceptance)
            if (QString::fromStdString(a.id) == id && !a.accepted) {
                accepted = false;
                tip += "\n\n" + tr("Not offered: ") + QString::fromStdString(a.refusal);
            }
        const QSignalBlocker block(box);
        if (id == sceneLaw_) {
            box->setChecked(true);
            box->setEnabled(false);
            box->setToolTip(tip + "\n\n" + tr("The scene's own law: always drawn."));
            continue;
        }
        box->setEnabled(accepted);
        box->setToolTip(tip);
    }
}

void LawComparisonBox::setCompared(const QStringList& ids) {
    for (auto& [id, box] : boxes_) {
        if (id == sceneLaw_) continue;
        const QSignalBlocker block(box);
        box->setChecked(ids.contains(id));
    }
}

QStringList LawComparisonBox::compared() const {
    QStringList ids;
    for (const auto& [id, box] : boxes_)
        if (id != sceneLaw_ && box->isChecked()) ids << id;
    return ids;
}

QCheckBox* LawComparisonBox::checkBox(const QString& id) const {
    for (const auto& [key, box] : boxes_)
        if (key == id) return box;
    return nullptr;
}

void LawComparisonBox::setOffered(const QStringList& ids) {
    for (auto& [id, box] : boxes_) box->setVisible(ids.isEmpty() || ids.contains(id));
}

}  // namespace impactlab::ui
