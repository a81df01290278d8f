#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QCloseEvent>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStackedWidget>
#include <QComboBox>
#include <QHBoxLayout>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cstdio>

#include "ImpactScenePage.h"
#include "plus/PlusScenePage.h"
#include "scene/PlusScene.h"
#include "SceneLibrary.h"
#include "diagram/ImpulseDiagram.h"
#include "diagram/ImpulseDiagramView.h"
#include "impact/LawRegistry.h"
#include "panel/ParameterPanel.h"
#include "plots/TimePlotsView.h"
#include "render/SceneRenderer.h"
#include "render/VtkView.h"
#include "timeline/TimelineWidget.h"
#include "vehicle/MomentumDiagramView.h"
#include "vehicle/SweepView.h"
#include "vehicle/VehicleOverlay.h"
#include "vehicle/VehicleResultsTable.h"
#include "vehicle/VehicleSweep.h"

namespace impactlab::ui {

namespace {

// Half size of the drawn ground plane beyond the run's extent, m.
constexpr double kGroundMargin = 1.0;
// s of computing. A run on the GUI thread that has not finished by then stops
// with end reason "time limit", shown in the status bar, so the window never
// stays unresponsive for long (the CLI keeps the core's 60 s,
// docs/input-limits.md). Every built-in scene runs in well under 0.1 s.
constexpr double kInteractiveRunSeconds = 3.0;

SimulationOptions makeInteractiveOptions() {
    SimulationOptions options;
    options.maxRunSeconds = kInteractiveRunSeconds;
    return options;
}
constexpr double kMinGroundHalfSize = 1.5;
// m: a plane this close to the ground height, facing up, is the ground.
constexpr double kGroundMatchTol = 1e-9;
// m: half size of a wall drawn without a size of its own, and pivot radius.
constexpr double kDefaultPlaneHalfSize = 1.0;
constexpr double kPivotRadius = 0.025;
// Sensitivity map of a vehicle scene: points per axis, and the range each
// input is swept over (SI: m for the offset along the contact plane, rad for
// the turn of the contact normal, m/s for speeds).
constexpr int kSweepPoints = 21;
struct SweepRange {
    const char* name;
    double from, to;
};
constexpr SweepRange kSweepRanges[] = {
    {"epsilon", 0.0, 1.0},      {"mu_user", 0.0, 1.2},   {"impact_offset", -0.8, 0.8},
    {"normal_angle_offset", -0.5, 0.5}, {"speed1", 1.0, 30.0}, {"speed2", 0.0, 30.0},
};
// Degrees. A planar scene moves in the x-z plane: look at it square-on from -y,
// slightly from above so the floor shows; spatial scenes get an oblique view.
constexpr double kPlanarViewAzimuth = -90.0;
constexpr double kPlanarViewElevation = 8.0;
// Vehicles move in the ground plane: look down on them steeply.
constexpr double kVehicleViewAzimuth = -90.0;
constexpr double kVehicleViewElevation = 60.0;
constexpr double kSpatialViewAzimuth = -60.0;
constexpr double kSpatialViewElevation = 25.0;
// Pixels: room for a label, a slider and a spin box with its unit.
constexpr int kSidePanelWidth = 430;

BodyVisual toVisual(const SceneBody& b, bool headingMarker) {
    BodyVisual v;
    v.headingMarker = headingMarker;
    v.shape = b.shape.type == Shape::Type::Sphere ? BodyVisual::Shape::Sphere : BodyVisual::Shape::Box;
    v.radius = b.shape.radius;
    v.halfExtents = b.shape.halfExtents;
    v.color = b.color;
    return v;
}

// The timeline prefixes "#k t = ... s, ".
QString describeImpact(const SimulationRun& run, int i, const Scene& scene) {
    const ImpactEventRecord& e = run.impacts[i];
    return QString("%1, v_n = %2 m/s")
        .arg(QString::fromStdString(scene.bodies[e.body].name))
        .arg(e.problem.vMinus.z(), 0, 'f', 2);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle("ImpactLab");

    // Left: scene description, parameters, law comparison.
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sceneTitle_ = new QLabel;
    sceneTitle_->setStyleSheet("font-weight: bold; font-size: 14pt;");
    sceneTitle_->setWordWrap(true);
    sceneDescription_ = new QLabel;
    sceneDescription_->setWordWrap(true);
    panel_ = new ParameterPanel;
    sideLayout->addWidget(sceneTitle_);
    sideLayout->addWidget(sceneDescription_);
    auto* paramBox = new QGroupBox("Parameters");
    auto* paramLayout = new QVBoxLayout(paramBox);
    paramLayout->addWidget(panel_);
    sideLayout->addWidget(paramBox);
    buildLawComparison(side, sideLayout);
    eventSummary_ = new QLabel;
    eventSummary_->setWordWrap(true);
    eventSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sideLayout->addWidget(eventSummary_);
    sideLayout->addStretch(1);
    auto* sideScroll = new QScrollArea;
    sideScroll->setWidget(side);
    sideScroll->setWidgetResizable(true);
    sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    sideScroll->setMinimumWidth(kSidePanelWidth);

    // Centre: 3D view beside the diagram.
    view3d_ = new VtkView;
    renderer_ = std::make_unique<SceneRenderer>(*view3d_);
    vehicleOverlay_ = std::make_unique<VehicleOverlay>(*view3d_);
    diagram_ = new ImpulseDiagramView;
    plots_ = new TimePlotsView;
    tabs_ = new QTabWidget;
    tabs_->addTab(diagram_, "Impulse space");
    tabs_->addTab(plots_, "Time histories");
    momentum_ = new MomentumDiagramView;
    results_ = new VehicleResultsTable;
    sweep_ = new SweepView;
    tabs_->addTab(momentum_, "Momentum");
    tabs_->addTab(results_, "Results");
    // Sensitivity: what to vary (one or two inputs) and what to map.
    auto* sweepPage = new QWidget;
    auto* sweepLayout = new QVBoxLayout(sweepPage);
    auto* sweepControls = new QHBoxLayout;
    sweepInput1_ = new QComboBox;
    sweepInput2_ = new QComboBox;
    sweepOutput_ = new QComboBox;
    sweepInput2_->addItem("(none)");
    for (const SweepRange& r : kSweepRanges) {
        sweepInput1_->addItem(r.name);
        sweepInput2_->addItem(r.name);
    }
    for (const auto& [name, unit] : getVehicleSweepOutputs())
        sweepOutput_->addItem(QString::fromStdString(name), QString::fromStdString(unit));
    sweepInput1_->setCurrentText("epsilon");
    sweepInput2_->setCurrentText("impact_offset");
    sweepOutput_->setCurrentText("delta_v1");
    sweepControls->addWidget(new QLabel("Vary"));
    sweepControls->addWidget(sweepInput1_);
    sweepControls->addWidget(new QLabel("and"));
    sweepControls->addWidget(sweepInput2_);
    sweepControls->addWidget(new QLabel("map"));
    sweepControls->addWidget(sweepOutput_);
    sweepControls->addStretch(1);
    sweepLayout->addLayout(sweepControls);
    sweepLayout->addWidget(sweep_, 1);
    for (QComboBox* box : {sweepInput1_, sweepInput2_, sweepOutput_})
        connect(box, &QComboBox::currentTextChanged, this, [this] { updateVehicleViews(); });
    tabs_->addTab(sweepPage, "Sensitivity");
    auto* views = new QSplitter(Qt::Horizontal);
    views->addWidget(view3d_);
    views->addWidget(tabs_);
    views->setStretchFactor(0, 1);
    views->setStretchFactor(1, 1);

    timeline_ = new TimelineWidget;
    auto* centre = new QWidget;
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->addWidget(views, 1);
    centreLayout->addWidget(timeline_);

    auto* main = new QSplitter(Qt::Horizontal);
    main->addWidget(sideScroll);
    main->addWidget(centre);
    main->setStretchFactor(1, 1);
    simulationPage_ = main;
    impactPage_ = new ImpactScenePage;
    stack_ = new QStackedWidget;
    stack_->addWidget(simulationPage_);
    stack_->addWidget(impactPage_);
    plusPage_ = new PlusScenePage;
    stack_->addWidget(plusPage_);
    setCentralWidget(stack_);
    connect(plusPage_, &PlusScenePage::errorOccurred, this, &MainWindow::showError);
    connect(plusPage_, &PlusScenePage::updated, this, [this](const QString& msg) {
        statusBar()->setStyleSheet("");
        statusBar()->showMessage(msg);
    });
    connect(impactPage_, &ImpactScenePage::errorOccurred, this, &MainWindow::showError);
    connect(impactPage_, &ImpactScenePage::updated, this, [this](const QString& msg) {
        statusBar()->setStyleSheet("");
        statusBar()->showMessage(msg);
    });

    connect(panel_, &ParameterPanel::numberChanged, this, &MainWindow::onNumberChanged);
    connect(panel_, &ParameterPanel::choiceChanged, this, &MainWindow::onChoiceChanged);
    // Every user edit on any page's panel changes the document (after the
    // page's own handler, connected first, has applied it).
    for (ParameterPanel* p : {panel_, impactPage_->parameterPanel(), plusPage_->parameterPanel()}) {
        connect(p, &ParameterPanel::numberChanged, this, [this] { markModified(); });
        connect(p, &ParameterPanel::choiceChanged, this, [this] { markModified(); });
    }
    connect(timeline_, &TimelineWidget::timeChanged, this, [this](double t) { updatePoses(t); });
    connect(timeline_, &TimelineWidget::eventSelected, this, [this](int i) {
        selectedImpact_ = i;
        updateDiagram();
        updatePoses(timeline_->time());
    });
    buildMenus();
    statusBar()->showMessage("Ready");
}

MainWindow::~MainWindow() = default;

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (framedOnShow_) return;
    framedOnShow_ = true;
    QTimer::singleShot(0, this, [this] {
        renderer_->resetCamera();
        view3d_->requestRender();
        impactPage_->resetCamera();
        plusPage_->resetCamera();
    });
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu("&File");
    file->addAction("&Open scene...", QKeySequence::Open, this, [this] {
        if (!maybeSave()) return;
        const QString path = QFileDialog::getOpenFileName(this, "Open scene", QString(), "ImpactLab scenes (*.json)");
        QString error;
        if (!path.isEmpty() && !openScene(path, &error)) QMessageBox::warning(this, "Cannot open scene", error);
    });
    QMenu* builtIn = file->addMenu("Open &built-in scene");
    builtIn->setObjectName("builtInScenes");
    QMenu* group = nullptr;
    for (const BuiltInScene& entry : listBuiltInSceneEntries()) {
        if (!group || group->title() != entry.group) {
            group = builtIn->addMenu(entry.group);
            group->setToolTipsVisible(true);
        }
        QAction* a = group->addAction(entry.name, this, [this, path = entry.path] {
            if (!maybeSave()) return;
            QString error;
            if (!openScene(path, &error)) QMessageBox::warning(this, "Cannot open scene", error);
        });
        a->setToolTip(entry.description);
        a->setData(entry.path);
    }
    file->addSeparator();
    file->addAction("&Save scene", QKeySequence::Save, this, [this] { saveScene(); });
    file->addAction("Save scene &as...", QKeySequence::SaveAs, this, [this] { saveSceneWithDialog(); });
    file->addSeparator();
    auto exportWith = [this](const QString& title, const QString& filter, auto fn) {
        return [this, title, filter, fn] {
            const QString path = QFileDialog::getSaveFileName(this, title, QString(), filter);
            if (!path.isEmpty() && !(this->*fn)(path)) QMessageBox::warning(this, title, "Could not write " + path);
        };
    };
    file->addAction("Export diagram as &PNG...", QKeySequence(Qt::CTRL | Qt::Key_E), this, exportWith("Export diagram", "PNG image (*.png)", &MainWindow::exportDiagramPng));
    file->addAction("Export diagram as &SVG...", this, exportWith("Export diagram", "SVG image (*.svg)", &MainWindow::exportDiagramSvg));
    file->addAction("Export diagram &data as CSV...", this, exportWith("Export diagram data", "CSV (*.csv)", &MainWindow::exportDiagramCsv));
    file->addAction("Export &3D view as PNG...", this, exportWith("Export 3D view", "PNG image (*.png)", &MainWindow::export3dPng));
    // Shown only while a vehicle collision is open (updateMenus).
    vehicleActions_ = {
        file->addAction("Export vehicle &results as CSV...", this, exportWith("Export results", "CSV (*.csv)", &MainWindow::exportVehicleResultsCsv)),
        file->addAction("Export sensitivity map as P&NG...", this, exportWith("Export sensitivity", "PNG image (*.png)", &MainWindow::exportSweepPng)),
        file->addAction("Export sensitivity map as &CSV...", this, exportWith("Export sensitivity", "CSV (*.csv)", &MainWindow::exportSweepCsv)),
    };
    file->addSeparator();
    file->addAction("&Quit", QKeySequence::Quit, qApp, &QApplication::quit);

