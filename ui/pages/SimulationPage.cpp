#include "pages/SimulationPage.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <variant>

#include "SceneLibrary.h"
#include "compare/ComparisonTableView.h"
#include "compare/DisplayText.h"
#include "compare/LawComparisonBox.h"
#include "diagram/ComparisonTable.h"
#include "diagram/CoulombCharacteristic.h"
#include "diagram/ImpulseDiagram.h"
#include "diagram/LawEquations.h"
#include "diagram/TrajectoryFigure.h"
#include "equations/EquationsView.h"
#include "impulse/ImpulseDiagramView.h"
#include "laws/LawRegistry.h"
#include "panel/ParameterPanel.h"
#include "pages/SceneVisuals.h"
#include "pages/SimulationOverlay.h"
#include "pages/SimulationSummary.h"
#include "pages/SimulationTimePlots.h"
#include "plots/TimePlotsView.h"
#include "plus/FigureView.h"
#include "render/SceneGeometry.h"
#include "render/SceneRenderer.h"
#include "render/VtkView.h"
#include "timeline/RunControls.h"
#include "timeline/TimelineWidget.h"

namespace impactlab::ui {

namespace {

// s of computing. A run that has not finished by then stops with end reason
// "time limit", shown in the status bar (the CLI's default too,
// docs/input-limits.md); with the run off the GUI thread this bounds how long
// a scene can keep its progress bar up before showing what it has.
constexpr double kInteractiveRunSeconds = limits::kDefaultRunSeconds;

// The page's runs, its own and the compared laws' (for the time plots), record
// no impulse-space traces: the diagram's come from re-solving the selected
// impact (compareLawsOnScene). Recording every impact's path was a third of a
// brick drop's run.
SimulationOptions untracedOptions() {
    SimulationOptions o;
    o.recordTraces = false;
    return o;
}
// Milliseconds between progress bar updates of a long run.
constexpr int kProgressIntervalMs = 100;
// Progress bar resolution: ticks over the scene's end time.
constexpr int kProgressTicks = 1000;
// Half size of the drawn ground plane beyond the run's extent, m, and its least.
constexpr double kGroundMargin = 1.0;
constexpr double kMinGroundHalfSize = 1.5;
// The ground's half size is rounded up to a 1-2-5 step of at most this share
// of it (a tenth).
constexpr double kGroundQuanta = 10.0;
// The compliant reference's curves on the time histories: dark grey, apart
// from every law's colour.
const QColor kCompliantRunColor(70, 70, 70);
// m: the radius of a pendulum's pivot.
constexpr double kPivotRadius = 0.025;
// Degrees. A planar scene moves in the x-z plane: look at it square-on from -y,
// slightly from above so the floor shows; spatial scenes get an oblique view.
constexpr double kPlanarViewAzimuth = -90.0;
constexpr double kPlanarViewElevation = 8.0;
constexpr double kSpatialViewAzimuth = -60.0;
constexpr double kSpatialViewElevation = 25.0;

// The timeline prefixes "#k t = ... s, ".
QString describeImpact(const SimulationRun& run, int i, const Scene& scene) {
    const ImpactEventRecord& e = run.impacts[i];
    return QString("%1, v_n = %2 m/s").arg(QString::fromStdString(scene.bodies[e.body].name)).arg(e.problem.vMinus.z(), 0, 'f', 2) +
           describeImpactResolution(e);
}

// An empty figure that says why it is empty.
Figure makeTitledFigure(const char* title) {
    Figure f;
    f.title = title;
    return f;
}

double elapsedMs(qint64 sinceNs) {
    return (std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
                .count() -
            sinceNs) *
           1e-6;
}

qint64 nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

SimulationPage::SimulationPage(QWidget* parent) : ScenePage(parent) {
    view3d_ = new VtkView;
    renderer_ = std::make_unique<SceneRenderer>(*view3d_);
    diagram_ = new ImpulseDiagramView;
    equations_ = new EquationsView;
    coulomb_ = new FigureView;
    plots_ = new TimePlotsView;
    table_ = new ComparisonTableView;
    compare_ = new LawComparisonBox;
    trajectory_ = new FigureView;

    addView({"diagram", viewDisplayName("diagram"),
             "Cataldo & Sampaio Figs. 2.5, 3.21-3.23: the selected impact's path in impulse space, with every "
             "compared law",
             ViewKind::Diagram, diagram_, makeViewExports(diagram_)});
    addView({"equations", viewDisplayName("equations"),
             "The chosen law's defining equations, with the paper and equation numbers, and the selected impact's "
             "numbers in them: W, v-, the impulses, the law's termination condition with both sides evaluated",
             ViewKind::Diagram, equations_, makeViewExports(equations_)});
    addView({"coulomb", viewDisplayName("coulomb"),
             "Cataldo & Sampaio Figs. 3.12, 3.17, 3.18: the set-valued Coulomb characteristic I_T(D_T) of each "
             "phase of the selected impact under the scene's law, with the phase ends marked (planar scenes)",
             ViewKind::Chart, coulomb_, makeViewExports(coulomb_)});
    addView({"plots", viewDisplayName("plots"), "Cataldo & Sampaio Figs. 3.2-3.19: the first body's motion under each law",
             ViewKind::Chart, plots_, makeViewExports(plots_)});
    addView({"comparison", viewDisplayName("comparison"),
             "Every compared law on the selected impact: impulse, energy change, post-impact velocity, events, "
             "warnings",
             ViewKind::Table, table_, makeViewExports(table_)});
    addView({"trajectory", viewDisplayName("trajectory"),
             "Cataldo & Sampaio Figs. 3.4-3.20 (stroboscopic: the first body at evenly spaced instants and its "
             "impacts, earlier lighter), Figs. 4.2, 4.3, 4.5 (the centre-of-mass path) and Fig. 4.4 (a ball's "
             "superball cone of v- and n at each impact, v+ green inside, vermilion outside)",
             ViewKind::Chart, trajectory_, makeViewExports(trajectory_)});

    // Under the views: the timeline, and the progress of a long run.
    const RunControls controls =
        makeRunControls(tr("Simulating..."), tr("Stop the run; the views show what it has computed so far."));
    progressRow_ = controls.progressRow;
    progress_ = controls.progress;
    progress_->setRange(0, kProgressTicks);
    cancel_ = controls.cancel;
    progressRow_->hide();
    timeline_ = controls.timeline;
    buildLayout(view3d_, controls.widget, compare_);

    progressTimer_ = new QTimer(this);
    progressTimer_->setInterval(kProgressIntervalMs);
    connect(progressTimer_, &QTimer::timeout, this, [this] {
        if (job_) progress_->setValue(static_cast<int>(kProgressTicks * std::clamp(job_->progress(), 0.0, 1.0)));
    });
    connect(cancel_, &QPushButton::clicked, this, &SimulationPage::cancelRun);

    // The panel's edits change the document at once and re-run once the
    // events already queued (the rest of a drag) are handled: a burst of
    // slider moves is one run (scheduleRun).
    connect(parameterPanel(), &ParameterPanel::numberChanged, this, [this](const QString& id, double v) {
        if (editStartedNs_ == 0) editStartedNs_ = nowNs();
        try {
            scene_ = withParameter(scene_, id.toStdString(), v);
            scheduleRun();
        } catch (const std::exception& e) {
            showError(describeError(e));
        }
    });
    connect(parameterPanel(), &ParameterPanel::choiceChanged, this, [this](const QString& id, const QString& c) {
        if (editStartedNs_ == 0) editStartedNs_ = nowNs();
        try {
            scene_ = withChoice(scene_, id.toStdString(), c.toStdString());
            setPanelLaw(scene().contact.law);
            scheduleRun();
        } catch (const std::exception& e) {
            showError(describeError(e));
        }
    });
    connect(compare_, &LawComparisonBox::comparedEdited, this, [this] {
        setComparedLaws(compare_->compared());
        emit comparedLawsEdited();
    });
    connect(timeline_, &TimelineWidget::timeChanged, this, [this](double t) { updatePoses(t); });
    connect(timeline_, &TimelineWidget::eventSelected, this, [this](int i) {
        selectedImpact_ = i;
        updateComparison();
        updatePoses(timeline_->time());
    });
    connect(tabs(), &QTabWidget::currentChanged, this, [this] { updateCurrentTab(); });
}

SimulationPage::~SimulationPage() = default;

void SimulationPage::openDocument(const nlohmann::json& document) {
    SimulatedScene scene = readSimulatedScene(document);   // throws before anything changes
    const std::vector<std::string> compared = readComparedLaws(document);
    QStringList ids;
    for (const std::string& id : compared) ids << QString::fromStdString(id);
    applyScene(std::move(scene), true);
    compare_->setCompared(ids);
    renderer_->resetCamera();
    view3d_->requestRender();
}

void SimulationPage::applyScene(SimulatedScene next, bool rebuild) {
    scene_ = std::move(next);
    if (rebuild) {
        showSceneHeader(scene().name, scene().description, scene().reference, scene().parameters, scene().contact.law);
        std::vector<BodyVisual> visuals;
        const bool vehicles = std::holds_alternative<VehicleScene>(scene_);   // boxes with a heading marker
        for (const auto& b : scene().bodies) visuals.push_back(makeBodyVisual(b, vehicles));
        renderer_->setBodies(visuals);
        renderer_->setPlanes(makePlaneVisuals(scene()));
        renderer_->setPivots(scene().pivots, kPivotRadius);
        setViewAngles();
        selectedImpact_ = -1;
        // Until the new scene's run is drawn, the panel must not show the
        // previous scene's numbers.
        setSummary(tr("<i>Simulating...</i>"));
    }
    startRun();
}

void SimulationPage::setViewAngles() {
    if (std::holds_alternative<PlanarScene>(scene_)) renderer_->setViewAngles(kPlanarViewAzimuth, kPlanarViewElevation);
    else renderer_->setViewAngles(kSpatialViewAzimuth, kSpatialViewElevation);
}

void SimulationPage::setParameter(const QString& id, double siValue) {
    editStartedNs_ = nowNs();
    try {
        SimulatedScene next = withParameter(scene_, id.toStdString(), siValue);
        parameterPanel()->setValue(id, siValue);
        scene_ = std::move(next);
        runPending_ = false;
        startRun();
    } catch (const std::exception& e) {
        showError(describeError(e));
    }
}

void SimulationPage::setChoice(const QString& id, const QString& choice) {
    editStartedNs_ = nowNs();
    try {
        SimulatedScene next = withChoice(scene_, id.toStdString(), choice.toStdString());
        parameterPanel()->setChoice(id, choice);
        scene_ = std::move(next);
        setPanelLaw(scene().contact.law);
        runPending_ = false;
        startRun();
    } catch (const std::exception& e) {
        showError(describeError(e));
    }
}

QStringList SimulationPage::comparedLaws() const {
    QStringList ids;
    for (const std::string& id : readComparedLaws(scene().document)) ids << QString::fromStdString(id);
    return ids;
}

void SimulationPage::setComparedLaws(const QStringList& ids) {
    std::vector<std::string> laws;
    for (const QString& id : ids)
        if (findLaw(id.toStdString())) laws.push_back(id.toStdString());
    writeComparedLaws(getScene(scene_).document, laws);
    compare_->setCompared(ids);
    updateComparison();
}

std::vector<std::string> SimulationPage::comparedLawIds() const { return readComparedLaws(scene().document); }

void SimulationPage::flushPendingEdits() {
    if (runPending_) {
        runPending_ = false;
        startRun();
    }
    waitForRun();
}

void SimulationPage::resetCamera() {
    renderer_->resetCamera();
    view3d_->requestRender();
}

// --- Runs ---------------------------------------------------------------

void SimulationPage::scheduleRun() {
    // A queued call, not a zero timer: it runs before the window's update
    // request (posted at low priority when the slider moved), so startRun
    // can paint the slider while the run computes.
    if (runPending_) return;
    runPending_ = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!runPending_) return;   // run already (setParameter, flushPendingEdits)
            runPending_ = false;
            startRun();
        },
        Qt::QueuedConnection);
}

