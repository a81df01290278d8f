#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>
#include <cstdio>

#include <Eigen/Core>
#include <vtkVersion.h>

#include "SceneLibrary.h"
#include "document/DocumentStore.h"
#include "document/Report.h"
#include "document/SceneEdits.h"
#include "io/JsonInput.h"
#include "pages/PageRegistry.h"
#include "panel/ParameterPanel.h"
#include "scene/SceneBodies.h"
#include "scene/SceneDocument.h"
#include "timeline/TimelineWidget.h"

namespace impactlab::ui {

namespace {

// Milliseconds after the last edit before the recovery copy is written: a
// drag writes once, and a crash or a kill loses at most this much work.
constexpr int kAutosaveDelayMs = 1500;
// Pixels: the edit history is wide enough for a label and two values on a line.
constexpr int kHistoryMinWidth = 260;

// One line for a scene that could not be opened. InputError already names the
// field; anything else escaping the readers (a library type error, memory) is
// a bug of ours, but the window must survive it: say what failed, without the
// JSON library's "[json.exception...]" prefix.
QString describeLoadFailure(const QString& path, const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e)) return QString::fromUtf8(e.what());
    QString what = QString::fromUtf8(e.what());
    if (what.startsWith('[')) what = what.mid(what.indexOf(']') + 1).trimmed();
    if (dynamic_cast<const std::bad_alloc*>(&e)) what = "the scene needs more memory than is available";
    return path + ": cannot be opened: " + what;
}

// The window's programmatic edits, for the undo commands to apply values by.
SceneEditTarget makeEditTarget(MainWindow* w) {
    return {[w](const QString& id, double v) { w->setParameter(id, v); },
            [w](const QString& id, const QString& c) { w->setChoice(id, c); },
            [w](const QStringList& laws) { w->setComparedLaws(laws); },
            [w](const nlohmann::json& document) { w->setDocument(document); }};
}

// A desktop's standard binding of an action and the one README promises,
// which a plain X session (no desktop's key theme) may not bind.
QList<QKeySequence> withShortcut(const QList<QKeySequence>& standard, const QKeySequence& promised) {
    QList<QKeySequence> keys = standard;
    if (!keys.contains(promised)) keys.append(promised);
    return keys;
}
QList<QKeySequence> withShortcut(QKeySequence::StandardKey standard, const QKeySequence& promised) {
    return withShortcut(QKeySequence::keyBindings(standard), promised);
}

// Menu text shows "&" as the mnemonic's underline: a name holding one (a
// paper "Jia & Wang", a file name) is written "&&".
QString escapeMnemonic(QString text) { return text.replace('&', "&&"); }

}  // namespace

QString aboutText() {
    return QObject::tr("<h3>ImpactLab %1</h3>"
                       "<p>A laboratory for rigid-body impact mechanics: impact laws compared in impulse space, "
                       "on scenes you can edit live.</p>"
                       "<p>Built with Qt %2 (running on %3), VTK %4 and Eigen %5.%6.%7.</p>")
        .arg(QStringLiteral(IMPACTLAB_VERSION), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()),
             QString::fromLatin1(vtkVersion::GetVTKVersion()))
        .arg(EIGEN_WORLD_VERSION)
        .arg(EIGEN_MAJOR_VERSION)
        .arg(EIGEN_MINOR_VERSION);
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle("ImpactLab");
    stack_ = new QStackedWidget;
    setCentralWidget(stack_);

    undoStack_ = new QUndoStack(this);
    connect(undoStack_, &QUndoStack::cleanChanged, this, &MainWindow::onUndoCleanChanged);
    autosaveTimer_ = new QTimer(this);
    autosaveTimer_->setSingleShot(true);
    autosaveTimer_->setInterval(kAutosaveDelayMs);
    connect(autosaveTimer_, &QTimer::timeout, this, &MainWindow::writeRecoveryNow);
    connect(undoStack_, &QUndoStack::indexChanged, this, [this] {
        if (isWindowModified()) autosaveTimer_->start();
        updateTitle();   // the name may be an edited field
        updateBodyMenu();
    });
    auto* history = new QUndoView(undoStack_);
    history->setEmptyLabel(tr("Opened"));
    history->setObjectName("undoHistory");
    // Entries wrap instead of being cut ("Drop height (centre): 1 m -> 2.4 m").
    history->setWordWrap(true);
    history->setTextElideMode(Qt::ElideNone);
    history->setMinimumWidth(kHistoryMinWidth);
    historyDock_ = new QDockWidget(tr("Edit history"), this);
    historyDock_->setObjectName("historyDock");
    historyDock_->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, historyDock_);
    historyDock_->hide();

    buildMenus();
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow() {
    // The undo stack outlives the pages (children go in creation order) and
    // signals as it empties: nothing may reach a page by then.
    undoStack_->disconnect(this);
    page_ = nullptr;
}

