#include "pages/TossPage.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>

#include "SceneLibrary.h"
#include "compare/ComparisonTableView.h"
#include "compare/DisplayText.h"
#include "compare/LawComparisonBox.h"
#include "diagram/DisplayNames.h"
#include "geometry/Polyhedra.h"
#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/NumberText.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "render/MeshRenderer.h"
#include "render/RenderStyle.h"
#include "render/VtkView.h"
#include "timeline/RunControls.h"
#include "timeline/TimelineWidget.h"

namespace impactlab::ui {

namespace {

const Eigen::Vector3d kSimulatedColor(0.80, 0.45, 0.25);
const Eigen::Vector3d kMeasuredColor(0.25, 0.45, 0.80);
const Eigen::Vector3d kTableColor(0.72, 0.72, 0.70);
// The table drawn this many cube widths either side of the toss's path.
constexpr double kTableMarginWidths = 1.0;
// Milliseconds between progress bar updates, and its resolution.
constexpr int kProgressIntervalMs = 100;
constexpr int kProgressTicks = 1000;
constexpr double kPercent = 100.0;

qint64 nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// A file the scene names, from disk or from the app's resources.
std::string readDataFile(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) throw InputError(path, "cannot be opened");
    requireInputSize(static_cast<std::uintmax_t>(f.size()), path);
    return f.readAll().toStdString();
}

// The law's coefficients as the summary and the undo text name them.
QString describeCoefficients(double friction, double restitution) {
    return QString("mu = %1, e = %2").arg(QString::fromStdString(formatNumber(friction, kTossTableDigits)),
                                          QString::fromStdString(formatNumber(restitution, kTossTableDigits)));
}

}  // namespace