bool SimulationPage::isRunning() const { return job_ && !jobDrawn_; }

void SimulationPage::cancelRun() {
    if (job_) job_->cancel();
}

void SimulationPage::waitForRun() {
    if (!job_ || jobDrawn_) return;
    job_->wait();
    onRunFinished(job_);
}

void SimulationPage::startRun() {
    if (editStartedNs_ == 0) editStartedNs_ = nowNs();
    if (job_ && !jobDrawn_) job_->cancel();   // superseded: its result is dropped
    SimulationOptions options = untracedOptions();
    options.maxRunSeconds = kInteractiveRunSeconds;
    // An overlay's values run in the same job, after the scene's own.
    SimulationOverlay overlay;
    try {
        overlay = readSimulationOverlay(scene().document);
    } catch (const std::exception& e) {
        showError(describeError(e));   // the scene's own run is still drawn
    }
    job_ = worker_.start<SimulationRuns>(
        [scene = scene_, overlay = std::move(overlay), options](RunTask& task) mutable {
            return simulateWithOverlay(scene, std::move(overlay), std::move(options), task);
        },
        [this](const std::shared_ptr<RunJob<SimulationRuns>>& job) { onRunFinished(job); });
    jobDrawn_ = false;
    // While it computes on the worker, the window paints what the edit has
    // changed already (the slider, its spin box): that pass no longer adds
    // to the time until the run is drawn.
    if (QWidget* w = window()) QCoreApplication::sendPostedEvents(w, QEvent::UpdateRequest);
    // A short run is drawn now, as if it had run here.
    if (job_->waitFor(kSynchronousRunMs)) {
        onRunFinished(job_);
        return;
    }
    progress_->setValue(0);
    progressRow_->show();
    progressTimer_->start();
    emit statusChanged(tr("%1: simulating... (Cancel stops the run)").arg(QString::fromStdString(scene().name)));
}