    // Playback of a simulation's timeline (hidden on the other pages).
    QMenu* playback = menuBar()->addMenu("&Playback");
    playbackMenu_ = playback;
    playback->addAction("&Play / pause", QKeySequence(Qt::Key_Space), this, [this] {
        if (timeline_->isPlaying()) timeline_->pause();
        else timeline_->play();
    })->setObjectName("playPause");
    playback->addAction("&Next impact", QKeySequence(Qt::CTRL | Qt::Key_Period), this, [this] {
        timeline_->selectEvent(timeline_->selectedEvent() + 1);
    })->setObjectName("nextImpact");
    playback->addAction("Pre&vious impact", QKeySequence(Qt::CTRL | Qt::Key_Comma), this, [this] {
        timeline_->selectEvent(std::max(0, timeline_->selectedEvent() - 1));
    })->setObjectName("previousImpact");
    updateMenus();

    QMenu* view = menuBar()->addMenu("&View");
    view->addAction("&Reset camera", this, [this] { renderer_->resetCamera(); view3d_->requestRender(); });
    QMenu* help = menuBar()->addMenu("&Help");
    help->addAction("&About ImpactLab", this, [this] {
        QMessageBox::about(this, "About ImpactLab",
                           "ImpactLab: a laboratory for rigid-body impact mechanics.\n"
                           "Laws compared in impulse space, on scenes you can edit live.");
    });
}

void MainWindow::buildLawComparison(QWidget*, QVBoxLayout* layout) {
    auto* box = new QGroupBox("Compare laws on the diagram (the scene's law is always drawn)");
    box->setToolTip("The selected impact is solved again with each checked law and overlaid on the impulse-space diagram.");
    auto* l = new QVBoxLayout(box);
    for (const LawInfo& law : getLaws()) {
        QString text = QString::fromStdString(law.id);
        if (law.title.find("reconstructed") != std::string::npos) text += " (reconstructed)";
        auto* cb = new QCheckBox(text);
        cb->setToolTip(QString::fromStdString(law.title + "\n" + law.reference));
        l->addWidget(cb);
        compareBoxes_.emplace_back(QString::fromStdString(law.id), cb);
        connect(cb, &QCheckBox::toggled, this, [this] {
            updateDiagram();
            updateTimePlots();
            redrawNow();
        });
    }
    layout->addWidget(box);
}

namespace {

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

}  // namespace

bool MainWindow::openScene(const QString& path, QString* error) {
    try {
        const nlohmann::json doc = readSceneDocument(path);
        if (isPlusSceneDocument(doc)) {
            plusPage_->setScene(parsePlusScene(doc));
            stack_->setCurrentWidget(plusPage_);
        } else if (isImpactSceneDocument(doc)) {
            impactPage_->setScene(parseImpactScene(doc));
            stack_->setCurrentWidget(impactPage_);
        } else {
            applyScene(parseScene(doc), true);
            stack_->setCurrentWidget(simulationPage_);
            renderer_->resetCamera();
            view3d_->requestRender();
        }
        setDocumentPath(path);
        updateMenus();
        return true;
    } catch (const std::exception& e) {
        // The scene on screen stays: nothing was applied before the throw
        // (both readers return a whole scene or throw).
        const QString message = describeLoadFailure(path, e);
        if (error) *error = message;
        showError(message);
        return false;
    }
}

const nlohmann::json& MainWindow::currentDocument() const {
    if (stack_->currentWidget() == plusPage_) return plusPage_->scene().document;
    if (stack_->currentWidget() == impactPage_) return impactPage_->scene().document;
    return scene_.document;
}

QString MainWindow::currentSceneName() const {
    const nlohmann::json& doc = currentDocument();
    const auto it = doc.find("name");
    return it != doc.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString("untitled");
}

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

bool MainWindow::isVehicleSceneOpen() const {
    return stack_->currentWidget() == simulationPage_ && scene_.kind == SceneKind::Vehicles;
}

void MainWindow::updateMenus() {
    for (QAction* a : vehicleActions_) a->setVisible(isVehicleSceneOpen());
    if (playbackMenu_) {
        const bool simulation = stack_->currentWidget() == simulationPage_;
        playbackMenu_->menuAction()->setVisible(simulation);
        for (QAction* a : playbackMenu_->actions()) a->setEnabled(simulation);   // no shortcut fires unseen
    }
}

void MainWindow::markModified() {
    setWindowModified(true);
    updateTitle();   // the name may be an edited field
}

bool MainWindow::saveSceneAs(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        showError("Cannot write " + path + ": " + f.errorString());
        return false;
    }
    const std::string text = currentDocument().dump(2) + "\n";
    if (f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !f.flush()) {
        showError("Cannot write " + path + ": " + f.errorString());
        return false;
    }
    setDocumentPath(path);
    statusBar()->showMessage("Saved " + path);
    return true;
}

