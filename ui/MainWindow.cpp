#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
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

#include "PaperFiguresDialog.h"
#include "SceneLibrary.h"
#include "document/Report.h"
#include "io/JsonInput.h"
#include "pages/PageRegistry.h"
#include "panel/ParameterPanel.h"
#include "scene/SceneBodies.h"
#include "scene/SceneDocument.h"
#include "sim/PaperFigures.h"
#include "timeline/TimelineWidget.h"
#include "video/AnimationExportDialog.h"

namespace impactlab::ui {

namespace {

// Pixels: the edit history is wide enough for a label and two values on a
// line. A width asked for when it opens, not a minimum: a minimum beside the
// pages' own would widen the window for good when the dock opens.
constexpr int kHistoryWidth = 260;

// A desktop's standard binding of an action and the one docs/user-guide.md promises,
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

    doc_ = new DocumentController([this](const nlohmann::json& document) { return findPage(document); }, this);
    connect(doc_, &DocumentController::documentOpened, this, &MainWindow::showPage);
    connect(doc_, &DocumentController::stateChanged, this, &MainWindow::onDocumentStateChanged);
    connect(doc_, &DocumentController::errorOccurred, this, &MainWindow::showError);
    connect(doc_, &DocumentController::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    connect(doc_, &DocumentController::documentReplaced, this, [this] {
        // The page rebuilt its panel: if the focused control went with it, the
        // page takes the focus, so the window's shortcuts (undo, redo) still work.
        if (page_ && !QApplication::focusWidget() && isActiveWindow()) page_->setFocus(Qt::OtherFocusReason);
    });
    connect(doc_, &DocumentController::parameterApplied, this, [this] {
        if (!printTiming_) return;
        const UpdateTiming t = lastUpdateTiming();
        std::fprintf(stderr, "update: compute %.2f ms, views %.2f ms, total %.2f ms\n", t.simulateMs, t.viewsMs, t.totalMs);
    });

    auto* history = new QUndoView(doc_->undoStack());
    history->setEmptyLabel(tr("Opened"));
    history->setObjectName("undoHistory");
    // Entries wrap instead of being cut ("Drop height (centre): 1 m -> 2.4 m").
    history->setWordWrap(true);
    history->setTextElideMode(Qt::ElideNone);
    historyDock_ = new QDockWidget(tr("Edit history"), this);
    historyDock_->setObjectName("historyDock");
    historyDock_->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, historyDock_);
    historyDock_->hide();