void SimulationPage::onRunFinished(const std::shared_ptr<RunJob<SimulationRuns>>& job) {
    if (job != job_ || jobDrawn_) return;   // superseded, or drawn already
    jobDrawn_ = true;
    progressTimer_->stop();
    progressRow_->hide();
    // A document the core refuses to run (a law option out of its range)
    // shows no run: the views of the previous document would be stale.
    runError_ = job->error();
    run_ = runError_.isEmpty() ? std::move(job->result().base) : SimulationRun{};
    overlay_ = runError_.isEmpty() ? std::move(job->result().overlay) : SimulationOverlay{};
    lastComputeMs_ = job->computeMilliseconds();
    drawRun();
}

void SimulationPage::drawRun() {
    // Ground sized to the run's extent; the trail of every body.
    double extent = kMinGroundHalfSize;
    for (const auto& smp : run_.samples)
        for (const auto& b : smp.bodies)
            extent = std::max(extent, b.position.head<2>().cwiseAbs().maxCoeff() + kGroundMargin);
    // Rounded up to a grid step's fraction, so a run that moves a little
    // further (a slider dragged) keeps the same ground instead of a new one.
    const double quantum = geometry::roundStepBelow(extent / kGroundQuanta);
    renderer_->setGround(scene().groundHeight, quantum * std::ceil(extent / quantum));
    renderer_->setPlanes(makePlaneVisuals(scene()));   // a slider may move a wall or turn a barrier
    for (size_t i = 0; i < scene().bodies.size(); ++i) {
        std::vector<Eigen::Vector3d> trail;
        trail.reserve(run_.samples.size());
        for (const auto& smp : run_.samples) trail.push_back(smp.bodies[i].position);
        renderer_->setTrail(static_cast<int>(i), trail);
    }

    std::vector<std::pair<double, QString>> events;
    for (int i = 0; i < static_cast<int>(run_.impacts.size()); ++i)
        events.emplace_back(run_.impacts[i].time, describeImpact(run_, i, scene()));
    const double t = timeline_->time();
    const int previous = selectedImpact_;
    {
        const QSignalBlocker block(timeline_);
        timeline_->setRun(run_.endTime, events);
        timeline_->setTime(std::min(t, run_.endTime));
        selectedImpact_ = events.empty() ? -1
                                         : std::clamp(previous < 0 ? 0 : previous, 0, static_cast<int>(events.size()) - 1);
        if (selectedImpact_ >= 0) timeline_->selectEvent(selectedImpact_);
    }
    updatePoses(timeline_->time());
    updateComparison();
    updateKindViews();
    updateStatus();
    updateVisibleViews();
    timeline_->update();
    lastUpdateMs_ = editStartedNs_ ? elapsedMs(editStartedNs_) : lastComputeMs_;
    editStartedNs_ = 0;
    ++updateCount_;
}

