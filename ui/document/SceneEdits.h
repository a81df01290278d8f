#pragma once
// Edits of an open scene document as undoable commands.
// A command only remembers the value before and after; applying it goes
// through the window's own edit path (the same one a slider takes), so undo
// redraws every view exactly as the original edit did.
#include <QElapsedTimer>
#include <QStringList>
#include <QUndoCommand>
#include <functional>

#include <nlohmann/json.hpp>

namespace impactlab::ui {

// Milliseconds: a change of the same parameter within this time of the last
// one joins it, so a slider drag or a held arrow key is one undo step, and two
// drags a moment apart are two.
constexpr int kEditMergeWindowMs = 1000;
// Significant digits of a value in the edit history when no display format is given.
constexpr int kHistoryDigits = 4;
// A value in the edit history without a display format: the SI value, kHistoryDigits.
QString formatHistoryValue(double siValue);

// What a command applies its values through: the window's programmatic edits.
struct SceneEditTarget {
    std::function<void(const QString& id, double siValue)> setNumber;
    std::function<void(const QString& id, const QString& choice)> setChoice;
    std::function<void(const QStringList& laws)> setComparedLaws;
    // A whole new document for the open scene (a body added or removed).
    std::function<void(const nlohmann::json& document)> setDocument;
};

// A command for an edit the window has already made when it is pushed: the
// push's redo() does nothing, every later redo() applies the edit again.
class AppliedEditCommand : public QUndoCommand {
public:
    void redo() final;

protected:
    virtual void reapply() = 0;

private:
    bool applied_ = true;
};

// One slider, spin box or typed value.
class NumberEditCommand : public AppliedEditCommand {
public:
    // `format` writes a value as the panel shows it (display unit, its
    // digits); without it the SI value is written with kHistoryDigits.
    NumberEditCommand(SceneEditTarget target, QString id, const QString& label, double before, double after,
                      std::function<QString(double siValue)> format = {});
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;
    const QString& parameterId() const { return parameter_; }
    double before() const { return before_; }
    double after() const { return after_; }

protected:
    void reapply() override;

private:
    void updateText();
    SceneEditTarget target_;
    QString parameter_, label_;
    std::function<QString(double)> format_;
    double before_, after_;
    QElapsedTimer lastChange_;
};

// One choice: the law, an impact model, a kind of option.
class ChoiceEditCommand : public AppliedEditCommand {
public:
    ChoiceEditCommand(SceneEditTarget target, QString id, const QString& label, QString before, QString after);
    void undo() override;

protected:
    void reapply() override;

private:
    SceneEditTarget target_;
    QString parameter_, before_, after_;
};

// The set of laws compared with the scene's own.
class ComparedLawsCommand : public AppliedEditCommand {
public:
    ComparedLawsCommand(SceneEditTarget target, QStringList before, QStringList after);
    void undo() override;

protected:
    void reapply() override;

private:
    SceneEditTarget target_;
    QStringList before_, after_;
};

// An edit of the document's structure (a body added or removed): the whole
// document before and after, reopened on the same page.
class DocumentEditCommand : public AppliedEditCommand {
public:
    DocumentEditCommand(SceneEditTarget target, const QString& text, nlohmann::json before, nlohmann::json after);
    void undo() override;

protected:
    void reapply() override;

private:
    SceneEditTarget target_;
    nlohmann::json before_, after_;
};

}  // namespace impactlab::ui