TossPage::TossPage(QWidget* parent) : ScenePage(parent) {
    auto* view3d = new VtkView;
    meshes_ = std::make_unique<MeshRenderer>(*view3d);
    position_ = new FigureView;
    rotation_ = new FigureView;
    velocity_ = new FigureView;
    tossTable_ = new ComparisonTableView;
    fileTable_ = new ComparisonTableView;
    histogram_ = new FigureView;
    rotationHistogram_ = new FigureView;
    compare_ = new LawComparisonBox;

    addView({"position", tr("Position"),
             "Acosta, Yang & Posa (2022): the distance between the simulated and measured centres as a share of the "
             "cube's width against time, for every compared law",
             ViewKind::Chart, position_, makeViewExports(position_)});
    addView({"rotation", tr("Orientation"), "The angle between the simulated and measured orientations against time",
             ViewKind::Chart, rotation_, makeViewExports(rotation_)});
    addView({"velocity", tr("Velocity"),
             "The measured vertical velocity (points) against each law's: the bounces and where each law departs",
             ViewKind::Chart, velocity_, makeViewExports(velocity_)});
    addView({"toss", tr("Toss"),
             "The toss on show: each law's time-mean errors and the first impact's change of velocity, measured "
             "against predicted",
             ViewKind::Table, tossTable_, makeViewExports(tossTable_)});
    addView({"file", tr("All tosses"),
             "Every toss of the file scored under every law with the page's coefficients (Score all tosses), beside "
             "the simulators' published scores",
             ViewKind::Table, fileTable_, makeViewExports(fileTable_)});
    addView({"histogram", tr("Histogram"), "The share of the file's tosses in each position error bin, per law",
             ViewKind::Chart, histogram_, makeViewExports(histogram_)});
    addView({"rotation-histogram", tr("Rotation histogram"), "The share of the file's tosses in each rotation error bin, per law",
             ViewKind::Chart, rotationHistogram_, makeViewExports(rotationHistogram_)});

    // Beside the parameters: the compared laws, and the file's work.
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(compare_);
    scoreButton_ = new QPushButton(tr("Score all tosses"));
    scoreButton_->setObjectName("scoreTosses");
    scoreButton_->setToolTip(tr("Simulate every toss of the file under every compared law and score it "
                                "(the All tosses and Histogram tabs)"));
    fitButton_ = new QPushButton(tr("Fit..."));
    fitButton_->setObjectName("fitTosses");
    fitButton_->setToolTip(tr("Fit the law's friction and restitution to every toss of the file "
                              "(one undo step)"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(scoreButton_);
    buttons->addWidget(fitButton_);
    sideLayout->addLayout(buttons);

    const RunControls controls = makeRunControls(tr("Working..."), tr("Stop; nothing changes"));
    progressRow_ = controls.progressRow;
    progress_ = controls.progress;
    progress_->setRange(0, kProgressTicks);
    cancel_ = controls.cancel;
    progressRow_->hide();
    timeline_ = controls.timeline;
    buildLayout(view3d, controls.widget, side);

    progressTimer_ = new QTimer(this);
    progressTimer_->setInterval(kProgressIntervalMs);
    connect(progressTimer_, &QTimer::timeout, this, [this] {
        if (work_) progress_->setValue(static_cast<int>(kProgressTicks * std::clamp(work_->progress(), 0.0, 1.0)));
    });
    connect(cancel_, &QPushButton::clicked, this, &TossPage::cancelWork);
    connect(scoreButton_, &QPushButton::clicked, this, &TossPage::scoreFile);
    connect(fitButton_, &QPushButton::clicked, this, &TossPage::fit);
    connect(parameterPanel(), &ParameterPanel::numberChanged, this, [this](const QString& id, double v) {
        if (editStartedNs_ == 0) editStartedNs_ = nowNs();
        tryEdit([&] {
            scene_ = withParameter(scene_, id.toStdString(), v);
            scheduleRun();
        });
    });
    connect(parameterPanel(), &ParameterPanel::choiceChanged, this, &TossPage::setChoice);
    connect(compare_, &LawComparisonBox::comparedEdited, this, [this] {
        setComparedLaws(compare_->compared());
        emit comparedLawsEdited();
    });
    connect(timeline_, &TimelineWidget::timeChanged, this, [this](double t) { updatePoses(t); });
}

TossPage::~TossPage() = default;

void TossPage::openDocument(const nlohmann::json& document) {
    TossScene scene = parseTossScene(document);   // throws before anything changes
    loadData(scene);
    apply(std::move(scene), true);
    meshes_->resetCamera();
}

void TossPage::loadData(const TossScene& scene) {
    if (set_ && scene.tossesFile == loadedTosses_ && scene.bodyFile == loadedBody_) return;
    set_ = std::make_shared<const TossSet>(readTossSceneData(readDataFile(scene.bodyFile), scene.bodyFile,
                                                             readDataFile(scene.tossesFile), scene.tossesFile));
    loadedTosses_ = scene.tossesFile;
    loadedBody_ = scene.bodyFile;
    fileScores_.reset();
}

void TossPage::setParameter(const QString& id, double siValue) {
    tryEdit([&] {
        TossScene next = withParameter(scene_, id.toStdString(), siValue);
        parameterPanel()->setValue(id, siValue);
        apply(std::move(next), false);
    });
}

void TossPage::setChoice(const QString& id, const QString& choice) {
    tryEdit([&] {
        TossScene next = withChoice(scene_, id.toStdString(), choice.toStdString());
        parameterPanel()->setChoice(id, choice);
        apply(std::move(next), false);
    });
}

QStringList TossPage::comparedLaws() const {
    QStringList ids;
    for (const std::string& id : scene_.compare) ids << QString::fromStdString(id);
    return ids;
}

void TossPage::setComparedLaws(const QStringList& ids) {
    std::vector<std::string> laws;
    for (const QString& id : ids)
        if (findLaw(id.toStdString()) && id.toStdString() != scene_.contact.law) laws.push_back(id.toStdString());
    nlohmann::json doc = scene_.document;
    writeComparedLaws(doc, laws);
    tryEdit([&] { apply(parseTossScene(doc), false); });
}

void TossPage::scheduleRun() {
    if (runPending_) return;
    runPending_ = true;
    // Once the events already queued (the rest of a drag) are handled: a
    // burst of slider moves is one run.
    QTimer::singleShot(0, this, [this] { flushPendingEdits(); });
}

void TossPage::flushPendingEdits() {
    if (!runPending_) return;
    runPending_ = false;
    tryEdit([&] { apply(scene_, false); });
}

std::vector<std::string> TossPage::listLaws() const {
    std::vector<std::string> laws = {scene_.contact.law};
    for (const std::string& id : scene_.compare)
        if (std::find(laws.begin(), laws.end(), id) == laws.end()) laws.push_back(id);
    return laws;
}

void TossPage::apply(TossScene next, bool rebuild) {
    QElapsedTimer clock;
    clock.start();
    const qint64 started = editStartedNs_ != 0 ? editStartedNs_ : nowNs();
    editStartedNs_ = 0;
    // Run first: a refused edit (a toss the file lacks, a law that refuses)
    // leaves the page as it was.
    const int index = requireTossIndex(*set_, next.toss);
    const TossScene previous = scene_;
    scene_ = std::move(next);
    std::vector<TossLawRun> runs;
    std::vector<LawAcceptance> acceptance;
    try {
        // Each law's run on a thread of its own (they share nothing but the
        // read-only tosses); the GUI thread runs the scene's law.
        const std::vector<std::string> laws = listLaws();
        std::vector<std::future<TossLawRun>> others;
        for (std::size_t k = 1; k < laws.size(); ++k)
            others.push_back(std::async(std::launch::async, [set = set_, index, params = getTossParams(scene_, laws[k])] {
                return runToss(*set, index, params);
            }));
        runs.push_back(runToss(*set_, index, getTossParams(scene_, laws.front())));
        for (std::future<TossLawRun>& f : others) runs.push_back(f.get());
    } catch (...) {
        scene_ = previous;
        throw;
    }
    const double computeMs = clock.nsecsElapsed() * 1e-6;
    runs_ = std::move(runs);
    // Scores of other coefficients or laws no longer describe the page.
    if (fileScores_ && (previous.contact.friction != scene_.contact.friction ||
                        previous.contact.restitution != scene_.contact.restitution ||
                        fileScores_->laws != listLaws() || previous.document.value("contact", nlohmann::json()) !=
                                                               scene_.document.value("contact", nlohmann::json())))
        fileScores_.reset();
    if (rebuild) showSceneHeader(scene_.name, scene_.description, scene_.reference, scene_.parameters, scene_.contact.law);
    for (const LawInfo& law : getLaws()) acceptance.push_back({law.id, true, {}});
    compare_->setAcceptance(scene_.contact.law, acceptance);
    compare_->setCompared(comparedLaws());
    redraw();
    lastComputeMs_ = computeMs;
    lastUpdateMs_ = (nowNs() - started) * 1e-6;
    ++updateCount_;
    emit statusChanged(QString("%1: toss %2, %3 laws, updated in %4 ms")
                           .arg(QString::fromStdString(scene_.name))
                           .arg(scene_.toss)
                           .arg(runs_.size())
                           .arg(lastUpdateMs_, 0, 'f', 1));
}

void TossPage::redraw() {
    const Toss& toss = set_->tosses[static_cast<std::size_t>(scene_.toss)];
    figures_ = makeTossFigures(toss, runs_, set_->body);
    position_->setFigure(figures_.position);
    rotation_->setFigure(figures_.rotation);
    velocity_->setFigure(figures_.velocity);
    tossTable_->setTable(figures_.toss);
    updateFileViews();

    // The cubes and the table; the timeline over the whole recording.
    const TossBody& body = set_->body;
    Vec3 lo = toss.samples.front().position, hi = lo;
    for (const TossState& s : toss.samples) lo = lo.cwiseMin(s.position), hi = hi.cwiseMax(s.position);
    const double half = 0.5 * (hi - lo).head<2>().maxCoeff() + kTableMarginWidths * body.width();
    const Vec3 centre(0.5 * (lo.x() + hi.x()), 0.5 * (lo.y() + hi.y()), body.groundZ);
    std::vector<MeshVisual> meshes(3);
    meshes[0].mesh = impactlab::geometry::makeBox(2.0 * body.halfExtents).mesh;
    meshes[0].color = kSimulatedColor;
    meshes[1].mesh = meshes[0].mesh;
    meshes[1].color = kMeasuredColor;
    meshes[1].opacity = render::kSeeThroughOpacity;
    meshes[2].mesh = impactlab::geometry::makeHalfSpaceSlab(half).mesh;
    meshes[2].translation = centre;
    meshes[2].color = kTableColor;
    meshes_->setMeshes(meshes);
    std::vector<std::pair<double, QString>> events;
    if (!runs_.empty())
        for (double t : runs_.front().simulated.impactTimes)
            events.emplace_back(runs_.front().start.startSample * body.dt + t,
                                QString("%1 impact").arg(QString::fromStdString(getLawDisplayName(runs_.front().law))));
    const double end = (static_cast<int>(toss.samples.size()) - 1) * body.dt;
    const double t = std::clamp(timeline_->time(), 0.0, end);
    timeline_->setRun(end, events);
    timeline_->setTime(t);
    updatePoses(timeline_->time());
    updateSummary();
    updateVisibleViews();
}

void TossPage::updatePoses(double t) {
    if (!set_ || runs_.empty()) return;
    const Toss& toss = set_->tosses[static_cast<std::size_t>(scene_.toss)];
    const TossBody& body = set_->body;
    const int n = static_cast<int>(toss.samples.size());
    const int k = std::clamp(static_cast<int>(std::lround(t / body.dt)), 0, n - 1);
    const TossLawRun& run = runs_.front();
    const int simK = k - run.start.startSample;
    // Before the start the simulated cube is where the measured one is.
    const TossState& measured = toss.samples[static_cast<std::size_t>(k)];
    const TossState& simulated =
        simK < 0 ? measured
                 : run.simulated.samples[static_cast<std::size_t>(std::min(simK, static_cast<int>(run.simulated.samples.size()) - 1))];
    poses_ = {{simulated.orientation.toRotationMatrix(), simulated.position},
              {measured.orientation.toRotationMatrix(), measured.position}};
    for (int i = 0; i < 2; ++i) meshes_->setPose(i, poses_[static_cast<std::size_t>(i)].first, poses_[static_cast<std::size_t>(i)].second);
    bodiesView()->requestRender();
}

void TossPage::setTime(double t) { timeline_->setTime(t); }

void TossPage::updateSummary() {
    const Toss& toss = set_->tosses[static_cast<std::size_t>(scene_.toss)];
    QString text = QString("<b>Toss %1</b> of %2 (id %3, group %4), %5 samples at %6 Hz; %7 (%8)")
                       .arg(scene_.toss)
                       .arg(set_->tosses.size())
                       .arg(toss.id)
                       .arg(toss.group)
                       .arg(toss.samples.size())
                       .arg(1.0 / set_->body.dt, 0, 'f', 0)
                       .arg(describeCoefficients(scene_.contact.friction, scene_.contact.restitution))
                       .arg(QString::fromStdString(getLawDisplayName(scene_.contact.law)).toHtmlEscaped());
    for (const TossLawRun& r : runs_) {
        text += QString("<br>%1: position %2 % of the width, rotation %3 deg, %4 impacts")
                    .arg(QString::fromStdString(getLawDisplayName(r.law)).toHtmlEscaped())
                    .arg(QString::fromStdString(formatNumber(kPercent * r.error.position, kTossTableDigits)))
                    .arg(QString::fromStdString(formatNumber(r.error.rotation, kTossTableDigits)))
                    .arg(r.simulated.impacts);
        if (r.error.firstImpactLinear && r.error.firstImpactAngular)
            text += QString(", first impact dv %1 %, dw %2 % off")
                        .arg(QString::fromStdString(formatNumber(kPercent * *r.error.firstImpactLinear, kTossTableDigits)))
                        .arg(QString::fromStdString(formatNumber(kPercent * *r.error.firstImpactAngular, kTossTableDigits)));
    }
    text += "<br>measured cube translucent blue, simulated orange (the scene's law)";
    if (fileScores_) {
        const TossScoreSummary s = summarize(fileScores_->errors.front());
        text += QString("<br><b>All %1 tosses</b> (%2): position %3 %, rotation %4 deg (means)")
                    .arg(s.position.count)
                    .arg(QString::fromStdString(getLawDisplayName(fileScores_->laws.front())).toHtmlEscaped())
                    .arg(QString::fromStdString(formatNumber(kPercent * s.position.mean, kTossTableDigits)))
                    .arg(QString::fromStdString(formatNumber(s.rotation.mean, kTossTableDigits)));
    }
    if (!fitNote_.isEmpty()) text += "<br>" + fitNote_;
    setSummary(text);
}

void TossPage::updateFileViews() {
    if (fileScores_) {
        FigureTable table = makeTossFileTable(*fileScores_);
        table.title += ", " + describeCoefficients(scene_.contact.friction, scene_.contact.restitution).toStdString();
        fileTable_->setTable(table);
        histogram_->setFigure(makeTossHistogram(*fileScores_, false));
        rotationHistogram_->setFigure(makeTossHistogram(*fileScores_, true));
    } else {
        FigureTable empty;
        empty.title = "Not scored with these coefficients and laws: Score all tosses";
        empty.header = {"law"};
        fileTable_->setTable(empty);
        Figure none;
        none.title = "Score all tosses to see the file's errors";
        histogram_->setFigure(none);
        rotationHistogram_->setFigure(none);
    }
}

bool TossPage::isBusy() const { return work_ && !work_->isDone(); }

void TossPage::waitForWork() {
    worker_.waitForAll();
    QCoreApplication::sendPostedEvents(this);
}

void TossPage::cancelWork() {
    if (work_) work_->cancel();
}

void TossPage::startWork(const QString& label) {
    progress_->setValue(0);
    progress_->setFormat(label + " %p%");
    progressRow_->show();
    scoreButton_->setEnabled(false);
    fitButton_->setEnabled(false);
    progressTimer_->start();
    emit statusChanged(label);
}

void TossPage::finishWork() {
    progressTimer_->stop();
    progressRow_->hide();
    scoreButton_->setEnabled(true);
    fitButton_->setEnabled(true);
}

void TossPage::scoreFile() {
    if (isBusy()) return;
    const std::shared_ptr<const TossSet> set = set_;
    const TossScene scene = scene_;
    const std::vector<std::string> laws = listLaws();
    startWork(tr("Scoring every toss"));
    auto job = worker_.start<TossFileScores>(
        [set, scene, laws](RunTask& task) {
            TossFileScores scores;
            scores.laws = laws;
            const std::vector<int> all = listAllTosses(*set);
            for (std::size_t k = 0; k < laws.size() && !task.isCancelled(); ++k) {
                const auto progress = [&](int done, int planned) {
                    task.setProgress((k + static_cast<double>(done) / planned) / laws.size());
                    return !task.isCancelled();
                };
                try {
                    scores.errors.push_back(scoreTosses(*set, all, getTossParams(scene, laws[k]), 0, progress));
                    scores.refusals.emplace_back();
                } catch (const std::exception& e) {
                    scores.errors.emplace_back();
                    scores.refusals.emplace_back(e.what());
                }
            }
            return scores;
        },
        [this, laws, scene](const std::shared_ptr<RunJob<TossFileScores>>& done) {
            finishWork();
            work_.reset();
            if (done->isCancelled() || !done->error().isEmpty()) {
                emit statusChanged(done->error().isEmpty() ? tr("Scoring cancelled") : done->error());
                return;
            }
            // Only scores of what the page still shows.
            if (laws != listLaws() || scene.contact.friction != scene_.contact.friction ||
                scene.contact.restitution != scene_.contact.restitution)
                return;
            fileScores_ = std::move(done->result());
            updateFileViews();
            updateSummary();
            emit statusChanged(tr("Every toss scored"));
        });
    work_ = job;
}

void TossPage::fit() {
    if (isBusy()) return;
    const std::shared_ptr<const TossSet> set = set_;
    const TossParams initial = getTossParams(scene_, scene_.contact.law);
    startWork(tr("Fitting friction and restitution"));
    auto job = worker_.start<TossFitResult>(
        [set, initial](RunTask& task) {
            TossFitOptions options;
            options.coarsePoints = kPageFitCoarsePoints;
            options.finePoints = kPageFitFinePoints;
            options.bootstrapResamples = kPageFitResamples;
            options.progress = [&task](int done, int planned) {
                task.setProgress(static_cast<double>(done) / planned);
                return !task.isCancelled();
            };
            const std::vector<int> all = listAllTosses(*set);
            return fitTosses(*set, all, initial, options);
        },
        [this](const std::shared_ptr<RunJob<TossFitResult>>& done) {
            finishWork();
            work_.reset();
            const TossFitResult& r = done->result();
            if (done->isCancelled() || r.cancelled || !done->error().isEmpty()) {
                emit statusChanged(done->error().isEmpty() ? tr("Fit cancelled; nothing changed") : done->error());
                return;
            }
            lastFit_ = r;
            fitNote_ = QString("<b>Fit</b> of %1 to %2 tosses:").arg(QString::fromStdString(r.params.law)).arg(r.tosses);
            for (const FittedValue& v : r.values)
                fitNote_ += QString(" %1 = %2 [%3, %4]%5")
                                .arg(QString::fromStdString(v.name))
                                .arg(QString::fromStdString(formatNumber(v.value, kTossTableDigits)))
                                .arg(QString::fromStdString(formatNumber(v.low, kTossTableDigits)))
                                .arg(QString::fromStdString(formatNumber(v.high, kTossTableDigits)))
                                .arg(v.atGridEdge ? " (at the searched range's edge)" : "");
            nlohmann::json doc = scene_.document;
            doc["contact"]["friction"] = r.params.friction;
            doc["contact"]["restitution"] = r.params.restitution;
            requestDocumentEdit(tr("Fit %1 to %2 tosses")
                                    .arg(describeCoefficients(r.params.friction, r.params.restitution))
                                    .arg(r.tosses),
                                doc);
            updateSummary();
        });
    work_ = job;
}

void TossPage::resetCamera() {
    meshes_->resetCamera();
    bodiesView()->requestRender();
}

}  // namespace impactlab::ui