ScenePage* MainWindow::getPage(const PageType& type) {
    if (const auto it = pages_.find(type.id); it != pages_.end()) return it->second;
    ScenePage* page = type.make();
    page->setObjectName(type.id + "Page");
    stack_->addWidget(page);
    pages_[type.id] = page;
    connect(page, &ScenePage::errorOccurred, this, &MainWindow::showError);
    connect(page, &ScenePage::statusChanged, this, &MainWindow::showStatus);
    // Every user edit on the page's panel becomes an undo step (after the
    // page's own handler, connected in its constructor, has applied it).
    connect(page->parameterPanel(), &ParameterPanel::numberChanged, this, &MainWindow::recordNumberEdit);
    connect(page->parameterPanel(), &ParameterPanel::choiceChanged, this, &MainWindow::recordChoiceEdit);
    connect(page, &ScenePage::comparedLawsEdited, this, &MainWindow::recordComparedLaws);
    if (TimelineWidget* timeline = page->timeline())
        connect(timeline, &TimelineWidget::playingChanged, this, [this] { updateMenus(); });
    return page;
}

void MainWindow::showPage(ScenePage* page) {
    if (page_ && page_ != page && page_->timeline()) page_->timeline()->pause();
    page_ = page;
    stack_->setCurrentWidget(page);
    updateMenus();
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (framedOnShow_) return;
    framedOnShow_ = true;
    QTimer::singleShot(0, this, [this] {
        for (const auto& [id, page] : pages_) page->resetCamera();
    });
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    fileMenu_ = file;
    file->setToolTipsVisible(true);
    QAction* newScene = file->addAction(tr("&New scene"), this, [this] {
        if (!maybeSave()) return;
        QString error;
        if (!openScene(defaultScenePath(), &error)) QMessageBox::warning(this, tr("Cannot open scene"), error);
    });
    newScene->setShortcuts(withShortcut(QKeySequence::New, QKeySequence(Qt::CTRL | Qt::Key_N)));
    newScene->setObjectName("newScene");
    newScene->setToolTip(tr("A new scene from the default built-in one; Save asks where to write it."));
    QMenu* builtIn = file->addMenu(tr("New from &built-in scene"));
    builtIn->setObjectName("builtInScenes");
    QMenu* group = nullptr;
    for (const BuiltInScene& entry : listBuiltInSceneEntries()) {
        if (!group || group->title() != escapeMnemonic(entry.group)) {
            group = builtIn->addMenu(escapeMnemonic(entry.group));
            group->setToolTipsVisible(true);
        }
        QAction* a = group->addAction(escapeMnemonic(entry.name), this, [this, path = entry.path] {
            if (!maybeSave()) return;
            QString error;
            if (!openScene(path, &error)) QMessageBox::warning(this, tr("Cannot open scene"), error);
        });
        a->setToolTip(entry.description);
        a->setData(entry.path);
    }
    QAction* openAction = file->addAction(tr("&Open scene..."), this, [this] {
        if (!maybeSave()) return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scene"), QString(), tr("ImpactLab scenes (*.json)"));
        QString error;
        if (!path.isEmpty() && !openScene(path, &error)) QMessageBox::warning(this, tr("Cannot open scene"), error);
    });
    openAction->setShortcuts(withShortcut(QKeySequence::Open, QKeySequence(Qt::CTRL | Qt::Key_O)));
    openAction->setObjectName("openScene");
    recentMenu_ = file->addMenu(tr("Open &recent"));
    recentMenu_->setObjectName("recentFiles");
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addSeparator();
    QAction* save = file->addAction(tr("&Save scene"), this, [this] { saveScene(); });
    save->setShortcuts(withShortcut(QKeySequence::Save, QKeySequence(Qt::CTRL | Qt::Key_S)));
    save->setObjectName("save");
    QAction* saveAs = file->addAction(tr("Save scene &as..."), this, [this] { saveSceneWithDialog(); });
    saveAs->setShortcuts(withShortcut(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    saveAs->setObjectName("saveAs");
    file->addSeparator();
    auto exportWith = [this](const QString& title, const QString& filter, bool (MainWindow::*fn)(const QString&)) {
        return [this, title, filter, fn] {
            const QString path = QFileDialog::getSaveFileName(this, title, QString(), filter);
            if (!path.isEmpty() && !(this->*fn)(path)) QMessageBox::warning(this, title, tr("Could not write ") + path);
        };
    };
    file->addAction(tr("Export all &views..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Export all views into a folder"));
        if (folder.isEmpty()) return;
        if (exportAllViews(folder)) statusBar()->showMessage(tr("Exported every view, the scene and report.html into ") + folder);
        else QMessageBox::warning(this, tr("Export all views"), lastError_);
    })->setObjectName("exportAll");
    file->addAction(tr("Export view as &PNG..."), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                    exportWith(tr("Export view"), tr("PNG image (*.png)"), &MainWindow::exportDiagramPng))
        ->setObjectName("exportPng");
    file->addAction(tr("Export view as &SVG..."), this,
                    exportWith(tr("Export view"), tr("SVG image (*.svg)"), &MainWindow::exportDiagramSvg))
        ->setObjectName("exportSvg");
    file->addAction(tr("Export view &data as CSV..."), this,
                    exportWith(tr("Export view data"), tr("CSV (*.csv)"), &MainWindow::exportDiagramCsv))
        ->setObjectName("exportCsv");
    file->addAction(tr("Export &3D view as PNG..."), this,
                    exportWith(tr("Export 3D view"), tr("PNG image (*.png)"), &MainWindow::export3dPng))
        ->setObjectName("export3d");
    // The current page's own entries go here (updateMenus).
    pageActionsSeparator_ = file->addSeparator();
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcuts(withShortcut(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));
    quit->setObjectName("quit");

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = undoStack_->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(withShortcut(QKeySequence::Undo, QKeySequence(Qt::CTRL | Qt::Key_Z)));
    undo->setObjectName("undo");
    QAction* redo = undoStack_->createRedoAction(this, tr("&Redo"));
    // Ctrl+Y and Ctrl+Shift+Z both redo, whatever the desktop binds (a
    // plain X session binds neither through QKeySequence::Redo).
    redo->setShortcuts(withShortcut(withShortcut(QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)),
                                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
    redo->setObjectName("redo");
    edit->addAction(undo);
    edit->addAction(redo);
    // Bodies, on the scenes whose bodies are free to change (updateBodyMenu).
    edit->addSeparator();
    addBodyAction_ = edit->addAction(tr("&Add body"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), this,
                                     [this] { addBody(); });
    addBodyAction_->setObjectName("addBody");
    addBodyAction_->setToolTip(tr("A copy of the last body, placed beyond the others along x"));
    removeBodyMenu_ = edit->addMenu(tr("&Remove body"));
    removeBodyMenu_->setObjectName("removeBodyMenu");
    connect(removeBodyMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRemoveBodyMenu);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* showHistory = historyDock_->toggleViewAction();
    showHistory->setText(tr("Edit &history"));
    showHistory->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    showHistory->setObjectName("showHistory");
    view->addAction(showHistory);
    view->addAction(tr("&Reset camera"), this, [this] {
        if (page_) page_->resetCamera();
    });

    // Playback of a simulation's timeline (hidden on pages without one).
    playbackMenu_ = menuBar()->addMenu(tr("&Playback"));
    playAction_ = playbackMenu_->addAction(tr("&Play"), QKeySequence(Qt::Key_Space), this, [this] {
        TimelineWidget* t = page_ ? page_->timeline() : nullptr;
        if (!t) return;
        if (t->isPlaying()) t->pause();
        else t->play();
    });
    playAction_->setObjectName("playPause");
    playbackMenu_->addAction(tr("&Next impact"), QKeySequence(Qt::CTRL | Qt::Key_Period), this, [this] {
        if (TimelineWidget* t = page_ ? page_->timeline() : nullptr) t->selectEvent(t->selectedEvent() + 1);
    })->setObjectName("nextImpact");
    playbackMenu_->addAction(tr("Pre&vious impact"), QKeySequence(Qt::CTRL | Qt::Key_Comma), this, [this] {
        if (TimelineWidget* t = page_ ? page_->timeline() : nullptr) t->selectEvent(std::max(0, t->selectedEvent() - 1));
    })->setObjectName("previousImpact");

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("Scene &guide"), this, &MainWindow::showGuide);
    guide->setShortcuts(withShortcut(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)));
    guide->setObjectName("sceneGuide");
    help->addAction(tr("&About ImpactLab"), this, [this] {
        QMessageBox::about(this, tr("About ImpactLab"), aboutText());
    })->setObjectName("about");
    updateMenus();
}

