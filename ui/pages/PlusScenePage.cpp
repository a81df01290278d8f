#include "pages/PlusScenePage.h"

#include <QComboBox>
#include <array>
#include <functional>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <Eigen/Geometry>

#include "diagram/FigureOverlay.h"
#include "diagram/LawEquations.h"
#include "equations/EquationsView.h"
#include "laws/LawIds.h"
#include "geometry/Polyhedra.h"
#include "geometry/Sphere.h"
#include "mechanics/Rotation.h"
#include "panel/ParameterPanel.h"
#include "panel/SceneSidePanel.h"
#include "common/TableNumbers.h"
#include "compare/ComparisonTableView.h"
#include "compare/DisplayText.h"
#include "plus/FigureView.h"
#include "render/MeshRenderer.h"
#include "render/SphereDetail.h"
#include "render/VtkView.h"
#include "scene/SceneOverlay.h"

namespace impactlab::ui {

namespace {
// What the 3D view's arrows are.
const char* const kArrowLegend = "red arrows: the impulse on body 1 at each contact, to scale";

// The longest impulse arrow, in multiples of the scene's characteristic length
// (the brick's longest half edge, a ball's radius, a link's half length).
constexpr double kLongestArrowLength = 1.6;
constexpr double kGroundHalfSizeShare = 4.0;   // ground patch half-width, same multiples
const Eigen::Vector3d kBrickColor(0.78, 0.55, 0.35);
const Eigen::Vector3d kSphereColor(0.35, 0.45, 0.7);
const Eigen::Vector3d kGroundSlabColor(0.72, 0.72, 0.70);
const Eigen::Vector3d kImpulseColor(0.85, 0.1, 0.1);

// Digits of the energies at release and at the touch: enough to show that
// the flight under gravity kept the energy to the integrator's accuracy.
constexpr int kFlightEnergyDigits = 8;

MeshVisual makeVisual(const impactlab::geometry::TriangleMesh& mesh, const Mat3& R, const Vec3& t, const Eigen::Vector3d& color) {
    MeshVisual v;
    v.mesh = mesh;
    v.rotation = R;
    v.translation = t;
    v.color = color;
    return v;
}

// A sphere's full and interactive tessellations (render/SphereDetail.h).
struct BallMeshes {
    explicit BallMeshes(double radius)
        : full(impactlab::geometry::makeSphere(radius, kFullSphereDetail.round, kFullSphereDetail.poleToPole).mesh),
          interactive(impactlab::geometry::makeSphere(radius, kInteractiveSphereDetail.round, kInteractiveSphereDetail.poleToPole).mesh) {}
    MeshVisual place(const Vec3& centre, const Eigen::Vector3d& color) const {
        MeshVisual v = makeVisual(full, Mat3::Identity(), centre, color);
        v.interactiveMesh = interactive;
        return v;
    }
    impactlab::geometry::TriangleMesh full, interactive;
};

void fillTable(QTableWidget* table, const FigureTable& data) {
    const QSignalBlocker block(table);
    fillTableWidget(table, data, [](QTableWidgetItem* item) { item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled); });
    // Measuring every cell is most of the cost; a table on a hidden tab is
    // measured when it is shown (ColumnsFitOnShow).
    if (table->isVisible()) table->resizeColumnsToContents();
}

// Fits a table's columns to their contents each time it is shown.
class ColumnsFitOnShow : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show)
            if (auto* table = qobject_cast<QTableWidget*>(watched)) table->resizeColumnsToContents();
        return false;
    }
};

}  // namespace