void SimulationPage::updatePoses(double t) {
    std::vector<BodyPose> poses;
    const std::vector<BodyState> states = run_.calcStatesAt(t);
    for (const auto& s : states) poses.push_back({s.position, s.orientation});
    renderer_->setPoses(poses);
    renderer_->setStrings(calcStringSegments(scene(), states));
    plots_->setCursorTime(t);
    if (selectedImpact_ >= 0 && selectedImpact_ < static_cast<int>(run_.impacts.size()))
        renderer_->setMarker(run_.impacts[selectedImpact_].point);
    else
        renderer_->setMarker(std::nullopt);
    view3d_->requestRender();
}

// --- Comparison -----------------------------------------------------------

void SimulationPage::updateComparison() {
    // Which laws take the selected impact, for the check boxes.
    compare_->setAcceptance(scene().contact.law, checkSceneLawAcceptance(scene(), run_, selectedImpact_));
    QStringList ids;
    for (const std::string& id : comparedLawIds()) ids << QString::fromStdString(id);
    compare_->setCompared(ids);
    // The compared laws' whole runs are needed by the time plots only: they
    // are simulated when that view is on screen (never under an overlay,
    // whose time plots draw the values' runs).
    runsCompared_ = tabs()->currentWidget() == plots_ && overlay_.isEmpty();
    comparison_ = compareLawsOnScene(scene_, run_, selectedImpact_, comparedLawIds(), runsCompared_, untracedOptions());
    if (!overlay_.isEmpty()) compareOverlayLaws(overlay_, selectedImpact_, comparedLawIds(), untracedOptions());
    diagramStale_ = equationsStale_ = plotsStale_ = tableStale_ = trajectoryStale_ = true;
    updateSummary();
    updateCurrentTab();
}