    buildFileMenu();
    buildEditMenu();
    buildViewMenus();
    updateMenus();
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow() {
    // The controller outlives the pages (children go in creation order) and
    // its undo stack signals as it empties: nothing may reach a page by then.
    doc_->disconnect(this);
    page_ = nullptr;
}

// --- Pages --------------------------------------------------------------------

ScenePage* MainWindow::findPage(const nlohmann::json& document) {
    const SceneKind kind = getSceneKind(document);
    const PageType* type = findPageType(kind);
    if (!type) throw InputError("kind", std::string("\"") + toString(kind) + "\" scenes are not shown by this version of the app");
    ScenePage* page = nullptr;
    if (const auto it = pages_.find(type->id); it != pages_.end()) {
        page = it->second;
    } else {
        page = type->make();
        page->setObjectName(type->id + "Page");
        stack_->addWidget(page);
        pages_[type->id] = page;
        connect(page, &ScenePage::errorOccurred, this, &MainWindow::showError);
        connect(page, &ScenePage::statusChanged, this, &MainWindow::showStatus);
        // Every user edit on the page's panel becomes an undo step (after the
        // page's own handler, connected in its constructor, has applied it).
        connect(page->parameterPanel(), &ParameterPanel::numberChanged, doc_, &DocumentController::recordNumberEdit);
        connect(page->parameterPanel(), &ParameterPanel::choiceChanged, doc_, &DocumentController::recordChoiceEdit);
        connect(page, &ScenePage::comparedLawsEdited, doc_, &DocumentController::recordComparedLaws);
        // The page's own whole-document edits (evidence, Apply): one undo step each.
        page->setDocumentEditHandler([this](const QString& text, const nlohmann::json& after) {
            return doc_->editDocument([&text, &after](const nlohmann::json&) { return std::pair{text, after}; });
        });
        if (TimelineWidget* timeline = page->timeline())
            connect(timeline, &TimelineWidget::playingChanged, this, [this] { updateMenus(); });
    }
    if (holdRunsOnce_) page->holdRunsUntilAsked();
    holdRunsOnce_ = false;
    return page;
}

void MainWindow::showPage(DocumentEditor* editor) {
    ScenePage* page = nullptr;
    for (const auto& [id, p] : pages_)
        if (static_cast<DocumentEditor*>(p) == editor) page = p;
    if (!page) return;
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

// --- Menus --------------------------------------------------------------------

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    fileMenu_ = file;
    file->setToolTipsVisible(true);
    QAction* newScene = file->addAction(tr("&New scene"), this, [this] {
        if (maybeSave()) openSceneAsked(defaultScenePath());
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
            if (maybeSave()) openSceneAsked(path);
        });
        a->setToolTip(entry.description);
        a->setData(entry.path);
    }
    QAction* openAction = file->addAction(tr("&Open scene..."), this, [this] {
        if (!maybeSave()) return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scene"), QString(), tr("ImpactLab scenes (*.json)"));
        if (!path.isEmpty()) openSceneAsked(path);
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
    file->addAction(tr("Export all &views..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Export all views into a folder"));
        if (folder.isEmpty()) return;
        if (exportAllViews(folder)) statusBar()->showMessage(tr("Exported every view, the scene and report.html into ") + folder);
        else QMessageBox::warning(this, tr("Export all views"), lastError_);
    })->setObjectName("exportAll");
    file->addAction(tr("Export a&nimation..."), this, [this] { exportAnimationWithDialog(); })->setObjectName("exportAnimation");
    // The view on the current tab, in the format the file's suffix names.
    const ExportFunction currentView = [this](const QString& p) { return exportCurrentView(p); };
    file->addAction(makeExportAction(this,
                                     {tr("Export view as &PNG..."), "exportPng", tr("Export view"), ExportFormat::Png,
                                      QKeySequence(Qt::CTRL | Qt::Key_E)},
                                     currentView));
    file->addAction(makeExportAction(
        this, {tr("Export view as &SVG..."), "exportSvg", tr("Export view"), ExportFormat::Svg}, currentView));
    file->addAction(makeExportAction(
        this, {tr("Export view &data as CSV..."), "exportCsv", tr("Export view data"), ExportFormat::Csv}, currentView));
    file->addAction(makeExportAction(
        this, {tr("Export &3D view as PNG..."), "export3d", tr("Export 3D view"), ExportFormat::Png},
        [this](const QString& p) { return export3dPng(p); }));
    // The current page's own entries go here (updateMenus).
    pageActionsSeparator_ = file->addSeparator();
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcuts(withShortcut(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));
    quit->setObjectName("quit");
}

void MainWindow::buildEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(withShortcut(QKeySequence::Undo, QKeySequence(Qt::CTRL | Qt::Key_Z)));
    undo->setObjectName("undo");
    QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
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
                                     [this] { doc_->addBody(); });
    addBodyAction_->setObjectName("addBody");
    addBodyAction_->setToolTip(tr("A copy of the last body, placed beyond the others along x"));
    removeBodyMenu_ = edit->addMenu(tr("&Remove body"));
    removeBodyMenu_->setObjectName("removeBodyMenu");
    connect(removeBodyMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRemoveBodyMenu);
}

void MainWindow::askOverlayParameter() {
    ParameterPanel* panel = page_ ? page_->parameterPanel() : nullptr;
    const QList<QPair<QString, QString>> rows = panel ? panel->listOverlayableParameters() : QList<QPair<QString, QString>>();
    if (rows.isEmpty()) {
        QMessageBox::information(this, tr("Overlay a parameter"), tr("This scene has no numeric parameter to overlay."));
        return;
    }
    QStringList labels;
    for (const auto& row : rows) labels << row.second;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Overlay a parameter"),
                                                 tr("Draw several values of this parameter together:"), labels, 0, false, &ok);
    if (ok) panel->openOverlayDialog(rows[static_cast<int>(labels.indexOf(chosen))].first);
}

void MainWindow::setHistoryVisible(bool visible) {
    if (!visible) {
        historyDock_->hide();
        return;
    }
    // Docked when the window has room beside the page's minimum width,
    // else floating over the window's right edge.
    const int room = width() - (centralWidget() ? centralWidget()->minimumSizeHint().width() : 0);
    if (!historyDock_->isFloating() && room < kHistoryWidth) {
        historyDock_->setFloating(true);
        const QRect frame = geometry();
        historyDock_->setGeometry(frame.right() - kHistoryWidth, frame.top(), kHistoryWidth, frame.height() / 2);
    }
    historyDock_->show();
    if (!historyDock_->isFloating()) resizeDocks({historyDock_}, {kHistoryWidth}, Qt::Horizontal);
}