bool MainWindow::saveScene() {
    if (isBuiltInDocument()) return saveSceneWithDialog();
    return saveSceneAs(documentPath_);
}

bool MainWindow::saveSceneWithDialog() {
    const QString suggested = isBuiltInDocument() ? QFileInfo(documentPath_).fileName() : documentPath_;
    QString path = QFileDialog::getSaveFileName(this, "Save scene", suggested, "ImpactLab scenes (*.json)");
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += ".json";
    return saveSceneAs(path);
}

bool MainWindow::maybeSave() {
    if (!isWindowModified()) return true;
    const auto answer = QMessageBox::warning(this, "Unsaved changes",
                                             QString("The scene \"%1\" has changes that are not saved.").arg(currentSceneName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return saveScene();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybeSave()) event->accept();
    else event->ignore();
}

bool MainWindow::openSceneOrDefault(const QString& path) {
    QString error;
    if (openScene(path, &error)) return true;
    openScene(defaultScenePath());
    showError(error);   // the status bar keeps the reason, not the default scene's run
    // After the window is shown, so the dialog has a parent on screen.
    QTimer::singleShot(0, this, [this, error] { QMessageBox::warning(this, "Cannot open scene", error); });
    return false;
}

void MainWindow::setScene(const Scene& scene) {
    applyScene(scene, true);
    stack_->setCurrentWidget(simulationPage_);
    updateMenus();
    renderer_->resetCamera();
}

void MainWindow::applyScene(Scene scene, bool rebuildPanel) {
    scene_ = std::move(scene);
    if (rebuildPanel) {
        sceneTitle_->setText(QString::fromStdString(scene_.name));
        sceneDescription_->setText(QString::fromStdString(scene_.description));
        panel_->setParameters(scene_.parameters);
        std::vector<BodyVisual> visuals;
        for (const auto& b : scene_.bodies) visuals.push_back(toVisual(b, scene_.kind == SceneKind::Vehicles));
        renderer_->setBodies(visuals);
        std::vector<PlaneVisual> planes;
        for (const ScenePlane& sp : scene_.planes) {
            const bool isGround = sp.normal.isApprox(Vec3::UnitZ()) && std::abs(sp.point.z() - scene_.groundHeight) < kGroundMatchTol;
            if (isGround) continue;   // drawn by setGround
            planes.push_back({sp.point, sp.normal, sp.size > 0.0 ? sp.size : kDefaultPlaneHalfSize, Eigen::Vector3d(0.55, 0.6, 0.7)});
        }
        renderer_->setPlanes(planes);
        renderer_->setPivots(scene_.pivots, kPivotRadius);
        if (scene_.kind == SceneKind::Planar)
            renderer_->setViewAngles(kPlanarViewAzimuth, kPlanarViewElevation);
        else if (scene_.kind == SceneKind::Vehicles)
            renderer_->setViewAngles(kVehicleViewAzimuth, kVehicleViewElevation);
        else
            renderer_->setViewAngles(kSpatialViewAzimuth, kSpatialViewElevation);
    }
    resimulate();
}

const std::vector<SceneParameter>& MainWindow::currentParameters() const {
    if (isPlusSceneOpen()) return plusPage_->scene().parameters;
    return isImpactSceneOpen() ? impactPage_->scene().parameters : scene_.parameters;
}

const SceneParameter* MainWindow::findParameter(const std::string& id) const {
    for (const SceneParameter& p : currentParameters())
        if (p.id == id) return &p;
    return nullptr;
}

void MainWindow::setParameter(const QString& id, double siValue) {
    if (isPlusSceneOpen()) {
        plusPage_->setParameter(id, siValue);
        timing_ = {0.0, plusPage_->lastUpdateMilliseconds(), plusPage_->lastUpdateMilliseconds()};
        return;
    }
    if (isImpactSceneOpen()) {
        impactPage_->setParameter(id, siValue);
        timing_ = {0.0, impactPage_->lastUpdateMilliseconds(), impactPage_->lastUpdateMilliseconds()};
        return;
    }
    panel_->setValue(id, siValue);
    onNumberChanged(id, siValue);
}

void MainWindow::setChoice(const QString& id, const QString& choice) {
    if (isPlusSceneOpen()) {
        plusPage_->setChoice(id, choice);
        return;
    }
    if (isImpactSceneOpen()) {
        impactPage_->setChoice(id, choice);
        return;
    }
    panel_->setChoice(id, choice);
    onChoiceChanged(id, choice);
}

void MainWindow::setComparedLaws(const QStringList& ids) {
    for (auto& [id, box] : compareBoxes_) {
        const QSignalBlocker block(box);
        box->setChecked(ids.contains(id));
    }
    updateDiagram();
    updateTimePlots();
}

void MainWindow::selectImpact(int index) { timeline_->selectEvent(index); }
bool MainWindow::isImpactSceneOpen() const { return stack_->currentWidget() == impactPage_; }

bool MainWindow::isPlusSceneOpen() const { return stack_->currentWidget() == plusPage_; }

bool MainWindow::showTab(const QString& name) {
    if (isPlusSceneOpen()) return plusPage_->showTab(name);
    if (isImpactSceneOpen()) {
        const QStringList names{"hodograph", "bundle", "curve", "energy", "diagram", "plane", "fobj", "tree"};
        if (!names.contains(name)) return false;
        impactPage_->showTab(names.indexOf(name));
        return true;
    }
    const QStringList names{"diagram", "plots", "momentum", "results", "sweep"};
    if (!names.contains(name)) return false;
    tabs_->setCurrentIndex(names.indexOf(name));
    return true;
}
void MainWindow::setTime(double t) { timeline_->setTime(t); }

void MainWindow::onNumberChanged(const QString& id, double value) {
    try {
        applyScene(withParameter(scene_, id.toStdString(), value), false);
    } catch (const std::exception& e) {
        showError(describeLoadFailure(QString::fromStdString(scene_.name), e));
    }
}

void MainWindow::onChoiceChanged(const QString& id, const QString& choice) {
    try {
        applyScene(withChoice(scene_, id.toStdString(), choice.toStdString()), false);
    } catch (const std::exception& e) {
        showError(describeLoadFailure(QString::fromStdString(scene_.name), e));
    }
}

void MainWindow::resimulate() {
    QElapsedTimer clock;
    clock.start();
    try {
        run_ = simulate(scene_, makeInteractiveOptions());
        lastError_.clear();
    } catch (const std::exception& e) {
        showError(describeLoadFailure(QString::fromStdString(scene_.name), e));
        return;
    }
    timing_.simulateMs = clock.nsecsElapsed() * 1e-6;

    // Ground sized to the run's extent; the trail of every body.
    double extent = kMinGroundHalfSize;
    for (const auto& smp : run_.samples)
        for (const auto& b : smp.bodies) extent = std::max(extent, b.position.head<2>().cwiseAbs().maxCoeff() + kGroundMargin);
    renderer_->setGround(scene_.groundHeight, extent);
    for (size_t i = 0; i < scene_.bodies.size(); ++i) {
        std::vector<Eigen::Vector3d> trail;
        trail.reserve(run_.samples.size());
        for (const auto& smp : run_.samples) trail.push_back(smp.bodies[i].position);
        renderer_->setTrail(static_cast<int>(i), trail);
    }

    std::vector<std::pair<double, QString>> events;
    for (int i = 0; i < static_cast<int>(run_.impacts.size()); ++i)
        events.emplace_back(run_.impacts[i].time, describeImpact(run_, i, scene_));
    const double t = timeline_->time();
    const int previous = selectedImpact_;
    {
        const QSignalBlocker block(timeline_);
        timeline_->setRun(run_.endTime, events);
        timeline_->setTime(std::min(t, run_.endTime));
        selectedImpact_ = events.empty() ? -1 : std::clamp(previous < 0 ? 0 : previous, 0, static_cast<int>(events.size()) - 1);
        if (selectedImpact_ >= 0) timeline_->selectEvent(selectedImpact_);
    }
    updatePoses(timeline_->time());
    updateDiagram();
    updateTimePlots();
    updateVehicleViews();
    updateStatus();
    redrawNow();
    timing_.totalMs = clock.nsecsElapsed() * 1e-6;
    timing_.viewsMs = timing_.totalMs - timing_.simulateMs;
    if (printTiming_)
        std::fprintf(stderr, "update: simulate %.2f ms, views %.2f ms, total %.2f ms\n", timing_.simulateMs,
                     timing_.viewsMs, timing_.totalMs);
}

void MainWindow::updatePoses(double t) {
    std::vector<BodyPose> poses;
    for (const auto& s : run_.calcStatesAt(t)) poses.push_back({s.position, s.orientation});
    renderer_->setPoses(poses);
    plots_->setCursorTime(t);
    if (selectedImpact_ >= 0 && selectedImpact_ < static_cast<int>(run_.impacts.size()))
        renderer_->setMarker(run_.impacts[selectedImpact_].point);
    else
        renderer_->setMarker(std::nullopt);
    view3d_->requestRender();
}

void MainWindow::updateDiagram() {
    if (selectedImpact_ < 0 || selectedImpact_ >= static_cast<int>(run_.impacts.size())) {
        diagram_->clear();
        diagram_->setTitle("Impulse space: no impact in this run");
        eventSummary_->clear();
        return;
    }
    const ImpactEventRecord& e = run_.impacts[selectedImpact_];
    std::vector<LawOutcome> outcomes{{e.result, e.trace}};
    for (const auto& [id, box] : compareBoxes_) {
        if (!box->isChecked() || id.toStdString() == e.result.model) continue;
        LawOutcome o;
        try {
            o.result = getLaw(id.toStdString()).solve(e.problem, nlohmann::json::object(), &o.trace);
            outcomes.push_back(std::move(o));
        } catch (const InputError& err) {
            showError(QString("%1 cannot solve this impact: %2").arg(id, QString::fromUtf8(err.what())));
        }
    }
    diagram_->setDiagram(makeImpulseDiagram(e.problem, outcomes));
    diagram_->setTitle(QString("Impulse space: impact %1 at t = %2 s (mu = %3, e = %4)")
                           .arg(selectedImpact_ + 1)
                           .arg(e.time, 0, 'f', 3)
                           .arg(e.problem.friction)
                           .arg(e.problem.restitution));
    const ImpactResult& r = e.result;
    QString text = QString("<b>Impact %1</b> (%2)<br>impulse [t1, t2, n] = (%3, %4, %5) N s<br>"
                           "v+ = (%6, %7, %8) m/s<br>energy %9 J -> %10 J<br>events:")
                       .arg(selectedImpact_ + 1)
                       .arg(QString::fromStdString(r.model))
                       .arg(r.impulse.x(), 0, 'g', 5).arg(r.impulse.y(), 0, 'g', 5).arg(r.impulse.z(), 0, 'g', 5)
                       .arg(r.vPlus.x(), 0, 'g', 4).arg(r.vPlus.y(), 0, 'g', 4).arg(r.vPlus.z(), 0, 'g', 4)
                       .arg(r.energyBefore, 0, 'g', 5).arg(r.energyAfter, 0, 'g', 5);
    for (const auto& ev : r.events) text += QString(" %1").arg(toString(ev.kind));
    for (const auto& w : r.warnings) text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    eventSummary_->setText(text);
}

// The reconstruction views of a vehicle scene: arrows and friction cones on the
// 3D view, the momentum diagram, the results table and a sensitivity map of
// vehicle 1's delta-V over restitution and the impact point's offset.
void MainWindow::updateVehicleViews() {
    const bool vehicles = scene_.kind == SceneKind::Vehicles && run_.vehicleCollision.has_value();
    for (int i = 2; i < tabs_->count(); ++i) tabs_->setTabVisible(i, vehicles);
    if (!vehicles) {
        vehicleOverlay_->clear();
        momentum_->clear();
        results_->clearResults();
        return;
    }
    const VehicleCollisionInput& input = scene_.vehicles->collision;
    vehicleOverlay_->show(input, *run_.vehicleCollision);
    momentum_->setCollision(input, *run_.vehicleCollision);
    results_->setCollision(input, *run_.vehicleCollision);
    try {
        VehicleCollisionOptions o;
        o.recordTrace = false;
        auto axisFor = [&](const QString& name) {
            for (const SweepRange& r : kSweepRanges)
                if (name == r.name) return SweepAxis{r.name, r.from, r.to, kSweepPoints};
            return SweepAxis{"epsilon", 0.0, 1.0, kSweepPoints};
        };
        std::optional<SweepAxis> axis2;
        if (sweepInput2_->currentIndex() > 0 && sweepInput2_->currentText() != sweepInput1_->currentText())
            axis2 = axisFor(sweepInput2_->currentText());
        sweep_->setGrid(sweep(input, axisFor(sweepInput1_->currentText()), axis2,
                              sweepOutput_->currentText().toStdString(), o));
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()));
    }
}