PlusScenePage::PlusScenePage(QWidget* parent) : ScenePage(parent) {
    auto* view3d = new VtkView;
    meshes_ = std::make_unique<MeshRenderer>(*view3d);
    velocity_ = new FigureView;
    impulses_ = new FigureView;
    penetration_ = new FigureView;
    restitution_ = new FigureView;
    geometry_ = new FigureView;
    timeLapse_ = new FigureView;
    cpuTime_ = new FigureView;
    geometryContact_ = new QComboBox;
    auto* geometryTab = new QWidget;
    auto* geometryLayout = new QVBoxLayout(geometryTab);
    geometryLayout->setContentsMargins(0, 0, 0, 0);
    auto* pick = new QHBoxLayout;
    pick->addWidget(new QLabel(tr("Contact:")));
    pick->addWidget(geometryContact_, 1);
    geometryLayout->addLayout(pick);
    geometryLayout->addWidget(geometry_, 1);
    intervalTable_ = new QTableWidget;
    intervalTable_->installEventFilter(new ColumnsFitOnShow(intervalTable_));
    intervalTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    intervalTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    intervalTable_->verticalHeader()->setVisible(false);
    roundsTable_ = new QTableWidget;
    roundsTable_->installEventFilter(new ColumnsFitOnShow(roundsTable_));
    roundsTable_->verticalHeader()->setVisible(false);

    auto addFigure = [&](const QString& name, const QString& title, const QString& tip, FigureView* f, QWidget* tab) {
        addView({name, title, tip, ViewKind::Chart, tab ? tab : f, makeViewExports(f)});
    };
    addFigure("velocity", tr("Tangential velocity"),
              "Uchida et al. Figs. 8, 10: tangential velocity of each contact, the v_transition circle", velocity_, nullptr);
    addFigure("impulses", tr("Impulses"), "Figs. 9, 12: accumulated tangential impulses against the contact's normal impulse",
              impulses_, nullptr);
    addFigure("penetration", tr("Penetration"), "Fig. 13: penetration of the compliant model against time", penetration_,
              nullptr);
    addFigure("cor", tr("COR"), "Fig. 2: the velocity-dependent coefficient of restitution", restitution_, nullptr);
    addFigure("geometry", tr("Interval geometry"), "Figs. 4, 5: an interval's step lengths alpha_CP and alpha_DC",
              geometry_, geometryTab);
    addView({"intervals", tr("Intervals"), "Each interval of the impact: round, alpha, energy, each contact's state",
             ViewKind::Table, intervalTable_, ViewExports{}.withCsv(makeCsvExport(figures_.intervals))});
    equations_ = new EquationsView;
    addView({"equations", viewDisplayName("equations"),
             "PLUS's equations, with the paper and equation numbers, and this impact's numbers in them: each "
             "contact's velocities and impulse, the friction cone and the energy evaluated",
             ViewKind::Diagram, equations_, makeViewExports(equations_)});
    addView({"rounds", tr("Rounds"), "Table 2: each contact's role in each impact round", ViewKind::Table, roundsTable_,
             ViewExports{}.withCsv(makeCsvExport(figures_.rounds))});
    addFigure("timelapse", tr("Time-lapse"),
              "Fig. 14: Newton's cradle after the impact, compliant, PLUS sequential and simultaneous", timeLapse_, nullptr);
    addFigure("cputime", tr("CPU time"),
              "Fig. 15b: CPU time of one impact by PLUS and by the compliant model against the contact stiffness, "
              "timed on this machine (log-log)",
              cpuTime_, nullptr);
    buildLayout(view3d);

    connect(parameterPanel(), &ParameterPanel::numberChanged, this,
            [this](const QString& id, double v) { setParameter(id, v); });
    connect(parameterPanel(), &ParameterPanel::choiceChanged, this, &PlusScenePage::setChoice);
    connect(intervalTable_, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = intervalTable_->selectionModel()->selectedRows();
        if (rows.isEmpty()) return;
        const int row = rows.front().row();
        if (row >= 0 && row < static_cast<int>(intervalRows_.size())) selectInterval(intervalRows_[row]);
    });
    connect(geometryContact_, &QComboBox::currentIndexChanged, this, [this](int) { redrawFigures(); });
    connect(tabs(), &QTabWidget::currentChanged, this, [this] {
        if (tabs()->currentWidget() == cpuTime_) updateCpuTime();
        if (tabs()->currentWidget() == equations_) updateEquations();
    });
}

void PlusScenePage::updateCpuTime() {
    if (!cpuTimeStale_) return;
    cpuTimeStale_ = false;
    cpuTimeCurve_ = measurePlusCpuTime(scene_);
    cpuTime_->setFigure(makePlusCpuTimeFigure(cpuTimeCurve_));
}

void PlusScenePage::updateEquations() {
    if (!equationsStale_) return;
    equationsStale_ = false;
    equations_->setSheets({makeEquationSheet(toString(LawId::Plus), run_.problem, run_.plus)},
                          overlayRuns_.empty() ? tr("The numbers of this impact")
                                               : tr("The numbers of the scene's own value"));
}

void PlusScenePage::prepareForExport() {
    updateCpuTime();
    updateEquations();
}

PlusScenePage::~PlusScenePage() = default;