void SimulationPage::updateCurrentTab() {
    QWidget* current = tabs()->currentWidget();
    if ((current == diagram_ || current == coulomb_) && diagramStale_) updateDiagram();
    if (current == equations_ && equationsStale_) updateEquations();
    if (current == plots_ && plotsStale_) {
        if (!runsCompared_ && overlay_.isEmpty()) {
            runsCompared_ = true;
            comparison_ = compareLawsOnScene(scene_, run_, selectedImpact_, comparedLawIds(), true, untracedOptions());
        }
        updateTimePlots();
    }
    if (current == table_ && tableStale_) updateTable();
    if (current == trajectory_ && trajectoryStale_) updateTrajectory();
    onCurrentTabChanged();
}

void SimulationPage::updateDiagram() {
    diagramStale_ = false;
    // Under an overlay the Coulomb characteristic is every value's (each its
    // own selected impact); the impulse diagram stays the scene's own.
    const bool planar = std::holds_alternative<PlanarScene>(scene_);
    if (!planar) coulomb_->setFigure(makeTitledFigure("Coulomb characteristic: planar scenes only"));
    else if (!overlay_.isEmpty()) coulomb_->setFigure(makeOverlayCoulombFigure(overlay_));
    if (comparison_.event < 0) {
        diagram_->clear();
        diagram_->setTitle(tr("Impulse space: no impact in this run"));
        if (planar && overlay_.isEmpty())
            coulomb_->setFigure(makeTitledFigure("Coulomb characteristic: no impact in this run"));
        return;
    }
    const ImpactEventRecord& e = run_.impacts[comparison_.event];
    std::vector<LawOutcome> outcomes;
    for (const ComparedLaw& c : comparison_.laws)
        if (c.accepted) outcomes.push_back({c.result, c.trace});
    diagram_->setDiagram(makeImpulseDiagram(e.problem, outcomes),
                         QString("Impact %1, t = %2 s, mu = %3, e = %4")
                             .arg(comparison_.event + 1)
                             .arg(e.time, 0, 'f', 3)
                             .arg(e.problem.friction)
                             .arg(e.problem.restitution));
    // The scene's law is the comparison's first (SceneComparison.h).
    if (planar && overlay_.isEmpty() && !comparison_.laws.empty())
        coulomb_->setFigure(makeCoulombCharacteristicFigure(e.problem, comparison_.laws.front()));
}