std::vector<std::string> MainWindow::comparedLaws() const {
    std::vector<std::string> ids{scene_.contact.law};
    for (const auto& [id, box] : compareBoxes_)
        if (box->isChecked() && id.toStdString() != scene_.contact.law) ids.push_back(id.toStdString());
    return ids;
}

// Time histories of the first body (Cataldo & Sampaio Figs. 3.2-3.19), one
// curve per compared law, each law's run simulated from the same scene.
void MainWindow::updateTimePlots() {
    comparedRuns_.clear();
    for (const std::string& id : comparedLaws()) {
        if (id == scene_.contact.law) {
            comparedRuns_.emplace_back(id, run_);
            continue;
        }
        try {
            // Re-read the document with the other law, so options keyed by law
            // id reach it; a flat options object belongs to the scene's law only.
            nlohmann::json doc = scene_.document;
            doc["contact"]["law"] = id;
            Scene s = parseScene(doc);
            comparedRuns_.emplace_back(id, simulate(s, makeInteractiveOptions()));
        } catch (const InputError& e) {
            showError(QString("%1: %2").arg(QString::fromStdString(id), QString::fromUtf8(e.what())));
        }
    }
    // Panels of the first body (Cataldo & Sampaio Figs. 3.2-3.19), from the
    // run's named channels; a planar run names its vertical coordinate y and its
    // rotation theta/omega, a spatial one z and w_y.
    const bool planar = scene_.kind == SceneKind::Planar;
    const std::string body = scene_.bodies.empty() ? std::string() : scene_.bodies[0].name + ".";
    struct PanelSpec {
        const char* title;
        const char* yLabel;
        std::vector<std::pair<std::string, Qt::PenStyle>> channels;
    };
    std::vector<PanelSpec> specs = {
        {"Height of the centre", planar ? "y [m]" : "z [m]", {{body + (planar ? "y" : "z"), Qt::SolidLine}}},
        {"Horizontal position", "x [m]", {{body + "x", Qt::SolidLine}}},
        {"Vertical velocity", "[m/s]", {{body + (planar ? "vy" : "vz"), Qt::SolidLine}}},
        {"Horizontal velocity", "v_x [m/s]", {{body + "vx", Qt::SolidLine}}},
        {planar ? "Angle" : "Angular velocity about y", planar ? "theta [rad]" : "w_y [rad/s]",
         {{body + (planar ? "theta" : "wy"), Qt::SolidLine}}},
        {"Angular velocity", "[rad/s]", {{body + (planar ? "omega" : "wy"), Qt::SolidLine}}},
        {"End heights (left solid, right dashed)", "[m]", {{body + "left_end_y", Qt::SolidLine}, {body + "right_end_y", Qt::DashLine}}},
        {"Mechanical energy", "T + V [J]", {{"energy", Qt::SolidLine}}},
    };
    if (!planar) specs.erase(specs.begin() + 5);   // w_y already shown
    std::vector<PlotPanel> panels;
    for (const PanelSpec& spec : specs) {
        PlotPanel panel{spec.title, spec.yLabel, {}};
        for (size_t k = 0; k < comparedRuns_.size(); ++k) {
            const auto& [id, run] = comparedRuns_[k];
            for (const auto& [name, style] : spec.channels) {
                const RunChannel* ch = run.findChannel(name);
                if (!ch || ch->values.size() != run.samples.size()) continue;
                PlotCurve c{QString::fromStdString(id), ImpulseDiagramView::pathColor(static_cast<int>(k)), style, {}};
                c.points.reserve(run.samples.size());
                for (size_t i = 0; i < run.samples.size(); ++i) c.points.emplace_back(run.samples[i].time, ch->values[i]);
                panel.curves.push_back(std::move(c));
            }
        }
        if (!panel.curves.empty()) panels.push_back(std::move(panel));
    }
    plots_->setPanels(panels, panels.size() > 6 ? 4 : 3);
    plots_->setCursorTime(timeline_->time());
}