// --- Opening and saving ------------------------------------------------------

bool MainWindow::openScene(const QString& path, QString* error) {
    nlohmann::json doc;
    try {
        doc = readSceneDocument(path);
    } catch (const std::exception& e) {
        const QString message = describeLoadFailure(path, e);
        if (error) *error = message;
        showError(message);
        return false;
    }
    if (!openDocument(doc, path, error)) return false;
    if (!path.startsWith(":")) rememberRecentFile(path);
    return true;
}

bool MainWindow::openDocument(const nlohmann::json& document, const QString& path, QString* error) {
    try {
        // Files of the formats before they were unified open as the unified
        // format, which is what Save writes.
        const nlohmann::json doc = toUnifiedSceneDocument(document);
        const SceneDocumentKind kind = getSceneDocumentKind(doc);
        const PageType* type = findPageType(kind);
        if (!type)
            throw InputError("kind", std::string("\"") + toString(kind) + "\" scenes are not shown by this version of the app");
        ScenePage* page = getPage(*type);
        if (holdRunsOnce_) page->holdRunsUntilAsked();
        holdRunsOnce_ = false;
        page->openDocument(doc);   // throws before changing anything
        showPage(page);
        undoStack_->clear();
        setDocumentPath(path);
        refreshEditSnapshot();
        return true;
    } catch (const std::exception& e) {
        // The scene on screen stays: the page applied nothing before the throw.
        const QString message = describeLoadFailure(path, e);
        if (error) *error = message;
        showError(message);
        return false;
    }
}

