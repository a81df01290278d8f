#include "pages/GranularPage.h"

#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <fstream>
#include <mutex>

#include "compare/ComparisonTableView.h"
#include "compare/DisplayText.h"
#include "compare/LawComparisonBox.h"
#include "diagram/GranularFigures.h"
#include "granular/FieldMapView.h"
#include "laws/LawRegistry.h"
#include "pages/GranularOverlay.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "render/ParticleRenderer.h"
#include "render/VtkView.h"
#include "scene/SceneOverlay.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularExport.h"
#include "timeline/RunControls.h"
#include "timeline/TimelineWidget.h"

namespace impactlab::ui {

// What a run hands the page while it goes (the run keeps neither), taken by
// the page's poll.
struct GranularFeed {
    std::mutex mutex;   // guards both
    std::vector<granular::GranularFrame> frames;
    std::vector<granular::GranularStepRecord> steps;
};

namespace {
// The end reason of runs held at launch (holdRunsUntilAsked).
const char* const kNotStarted = "not started: press Run";

// Milliseconds between the page's looks at its runs: frames, progress bar.
constexpr int kPollMs = 50;
// m/s: the colour scale's least top, so a pile at rest is not all yellow.
constexpr double kMinSpeedScale = 0.1;
// The statistics and fields average the run's second half, where the flow
// has left its start (the paper averages its last frame; a window over many
// frames is steadier at desktop particle counts).
constexpr double kAnalysisWindowShare = 0.5;
// Milliseconds between the views' updates while a run goes on.
constexpr int kAnalysisIntervalMs = 1000;
std::string toLaw(const std::string& model) { return toString(getFrictionModelLaw(model)); }
std::string toModel(const std::string& law) { return findLawFrictionModel(law).value_or(law); }

}  // namespace

GranularPage::GranularPage(QWidget* parent) : ScenePage(parent) {
    auto* view3d = new VtkView;
    renderer_ = std::make_unique<ParticleRenderer>(*view3d);
    velocity_ = new FieldMapView;
    angular_ = new FieldMapView;
    rdf_ = new FigureView;
    contacts_ = new FigureView;
    table_ = new ComparisonTableView;
    compare_ = new LawComparisonBox;
    compare_->setTitle(tr("Compare friction models"));
    QStringList offered;
    for (const GranularFrictionModel& m : kGranularFrictionModels) offered << toString(m.law);
    compare_->setOffered(offered);
    velocity_->setMaps({}, tr("Mean velocity, seen from above (Fig. 10)"), "|v|", "m/s");
    angular_->setMaps({}, tr("Mean angular velocity, seen from above (Fig. 11)"), "|w|", "rad/s");

    addView({"velocity", tr("Velocity"),
             "Preclik, Eibl & Ruede Fig. 10: the particles' mean speed per cell, seen from above, per friction model",
             ViewKind::Chart, velocity_, makeViewExports(velocity_)});
    addView({"angular", tr("Spin"),
             "Fig. 11: the particles' mean angular speed per cell, seen from above, per friction model", ViewKind::Chart,
             angular_, makeViewExports(angular_)});
    addView({"rdf", tr("g(r)"), "Fig. 12: the radial distribution function in a window near the outflow",
             ViewKind::Chart, rdf_, makeViewExports(rdf_)});
    addView({"contacts", tr("Contacts"), "The contacts of every step", ViewKind::Chart, contacts_,
             makeViewExports(contacts_)});
    addView({"statistics", tr("Table 2"),
             "Table 2: particles, solid fraction, contacts, contacts per particle, maximum penetration; and the run's "
             "own figures",
             ViewKind::Table, table_, makeViewExports(table_)});

    // Under the views: the timeline, the model the 3D view shows, the run's progress.
    const RunControls controls =
        makeRunControls(tr("3D view shows"), tr("Stop the run; its frames so far stay, and the views show them."));
    shown_ = new QComboBox;
    shown_->setObjectName("shownModel");
    controls.row->insertWidget(1, shown_);
    progress_ = controls.progress;
    progress_->setFormat(tr("%p% of the run"));
    cancel_ = controls.cancel;
    rerun_ = new QPushButton(tr("Run again"));
    rerun_->setObjectName("rerun");
    controls.row->addWidget(rerun_);
    progressRow_ = controls.progressRow;
    timeline_ = controls.timeline;
    timeline_->setEventListVisible(false);
    buildLayout(view3d, controls.widget, compare_);

    pollTimer_ = new QTimer(this);
    pollTimer_->setInterval(kPollMs);
    connect(pollTimer_, &QTimer::timeout, this, &GranularPage::poll);
    connect(cancel_, &QPushButton::clicked, this, &GranularPage::cancelRuns);
    connect(rerun_, &QPushButton::clicked, this, &GranularPage::restartRuns);
    connect(shown_, &QComboBox::currentIndexChanged, this, [this] { showFrameAt(timeline_->time()); });
    connect(timeline_, &TimelineWidget::timeChanged, this, [this](double t) { showFrameAt(t); });
    connect(parameterPanel(), &ParameterPanel::numberChanged, this, [this](const QString& id, double v) { setParameter(id, v); });
    connect(parameterPanel(), &ParameterPanel::choiceChanged, this, &GranularPage::setChoice);
    connect(compare_, &LawComparisonBox::comparedEdited, this, [this] {
        setComparedLaws(compare_->compared());
        emit comparedLawsEdited();
    });
    connect(tabs(), &QTabWidget::currentChanged, this, [this] {
        if (analysesStale_ && !isRunning()) updateAnalyses();
    });
}

GranularPage::~GranularPage() {
    // The runs hold no pointer to the page; the worker stops them and waits
    // for them as it goes. Nothing is reported on the way out: the window may
    // be gone already.
    blockSignals(true);
    cancelRuns();
}

void GranularPage::openDocument(const nlohmann::json& document) {
    GranularScene scene = parseGranularScene(document);   // throws before anything changes
    apply(std::move(scene), true);
    renderer_->resetCamera();
}

void GranularPage::setParameter(const QString& id, double siValue) {
    QElapsedTimer clock;
    clock.start();
    tryEdit([&] {
        GranularScene next = withGranularParameter(scene_, id.toStdString(), siValue);
        parameterPanel()->setValue(id, siValue);
        apply(std::move(next), false);
    });
    lastUpdateMs_ = clock.nsecsElapsed() * 1e-6;
}

void GranularPage::setChoice(const QString& id, const QString& choice) {
    tryEdit([&] {
        GranularScene next = withGranularChoice(scene_, id.toStdString(), choice.toStdString());
        parameterPanel()->setChoice(id, choice);
        apply(std::move(next), false);
    });
}

QStringList GranularPage::comparedLaws() const {
    QStringList ids;
    for (const std::string& id : readComparedLaws(scene_.document)) ids << QString::fromStdString(id);
    return ids;
}

void GranularPage::setComparedLaws(const QStringList& ids) {
    std::vector<std::string> laws;
    for (const QString& id : ids)
        if (findLawFrictionModel(id.toStdString())) laws.push_back(id.toStdString());
    writeComparedLaws(scene_.document, laws);
    compare_->setCompared(ids);
    restartRuns();
}

void GranularPage::resetCamera() { renderer_->resetCamera(); }

std::vector<std::string> GranularPage::listModels() const {
    std::vector<std::string> models{scene_.solver.frictionModel};
    for (const std::string& law : readComparedLaws(scene_.document)) {
        const std::string model = toModel(law);
        if (std::find(models.begin(), models.end(), model) == models.end()) models.push_back(model);
    }
    return models;
}

void GranularPage::apply(GranularScene scene, bool rebuild) {
    scene_ = std::move(scene);
    windows_ = granular::makeGranularViewWindows(scene_);
    if (rebuild) showSceneHeader(scene_.name, scene_.description, scene_.reference, scene_.parameters);
    // Only the two friction models can be compared: every other law is refused here.
    std::vector<LawAcceptance> acceptance;
    for (const LawInfo& law : getLaws()) {
        const bool model = findLawFrictionModel(law.id).has_value();
        acceptance.push_back({law.id, model,
                              model ? std::string()
                                    : "a granular step solves each contact by the maximum-dissipation kernel or the "
                                      "most dissipative Coulomb solution (Preclik et al. eq. 5), not by this law"});
    }
    compare_->setAcceptance(toLaw(scene_.solver.frictionModel), acceptance);
    compare_->setCompared(comparedLaws());
    restartRuns();
}

void GranularPage::cancelRuns() {
    for (std::vector<ModelRun>* runs : {&runs_, &overlayRuns_})
        for (ModelRun& r : *runs)
            if (r.job) r.job->cancel();
}

bool GranularPage::isRunning() const {
    auto running = [](const ModelRun& r) { return r.endReason.empty(); };
    return std::any_of(runs_.begin(), runs_.end(), running) ||
           std::any_of(overlayRuns_.begin(), overlayRuns_.end(), running);
}

void GranularPage::waitForRuns() {
    for (std::vector<ModelRun>* runs : {&runs_, &overlayRuns_})
        for (ModelRun& r : *runs)
            if (r.job) r.job->wait();
    poll();
}

QString GranularPage::overlayScopeNote() const {
    return tr("g(r), Contacts and Table 2 draw every value (each run with the scene's friction model); the velocity "
              "and spin maps and the 3D view show the scene's own value.");
}

void GranularPage::restartRuns() {
    cancelRuns();
    const std::vector<std::string> models = listModels();
    // An overlay's values, each its own scene with its own friction model
    // (none and nothing read without an overlay).
    const std::vector<OverlayCase> cases = expandSceneOverlay(scene_.document);
    const std::vector<GranularScene> values =
        readOverlayCases(cases, [](const nlohmann::json& d) { return parseGranularScene(d); });
    std::vector<ModelRun> runs, overlayRuns;
    std::vector<std::pair<granular::GranularWorld, granular::GranularRunSettings>> starts;
    granular::GranularFrame initial;
    // The window keeps a core to itself, so it answers while the runs go on;
    // the runs share the rest.
    const int cores = std::max(1, QThread::idealThreadCount() - 1);
    const int share = std::max(1, cores / static_cast<int>(models.size() + values.size()));
    auto prepare = [&](GranularScene s, const std::string& model) {
        ModelRun run;
        run.model = model;
        s.solver.frictionModel = model;
        if (s.solver.threads == 0 || s.solver.threads > share) s.solver.threads = share;
        granular::GranularWorld world = granular::makeGranularWorld(s);
        granular::GranularRunSettings settings = granular::makeGranularRunSettings(s);
        settings.keepFrames = false;   // the page keeps them, as they come
        settings.keepSteps = false;
        run.stepsTarget = settings.steps;
        run.frames.push_back(granular::makeGranularFrame(world, 0));
        starts.emplace_back(std::move(world), settings);
        return run;
    };
    for (const std::string& model : models) runs.push_back(prepare(scene_, model));
    initial = runs.front().frames.front();
    std::vector<granular::GranularViewWindows> overlayWindows;
    for (const GranularScene& value : values) {
        overlayRuns.push_back(prepare(value, value.solver.frictionModel));
        overlayWindows.push_back(granular::makeGranularViewWindows(value));
    }
    // The views first show the new initial state, at once.
    runs_ = std::move(runs);
    overlayRuns_ = std::move(overlayRuns);
    overlayWindows_ = std::move(overlayWindows);
    overlayLabels_.clear();
    for (const OverlayCase& c : cases) overlayLabels_.push_back(c.label);
    overlayParameter_ = cases.empty() ? std::string() : scene_.document[kOverlayKey].value("parameter", std::string());
    speedScale_ = kMinSpeedScale;
    for (const Vec3& v : initial.velocities) speedScale_ = std::max(speedScale_, v.norm());
    renderer_->setObstacles(starts.front().first, Eigen::AlignedBox3d(windows_.domain.min, windows_.domain.max));
    {
        const QSignalBlocker block(shown_);
        shown_->clear();
        for (const ModelRun& r : runs_) shown_->addItem(frictionModelDisplayName(r.model), QString::fromStdString(r.model));
    }
    {
        const QSignalBlocker block(timeline_);
        timeline_->setRun(0.0, {});
        timeline_->setTime(0.0);
    }
    renderer_->setFrame(initial, speedScale_);
    analysesStale_ = true;
    if (holdRuns_) {
        // Restored at launch: nothing runs until the user presses Run.
        holdRuns_ = false;
        for (ModelRun& r : runs_) r.endReason = kNotStarted;
        for (ModelRun& r : overlayRuns_) r.endReason = kNotStarted;
        cancel_->setEnabled(false);
        rerun_->setText(tr("Run"));
        updateSummary();
        updateVisibleViews();
        ++updateCount_;
        emit statusChanged(tr("%1: reopened from the last session; press Run to start the flow")
                               .arg(QString::fromStdString(scene_.name)));
        return;
    }
    rerun_->setText(tr("Run again"));
    // The scene's own runs first, then each value's: the worker's pool
    // starts them in that order, as many at a time as there are cores, so
    // the runs the 3D view shows are never the ones queued.
    for (std::size_t i = 0; i < runs_.size(); ++i) startRun(runs_[i], std::move(starts[i].first), starts[i].second);
    for (std::size_t i = 0; i < overlayRuns_.size(); ++i) {
        const std::size_t k = runs_.size() + i;
        startRun(overlayRuns_[i], std::move(starts[k].first), starts[k].second);
    }
    progress_->setValue(0);
    cancel_->setEnabled(true);
    pollTimer_->start();
    updateSummary();
    updateVisibleViews();
    ++updateCount_;
    emit statusChanged(tr("%1: running %2 on %3 particles...")
                           .arg(QString::fromStdString(scene_.name))
                           .arg(runs_.size() == 1 ? tr("one friction model") : tr("%1 friction models").arg(runs_.size()))
                           .arg(initial.size()));
}

void GranularPage::startRun(ModelRun& run, granular::GranularWorld world, const granular::GranularRunSettings& settings) {
    auto feed = std::make_shared<GranularFeed>();
    auto stepped = std::make_shared<granular::GranularWorld>(std::move(world));
    run.feed = feed;
    run.job = worker_.start<granular::GranularRunResult>([feed, stepped, settings](RunTask& task) {
        granular::GranularRunCallbacks callbacks;
        callbacks.onProgress = [&task, &feed](const granular::GranularProgress& p) {
            task.setProgress(static_cast<double>(p.step));
            if (p.last) {
                granular::GranularStepRecord record{p.step, p.time, *p.last};
                std::lock_guard<std::mutex> lock(feed->mutex);
                feed->steps.push_back(record);
            }
            return !task.isCancelled();
        };
        callbacks.onFrame = [&feed](const granular::GranularFrame& f) {
            std::lock_guard<std::mutex> lock(feed->mutex);
            feed->frames.push_back(f);
        };
        return granular::runGranular(*stepped, settings, callbacks);
    });
}

void GranularPage::takeNews(ModelRun& r) {
    // Whether the run has ended, read before its feed: a run that has ended
    // has handed over everything.
    const bool ended = r.job->isDone();
    {
        std::lock_guard<std::mutex> lock(r.feed->mutex);
        for (auto& f : r.feed->frames) r.frames.push_back(std::move(f));
        r.feed->frames.clear();
        for (auto& s : r.feed->steps) {
            granular::addStepToTotals(r.totals, s.stats);
            r.steps.push_back(s);
        }
        r.feed->steps.clear();
    }
    if (!ended || !r.endReason.empty()) return;
    const QString& error = r.job->error();
    r.endReason = error.isEmpty() ? r.job->result().endReason : "error: " + error.toStdString();
    r.wallSeconds = r.job->result().wallSeconds;
    r.totals = r.job->result().totals;
    if (!error.isEmpty()) emit errorOccurred(error);
}

void GranularPage::poll() {
    bool running = false;
    long long done = 0, target = 0;
    double lastTime = timeline_->endTime();
    const bool atEnd = timeline_->time() >= timeline_->endTime() - 1e-12;
    for (ModelRun& r : runs_) {
        if (r.job) takeNews(r);   // none: held at launch
        running = running || r.endReason.empty();
        done += r.job ? static_cast<long long>(r.job->progress()) : 0;
        target += r.stepsTarget;
        if (!r.frames.empty()) lastTime = std::max(lastTime, r.frames.back().time);
    }
    // An overlay's runs fill the progress bar too; the timeline follows the
    // scene's own runs, the ones the 3D view shows.
    for (ModelRun& r : overlayRuns_) {
        if (r.job) takeNews(r);
        running = running || r.endReason.empty();
        done += r.job ? static_cast<long long>(r.job->progress()) : 0;
        target += r.stepsTarget;
    }
    // The timeline grows with the frames; a view at the newest frame follows it.
    if (lastTime > timeline_->endTime()) {
        const QSignalBlocker block(timeline_);
        timeline_->setRun(lastTime, {});
        if (atEnd) timeline_->setTime(lastTime);
        showFrameAt(timeline_->time());
    }
    progress_->setValue(target > 0 ? static_cast<int>(100.0 * done / target) : 100);
    // The views follow a long run now and then, so its fields show as it goes.
    if (running && (!sinceAnalyses_.isValid() || sinceAnalyses_.elapsed() > kAnalysisIntervalMs)) updateAnalyses();
    if (!running) {
        pollTimer_->stop();
        cancel_->setEnabled(false);
        updateAnalyses();
        emit statusChanged(tr("%1: done (%2)").arg(QString::fromStdString(scene_.name),
                                                   QString::fromStdString(runs_.empty() ? "" : runs_.front().endReason)));
    }
    updateSummary();
}

const GranularPage::ModelRun* GranularPage::shownRun() const {
    const int i = shown_->currentIndex();
    return i >= 0 && i < static_cast<int>(runs_.size()) ? &runs_[i] : (runs_.empty() ? nullptr : &runs_.front());
}

void GranularPage::showFrameAt(double t) {
    const ModelRun* run = shownRun();
    if (!run || run->frames.empty()) return;
    // The last frame at or before t.
    auto it = std::upper_bound(run->frames.begin(), run->frames.end(), t,
                               [](double time, const granular::GranularFrame& f) { return time < f.time; });
    if (it != run->frames.begin()) --it;
    renderer_->setFrame(*it, speedScale_);
}

void GranularPage::updateAnalyses() {
    analysesStale_ = false;
    sinceAnalyses_.start();
    std::vector<FieldMap> velocity, angular;
    std::vector<std::pair<std::string, granular::RadialDistribution>> rdfs;
    std::vector<std::pair<std::string, const std::vector<granular::GranularStepRecord>*>> histories;
    std::vector<granular::GranularModelSummary> summaries;
    for (const ModelRun& r : runs_) {
        if (r.frames.empty()) continue;
        const double tEnd = r.frames.back().time;
        const double tBegin = tEnd * (1.0 - kAnalysisWindowShare);
        // Views and tables name the model as the compare box does; files keep the id.
        const std::string name = getFrictionModelDisplayName(r.model);
        const QString label = QString::fromStdString(name);
        // Each map says when it is: runs of a cancelled comparison end at
        // different times, and their maps are means over different windows.
        const QString mapLabel =
            tr("%1: mean over t = %2-%3 s").arg(label, displayNumber(tBegin, tEnd), displayNumber(tEnd));
        try {
            velocity.push_back({mapLabel, granular::calcMeanVelocityField(r.frames, windows_.fieldGrid, tBegin, tEnd)});
            angular.push_back({mapLabel, granular::calcMeanAngularVelocityField(r.frames, windows_.fieldGrid, tBegin, tEnd)});
            rdfs.emplace_back(name, granular::calcRadialDistribution(r.frames, windows_.rdfWindow, windows_.rdfMaxDistance,
                                                                         windows_.rdfBins, tBegin, tEnd));
            summaries.push_back(summarizeModelRun(r, name, windows_, tBegin, tEnd));
        } catch (const std::exception& e) {
            emit errorOccurred(QString::fromUtf8(e.what()));
        }
        histories.emplace_back(getFrictionModelDisplayName(r.model), &r.steps);
    }
    velocity_->setMaps(velocity, tr("Mean velocity, seen from above (Fig. 10)"), "|v|", "m/s");
    angular_->setMaps(angular, tr("Mean angular velocity, seen from above (Fig. 11)"), "|w|", "rad/s");
    if (overlayRuns_.empty()) {
        rdf_->setFigure(granular::makeRadialDistributionFigure(rdfs, windows_.diameter));
        contacts_->setFigure(granular::makeContactHistoryFigure(histories));
        table_->setTable(granular::makeGranularStatisticsTable(summaries, 0.5 * windows_.diameter));
        return;
    }
    try {
        const GranularOverlayViews views =
            makeGranularOverlayViews(overlayRuns_, overlayWindows_, overlayLabels_, overlayParameter_, kAnalysisWindowShare);
        rdf_->setFigure(views.rdf);
        contacts_->setFigure(views.contacts);
        table_->setTable(views.table);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
    }
}

void GranularPage::updateSummary() {
    QString text;
    for (const ModelRun& r : runs_) {
        const double steps = std::max<long long>(1, r.totals.steps);
        text += QString("<b>%1</b>: %2 of %3 steps%4<br>particles %5, contacts per step %6, sweeps per step %7, "
                        "residual %8 m/s, deepest overlap %9 m, lost %10")
                    .arg(frictionModelDisplayName(r.model))
                    .arg(r.totals.steps)
                    .arg(r.stepsTarget)
                    .arg(r.endReason.empty() ? QString(" (running)") : QString(" (%1)").arg(QString::fromStdString(r.endReason)))
                    .arg(r.frames.empty() ? 0 : static_cast<int>(r.frames.back().size()))
                    .arg(r.totals.contacts / steps, 0, 'f', 1)
                    .arg(r.totals.iterations / steps, 0, 'f', 1)
                    .arg(displayNumber(r.totals.last.residual))
                    .arg(displayNumber(r.totals.maxPenetration))
                    .arg(r.totals.lost);
        if (!r.endReason.empty() && r.wallSeconds > 0.0)
            text += QString("<br>%1 s of stepping, %2 million contact solves per second")
                        .arg(r.wallSeconds, 0, 'f', 2)
                        .arg(r.totals.contactSolves / r.wallSeconds * 1e-6, 0, 'f', 2);
        text += "<br>";
    }
    for (std::size_t i = 0; i < overlayRuns_.size(); ++i) {
        const ModelRun& r = overlayRuns_[i];
        const double steps = std::max<long long>(1, r.totals.steps);
        text += QString("<b>overlay</b> %1: %2 of %3 steps%4, contacts per step %5<br>")
                    .arg(QString::fromStdString(overlayLabels_[i]).toHtmlEscaped())
                    .arg(r.totals.steps)
                    .arg(r.stepsTarget)
                    .arg(r.endReason.empty() ? QString(" (running)") : QString(" (%1)").arg(QString::fromStdString(r.endReason)))
                    .arg(r.totals.contacts / steps, 0, 'f', 1);
    }
    text += QString("colour: speed, 0 to %1 m/s (dark blue to yellow)").arg(displayNumber(speedScale_));
    setSummary(text);
}

void GranularPage::prepareForExport() {
    waitForRuns();
    if (analysesStale_) updateAnalyses();
}

std::vector<ExportedFile> GranularPage::exportData(const QString& folder, QStringList* failures) {
    std::vector<ExportedFile> files;
    const QDir dir(folder);
    for (const ModelRun& r : runs_) {
        if (r.frames.empty()) continue;
        const QString stem = QString::fromStdString(r.model);
        const QString vtp = stem + "-last-frame.vtp", steps = stem + "-steps.csv";
        std::ofstream v(dir.filePath(vtp).toStdString(), std::ios::binary);
        if (v) granular::writeVtpFrame(v, r.frames.back());
        if (v) files.push_back({vtp, stem + ": the last frame's particles (ParaView)"});
        else if (failures) failures->append(vtp);
        std::ofstream s(dir.filePath(steps).toStdString());
        if (s) granular::writeStepsCsv(s, r.steps);
        if (s) files.push_back({steps, stem + ": every step's statistics"});
        else if (failures) failures->append(steps);
    }
    for (std::size_t i = 0; i < overlayRuns_.size(); ++i) {
        // The value's index names the file; its label says which value.
        const QString steps = QString("overlay-%1-steps.csv").arg(i + 1);
        std::ofstream s(dir.filePath(steps).toStdString());
        if (s) granular::writeStepsCsv(s, overlayRuns_[i].steps);
        if (s) files.push_back({steps, QString::fromStdString(overlayLabels_[i]) + ": every step's statistics"});
        else if (failures) failures->append(steps);
    }
    return files;
}

}  // namespace impactlab::ui