void PlusScenePage::openDocument(const nlohmann::json& document) {
    PlusScene scene = parsePlusScene(document);   // throws before anything changes
    apply(std::move(scene), true);
    meshes_->resetCamera();
}

void PlusScenePage::setParameter(const QString& id, double siValue) {
    tryEdit([&] {
        PlusScene next = withParameter(scene_, id.toStdString(), siValue);
        parameterPanel()->setValue(id, siValue);
        apply(std::move(next), false);
    });
}

void PlusScenePage::setChoice(const QString& id, const QString& choice) {
    tryEdit([&] {
        PlusScene next = withChoice(scene_, id.toStdString(), choice.toStdString());
        parameterPanel()->setChoice(id, choice);
        apply(std::move(next), false);
    });
}

void PlusScenePage::resetCamera() {
    meshes_->resetCamera();
    bodiesView()->requestRender();
}

void PlusScenePage::selectInterval(int interval) {
    selectedInterval_ = interval;
    showSelectedRow();
    redrawFigures();
}

void PlusScenePage::showSelectedRow() {
    const QSignalBlocker block(intervalTable_);
    for (int row = 0; row < static_cast<int>(intervalRows_.size()); ++row)
        if (selectedInterval_ > 0 && intervalRows_[row] == selectedInterval_) {
            intervalTable_->selectRow(row);
            return;   // the first value's row, when an overlay lists several
        }
}

void PlusScenePage::apply(PlusScene scene, bool rebuild) {
    // Run first: a refused edit leaves the scene and views as they were.
    // The overlay's values run too (a few ms to a few tens each: on this
    // thread, as the scene's own run).
    PlusSceneRun run = runPlusScene(scene);
    const std::vector<OverlayCase> cases = expandSceneOverlay(scene.document);
    std::vector<PlusSceneRun> overlayRuns;
    for (const PlusScene& value : readOverlayCases(cases, [](const nlohmann::json& d) { return parsePlusScene(d); }))
        overlayRuns.push_back(runPlusScene(value));
    scene_ = std::move(scene);
    run_ = std::move(run);
    overlayRuns_ = std::move(overlayRuns);
    overlayLabels_.clear();
    for (const OverlayCase& c : cases) overlayLabels_.push_back(c.label);
    overlayParameter_ = scene_.document.contains(kOverlayKey) ? scene_.document[kOverlayKey].value("parameter", "") : "";
    if (rebuild) showSceneHeader(scene_.name, scene_.description, scene_.reference, scene_.parameters);
    cpuTimeStale_ = equationsStale_ = true;
    redrawAll();
    if (tabs()->currentWidget() == cpuTime_) updateCpuTime();
    if (tabs()->currentWidget() == equations_) updateEquations();
}