bool MainWindow::openSceneOrDefault(const QString& path) {
    QString error;
    if (openScene(path, &error)) return true;
    openScene(defaultScenePath());
    showError(error);   // the status bar keeps the reason, not the default scene's run
    // After the window is shown, so the dialog has a parent on screen.
    QTimer::singleShot(0, this, [this, error] { QMessageBox::warning(this, tr("Cannot open scene"), error); });
    return false;
}

const nlohmann::json& MainWindow::currentDocument() const {
    static const nlohmann::json empty = nlohmann::json::object();
    return page_ ? page_->document() : empty;
}

QString MainWindow::currentSceneName() const { return page_ ? page_->sceneName() : QString("untitled"); }

bool MainWindow::isBuiltInDocument() const { return documentPath_.isEmpty() || documentPath_.startsWith(":"); }

void MainWindow::setDocumentPath(const QString& path) {
    documentPath_ = path;
    setWindowModified(false);
    updateTitle();
}

void MainWindow::updateTitle() {
    // [*] is where Qt shows the modified marker.
    const QString where = isBuiltInDocument() ? QString("built-in") : QFileInfo(documentPath_).fileName();
    setWindowTitle(QString("%1 (%2)[*] - ImpactLab").arg(currentSceneName(), where));
}

bool MainWindow::saveSceneAs(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        showError(tr("Cannot write ") + path + ": " + f.errorString());
        return false;
    }
    const std::string text = currentDocument().dump(2) + "\n";
    if (f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !f.flush()) {
        showError(tr("Cannot write ") + path + ": " + f.errorString());
        return false;
    }
    setDocumentPath(path);
    undoStack_->setClean();
    onUndoCleanChanged(true);   // also when the stack was clean: a recovered document
    rememberRecentFile(path);
    statusBar()->showMessage(tr("Saved ") + path);
    return true;
}

