#pragma once
// The open scene document apart from the window that shows it: its file,
// its edits as undo steps, whether it is saved, the
// recovery copy written while it is not, and the recent files. No widget
// here: the window keeps the menus, the dialogs and the layout, and reaches
// the page that shows the document through DocumentEditor.
//
// Every user edit on the editor (a slider, a typed value, a choice, the
// compared laws) is recorded as an undo command after the editor has applied
// it; undo and redo apply values back through setParameter / setChoice /
// setComparedLaws / setDocument, the same path a programmatic edit takes, so
// every view is redrawn exactly as the first time. The undo stack's clean
// state is the saved one.
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "document/DocumentEditor.h"
#include "document/DocumentStore.h"

class QTimer;
class QUndoStack;

namespace impactlab::ui {

// Milliseconds after the last edit before the recovery copy is written: a
// drag writes once, and a crash or a kill loses at most this much work.
inline constexpr int kAutosaveDelayMs = 1500;

class DocumentController : public QObject {
    Q_OBJECT

public:
    // The editor of documents of `document`'s kind (made on first use).
    // Throws InputError when the app shows no such kind.
    using EditorFinder = std::function<DocumentEditor*(const nlohmann::json& document)>;
    // An edit of the whole document: the document -> the undo step's text and
    // the new document. May throw InputError (the edit is then refused).
    using DocumentEdit = std::function<std::pair<QString, nlohmann::json>(const nlohmann::json& document)>;

    explicit DocumentController(EditorFinder findEditor, QObject* parent = nullptr);
    ~DocumentController() override;

    // --- Opening and saving ------------------------------------------------
    // Reads a scene file or a built-in resource (":/scenes/...") and opens
    // it; a file joins the recent files. On failure returns false with the
    // one-line reason in *error (also emitted as errorOccurred) and the open
    // document stays. Never throws.
    bool openFile(const QString& path, QString* error = nullptr);
    // Opens a document already read (a recovered copy) in the editor of its
    // kind; `path` becomes its file. Files of the formats before they were
    // unified open as the unified format, which is what saveAs writes.
    bool openDocument(const nlohmann::json& document, const QString& path, QString* error = nullptr);
    // Writes the document to `path` (2-space JSON), makes it the document's
    // file and the saved state, and adds it to the recent files.
    bool saveAs(const QString& path, QString* error = nullptr);

    // The editor showing the document; nullptr before the first open.
    DocumentEditor* editor() const { return editor_; }
    // The open document with every edit applied (an empty object before the
    // first open), and the file it came from (":/scenes/..." when built in).
    const nlohmann::json& document() const;
    const QString& path() const { return path_; }
    // No file of its own to save to: a built-in scene, or nothing open.
    bool isBuiltIn() const { return path_.isEmpty() || path_.startsWith(":"); }
    QString sceneName() const;
    // Edited since it was opened or saved (or recovered, unsaved).
    bool isModified() const { return modified_; }
    QUndoStack* undoStack() const { return undoStack_; }

    // --- Edits -------------------------------------------------------------
    // Programmatic edits (undo, redo, the command line): applied by the
    // editor, recorded by nobody.
    void setParameter(const QString& id, double siValue);
    void setChoice(const QString& id, const QString& choice);
    void setComparedLaws(const QStringList& ids);
    // Reopens the editor on `document`, keeping the file, the undo history
    // and the modified state (an undo or redo of a body edit).
    void setDocument(const nlohmann::json& document);
    QStringList comparedLaws() const;
    const std::vector<SceneParameter>& parameters() const;
    const SceneParameter* findParameter(const std::string& id) const;
    // The user's edits on the editor, already applied there: each one that
    // changed a value becomes an undo step (a drag of one slider is one).
    void recordNumberEdit(const QString& id, double value);
    void recordChoiceEdit(const QString& id, const QString& choice);
    void recordComparedLaws();
    // Applies `edit` to the document as one undo step; an edit that throws is
    // reported through errorOccurred and not applied.
    bool editDocument(const DocumentEdit& edit);
    // A copy of the last body beyond the others, or body `index` removed, on
    // documents whose bodies may change (canEditSceneBodies).
    bool addBody();
    bool removeBody(int index);

    // --- Recovery copy, recent files, last scene ---------------------------
    // Writes the recovery copy now if the document has unsaved edits (the
    // autosave timer does this kAutosaveDelayMs after an edit).
    void writeRecoveryNow();
    // The copy a crash or a kill left, if any.
    std::optional<RecoveredDocument> findRecovery() const;
    // Opens the copy; its edits stay unsaved, in the copy, until they are
    // saved or discarded.
    bool recover(const RecoveredDocument& copy, QString* error = nullptr);
    // Removes the copy: the edits were saved or discarded on the user's word.
    void discardRecovery();
    // Most recent first, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void forgetRecentFile(const QString& path);
    // The document's file is the one to reopen at the next start; the one
    // recorded so (empty when none).
    void rememberAsLastScene() const;
    QString lastScenePath() const { return getLastScenePath(); }

signals:
    // A document was opened in `editor` (the window shows it).
    void documentOpened(DocumentEditor* editor);
    // setDocument reopened the editor on a new document.
    void documentReplaced();
    // The name, the file, the modified state or the undo position changed.
    void stateChanged();
    // A programmatic number edit was applied (the window may print its timing).
    void parameterApplied();
    void recentFilesChanged();
    void errorOccurred(const QString& message);

private:
    void setPath(const QString& path);
    void setModified(bool modified);
    void onUndoCleanChanged(bool clean);
    // The values the editor shows now: the "before" of the next user edit
    // (the editor reports only the new value).
    void refreshEditSnapshot();
    QString findParameterLabel(const QString& id) const;
    void rememberRecentFile(const QString& path);
    bool fail(const QString& message, QString* error);

    EditorFinder findEditor_;
    DocumentEditor* editor_ = nullptr;
    QString path_;
    bool modified_ = false;
    QUndoStack* undoStack_ = nullptr;
    QTimer* autosaveTimer_ = nullptr;
    QHash<QString, double> numberSnapshot_;
    QHash<QString, QString> choiceSnapshot_;
    QStringList comparedSnapshot_;
};

}  // namespace impactlab::ui
