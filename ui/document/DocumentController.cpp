#include "document/DocumentController.h"

#include <QFile>
#include <QTimer>
#include <QUndoStack>
#include <new>

#include "SceneLibrary.h"
#include "document/SceneEdits.h"
#include "io/JsonInput.h"
#include "scene/SceneBodies.h"
#include "scene/SceneDocument.h"

namespace impactlab::ui {

namespace {

// One line for a scene that could not be opened. InputError already names the
// field; anything else escaping the readers (a library type error, memory) is
// a bug of ours, but the app must survive it: say what failed, without the
// JSON library's "[json.exception...]" prefix.
QString describeLoadFailure(const QString& path, const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e)) return QString::fromUtf8(e.what());
    QString what = describeError(e);
    if (dynamic_cast<const std::bad_alloc*>(&e)) what = "the scene needs more memory than is available";
    return path + ": cannot be opened: " + what;
}

// The controller's programmatic edits, for the undo commands to apply values by.
SceneEditTarget makeEditTarget(DocumentController* c) {
    return {[c](const QString& id, double v) { c->setParameter(id, v); },
            [c](const QString& id, const QString& choice) { c->setChoice(id, choice); },
            [c](const QStringList& laws) { c->setComparedLaws(laws); },
            [c](const nlohmann::json& document) { c->setDocument(document); }};
}

}  // namespace

DocumentController::DocumentController(EditorFinder findEditor, QObject* parent)
    : QObject(parent), findEditor_(std::move(findEditor)) {
    undoStack_ = new QUndoStack(this);
    connect(undoStack_, &QUndoStack::cleanChanged, this, &DocumentController::onUndoCleanChanged);
    autosaveTimer_ = new QTimer(this);
    autosaveTimer_->setSingleShot(true);
    autosaveTimer_->setInterval(kAutosaveDelayMs);
    connect(autosaveTimer_, &QTimer::timeout, this, &DocumentController::writeRecoveryNow);
    connect(undoStack_, &QUndoStack::indexChanged, this, [this] {
        if (modified_) autosaveTimer_->start();
        emit stateChanged();   // the name may be an edited field; bodies may have changed
    });
}

DocumentController::~DocumentController() {
    // The undo stack signals as it empties: nothing may reach the editor (a
    // page the window has destroyed already) by then.
    undoStack_->disconnect(this);
    editor_ = nullptr;
}

// --- Opening and saving ---------------------------------------------------

bool DocumentController::fail(const QString& message, QString* error) {
    if (error) *error = message;
    emit errorOccurred(message);
    return false;
}

bool DocumentController::openFile(const QString& path, QString* error) {
    nlohmann::json doc;
    try {
        doc = readSceneDocument(path);
    } catch (const std::exception& e) {
        return fail(describeLoadFailure(path, e), error);
    }
    if (!openDocument(doc, path, error)) return false;
    if (!path.startsWith(":")) rememberRecentFile(path);
    return true;
}

bool DocumentController::openDocument(const nlohmann::json& document, const QString& path, QString* error) {
    try {
        const nlohmann::json doc = toUnifiedSceneDocument(document);
        DocumentEditor* editor = findEditor_(doc);
        editor->openDocument(doc);   // throws before changing anything
        editor_ = editor;
        emit documentOpened(editor);
        undoStack_->clear();
        setPath(path);
        refreshEditSnapshot();
        return true;
    } catch (const std::exception& e) {
        // The document on screen stays: the editor applied nothing before the throw.
        return fail(describeLoadFailure(path, e), error);
    }
}

bool DocumentController::saveAs(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return fail(tr("Cannot write ") + path + ": " + f.errorString(), error);
    const std::string text = document().dump(2) + "\n";
    if (f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !f.flush())
        return fail(tr("Cannot write ") + path + ": " + f.errorString(), error);
    setPath(path);
    undoStack_->setClean();
    onUndoCleanChanged(true);   // also when the stack was clean: a recovered document
    rememberRecentFile(path);
    return true;
}

const nlohmann::json& DocumentController::document() const {
    static const nlohmann::json empty = nlohmann::json::object();
    return editor_ ? editor_->document() : empty;
}

QString DocumentController::sceneName() const { return editor_ ? editor_->sceneName() : QString("untitled"); }

void DocumentController::setPath(const QString& path) {
    path_ = path;
    setModified(false);
}

void DocumentController::setModified(bool modified) {
    modified_ = modified;
    emit stateChanged();
}

// QUndoStack signals indexChanged before cleanChanged: the first step after an
// open or a save finds the document unmodified in indexChanged, so the timer
// starts here when the stack leaves its clean state.
void DocumentController::onUndoCleanChanged(bool clean) {
    setModified(!clean);
    if (clean) {
        autosaveTimer_->stop();
        removeRecoveryFile();
    } else {
        autosaveTimer_->start();
    }
}

// --- Edits ----------------------------------------------------------------

void DocumentController::setParameter(const QString& id, double siValue) {
    if (!editor_) return;
    editor_->setParameter(id, siValue);
    refreshEditSnapshot();
    emit parameterApplied();
}