bool MainWindow::saveScene() {
    if (isBuiltInDocument()) return saveSceneWithDialog();
    return saveSceneAs(documentPath_);
}

bool MainWindow::saveSceneWithDialog() {
    const QString suggested = isBuiltInDocument() ? QFileInfo(documentPath_).fileName() : documentPath_;
    QString path = QFileDialog::getSaveFileName(this, tr("Save scene"), suggested, tr("ImpactLab scenes (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += ".json";
    return saveSceneAs(path);
}

bool MainWindow::maybeSave() {
    if (!isWindowModified()) return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"), tr("The scene \"%1\" has changes that are not saved.").arg(currentSceneName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return saveScene();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    removeRecoveryFile();   // saved, or discarded on the user's word
    event->accept();
}

// --- Undo, recovery, settings -------------------------------------------------

void MainWindow::onUndoCleanChanged(bool clean) {
    setWindowModified(!clean);
    updateTitle();
    if (clean) {
        autosaveTimer_->stop();
        removeRecoveryFile();
    }
}

void MainWindow::writeRecoveryNow() {
    if (isWindowModified()) writeRecoveryFile(currentDocument(), documentPath_);
}

bool MainWindow::offerRecovery() {
    const std::optional<RecoveredDocument> copy = readRecoveryFile();
    if (!copy) return false;
    const auto name = copy->document.value("name", std::string("untitled"));
    const QString where = copy->path.isEmpty() || copy->path.startsWith(":") ? tr("built-in scene") : copy->path;
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved changes"),
        tr("ImpactLab did not close normally. The scene \"%1\" (%2) had changes that were not saved.\n\n"
           "Reopen it with those changes?")
            .arg(QString::fromStdString(name), where),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        removeRecoveryFile();
        return false;
    }
    QString error;
    if (!openDocument(copy->document, copy->path, &error)) {
        QMessageBox::warning(this, tr("Cannot recover the scene"), error);
        removeRecoveryFile();
        return false;
    }
    // The recovered edits are not in its file: unsaved, and kept in the copy
    // until they are saved or discarded.
    setWindowModified(true);
    updateTitle();
    statusBar()->showMessage(tr("Recovered unsaved changes to ") + QString::fromStdString(name));
    return true;
}

QString MainWindow::restoreSettings(bool restoreWindowGeometry) {
    const QSettings settings;
    if (restoreWindowGeometry) {
        restoreGeometry(settings.value("window/geometry").toByteArray());
        restoreState(settings.value("window/state").toByteArray());
    }
    return settings.value("document/lastScene").toString();
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    if (!documentPath_.isEmpty()) settings.setValue("document/lastScene", documentPath_);
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList files = getRecentFiles();
    for (const QString& f : files) {
        recentMenu_->addAction(escapeMnemonic(QFileInfo(f).fileName()), this, [this, f] {
            if (!maybeSave()) return;
            QString error;
            if (!openScene(f, &error)) {
                removeRecentFile(f);
                QMessageBox::warning(this, tr("Cannot open scene"), error);
            }
        })->setToolTip(f);
    }
    recentMenu_->setToolTipsVisible(true);
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::rememberRecentFile(const QString& path) {
    addRecentFile(path);
    // A disabled menu never shows, so it is never rebuilt as it opens: the
    // menu is brought up to date (and enabled) here.
    rebuildRecentMenu();
}

QString MainWindow::parameterLabel(const QString& id) const {
    const SceneParameter* p = findParameter(id.toStdString());
    return p ? QString::fromStdString(p->label) : id;
}

void MainWindow::refreshEditSnapshot() {
    // Every edit and every open passes here: the rows that do nothing in the
    // scene's new mode follow it.
    if (page_) page_->updateParameterModes();
    numberSnapshot_.clear();
    choiceSnapshot_.clear();
    for (const SceneParameter& p : currentParameters()) {
        const QString id = QString::fromStdString(p.id);
        if (p.kind == SceneParameter::Kind::Number) numberSnapshot_[id] = p.value;
        else choiceSnapshot_[id] = QString::fromStdString(p.choice);
    }
    comparedSnapshot_ = comparedLawIds();
}

void MainWindow::recordNumberEdit(const QString& id, double value) {
    const double before = numberSnapshot_.value(id, value);
    refreshEditSnapshot();   // the page has applied the edit
    const double after = numberSnapshot_.value(id, value);
    if (before != after)
        undoStack_->push(new NumberEditCommand(makeEditTarget(this), id, parameterLabel(id), before, after,
                                               [panel = page_->parameterPanel(), id](double v) {
                                                   return panel->formatValue(id, v);
                                               }));
}

void MainWindow::recordChoiceEdit(const QString& id, const QString& choice) {
    const QString before = choiceSnapshot_.value(id, choice);
    refreshEditSnapshot();
    if (before != choice)
        undoStack_->push(new ChoiceEditCommand(makeEditTarget(this), id, parameterLabel(id), before, choice));
}

void MainWindow::recordComparedLaws() {
    const QStringList before = comparedSnapshot_;
    const QStringList after = comparedLawIds();   // the page has applied it
    comparedSnapshot_ = after;
    if (before != after) undoStack_->push(new ComparedLawsCommand(makeEditTarget(this), before, after));
}

// --- Edits --------------------------------------------------------------------

bool MainWindow::addBody() {
    return editDocument([](const nlohmann::json& doc) {
        nlohmann::json after = addSceneBody(doc);
        return std::pair{tr("Add body %1").arg(QString::fromStdString(listSceneBodyNames(after).back())), after};
    });
}

bool MainWindow::removeBody(int index) {
    return editDocument([index](const nlohmann::json& doc) {
        const QString name = QString::fromStdString(listSceneBodyNames(doc).at(static_cast<std::size_t>(index)));
        return std::pair{tr("Remove body %1").arg(name), removeSceneBody(doc, index)};
    });
}

bool MainWindow::editDocument(const std::function<std::pair<QString, nlohmann::json>(const nlohmann::json&)>& edit) {
    if (!page_) return false;
    const nlohmann::json before = currentDocument();
    try {
        auto [text, after] = edit(before);
        setDocument(after);
        undoStack_->push(new DocumentEditCommand(makeEditTarget(this), text, before, std::move(after)));
        return true;
    } catch (const std::exception& e) {
        showError(QString::fromUtf8(e.what()));
        return false;
    }
}

void MainWindow::setDocument(const nlohmann::json& document) {
    if (!page_) return;
    try {
        page_->openDocument(document);
    } catch (const std::exception& e) {
        showError(describeLoadFailure(currentSceneName(), e));
        return;
    }
    refreshEditSnapshot();
    updateTitle();
    updateBodyMenu();
    // The page rebuilt its panel: if the focused control went with it, the
    // page takes the focus, so the window's shortcuts (undo, redo) still work.
    if (!QApplication::focusWidget() && isActiveWindow()) page_->setFocus(Qt::OtherFocusReason);
}

void MainWindow::setParameter(const QString& id, double siValue) {
    if (!page_) return;
    page_->setParameter(id, siValue);
    refreshEditSnapshot();
    if (printTiming_) {
        const UpdateTiming t = lastUpdateTiming();
        std::fprintf(stderr, "update: compute %.2f ms, views %.2f ms, total %.2f ms\n", t.simulateMs, t.viewsMs, t.totalMs);
    }
}

void MainWindow::setChoice(const QString& id, const QString& choice) {
    if (!page_) return;
    page_->setChoice(id, choice);
    refreshEditSnapshot();
}

void MainWindow::setComparedLaws(const QStringList& ids) {
    if (!page_) return;
    page_->setComparedLaws(ids);
    comparedSnapshot_ = comparedLawIds();
}

QStringList MainWindow::comparedLawIds() const { return page_ ? page_->comparedLaws() : QStringList(); }

const std::vector<SceneParameter>& MainWindow::currentParameters() const {
    static const std::vector<SceneParameter> none;
    return page_ ? page_->parameters() : none;
}

const SceneParameter* MainWindow::findParameter(const std::string& id) const {
    return page_ ? page_->findParameter(id) : nullptr;
}

MainWindow::UpdateTiming MainWindow::lastUpdateTiming() const {
    if (!page_) return {};
    const double total = page_->lastUpdateMilliseconds(), compute = page_->lastComputeMilliseconds();
    return {compute, std::max(0.0, total - compute), total};
}

// --- Pages, menus, status --------------------------------------------------------

bool MainWindow::showTab(const QString& name) { return page_ && page_->showTab(name); }

QList<QAction*> MainWindow::pageActions() const { return page_ ? page_->fileActions() : QList<QAction*>(); }

void MainWindow::updateMenus() {
    // The page's own File entries, where they belong; others' removed.
    for (QAction* a : shownPageActions_) fileMenu_->removeAction(a);
    shownPageActions_ = pageActions();
    for (QAction* a : shownPageActions_) fileMenu_->insertAction(pageActionsSeparator_, a);
    pageActionsSeparator_->setVisible(!shownPageActions_.isEmpty());
    // Playback only where there is a timeline; a hidden menu's shortcuts must not fire.
    const bool timeline = page_ && page_->timeline();
    playbackMenu_->menuAction()->setVisible(timeline);
    for (QAction* a : playbackMenu_->actions()) a->setEnabled(timeline);
    if (timeline) playAction_->setText(page_->timeline()->isPlaying() ? tr("&Pause") : tr("&Play"));
    updateBodyMenu();
}

void MainWindow::updateBodyMenu() {
    if (!addBodyAction_) return;
    const bool editable = page_ && canEditSceneBodies(currentDocument());
    addBodyAction_->setVisible(editable);
    addBodyAction_->setEnabled(editable);
    removeBodyMenu_->menuAction()->setVisible(editable);
    removeBodyMenu_->menuAction()->setEnabled(editable);
}

void MainWindow::fillRemoveBodyMenu() {
    // Filled as it opens, never while one of its own actions is running.
    removeBodyMenu_->clear();
    if (!page_ || !canEditSceneBodies(currentDocument())) return;
    const std::vector<std::string> names = listSceneBodyNames(currentDocument());
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
        QAction* a = removeBodyMenu_->addAction(QString::fromStdString(names[i]), this, [this, i] { removeBody(i); });
        a->setObjectName(QString("removeBody%1").arg(i));
        a->setEnabled(names.size() > 1);   // a scene keeps at least one body
    }
}

void MainWindow::showError(const QString& message) {
    lastError_ = message;
    statusBar()->setStyleSheet("color: #b00000;");
    statusBar()->showMessage(message);
}

void MainWindow::showStatus(const QString& message) {
    lastError_.clear();
    statusBar()->setStyleSheet("");
    statusBar()->showMessage(message);
}

QString MainWindow::sceneGuide() const {
    const nlohmann::json& doc = currentDocument();
    const auto text = [&doc](const char* key) {
        const auto it = doc.find(key);
        return it != doc.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    QString html = "<h2>" + currentSceneName().toHtmlEscaped() + "</h2>";
    const QString guide = text("guide");
    html += guide.isEmpty() ? "<p>" + text("description").toHtmlEscaped() + "</p>" : guide;
    if (!text("reference").isEmpty()) html += "<p><i>" + text("reference").toHtmlEscaped() + "</i></p>";
    html += "<p>" +
            tr("Every slider is an undoable edit (Ctrl+Z); hover a parameter or a law for its paper and equation. "
               "File > Export all views writes every view, its data and a report.")
                .toHtmlEscaped() +
            "</p>";
    return html;
}

void MainWindow::showGuide() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Scene guide: ") + currentSceneName());
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QTextBrowser;
    text->setObjectName("guideText");
    text->setHtml(sceneGuide());
    text->setOpenExternalLinks(true);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(560, 480);
    dialog.exec();
}

// --- Export -------------------------------------------------------------------------

bool MainWindow::exportDiagramPng(const QString& path) { return page_ && page_->exportCurrentView(path); }
bool MainWindow::exportDiagramSvg(const QString& path) { return page_ && page_->exportCurrentView(path); }
bool MainWindow::exportDiagramCsv(const QString& path) { return page_ && page_->exportCurrentView(path); }
bool MainWindow::export3dPng(const QString& path) { return page_ && page_->export3dPng(path); }

bool MainWindow::exportAllViews(const QString& folder) {
    if (!page_) return false;
    const ReportResult r = writeReport(*page_, currentDocument(), folder);
    if (!r.ok()) showError(tr("Could not write: ") + r.failures.join(", "));
    return r.ok();
}

}  // namespace impactlab::ui