void MainWindow::updateStatus() {
    QString msg = QString("%1: %2 impacts, %3, simulated in %4 ms")
                      .arg(QString::fromStdString(scene_.name))
                      .arg(run_.impacts.size())
                      .arg(QString::fromStdString(run_.endReason))
                      .arg(timing_.simulateMs, 0, 'f', 1);
    // A run the core stopped at one of its limits (docs/input-limits.md) says
    // so first, in amber: its last samples are not the scene's end.
    const bool stopped = run_.endReason.find("limit") != std::string::npos || run_.endReason == "no solution" ||
                         run_.endReason == "stalled";
    if (stopped) {
        QString why = run_.warnings.empty() ? QString() : QString::fromStdString(run_.warnings.back());
        msg = QString("Run stopped early (%1) at t = %2 s: %3")
                  .arg(QString::fromStdString(run_.endReason))
                  .arg(run_.endTime, 0, 'g', 4)
                  .arg(why);
    } else if (!run_.warnings.empty()) {
        msg += QString("; %1 warning(s): %2").arg(run_.warnings.size()).arg(QString::fromStdString(run_.warnings.front()));
    }
    statusBar()->setStyleSheet(stopped ? "color: #a05a00;" : "");
    statusBar()->showMessage(msg);
}

void MainWindow::redrawNow() {
    // Synchronous repaints, so an update is measured to the last pixel drawn.
    view3d_->repaint();
    diagram_->repaint();
    timeline_->repaint();
    if (plots_->isVisible()) plots_->repaint();
}

