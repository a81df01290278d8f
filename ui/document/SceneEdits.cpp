#include "SceneEdits.h"

#include <utility>

#include "diagram/DisplayNames.h"

namespace impactlab::ui {

namespace {
// QUndoCommand::id() of the mergeable number edits (any value but -1).
constexpr int kNumberEditCommandId = 1001;
}  // namespace

QString formatHistoryValue(double siValue) { return QString::number(siValue, 'g', kHistoryDigits); }

void AppliedEditCommand::redo() {
    if (applied_) {
        applied_ = false;   // pushed: the edit is already on screen
        return;
    }
    reapply();
}

NumberEditCommand::NumberEditCommand(SceneEditTarget target, QString id, const QString& label, double before,
                                     double after, std::function<QString(double)> format)
    : target_(std::move(target)), parameter_(std::move(id)), label_(label.isEmpty() ? parameter_ : label),
      format_(std::move(format)), before_(before), after_(after) {
    if (!format_) format_ = formatHistoryValue;
    lastChange_.start();
    updateText();
}

void NumberEditCommand::updateText() {
    // "Drop height: 1 m -> 2.4 m", in the panel's units, so the history reads
    // as the sliders do.
    setText(QString("%1: %2 \u2192 %3").arg(label_, format_(before_), format_(after_)));
}

void NumberEditCommand::undo() { target_.setNumber(parameter_, before_); }

void NumberEditCommand::reapply() { target_.setNumber(parameter_, after_); }

int NumberEditCommand::id() const { return kNumberEditCommandId; }

bool NumberEditCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const NumberEditCommand*>(other);
    if (next->parameter_ != parameter_ || lastChange_.elapsed() > kEditMergeWindowMs) return false;
    after_ = next->after_;
    lastChange_.start();
    updateText();
    setObsolete(after_ == before_);   // dragged back to where it started: no step
    return true;
}

ChoiceEditCommand::ChoiceEditCommand(SceneEditTarget target, QString id, const QString& label, QString before,
                                     QString after)
    : target_(std::move(target)), parameter_(std::move(id)), before_(std::move(before)), after_(std::move(after)) {
    setText(QString("Set %1 to %2").arg(label.isEmpty() ? parameter_ : label, after_));
}

void ChoiceEditCommand::undo() { target_.setChoice(parameter_, before_); }

void ChoiceEditCommand::reapply() { target_.setChoice(parameter_, after_); }

ComparedLawsCommand::ComparedLawsCommand(SceneEditTarget target, QStringList before, QStringList after)
    : target_(std::move(target)), before_(std::move(before)), after_(std::move(after)) {
    // The laws by the names the compare box shows (a friction model is the
    // law of the same name), not their ids.
    QStringList names;
    for (const QString& id : after_) {
        const std::string law = findLawDisplayName(id.toStdString());
        names << QString::fromStdString(law.empty() ? getFrictionModelDisplayName(id.toStdString()) : law);
    }
    setText(after_.isEmpty() ? QString("Compare no other law") : QString("Compare %1").arg(names.join(", ")));
}

void ComparedLawsCommand::undo() { target_.setComparedLaws(before_); }

void ComparedLawsCommand::reapply() { target_.setComparedLaws(after_); }

DocumentEditCommand::DocumentEditCommand(SceneEditTarget target, const QString& text, nlohmann::json before,
                                         nlohmann::json after)
    : target_(std::move(target)), before_(std::move(before)), after_(std::move(after)) {
    setText(text);
}

void DocumentEditCommand::undo() { target_.setDocument(before_); }

void DocumentEditCommand::reapply() { target_.setDocument(after_); }

}  // namespace impactlab::ui
