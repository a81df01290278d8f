#include "pages/ImpactScenePage.h"

#include <QElapsedTimer>
#include <QTabWidget>
#include <algorithm>

#include "compare/ComparisonTableView.h"
#include "compare/DisplayText.h"
#include "compare/LawComparisonBox.h"
#include "diagram/ComparisonTable.h"
#include "diagram/CoulombSolutionsTable.h"
#include "diagram/DiagramCsv.h"
#include "diagram/EventSequence.h"
#include "diagram/JiaWangMethods.h"
#include "diagram/LawEquations.h"
#include "equations/EquationsView.h"
#include "diagram/Figure.h"
#include "impulse/ImpulseDiagramView.h"
#include "hodograph/EnergyView.h"
#include "hodograph/HodographView.h"
#include "scene/SceneOverlay.h"
#include "hodograph/ImpulseCurveView.h"
#include "impact/InvariantDirections.h"
#include "impact/JiaWang.h"
#include "laws/LawRegistry.h"
#include "mdp/CompressionPlaneView.h"
#include "mdp/DecisionTreeView.h"
#include "mdp/FobjView.h"
#include "panel/ParameterPanel.h"
#include "plus/FigureView.h"
#include "plots/MeasurementsView.h"
#include "render/MeshRenderer.h"
#include "render/VtkView.h"