void MainWindow::showError(const QString& message) {
    lastError_ = message;
    statusBar()->setStyleSheet("color: #b00000;");
    statusBar()->showMessage(message);
}

bool MainWindow::exportVehicleResultsCsv(const QString& path) { return results_->exportCsv(path); }
bool MainWindow::exportSweepPng(const QString& path) { return sweep_->exportPng(path); }
bool MainWindow::exportSweepCsv(const QString& path) { return sweep_->exportCsv(path); }

bool MainWindow::exportDiagramCsv(const QString& path) {
    if (isPlusSceneOpen()) return plusPage_->exportCurrentView(path);
    return isImpactSceneOpen() && impactPage_->exportCurrentView(path);
}
bool MainWindow::exportDiagramPng(const QString& path) {
    if (isPlusSceneOpen()) return plusPage_->exportCurrentView(path);
    return isImpactSceneOpen() ? impactPage_->exportCurrentView(path) : diagram_->exportPng(path);
}
bool MainWindow::exportDiagramSvg(const QString& path) {
    if (isPlusSceneOpen()) return plusPage_->exportCurrentView(path);
    return isImpactSceneOpen() ? impactPage_->exportCurrentView(path) : diagram_->exportSvg(path);
}
bool MainWindow::export3dPng(const QString& path) {
    if (isPlusSceneOpen()) return plusPage_->bodiesView()->saveImage(path);
    return isImpactSceneOpen() ? impactPage_->bodiesView()->saveImage(path) : view3d_->saveImage(path);
}

}  // namespace impactlab::ui