void MainWindow::buildViewMenus() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    // Not the dock's own toggle: showing it docked beside a page that needs
    // the whole width would widen the window for good (setHistoryVisible).
    auto* showHistory = new QAction(tr("Edit &history"), this);
    showHistory->setCheckable(true);
    connect(showHistory, &QAction::toggled, this, &MainWindow::setHistoryVisible);
    connect(historyDock_, &QDockWidget::visibilityChanged, showHistory, [this, showHistory] {
        const QSignalBlocker block(showHistory);
        showHistory->setChecked(!historyDock_->isHidden());
    });
    showHistory->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    showHistory->setObjectName("showHistory");
    view->addAction(showHistory);
    // The overlay is otherwise only in a slider's context menu.
    QAction* overlay = view->addAction(tr("&Overlay a parameter..."), this, &MainWindow::askOverlayParameter);
    overlay->setObjectName("overlayParameter");
    overlay->setToolTip(tr("Draw several values of one parameter together in the views"));
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
    help->addAction(tr("&Paper figures..."), this, [this] {
        if (!figuresDialog_) {
            figuresDialog_ = new PaperFiguresDialog(this);
            connect(figuresDialog_, &PaperFiguresDialog::figureChosen, this, [this](const QString& id) {
                QString error;
                if (!openPaperFigure(id, &error)) QMessageBox::warning(figuresDialog_, tr("Cannot open figure"), error);
            });
        }
        figuresDialog_->show();
        figuresDialog_->raise();
        figuresDialog_->activateWindow();
    })->setObjectName("paperFigures");
    help->addAction(tr("&About ImpactLab"), this, [this] {
        QMessageBox::about(this, tr("About ImpactLab"), aboutText());
    })->setObjectName("about");
}

void MainWindow::updateMenus() {
    // The page's own File entries, where they belong; others' removed.
    for (QAction* a : shownPageActions_) fileMenu_->removeAction(a);
    shownPageActions_ = page_ ? page_->fileActions() : QList<QAction*>();
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
        QAction* a = removeBodyMenu_->addAction(QString::fromStdString(names[i]), this, [this, i] { doc_->removeBody(i); });
        a->setObjectName(QString("removeBody%1").arg(i));
        a->setEnabled(names.size() > 1);   // a scene keeps at least one body
    }
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList files = doc_->recentFiles();
    for (const QString& f : files) {
        recentMenu_->addAction(escapeMnemonic(QFileInfo(f).fileName()), this, [this, f] {
            if (!maybeSave()) return;
            QString error;
            if (!doc_->openFile(f, &error)) {
                doc_->forgetRecentFile(f);
                QMessageBox::warning(this, tr("Cannot open scene"), error);
            }
        })->setToolTip(f);
    }
    recentMenu_->setToolTipsVisible(true);
    recentMenu_->setEnabled(!files.isEmpty());
}

// --- Opening and saving ------------------------------------------------------

bool MainWindow::openSceneAsked(const QString& path) {
    QString error;
    if (doc_->openFile(path, &error)) return true;
    QMessageBox::warning(this, tr("Cannot open scene"), error);
    return false;
}