void PlusScenePage::redrawAll() {
    QElapsedTimer clock;
    clock.start();
    if (selectedInterval_ > run_.plus.intervals) selectedInterval_ = 0;
    QStringList contactNames;
    for (const ContactParameters& c : run_.problem.contacts) contactNames << QString::fromStdString(c.name);
    QStringList listed;
    for (int i = 0; i < geometryContact_->count(); ++i) listed << geometryContact_->itemText(i);
    if (listed != contactNames) {   // refilled only when the contacts change (a combo box refilled is laid out again)
        const QSignalBlocker block(geometryContact_);
        const int keep = geometryContact_->currentIndex();
        geometryContact_->clear();
        geometryContact_->addItems(contactNames);
        geometryContact_->setCurrentIndex(std::clamp(keep, 0, geometryContact_->count() - 1));
    }
    showBodies();
    redrawFigures();
    fillTable(roundsTable_, figures_.rounds);
    fillTable(intervalTable_, figures_.intervals);
    showSelectedRow();

    const ContactSpaceResult& r = run_.plus;
    QString text = QString("<b>PLUS</b> (%1): %2 intervals, %3 rounds, status %4, %5 ms<br>kinetic energy %6 J -> %7 J")
                       .arg(toString(run_.options.impactModel))
                       .arg(r.intervals)
                       .arg(r.rounds)
                       .arg(toString(r.status))
                       .arg(run_.plusMilliseconds, 0, 'f', 2)
                       .arg(displayNumber(r.energyBefore))
                       .arg(displayNumber(r.energyAfter, r.energyBefore));
    for (int k = 0; k < r.getContactCount(); ++k)
        text += QString("<br>%1: impulse %2 N s, v+ %3 m/s")
                    .arg(QString::fromStdString(run_.getContactName(k)).toHtmlEscaped(), displayVector(r.getImpulse(k)),
                         displayVector(r.getVelocityAfter(k)));
    if (r.bodiesAfter)
        for (std::size_t i = 0; i < r.bodiesAfter->size(); ++i) {
            const RigidBody& b = (*r.bodiesAfter)[i];
            if (b.fixed) continue;
            text += QString("<br>body %1 after: v %2 m/s, omega %3 rad/s").arg(i + 1).arg(displayVector(b.velocity), displayVector(b.angularVelocity));
        }
    if (run_.flightTime > 0.0)
        text += QString("<br>fell from release for %1 s under gravity; total energy T + V %2 J at release, %3 J at the touch")
                    .arg(run_.flightTime, 0, 'f', 4)
                    .arg(displayNumber(run_.releaseEnergy, kFlightEnergyDigits))
                    .arg(displayNumber(run_.touchEnergy, run_.releaseEnergy, kFlightEnergyDigits));
    if (run_.compliant) {
        const CompliantResult& c = *run_.compliant;
        const QString integrator =
            c.stiffFrom >= 0.0 ? QString("Dormand-Prince 5(4), RODAS from %1 ms on").arg(c.stiffFrom * 1e3, 0, 'g', 3)
            : c.integrator == CompliantIntegrator::Rodas4 ? QString("RODAS")
                                                          : QString("Dormand-Prince 5(4)");
        text += QString("<br><b>compliant</b> (E = %1 GPa): %2, %3 steps (%8), %4 ms, contact time %5 ms, kinetic energy %6 J -> %7 J")
                    .arg(scene_.compliant.stiffness * 1e-9, 0, 'g', 4)
                    .arg(toString(c.status))
                    .arg(c.acceptedSteps)
                    .arg(run_.compliantMilliseconds, 0, 'f', 2)
                    .arg(c.endTime * 1e3, 0, 'g', 4)
                    .arg(displayNumber(c.kineticEnergyBefore))
                    .arg(displayNumber(c.kineticEnergyAfter, c.kineticEnergyBefore))
                    .arg(integrator);
        for (const std::string& w : c.warnings)
            text += QString("<br><font color='#b00'>compliant: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    } else {
        text += QString("<br>no compliant reference: %1").arg(QString::fromStdString(run_.compliantSkipped).toHtmlEscaped());
    }
    for (const std::string& w : r.warnings)
        text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    for (std::size_t i = 0; i < overlayRuns_.size(); ++i) {
        const ContactSpaceResult& o = overlayRuns_[i].plus;
        text += QString("<br><b>overlay</b> %1: %2 intervals, %3 rounds, status %4, kinetic energy %5 J -> %6 J")
                    .arg(QString::fromStdString(overlayLabels_[i]).toHtmlEscaped())
                    .arg(o.intervals)
                    .arg(o.rounds)
                    .arg(toString(o.status))
                    .arg(displayNumber(o.energyBefore))
                    .arg(displayNumber(o.energyAfter, o.energyBefore));
    }
    setSummary(text);

    updateVisibleViews();
    lastComputeMs_ = run_.plusMilliseconds + run_.compliantMilliseconds;
    for (const PlusSceneRun& o : overlayRuns_) lastComputeMs_ += o.plusMilliseconds + o.compliantMilliseconds;
    lastUpdateMs_ = clock.nsecsElapsed() * 1e-6 + lastComputeMs_;
    ++updateCount_;
    emit statusChanged(QString("%1: %2 intervals, %3 rounds, updated in %4 ms")
                     .arg(QString::fromStdString(scene_.name))
                     .arg(r.intervals)
                     .arg(r.rounds)
                     .arg(lastUpdateMs_, 0, 'f', 1));
}

void PlusScenePage::redrawFigures() {
    const int contact = std::max(0, geometryContact_->currentIndex());
    intervalRows_.clear();
    if (overlayRuns_.empty()) {
        figures_ = makePlusFigures(run_, selectedInterval_, contact);
        for (const ContactSpaceSample& sample : run_.trace.samples) intervalRows_.push_back(sample.interval);
    } else {
        // One figure per value, merged; the selected interval and contact in
        // each (a value with fewer contacts shows its last).
        std::vector<PlusFigures> each;
        for (const PlusSceneRun& o : overlayRuns_) {
            each.push_back(makePlusFigures(o, selectedInterval_, std::min(contact, o.problem.getContactCount() - 1)));
            for (const ContactSpaceSample& sample : o.trace.samples) intervalRows_.push_back(sample.interval);
        }
        figures_ = mergeOverlayPlusFigures(each, overlayLabels_, overlayParameter_);
    }
    velocity_->setFigure(figures_.tangentialVelocity);
    impulses_->setFigure(figures_.impulses);
    penetration_->setFigure(figures_.penetration);
    restitution_->setFigure(figures_.restitution);
    geometry_->setFigure(figures_.intervalGeometry);
    timeLapse_->setFigure(figures_.timeLapse);
    const int timeLapseTab = tabs()->indexOf(timeLapse_);
    if (tabs()->isTabEnabled(timeLapseTab) == figures_.timeLapse.isEmpty())   // the tab bar repaints on every call
        tabs()->setTabEnabled(timeLapseTab, !figures_.timeLapse.isEmpty());
}

void PlusScenePage::showBodies() {
    const PlusSceneShapes& s = run_.shapes;
    std::vector<MeshVisual> meshes;
    double scale = 1.0;
    if (!s.chainJoints.empty()) {   // the pendulum: links as slender boxes, the end sphere
        // Sizes from the links' lengths, not the joints' distances: their
        // round-off would make new shapes (and new actors) at every move.
        scale = 0.5 * s.linkLengths.front();
        for (std::size_t i = 0; i + 1 < s.chainJoints.size(); ++i) {
            const Vec3 a = s.chainJoints[i], b = s.chainJoints[i + 1];
            const Vec3 axis = b - a;
            const Mat3 R = calcRotationTaking(Vec3::UnitZ(), axis);
            const Vec3 size(2.0 * s.linkRadius, 2.0 * s.linkRadius, s.linkLengths[i]);
            meshes.push_back(makeVisual(impactlab::geometry::makeBox(size).mesh, R, 0.5 * (a + b), kBrickColor));
        }
        meshes.push_back(BallMeshes(s.sphereRadius).place(s.chainJoints.back(), kSphereColor));
    } else if (s.brickHalfSize.maxCoeff() > 0.0) {   // a brick with spheres on its vertices
        const RigidBody& brick = s.bodies.front();
        const Mat3 R = brick.orientation.toRotationMatrix();
        scale = s.brickHalfSize.maxCoeff();
        meshes.push_back(makeVisual(impactlab::geometry::makeBox(2.0 * s.brickHalfSize).mesh, R, brick.position, kBrickColor));
        const BallMeshes ball(s.sphereRadius);
        for (int i = 0; i < 8; ++i) {
            const Vec3 corner = Vec3((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1).cwiseProduct(s.brickHalfSize);
            meshes.push_back(ball.place(brick.position + R * corner, kSphereColor));
        }
    } else {   // balls
        scale = s.sphereRadius;
        const BallMeshes ball(s.sphereRadius);
        for (const RigidBody& b : s.bodies) meshes.push_back(ball.place(b.position, kSphereColor));
    }
    if (s.hasGround) {
        const double half = kGroundHalfSizeShare * scale;
        Vec3 centre = Vec3::Zero();
        for (const Vec3& p : run_.contactPoints) centre += p / static_cast<double>(run_.contactPoints.size());
        centre.z() = 0.0;
        meshes.push_back(makeVisual(impactlab::geometry::makeHalfSpaceSlab(half).mesh, Mat3::Identity(), centre, kGroundSlabColor));
    }
    meshes_->setMeshes(meshes);

    // Impulse arrows, the largest kLongestArrowLength * scale long, from each
    // contact point along the impulse on body 1.
    double largest = 0.0;
    for (int k = 0; k < run_.plus.getContactCount(); ++k) largest = std::max(largest, run_.calcWorldImpulse(k).norm());
    arrows_.clear();
    std::vector<ArrowVisual> arrows;
    for (int k = 0; k < run_.plus.getContactCount() && largest > 0.0; ++k) {
        const Vec3 v = run_.calcWorldImpulse(k) * (kLongestArrowLength * scale / largest);
        arrows_.emplace_back(run_.contactPoints[k], v);
        arrows.push_back({run_.contactPoints[k], v, kImpulseColor});
    }
    meshes_->setArrows(arrows);
    meshes_->setLegend(arrows.empty() ? std::string() : kArrowLegend);
}

}  // namespace impactlab::ui