namespace impactlab::ui {

namespace {
// Directions of the bundle of hodographs (Fig. 6 draws a dozen or so).
constexpr int kBundleDirections = 16;
// ||B^-1 d|| is compared with mu, a number of order one: round-off of that
// scale (a sphere's 7e-17) prints 0.
constexpr double kStickThresholdScale = 1.0;

std::vector<ImpulseCurve3D> listOverlayCurves(const std::vector<ImpactOverlayValue>& values) {
    std::vector<ImpulseCurve3D> curves;
    for (const ImpactOverlayValue& v : values) curves.push_back(v.curve);
    return curves;
}

std::vector<EnergyCurve> listOverlayEnergies(const std::vector<ImpactOverlayValue>& values) {
    std::vector<EnergyCurve> curves;
    for (const ImpactOverlayValue& v : values) curves.push_back(v.energy);
    return curves;
}
}  // namespace

ImpactScenePage::ImpactScenePage(QWidget* parent) : ScenePage(parent) {
    auto* view3d = new VtkView;
    meshes_ = std::make_unique<MeshRenderer>(*view3d);
    hodograph_ = new HodographView;
    bundle_ = new HodographView;
    curve_ = new ImpulseCurveView;
    energy_ = new EnergyView;
    diagram_ = new ImpulseDiagramView;
    equations_ = new EquationsView;
    sequenceView_ = new FigureView;
    sequencesView_ = new FigureView;
    methods_ = new ComparisonTableView;
    plane_ = new CompressionPlaneView;
    fobj_ = new FobjView;
    tree_ = new DecisionTreeView;
    table_ = new ComparisonTableView;
    solutions_ = new ComparisonTableView;
    compare_ = new LawComparisonBox;
    measured_ = new MeasurementsView;
    residuals_ = new ComparisonTableView;

    addView({"hodograph", viewDisplayName("hodograph"),
             "Jia & Wang Figs. 4, 7: the sliding velocity during the impact, its invariant directions (blue "
             "centripetal, red centrifugal)",
             ViewKind::Chart, hodograph_,
             makeViewExports(hodograph_).withCsv([this](const QString& path) { return writeTextFile(path, writeHodographCsv()); })});
    addView({"bundle", viewDisplayName("bundle"), "Jia & Wang Fig. 6: hodographs from unit initial sliding velocities",
             ViewKind::Chart, bundle_, makeViewExports(bundle_).withCsv(makeCsvExport(bundleData_))});
    addView({"curve", viewDisplayName("curve"),
             "Jia & Wang Fig. 5: the impulse curve with the plane of compression and the line of sticking",
             ViewKind::View3d, curve_,
             makeViewExports(curve_).withCsv([this](const QString& path) { return writeTextFile(path, writeCurveCsv()); })});
    // Not a figure of the paper: Jia & Wang's Fig. 8 is a bundle of hodographs.
    addView({"energy", viewDisplayName("energy"),
             "Kinetic energy of the relative motion against the normal impulse, and Stronge's contact energy E "
             "where the law tracks it (Jia & Wang eq. 11)",
             ViewKind::Chart, energy_,
             makeViewExports(energy_).withCsv([this](const QString& path) { return writeTextFile(path, writeEnergyCsv()); })});
    addView({"diagram", viewDisplayName("diagram"), "The impulse path of every compared law, with the friction cone's lines",
             ViewKind::Diagram, diagram_, makeViewExports(diagram_)});
    addView({"equations", viewDisplayName("equations"),
             "The chosen law's defining equations, with the paper and equation numbers, and this impact's numbers "
             "in them: W, v-, the impulses, the law's termination condition with both sides evaluated",
             ViewKind::Diagram, equations_, makeViewExports(equations_)});
    addView({"sequence", viewDisplayName("sequence"),
             "Jia & Wang Fig. 9: the impact's events along the normal impulse, stretches integrated numerically "
             "dashed and those in closed form solid",
             ViewKind::Chart, sequenceView_, makeViewExports(sequenceView_)});
    addView({"sequences", viewDisplayName("sequences"),
             "Jia & Wang Fig. 9: the eight event sequences an impact can take, this impact's highlighted",
             ViewKind::Chart, sequencesView_, makeViewExports(sequencesView_)});
    addView({"methods", viewDisplayName("methods"),
             "Jia & Wang Table 1: the integration methods NI, FS, VS and the default on this impact, with their "
             "steps, errors against a converged run and times measured on this machine when the tab is shown; the "
             "paper's column beside them on its two examples",
             ViewKind::Table, methods_, makeViewExports(methods_)});
    addView({"plane", viewDisplayName("plane"),
             "Preclik, Eibl & Ruede Figs. 2 and 7: objective contours, the cone's section, the maximum-dissipation "
             "impulse (red cross) and every Coulomb solution (circles)",
             ViewKind::Chart, plane_, makeViewExports(plane_)});
    addView({"fobj", viewDisplayName("fobj"),
             "Preclik, Eibl & Ruede Fig. 3: the objective on the cone boundary against the polar angle", ViewKind::Chart,
             fobj_, makeViewExports(fobj_)});
    addView({"tree", viewDisplayName("tree"),
             "Preclik, Eibl & Ruede Fig. 5: the analytic solver's decision tree, the branch taken highlighted",
             ViewKind::Diagram, tree_, makeViewExports(tree_)});
    addView({"solutions", viewDisplayName("solutions"),
             "Preclik, Eibl & Ruede Table 1: every inelastic Coulomb solution and the maximally dissipative "
             "impulse, with the residual A x - b and the objective 1/2 x^T A x - x^T b",
             ViewKind::Table, solutions_, makeViewExports(solutions_)});
    addView({"comparison", viewDisplayName("comparison"),
             "Every compared law on this impact: impulse, energy change, post-impact velocity, events, warnings",
             ViewKind::Table, table_, makeViewExports(table_)});
    addView({"measured", viewDisplayName("measured"),
             "The scene's measurements against every compared law: each derived quantity against the measured "
             "parameter, the laws' lines, the time-integrated compliant reference dashed, the measured points black",
             ViewKind::Chart, measured_,
             makeViewExports(measured_).withCsv([this](const QString& path) { return writeTextFile(path, toCsv(sweep_)); })});
    addView({"residuals", viewDisplayName("residuals"),
             "Each law's error at the measured points (law - measured): RMS in the quantity's unit and in the "
             "measurements' sigmas, over the whole range and each named range",
             ViewKind::Table, residuals_, makeViewExports(residuals_)});
    buildLayout(view3d, nullptr, compare_);

    connect(parameterPanel(), &ParameterPanel::numberChanged, this,
            [this](const QString& id, double v) { setParameter(id, v); });
    connect(parameterPanel(), &ParameterPanel::choiceChanged, this, &ImpactScenePage::setChoice);
    connect(compare_, &LawComparisonBox::comparedEdited, this, [this] {
        setComparedLaws(compare_->compared());
        emit comparedLawsEdited();
    });
    connect(tabs(), &QTabWidget::currentChanged, this, [this] { redrawCurrentTab(); });
}

ImpactScenePage::~ImpactScenePage() = default;

void ImpactScenePage::openDocument(const nlohmann::json& document) {
    ImpactScene scene = parseImpactScene(document);   // throws before anything changes
    apply(std::move(scene), true);
    meshes_->resetCamera();
}

void ImpactScenePage::setParameter(const QString& id, double siValue) {
    tryEdit([&] {
        ImpactScene next = withParameter(scene_, id.toStdString(), siValue);
        parameterPanel()->setValue(id, siValue);
        apply(std::move(next), false);
    });
}

void ImpactScenePage::setChoice(const QString& id, const QString& choice) {
    tryEdit([&] {
        ImpactScene next = withChoice(scene_, id.toStdString(), choice.toStdString());
        parameterPanel()->setChoice(id, choice);
        apply(std::move(next), false);
    });
}

QStringList ImpactScenePage::comparedLaws() const {
    QStringList ids;
    for (const std::string& id : readComparedLaws(scene_.document)) ids << QString::fromStdString(id);
    return ids;
}

void ImpactScenePage::setComparedLaws(const QStringList& ids) {
    std::vector<std::string> laws;
    for (const QString& id : ids)
        if (findLaw(id.toStdString())) laws.push_back(id.toStdString());
    writeComparedLaws(scene_.document, laws);
    compare_->setCompared(ids);
    solve();
}

const MdpDiagram& ImpactScenePage::mdpDiagram() const {
    if (!mdpFiguresDrawn_) mdp_ = makeMdpDiagram(scene_.problem);
    mdpFiguresDrawn_ = true;
    return mdp_;
}

void ImpactScenePage::resetCamera() {
    meshes_->resetCamera();
    bodiesView()->requestRender();
}

void ImpactScenePage::apply(ImpactScene scene, bool rebuild) {
    scene_ = std::move(scene);
    if (rebuild) showSceneHeader(scene_.name, scene_.description, scene_.reference, scene_.parameters, scene_.law);
    else setPanelLaw(scene_.law);
    // A new scene is framed; an edit keeps the user's camera.
    if (rebuild) showImpactScene(*meshes_, scene_);
    else updateImpactScene(*meshes_, scene_);
    solve();
}

void ImpactScenePage::solve() {
    QElapsedTimer clock;
    clock.start();
    // The scene's law and every compared one, each with its own options.
    const nlohmann::json options = scene_.document.value("contact", nlohmann::json::object()).value("options", nlohmann::json::object());
    comparison_ = compareLaws(scene_.problem, listSceneLaws(scene_));
    if (!comparison_.front().accepted) {
        emit errorOccurred(QString::fromStdString(comparison_.front().refusal));
        return;
    }
    outcome_ = {comparison_.front().result, comparison_.front().trace};
    compare_->setAcceptance(scene_.law, checkLawAcceptance(scene_.problem, [&](const std::string& id) {
        return getContactLawOptions(options, id, scene_.law);
    }, comparison_));
    compare_->setCompared(comparedLaws());

    const ImpactProblem& p = scene_.problem;
    const ImpactResult& r = outcome_.result;
    sequence_ = calcEventSequence(r);
    hodographData_ = makeHodographDiagram(p, r, outcome_.trace);
    bundleData_ = makeHodographBundle(p, kBundleDirections);
    curveData_ = makeImpulseCurve3D(p, r, outcome_.trace);
    energyData_ = makeEnergyCurve(outcome_.trace);
    // Maximum dissipation on the same contact, whatever the scene's law.
    MdpDiagramOptions mdpOptions;
    mdpOptions.figures = false;
    mdp_ = makeMdpDiagram(p, mdpOptions);
    mdpFiguresDrawn_ = false;
    solveOverlay();
    lastComputeMs_ = clock.nsecsElapsed() * 1e-6;

    updateMeasurementSweep();
    stale_ = {hodograph_, bundle_, curve_, energy_, diagram_, equations_, sequenceView_, sequencesView_, methods_, plane_, fobj_, tree_,
              solutions_, table_, measured_, residuals_};
    updateSummary();
    redrawCurrentTab();
    updateVisibleViews();
    lastUpdateMs_ = clock.nsecsElapsed() * 1e-6;
    ++updateCount_;
    emit statusChanged(QString("%1: sequence %2, impulse %3 N s, updated in %4 ms")
                           .arg(QString::fromStdString(scene_.name), QString::fromStdString(sequence_), displayVector(r.impulse))
                           .arg(lastUpdateMs_, 0, 'f', 1));
}

void ImpactScenePage::solveOverlay() {
    // Each value solved as the page solves its own, every compared law too
    // (a single impact takes microseconds to milliseconds); nothing at all
    // without an overlay.
    overlay_ = solveImpactOverlay(scene_.document);
    overlayHodographs_.clear();
    overlayLabels_.clear();
    for (const ImpactOverlayValue& v : overlay_) {
        overlayHodographs_.push_back(v.hodograph);
        overlayLabels_ << QString::fromStdString(v.label);
    }
    overlayParameter_ = overlay_.empty() ? std::string() : scene_.document[kOverlayKey].value("parameter", std::string());
}

std::vector<std::string> ImpactScenePage::listOverlayLabels() const {
    std::vector<std::string> labels;
    for (const ImpactOverlayValue& v : overlay_) labels.push_back(v.label);
    return labels;
}

std::string ImpactScenePage::writeHodographCsv() const {
    if (overlay_.empty()) return toCsv(hodographData_);
    std::vector<std::string> csvs;
    for (const ImpactOverlayValue& v : overlay_) csvs.push_back(toCsv(v.hodograph));
    return mergeOverlayCsv(csvs, listOverlayLabels());
}

std::string ImpactScenePage::writeCurveCsv() const {
    if (overlay_.empty()) return toCsv(curveData_);
    std::vector<std::string> csvs;
    for (const ImpactOverlayValue& v : overlay_) csvs.push_back(toCsv(v.curve));
    return mergeOverlayCsv(csvs, listOverlayLabels());
}

std::string ImpactScenePage::writeEnergyCsv() const {
    if (overlay_.empty()) return toCsv(energyData_);
    std::vector<std::string> csvs;
    for (const ImpactOverlayValue& v : overlay_) csvs.push_back(toCsv(v.energy));
    return mergeOverlayCsv(csvs, listOverlayLabels());
}

QString ImpactScenePage::overlayScopeNote() const {
    return tr("Hodograph, Curve 3D, Energy, Impulse space, Event sequence, Objective, Coulomb solutions and Comparison "
              "draw every value; Bundle, Event sequences, Methods (Table 1), Compression plane, Decision tree, Equations and "
              "the 3D view show the scene's own value.");
}

void ImpactScenePage::redrawCurrentTab() { redrawView(tabs()->currentWidget()); }

void ImpactScenePage::redrawView(QWidget* view) {
    const auto it = std::find(stale_.begin(), stale_.end(), view);
    if (it == stale_.end()) return;
    stale_.erase(it);
    const ImpactResult& r = outcome_.result;
    if (view == hodograph_) {
        // Titles first: a view redraws when its title changes, so a title set
        // after the data would draw the view twice.
        hodograph_->setTitle("Sliding velocity");   // the view adds the sequence
        if (overlayHodographs_.empty()) hodograph_->setDiagram(hodographData_);
        else hodograph_->setOverlay(overlayHodographs_, overlayLabels_);
    } else if (view == bundle_) {
        bundle_->setTitle("Hodographs of unit initial slides");
        bundle_->setBundle(bundleData_);
    } else if (view == curve_) {
        if (overlay_.empty()) curve_->setCurve(curveData_);
        else curve_->setOverlay(listOverlayCurves(overlay_), overlayLabels_);
    } else if (view == energy_) {
        energy_->setTitle("Energy against normal impulse");
        if (overlay_.empty()) energy_->setCurve(energyData_);
        else energy_->setOverlay(listOverlayEnergies(overlay_), overlayLabels_);
    } else if (view == diagram_) {
        std::vector<LawOutcome> outcomes;
        for (const ComparedLaw& c : comparison_)
            if (c.accepted) outcomes.push_back({c.result, c.trace});
        const ImpulseDiagram own = makeImpulseDiagram(scene_.problem, outcomes);
        // With an overlay, each value's scene-law path in the plane of the
        // scene's own diagram (the compared laws stay in the table).
        if (overlay_.empty())
            diagram_->setDiagram(own, QString("Impulses (%1)").arg(lawDisplayName(r.model)));
        else
            diagram_->setDiagram(makeOverlayImpulseDiagram(overlay_, own.tangentDirection),
                                 QString("Impulses (%1), %2 overlay")
                                     .arg(lawDisplayName(r.model), QString::fromStdString(overlayParameter_)));
    } else if (view == equations_) {
        equations_->setSheets(makeEquationSheets(scene_.problem, comparison_),
                              overlay_.empty() ? tr("The numbers of this impact")
                                               : tr("The numbers of the scene's own value (the overlay's values are in "
                                                    "the Comparison table)"));
    } else if (view == sequenceView_) {
        if (overlay_.empty()) sequenceView_->setFigure(makeEventSequenceFigure(r, outcome_.trace));
        else sequenceView_->setFigure(makeOverlaySequenceFigure(overlay_));
    } else if (view == sequencesView_) {
        // This impact's chain is one of the eight when the law reports Jia & Wang's events.
        sequencesView_->setFigure(makeEventSequencesFigure(sequence_));
    } else if (view == methods_) {
        methods_->setTable(makeJiaWangMethodsTable(measureJiaWangMethods(scene_.problem)));
    } else if (view == plane_) {
        const MdpDiagram& mdp = mdpDiagram();
        plane_->setTitle(QString("Max. compression plane (%1)").arg(toString(mdp.plane.conic)));
        plane_->setPlane(mdp.plane);
    } else if (view == fobj_) {
        if (overlay_.empty()) {
            fobj_->setCurve(mdpDiagram().fobj);
        } else {
            std::vector<MdpFobjCurve> curves;
            for (const ImpactOverlayValue& v : overlay_) curves.push_back(v.fobj);
            fobj_->setOverlay(curves, overlayLabels_);
        }
    } else if (view == tree_) {
        tree_->setTitle(QString("Fig. 5: branch %1").arg(QString::fromStdString(mdp_.path.leaf)));
        tree_->setPath(mdp_.path);
    } else if (view == solutions_) {
        if (overlay_.empty()) solutions_->setTable(makeCoulombSolutionsTable(scene_.problem));
        else solutions_->setTable(makeOverlaySolutionsTable(overlay_, overlayParameter_));
    } else if (view == measured_) {
        redrawMeasurements();
    } else if (view == residuals_) {
        redrawResiduals();
    } else if (view == table_) {
        if (overlay_.empty()) table_->setTable(makeComparisonTable(comparison_));
        else table_->setTable(makeOverlayComparisonTable(overlay_, overlayParameter_));
    }
}

void ImpactScenePage::prepareForExport() {
    flushPendingEdits();
    for (QWidget* v : std::vector<QWidget*>(stale_)) redrawView(v);
}

// --- The laws against the scene's measurements ----------------------------------

void ImpactScenePage::updateMeasurementSweep() {
    const std::optional<std::string> parameter = findMeasuredParameter(scene_.measurements);
    // Only on a change: setting a tab's visibility lays the tab bar out again.
    for (QWidget* w : {static_cast<QWidget*>(measured_), static_cast<QWidget*>(residuals_)}) {
        const int i = tabs()->indexOf(w);
        if (tabs()->isTabVisible(i) != parameter.has_value()) tabs()->setTabVisible(i, parameter.has_value());
    }
    if (!parameter) {
        if (sweepJob_) sweepJob_->cancel();
        sweepJob_.reset();
        sweep_ = {};
        ++sweepGeneration_;
        sweptDocument_ = wantedDocument_ = nullptr;
        return;
    }
    // The swept parameter's own value moves only the marker line; the
    // overlay draws nothing here.
    nlohmann::json wanted = scene_.document;
    wanted.erase(kOverlayKey);
    if (const SceneParameter* p = scene_.findParameter(*parameter))
        wanted[nlohmann::json::json_pointer(p->target)] = nullptr;
    if (wanted == wantedDocument_) return;
    wantedDocument_ = std::move(wanted);
    if (wantedDocument_ == sweptDocument_) {   // back to the document swept (an undo)
        if (sweepJob_) sweepJob_->cancel();
        sweepJob_.reset();
        return;
    }
    if (sweepJob_) sweepJob_->cancel();
    sweepJob_ = sweepWorker_.start<MeasurementSweep>(
        [scene = scene_, parameter = *parameter](RunTask& task) {
            return runMeasurementSweep(scene, scene.measurements, parameter, [&task] { return task.isCancelled(); });
        },
        [this](const std::shared_ptr<RunJob<MeasurementSweep>>& job) { onSweepFinished(job); });
}

bool ImpactScenePage::isSweepCurrent() const { return !sweepJob_ && sweptDocument_ == wantedDocument_; }

void ImpactScenePage::onSweepFinished(std::shared_ptr<RunJob<MeasurementSweep>> job) {
    if (job != sweepJob_) return;   // an older sweep, or shown already
    sweepJob_.reset();
    if (!job->error().isEmpty()) {
        emit errorOccurred(tr("Measurement sweep: %1").arg(job->error()));
        return;
    }
    sweep_ = std::move(job->result());
    ++sweepGeneration_;
    sweptDocument_ = wantedDocument_;
    for (QWidget* w : {static_cast<QWidget*>(measured_), static_cast<QWidget*>(residuals_)})
        if (std::find(stale_.begin(), stale_.end(), w) == stale_.end()) stale_.push_back(w);
    redrawCurrentTab();
    updateVisibleViews();
}

void ImpactScenePage::flushPendingEdits() {
    if (!sweepJob_) return;
    const std::shared_ptr<RunJob<MeasurementSweep>> job = sweepJob_;   // onSweepFinished lets go of sweepJob_
    job->wait();
    onSweepFinished(job);
}

void ImpactScenePage::redrawMeasurements() {
    if (sweep_.parameter.empty()) {
        measured_->setFigures({}, isSweepCurrent() ? tr("This scene carries no measurements.")
                                                   : tr("Sweeping the laws against the measurements..."));
        return;
    }
    const SceneParameter* p = scene_.findParameter(sweep_.parameter);
    const std::optional<double> current = p ? std::optional<double>(p->value) : std::nullopt;
    std::vector<Figure> figures;
    for (const std::string& q : sweep_.quantities)
        if (figures.size() < MeasurementsView::kMeasurementCharts) figures.push_back(makeMeasurementFigure(sweep_, q, current));
    QString status = tr("%1 laws at %2 values of %3; measured points black, the dashed vertical line the scene's value.")
                         .arg(sweep_.laws.size())
                         .arg(sweep_.x.size())
                         .arg(QString::fromStdString(sweep_.parameterLabel));
    if (!isSweepCurrent()) status = tr("Updating for the edited scene; these curves are the previous scene's. ") + status;
    for (const std::string& w : sweep_.warnings) status += "\n" + QString::fromStdString(w);
    measured_->setFigures(figures, status);
}

void ImpactScenePage::redrawResiduals() {
    // The table depends on the sweep alone: the swept parameter's value
    // (a slider drag) leaves it as it is.
    const std::pair<int, bool> state{sweepGeneration_, isSweepCurrent()};
    if (state == residualsDrawn_) return;
    residualsDrawn_ = state;
    if (isSweepCurrent()) {
        residuals_->setTable(makeResidualTable(sweep_));
    } else {
        FigureTable updating;
        updating.header = {"Residuals"};
        updating.rows = {{tr("Updating for the edited scene...").toStdString()}};
        residuals_->setTable(updating);
    }
}

void ImpactScenePage::updateSummary() {
    const ImpactProblem& p = scene_.problem;
    const ImpactResult& r = outcome_.result;
    const double stickThreshold = calcStickThreshold(p.W);
    // Energies after are judged against the energy before: a law that keeps
    // all of it prints the same digits, not a round-off change.
    const double energyScale = r.energyBefore;
    QString text = QString("<b>%1</b>, mu = %2, e = %3<br>sequence <b>%4</b>; ||B^-1 d|| = %5 (%6)<br>"
                           "impulse [t1, t2, n] = %7 N s<br>v+ = %8 m/s<br>kinetic energy %9 J -> %10 J<br>invariant directions:")
                       .arg(lawDisplayName(r.model))
                       .arg(displayNumber(p.friction))
                       .arg(displayNumber(p.restitution))
                       .arg(QString::fromStdString(sequence_))
                       .arg(displayNumber(stickThreshold, kStickThresholdScale))
                       .arg(stickThreshold <= p.friction ? "sticks when sliding stops" : "slip resumes when sliding stops")
                       .arg(displayVector(r.impulse))
                       .arg(displayVector(r.vPlus, calcImpactVelocityScale(p.vMinus, r.vPlus)))
                       .arg(displayNumber(r.energyBefore))
                       .arg(displayNumber(r.energyAfter, energyScale));
    if (hodographData_.everyDirectionInvariant) text += " every direction";
    for (const InvariantRay& ray : hodographData_.rays)
        text += QString(" %1 deg (%2)").arg(ray.angleDeg, 0, 'f', 2).arg(ray.centrifugal ? "centrifugal" : "centripetal");
    for (std::size_t i = 0; i < r.solutions.size(); ++i) {
        const ImpactSolution& sol = r.solutions[i];
        text += QString("<br>Coulomb solution %1 (%2): %3 N s, energy after %4 J%5")
                    .arg(i + 1)
                    .arg(QString::fromStdString(sol.kind))
                    .arg(displayVector(sol.impulse))
                    .arg(displayNumber(sol.energyAfter, energyScale))
                    .arg(sol.maxDissipation ? " <b>(maximum dissipation)</b>" : "");
    }
    text += QString("<br>maximum dissipation: %1 N s (branch %2)")
                .arg(displayVector(mdp_.solution.impulse))
                .arg(QString::fromStdString(mdp_.path.leaf));
    for (std::size_t k = 1; k < comparison_.size(); ++k) {
        const ComparedLaw& c = comparison_[k];
        text += c.accepted ? QString("<br>%1: impulse %2 N s, energy after %3 J")
                                 .arg(lawDisplayName(c.id), displayVector(c.result.impulse))
                                 .arg(displayNumber(c.result.energyAfter, c.result.energyBefore))
                           : QString("<br><font color='#a05a00'>%1 does not take this impact: %2</font>")
                                 .arg(lawDisplayName(c.id), QString::fromStdString(c.refusal).toHtmlEscaped());
    }
    for (const ImpactOverlayValue& v : overlay_)
        text += QString("<br><b>overlay</b> %1: sequence %2, impulse %3 N s, energy after %4 J")
                    .arg(QString::fromStdString(v.label).toHtmlEscaped(), QString::fromStdString(calcEventSequence(v.outcome.result)),
                         displayVector(v.outcome.result.impulse))
                    .arg(displayNumber(v.outcome.result.energyAfter, v.outcome.result.energyBefore));
    for (const std::string& note : scene_.notes) text += "<br>" + QString::fromStdString(note).toHtmlEscaped();
    for (const auto& w : r.warnings)
        text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    setSummary(text);
}

}  // namespace impactlab::ui