bool MainWindow::openPaperFigure(const QString& id, QString* error) {
    const PaperFigure* figure = findPaperFigure(id.toStdString());
    if (!figure) {
        if (error) *error = tr("No figure %1 in the catalogue").arg(id);
        return false;
    }
    const QString path = findBuiltInScenePath(QString::fromStdString(figure->scene));
    if (path.isEmpty()) {
        if (error) *error = tr("The figure's scene %1 is not built in").arg(QString::fromStdString(figure->scene));
        return false;
    }
    // Another scene is opened first (asking to save edits, as any open does);
    // on the open scene the figure is an edit of it, undone in one step.
    if (doc_->path() != path && (!maybeSave() || !doc_->openFile(path, error))) return false;
    const bool edited = doc_->editDocument([&](const nlohmann::json&) {
        const nlohmann::json base = toUnifiedSceneDocument(readSceneDocument(path));
        return std::make_pair(tr("Figure %1").arg(PaperFiguresDialog::figureLabel(id)), applyPaperFigure(base, *figure));
    });
    if (!edited) {
        if (error) *error = lastError_;
        return false;
    }
    lastFigureDocument_ = currentDocument();
    if (page_) page_->showTab(QString::fromStdString(figure->view));
    showStatus(tr("%1: %2").arg(QString::fromStdString(figure->id), QString::fromStdString(figure->title)));
    return true;
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

bool MainWindow::saveSceneAs(const QString& path) {
    if (!doc_->saveAs(path)) return false;   // the reason is in the status bar
    statusBar()->showMessage(tr("Saved ") + path);
    return true;
}

bool MainWindow::saveScene() {
    if (doc_->isBuiltIn()) return saveSceneWithDialog();
    return saveSceneAs(doc_->path());
}

bool MainWindow::saveSceneWithDialog() {
    const QString suggested = doc_->isBuiltIn() ? QFileInfo(doc_->path()).fileName() : doc_->path();
    QString path = QFileDialog::getSaveFileName(this, tr("Save scene"), suggested, tr("ImpactLab scenes (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += ".json";
    return saveSceneAs(path);
}

bool MainWindow::maybeSave() {
    if (!doc_->isModified()) return true;
    if (lastFigureDocument_ && currentDocument() == *lastFigureDocument_) return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"), tr("The scene \"%1\" has changes that are not saved.").arg(doc_->sceneName()),
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
    doc_->discardRecovery();   // saved, or discarded on the user's word
    event->accept();
}

void MainWindow::onDocumentStateChanged() {
    setWindowModified(doc_->isModified());
    updateTitle();
    updateBodyMenu();
}

void MainWindow::updateTitle() {
    // [*] is where Qt shows the modified marker.
    const QString where = doc_->isBuiltIn() ? QString("built-in") : QFileInfo(doc_->path()).fileName();
    setWindowTitle(QString("%1 (%2)[*] - ImpactLab").arg(doc_->sceneName(), where));
}

// --- Recovery, settings ---------------------------------------------------------

bool MainWindow::offerRecovery() {
    const std::optional<RecoveredDocument> copy = doc_->findRecovery();
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
        doc_->discardRecovery();
        return false;
    }
    QString error;
    if (!doc_->recover(*copy, &error)) {
        QMessageBox::warning(this, tr("Cannot recover the scene"), error);
        doc_->discardRecovery();
        return false;
    }
    statusBar()->showMessage(tr("Recovered unsaved changes to ") + QString::fromStdString(name));
    return true;
}

QString MainWindow::restoreSettings(bool restoreWindowGeometry) {
    const QSettings settings;
    if (restoreWindowGeometry) {
        restoreGeometry(settings.value("window/geometry").toByteArray());
        restoreState(settings.value("window/state").toByteArray());
    }
    return doc_->lastScenePath();
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    doc_->rememberAsLastScene();
}

// --- Status, guide, timing ---------------------------------------------------------

bool MainWindow::showTab(const QString& name) { return page_ && page_->showTab(name); }

MainWindow::UpdateTiming MainWindow::lastUpdateTiming() const {
    if (!page_) return {};
    const double total = page_->lastUpdateMilliseconds(), compute = page_->lastComputeMilliseconds();
    return {compute, std::max(0.0, total - compute), total};
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
    QString html = "<h2>" + doc_->sceneName().toHtmlEscaped() + "</h2>";
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
    dialog.setWindowTitle(tr("Scene guide: ") + doc_->sceneName());
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

bool MainWindow::exportCurrentView(const QString& path) { return page_ && page_->exportCurrentView(path); }
bool MainWindow::export3dPng(const QString& path) { return page_ && page_->export3dPng(path); }

void MainWindow::exportAnimationWithDialog() {
    if (!page_) return;
    if (!page_->timeline()) {
        QMessageBox::information(this, tr("Export animation"),
                                 tr("This scene has no timeline to play: simulations, vehicle collisions, "
                                    "reconstructions, tosses and granular flows can be exported as animations."));
        return;
    }
    AnimationExportDialog dialog(*page_, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (dialog.exportAnimation(&error)) statusBar()->showMessage(tr("Exported the animation to ") + dialog.path());
    else if (error != "cancelled") QMessageBox::warning(this, tr("Export animation"), error);
}

bool MainWindow::exportAllViews(const QString& folder) {
    if (!page_) return false;
    const ReportResult r = writeReport(*page_, currentDocument(), folder);
    if (!r.ok()) showError(tr("Could not write: ") + r.failures.join(", "));
    return r.ok();
}

}  // namespace impactlab::ui