void DocumentController::setChoice(const QString& id, const QString& choice) {
    if (!editor_) return;
    editor_->setChoice(id, choice);
    refreshEditSnapshot();
}

void DocumentController::setComparedLaws(const QStringList& ids) {
    if (!editor_) return;
    editor_->setComparedLaws(ids);
    comparedSnapshot_ = comparedLaws();
}

void DocumentController::setDocument(const nlohmann::json& document) {
    if (!editor_) return;
    try {
        editor_->openDocument(document);
    } catch (const std::exception& e) {
        emit errorOccurred(describeLoadFailure(sceneName(), e));
        return;
    }
    refreshEditSnapshot();
    emit stateChanged();
    emit documentReplaced();
}

QStringList DocumentController::comparedLaws() const { return editor_ ? editor_->comparedLaws() : QStringList(); }

const std::vector<SceneParameter>& DocumentController::parameters() const {
    static const std::vector<SceneParameter> none;
    return editor_ ? editor_->parameters() : none;
}

const SceneParameter* DocumentController::findParameter(const std::string& id) const {
    return editor_ ? editor_->findParameter(id) : nullptr;
}

QString DocumentController::findParameterLabel(const QString& id) const {
    const SceneParameter* p = findParameter(id.toStdString());
    return p ? QString::fromStdString(p->label) : id;
}

void DocumentController::refreshEditSnapshot() {
    // Every edit and every open passes here: the parameters that do nothing
    // in the scene's new mode follow it.
    if (editor_) editor_->updateParameterModes();
    numberSnapshot_.clear();
    choiceSnapshot_.clear();
    for (const SceneParameter& p : parameters()) {
        const QString id = QString::fromStdString(p.id);
        if (p.kind == SceneParameter::Kind::Number) numberSnapshot_[id] = p.value;
        else choiceSnapshot_[id] = QString::fromStdString(p.choice);
    }
    comparedSnapshot_ = comparedLaws();
}

void DocumentController::recordNumberEdit(const QString& id, double value) {
    const double before = numberSnapshot_.value(id, value);
    refreshEditSnapshot();   // the editor has applied the edit
    const double after = numberSnapshot_.value(id, value);
    if (before != after && editor_)
        undoStack_->push(new NumberEditCommand(makeEditTarget(this), id, findParameterLabel(id), before, after,
                                               [editor = editor_, id](double v) { return editor->formatValue(id, v); }));
}

void DocumentController::recordChoiceEdit(const QString& id, const QString& choice) {
    const QString before = choiceSnapshot_.value(id, choice);
    refreshEditSnapshot();
    if (before != choice)
        undoStack_->push(new ChoiceEditCommand(makeEditTarget(this), id, findParameterLabel(id), before, choice));
}

void DocumentController::recordComparedLaws() {
    const QStringList before = comparedSnapshot_;
    const QStringList after = comparedLaws();   // the editor has applied it
    comparedSnapshot_ = after;
    if (before != after) undoStack_->push(new ComparedLawsCommand(makeEditTarget(this), before, after));
}

bool DocumentController::editDocument(const DocumentEdit& edit) {
    if (!editor_) return false;
    const nlohmann::json before = document();
    try {
        auto [text, after] = edit(before);
        setDocument(after);
        undoStack_->push(new DocumentEditCommand(makeEditTarget(this), text, before, std::move(after)));
        return true;
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
        return false;
    }
}

bool DocumentController::addBody() {
    return editDocument([](const nlohmann::json& doc) {
        nlohmann::json after = addSceneBody(doc);
        return std::pair{tr("Add body %1").arg(QString::fromStdString(listSceneBodyNames(after).back())), after};
    });
}

bool DocumentController::removeBody(int index) {
    return editDocument([index](const nlohmann::json& doc) {
        const QString name = QString::fromStdString(listSceneBodyNames(doc).at(static_cast<std::size_t>(index)));
        return std::pair{tr("Remove body %1").arg(name), removeSceneBody(doc, index)};
    });
}

// --- Recovery copy, recent files, last scene -----------------------------------

void DocumentController::writeRecoveryNow() {
    if (modified_) writeRecoveryFile(document(), path_);
}

std::optional<RecoveredDocument> DocumentController::findRecovery() const { return readRecoveryFile(); }

bool DocumentController::recover(const RecoveredDocument& copy, QString* error) {
    if (!openDocument(copy.document, copy.path, error)) return false;
    // The recovered edits are not in its file: unsaved, and kept in the copy
    // until they are saved or discarded.
    setModified(true);
    return true;
}

void DocumentController::discardRecovery() { removeRecoveryFile(); }

QStringList DocumentController::recentFiles() const { return getRecentFiles(); }

void DocumentController::rememberRecentFile(const QString& path) {
    addRecentFile(path);
    emit recentFilesChanged();
}

void DocumentController::forgetRecentFile(const QString& path) {
    removeRecentFile(path);
    emit recentFilesChanged();
}

void DocumentController::rememberAsLastScene() const {
    if (!path_.isEmpty()) setLastScenePath(path_);
}

}  // namespace impactlab::ui