void SimulationPage::updateEquations() {
    equationsStale_ = false;
    if (comparison_.event < 0) {
        equations_->clear(tr("No impact in this run: the equations are shown with the numbers of a selected impact."));
        return;
    }
    const ImpactEventRecord& e = run_.impacts[comparison_.event];
    equations_->setSheets(makeEquationSheets(e.problem, comparison_.laws),
                          QString("Impact %1 of the run, t = %2 s").arg(comparison_.event + 1).arg(e.time, 0, 'f', 3));
}

// The side panel's numbers describe the run and the selected impact whatever
// tab is on screen: they are rebuilt with every comparison, never by a view.
void SimulationPage::updateSummary() {
    setSummary(runError_.isEmpty() ? describeSelectedImpact(scene_, run_, comparison_) + describeOverlayRuns(overlay_)
                                   : describeRunError(runError_));
}

void SimulationPage::updateTable() {
    tableStale_ = false;
    table_->setTable(overlay_.isEmpty() ? makeComparisonTable(comparison_.laws) : makeOverlayComparisonTable(overlay_));
}

void SimulationPage::updateTrajectory() {
    trajectoryStale_ = false;
    trajectory_->setFigure(overlay_.isEmpty() ? makeTrajectoryFigure(scene_, run_, selectedImpact_)
                                              : makeOverlayTrajectoryFigure(overlay_, selectedImpact_));
}

// Time histories of the struck body (Cataldo & Sampaio Figs. 3.2-3.19), one
// curve per compared law, each law's run simulated from the same scene; under
// an overlay, one curve per value, the scene's law's run at that value.
void SimulationPage::updateTimePlots() {
    plotsStale_ = false;
    std::vector<LabelledRun> runs;
    QString note = QString::fromStdString(comparison_.runNote);
    if (overlay_.isEmpty()) {
        for (size_t k = 0; k < comparison_.laws.size(); ++k)
            if (comparison_.runs[k])
                runs.push_back({&*comparison_.runs[k], lawDisplayName(comparison_.laws[k].id),
                                ImpulseDiagramView::pathColor(static_cast<int>(k))});
        // Jointed scenes: the compliant reference, as the PLUS pages draw it.
        if (comparison_.compliantRun)
            runs.push_back({&*comparison_.compliantRun, tr("compliant (Hertz + Hunt-Crossley)"), kCompliantRunColor});
    } else {
        for (size_t i = 0; i < overlay_.runs.size(); ++i)
            runs.push_back({&overlay_.runs[i], QString::fromStdString(overlay_.labels[i]),
                            getOverlayColor(static_cast<int>(i))});
        // The compared laws leave these plots while the overlay is on: name them.
        QStringList hidden;
        for (std::size_t k = 1; k < comparison_.laws.size(); ++k) hidden << lawDisplayName(comparison_.laws[k].id);   // [0]: the scene's
        note = tr("One curve per %1 value under the scene's law.").arg(QString::fromStdString(overlay_.parameter));
        if (!hidden.isEmpty())
            note += " " + tr("The compared laws (%1) are hidden while the overlay is on: clear it to see them.")
                              .arg(hidden.join(", "));
    }
    const std::vector<PlotPanel> panels = makeTimePlotPanels(scene_, runs);
    plots_->setPanels(panels, static_cast<int>(panels.size()) > kPanelsForFourColumns ? 4 : 3);
    plots_->setNote(note);
    plots_->setCursorTime(timeline_->time());
}

void SimulationPage::updateStatus() {
    if (!runError_.isEmpty()) {
        emit errorOccurred(QString::fromStdString(scene().name) + ": " + runError_);
        return;
    }
    // "end time" alone reads as a missing number: say which.
    const QString ending = run_.endReason == "end time"
                               ? tr("ran to the end time, t = %1 s").arg(displayNumber(run_.endTime))
                               : QString::fromStdString(run_.endReason);
    QString msg = QString("%1: %2, %3, simulated in %4 ms")
                      .arg(QString::fromStdString(scene().name))
                      .arg(countOf(static_cast<long long>(run_.impacts.size()), tr("impact"), tr("impacts")))
                      .arg(ending)
                      .arg(lastComputeMs_, 0, 'f', 1);
    // A run the core stopped at one of its limits (docs/input-limits.md), or
    // a cancelled one, says so first: its last samples are not the scene's end.
    const bool stopped = run_.endReason.find("limit") != std::string::npos || run_.endReason == "no solution" ||
                         run_.endReason == "stalled" || run_.endReason == "cancelled";
    if (stopped) {
        const QString why = run_.warnings.empty() ? QString() : QString::fromStdString(run_.warnings.back());
        msg = QString("Run stopped early (%1) at t = %2 s: %3")
                  .arg(QString::fromStdString(run_.endReason))
                  .arg(run_.endTime, 0, 'g', 4)
                  .arg(why);
        emit errorOccurred(msg);
        return;
    }
    // Notes expected of the scene (how several contacts were resolved
    // together) are not counted as warnings: they are in the summary.
    std::vector<std::string> alarms;
    for (const std::string& w : run_.warnings)
        if (!isSeveralContactsNote(w)) alarms.push_back(w);
    if (!alarms.empty())
        msg += QString("; %1 warning(s): %2").arg(alarms.size()).arg(QString::fromStdString(alarms.front()));
    emit statusChanged(msg);
}

void SimulationPage::showError(const QString& message) { emit errorOccurred(message); }

QString SimulationPage::overlayScopeNote() const {
    return tr("The time histories (under the scene's law), the trajectory, the Coulomb characteristic and the "
              "comparison table draw every value; the 3D view, the timeline and the impulse diagram show the "
              "scene's own value.");
}

void SimulationPage::selectImpact(int index) { timeline_->selectEvent(index); }
void SimulationPage::setTime(double t) { timeline_->setTime(t); }

void SimulationPage::prepareForExport() {
    waitForRun();
    // The time histories need the compared laws' runs, whichever tab is open.
    if (!runsCompared_ && overlay_.isEmpty()) {
        runsCompared_ = true;
        comparison_ = compareLawsOnScene(scene_, run_, selectedImpact_, comparedLawIds(), true, untracedOptions());
        plotsStale_ = true;
    }
    if (diagramStale_) updateDiagram();
    if (equationsStale_) updateEquations();
    if (plotsStale_) updateTimePlots();
    if (tableStale_) updateTable();
    if (trajectoryStale_) updateTrajectory();
}

}  // namespace impactlab::ui
