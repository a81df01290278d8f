#include "PlusScenePage.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <Eigen/Geometry>

#include "geometry/Polyhedra.h"
#include "geometry/Sphere.h"
#include "panel/ParameterPanel.h"
#include "panel/SceneSidePanel.h"
#include "plus/FigureView.h"
#include "render/MeshRenderer.h"
#include "render/VtkView.h"

namespace impactlab::ui {

namespace {

constexpr int kSidePanelWidth = 470;   // px: a label, a slider and a spin box
// The longest impulse arrow, in multiples of the scene's characteristic length
// (the brick's longest half edge, a ball's radius, a link's half length).
constexpr double kArrowLengthShare = 1.6;
constexpr double kGroundHalfSizeShare = 4.0;   // ground patch half-width, same multiples
const Eigen::Vector3d kBrickColor(0.78, 0.55, 0.35);
const Eigen::Vector3d kSphereColor(0.35, 0.45, 0.7);
const Eigen::Vector3d kGroundColor(0.72, 0.72, 0.70);
const Eigen::Vector3d kImpulseColor(0.85, 0.1, 0.1);

// Components this far below the vector's largest are round-off and print as 0.
constexpr double kPrintZeroRelTol = 1e-12;

QString vec(Vec3 v, int digits = 4) {
    const double big = v.cwiseAbs().maxCoeff();
    for (int i = 0; i < 3; ++i)
        if (std::abs(v(i)) <= kPrintZeroRelTol * big) v(i) = 0.0;
    return QString("(%1, %2, %3)").arg(v.x(), 0, 'g', digits).arg(v.y(), 0, 'g', digits).arg(v.z(), 0, 'g', digits);
}

MeshVisual makeVisual(const geometry::TriangleMesh& mesh, const Mat3& R, const Vec3& t, const Eigen::Vector3d& color) {
    MeshVisual v;
    v.mesh = mesh;
    v.rotation = R;
    v.translation = t;
    v.color = color;
    return v;
}

void fillTable(QTableWidget* table, const FigureTable& data) {
    const QSignalBlocker block(table);
    table->clear();
    table->setColumnCount(static_cast<int>(data.header.size()));
    table->setRowCount(static_cast<int>(data.rows.size()));
    QStringList header;
    for (const std::string& h : data.header) header << QString::fromStdString(h);
    table->setHorizontalHeaderLabels(header);
    for (int r = 0; r < static_cast<int>(data.rows.size()); ++r)
        for (int c = 0; c < static_cast<int>(data.rows[r].size()); ++c) {
            auto* item = new QTableWidgetItem(QString::fromStdString(data.rows[r][c]));
            item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
            table->setItem(r, c, item);
        }
    table->resizeColumnsToContents();
}

bool writeText(const QString& path, const std::string& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

}  // namespace

PlusScenePage::PlusScenePage(QWidget* parent) : QWidget(parent) {
    const SceneSidePanel side = makeSceneSidePanel(kSidePanelWidth);
    title_ = side.title;
    description_ = side.description;
    panel_ = side.panel;
    summary_ = side.summary;
    auto* scroll = side.scroll;

    bodiesView_ = new VtkView;
    meshes_ = std::make_unique<MeshRenderer>(*bodiesView_);
    tabs_ = new QTabWidget;
    velocity_ = new FigureView;
    impulses_ = new FigureView;
    penetration_ = new FigureView;
    restitution_ = new FigureView;
    geometry_ = new FigureView;
    timeLapse_ = new FigureView;
    geometryContact_ = new QComboBox;
    auto* geometryTab = new QWidget;
    auto* geometryLayout = new QVBoxLayout(geometryTab);
    geometryLayout->setContentsMargins(0, 0, 0, 0);
    auto* pick = new QHBoxLayout;
    pick->addWidget(new QLabel("Contact:"));
    pick->addWidget(geometryContact_, 1);
    geometryLayout->addLayout(pick);
    geometryLayout->addWidget(geometry_, 1);
    intervalTable_ = new QTableWidget;
    intervalTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    intervalTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    intervalTable_->verticalHeader()->setVisible(false);
    roundsTable_ = new QTableWidget;
    roundsTable_->verticalHeader()->setVisible(false);
    tabs_->addTab(velocity_, "Tangential velocity");
    tabs_->addTab(impulses_, "Impulses");
    tabs_->addTab(penetration_, "Penetration");
    tabs_->addTab(restitution_, "COR");
    tabs_->addTab(geometryTab, "Interval geometry");
    tabs_->addTab(intervalTable_, "Intervals");
    tabs_->addTab(roundsTable_, "Rounds");
    tabs_->addTab(timeLapse_, "Time-lapse");
    tabs_->setTabToolTip(0, "Uchida et al. Figs. 8, 10: tangential velocity of each contact, the v_transition circle");
    tabs_->setTabToolTip(1, "Figs. 9, 12: accumulated tangential impulses against the contact's normal impulse");
    tabs_->setTabToolTip(2, "Fig. 13: penetration of the compliant model against time");
    tabs_->setTabToolTip(3, "Fig. 2: the velocity-dependent coefficient of restitution");
    tabs_->setTabToolTip(4, "Figs. 4, 5: an interval's step lengths alpha_CP and alpha_DC");
    tabs_->setTabToolTip(6, "Table 2: each contact's role in each impact round");
    tabs_->setTabToolTip(7, "Fig. 14: Newton's cradle after the impact, compliant, PLUS sequential and simultaneous");

    auto* views = new QSplitter(Qt::Horizontal);
    views->addWidget(bodiesView_);
    views->addWidget(tabs_);
    views->setStretchFactor(0, 1);
    views->setStretchFactor(1, 1);
    auto* main = new QSplitter(Qt::Horizontal);
    main->addWidget(scroll);
    main->addWidget(views);
    main->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main);

    connect(panel_, &ParameterPanel::numberChanged, this, [this](const QString& id, double v) { setParameter(id, v); });
    connect(panel_, &ParameterPanel::choiceChanged, this, &PlusScenePage::setChoice);
    connect(intervalTable_, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = intervalTable_->selectionModel()->selectedRows();
        if (rows.isEmpty()) return;
        const int row = rows.front().row();
        if (row >= 0 && row < static_cast<int>(run_.trace.samples.size())) selectInterval(run_.trace.samples[row].interval);
    });
    connect(geometryContact_, &QComboBox::currentIndexChanged, this, [this](int) { redrawFigures(); });
}

PlusScenePage::~PlusScenePage() = default;

QStringList PlusScenePage::tabNames() {
    return {"velocity", "impulses", "penetration", "cor", "geometry", "intervals", "rounds", "timelapse"};
}

bool PlusScenePage::showTab(const QString& name) {
    const int i = tabNames().indexOf(name);
    if (i < 0) return false;
    tabs_->setCurrentIndex(i);
    return true;
}

void PlusScenePage::setScene(const PlusScene& scene) {
    apply(scene, true);
    meshes_->resetCamera();
}

void PlusScenePage::setParameter(const QString& id, double siValue) {
    try {
        panel_->setValue(id, siValue);
        apply(withParameter(scene_, id.toStdString(), siValue), false);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
    }
}

void PlusScenePage::setChoice(const QString& id, const QString& choice) {
    try {
        panel_->setChoice(id, choice);
        apply(withChoice(scene_, id.toStdString(), choice.toStdString()), false);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
    }
}

void PlusScenePage::resetCamera() {
    meshes_->resetCamera();
    bodiesView_->requestRender();
}

void PlusScenePage::selectInterval(int interval) {
    selectedInterval_ = interval;
    showSelectedRow();
    redrawFigures();
}

void PlusScenePage::showSelectedRow() {
    const QSignalBlocker block(intervalTable_);
    for (int row = 0; row < static_cast<int>(run_.trace.samples.size()); ++row)
        if (selectedInterval_ > 0 && run_.trace.samples[row].interval == selectedInterval_) intervalTable_->selectRow(row);
}

void PlusScenePage::apply(PlusScene scene, bool rebuild) {
    // Run first: a refused edit leaves the scene and views as they were.
    PlusSceneRun run = runPlusScene(scene);
    scene_ = std::move(scene);
    run_ = std::move(run);
    if (rebuild) {
        title_->setText(QString::fromStdString(scene_.name));
        description_->setText(QString::fromStdString(scene_.description));
        panel_->setParameters(scene_.parameters);
    }
    redrawAll();
}

void PlusScenePage::redrawAll() {
    QElapsedTimer clock;
    clock.start();
    if (selectedInterval_ > run_.plus.intervals) selectedInterval_ = 0;
    {
        const QSignalBlocker block(geometryContact_);
        const int keep = geometryContact_->currentIndex();
        geometryContact_->clear();
        for (const ContactParameters& c : run_.problem.contacts) geometryContact_->addItem(QString::fromStdString(c.name));
        geometryContact_->setCurrentIndex(std::clamp(keep, 0, geometryContact_->count() - 1));
    }
    showBodies();
    redrawFigures();
    fillTable(roundsTable_, figures_.rounds);
    fillTable(intervalTable_, figures_.intervals);
    showSelectedRow();

    const ContactSpaceResult& r = run_.plus;
    QString text = QString("<b>PLUS</b> (%1): %2 intervals, %3 rounds, status %4, %5 ms<br>energy %6 J -> %7 J")
                       .arg(toString(run_.options.impactModel))
                       .arg(r.intervals)
                       .arg(r.rounds)
                       .arg(toString(r.status))
                       .arg(run_.plusMilliseconds, 0, 'f', 2)
                       .arg(r.energyBefore, 0, 'g', 6)
                       .arg(r.energyAfter, 0, 'g', 6);
    for (int k = 0; k < r.getContactCount(); ++k)
        text += QString("<br>%1: impulse %2 N s, v+ %3 m/s")
                    .arg(QString::fromStdString(run_.getContactName(k)).toHtmlEscaped(), vec(r.getImpulse(k)),
                         vec(r.getVelocityAfter(k)));
    if (r.bodiesAfter)
        for (std::size_t i = 0; i < r.bodiesAfter->size(); ++i) {
            const RigidBody& b = (*r.bodiesAfter)[i];
            if (b.fixed) continue;
            text += QString("<br>body %1 after: v %2 m/s, omega %3 rad/s").arg(i + 1).arg(vec(b.velocity), vec(b.angularVelocity));
        }
    if (run_.flightTime > 0.0)
        text += QString("<br>fell from release for %1 s under gravity; energy %2 J at release, %3 J at the touch")
                    .arg(run_.flightTime, 0, 'f', 4)
                    .arg(run_.releaseEnergy, 0, 'g', 8)
                    .arg(run_.touchEnergy, 0, 'g', 8);
    if (run_.compliant) {
        const CompliantResult& c = *run_.compliant;
        text += QString("<br><b>compliant</b> (E = %1 GPa): %2, %3 steps, %4 ms, contact time %5 ms, energy %6 J -> %7 J")
                    .arg(scene_.compliant.stiffness * 1e-9, 0, 'g', 4)
                    .arg(toString(c.status))
                    .arg(c.acceptedSteps)
                    .arg(run_.compliantMilliseconds, 0, 'f', 2)
                    .arg(c.endTime * 1e3, 0, 'g', 4)
                    .arg(c.kineticEnergyBefore, 0, 'g', 6)
                    .arg(c.kineticEnergyAfter, 0, 'g', 6);
        for (const std::string& w : c.warnings)
            text += QString("<br><font color='#b00'>compliant: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    } else {
        text += QString("<br>no compliant reference: %1").arg(QString::fromStdString(run_.compliantSkipped).toHtmlEscaped());
    }
    for (const std::string& w : r.warnings)
        text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    summary_->setText(text);

    bodiesView_->repaint();
    tabs_->currentWidget()->repaint();
    lastUpdateMs_ = clock.nsecsElapsed() * 1e-6 + run_.plusMilliseconds + run_.compliantMilliseconds;
    emit updated(QString("%1: %2 intervals, %3 rounds, updated in %4 ms")
                     .arg(QString::fromStdString(scene_.name))
                     .arg(r.intervals)
                     .arg(r.rounds)
                     .arg(lastUpdateMs_, 0, 'f', 1));
}

void PlusScenePage::redrawFigures() {
    figures_ = makePlusFigures(run_, selectedInterval_, std::max(0, geometryContact_->currentIndex()));
    velocity_->setFigure(figures_.tangentialVelocity);
    impulses_->setFigure(figures_.impulses);
    penetration_->setFigure(figures_.penetration);
    restitution_->setFigure(figures_.restitution);
    geometry_->setFigure(figures_.intervalGeometry);
    timeLapse_->setFigure(figures_.timeLapse);
    tabs_->setTabEnabled(tabs_->indexOf(timeLapse_), !figures_.timeLapse.isEmpty());
}

void PlusScenePage::showBodies() {
    const PlusSceneShapes& s = run_.shapes;
    std::vector<MeshVisual> meshes;
    double scale = 1.0;
    if (!s.chainJoints.empty()) {   // the pendulum: links as slender boxes, the end sphere
        scale = 0.5 * (s.chainJoints[1] - s.chainJoints[0]).norm();
        for (std::size_t i = 0; i + 1 < s.chainJoints.size(); ++i) {
            const Vec3 a = s.chainJoints[i], b = s.chainJoints[i + 1];
            const Vec3 axis = b - a;
            const Mat3 R = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), axis).toRotationMatrix();
            const Vec3 size(2.0 * s.linkRadius, 2.0 * s.linkRadius, axis.norm());
            meshes.push_back(makeVisual(geometry::makeBox(size).mesh, R, 0.5 * (a + b), kBrickColor));
        }
        meshes.push_back(makeVisual(geometry::makeSphere(s.sphereRadius).mesh, Mat3::Identity(), s.chainJoints.back(), kSphereColor));
    } else if (s.brickHalfSize.maxCoeff() > 0.0) {   // a brick with spheres on its vertices
        const RigidBody& brick = s.bodies.front();
        const Mat3 R = brick.orientation.toRotationMatrix();
        scale = s.brickHalfSize.maxCoeff();
        meshes.push_back(makeVisual(geometry::makeBox(2.0 * s.brickHalfSize).mesh, R, brick.position, kBrickColor));
        const geometry::TriangleMesh ball = geometry::makeSphere(s.sphereRadius).mesh;
        for (int i = 0; i < 8; ++i) {
            const Vec3 corner = Vec3((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1).cwiseProduct(s.brickHalfSize);
            meshes.push_back(makeVisual(ball, R, brick.position + R * corner, kSphereColor));
        }
    } else {   // balls
        scale = s.sphereRadius;
        const geometry::TriangleMesh ball = geometry::makeSphere(s.sphereRadius).mesh;
        for (const RigidBody& b : s.bodies) meshes.push_back(makeVisual(ball, Mat3::Identity(), b.position, kSphereColor));
    }
    if (s.hasGround) {
        const double half = kGroundHalfSizeShare * scale;
        Vec3 centre = Vec3::Zero();
        for (const Vec3& p : run_.contactPoints) centre += p / static_cast<double>(run_.contactPoints.size());
        centre.z() = 0.0;
        meshes.push_back(makeVisual(geometry::makeHalfSpaceSlab(half).mesh, Mat3::Identity(), centre, kGroundColor));
    }
    meshes_->setMeshes(meshes);

    // Impulse arrows, the largest kArrowLengthShare * scale long, from each
    // contact point along the impulse on body 1.
    double largest = 0.0;
    for (int k = 0; k < run_.plus.getContactCount(); ++k) largest = std::max(largest, run_.calcWorldImpulse(k).norm());
    arrows_.clear();
    std::vector<ArrowVisual> arrows;
    for (int k = 0; k < run_.plus.getContactCount() && largest > 0.0; ++k) {
        const Vec3 v = run_.calcWorldImpulse(k) * (kArrowLengthShare * scale / largest);
        arrows_.emplace_back(run_.contactPoints[k], v);
        arrows.push_back({run_.contactPoints[k], v, kImpulseColor});
    }
    meshes_->setArrows(arrows);
}

bool PlusScenePage::exportCurrentView(const QString& path) {
    const bool svg = path.endsWith(".svg", Qt::CaseInsensitive);
    const bool csv = path.endsWith(".csv", Qt::CaseInsensitive);
    QWidget* w = tabs_->currentWidget();
    if (w == intervalTable_) return csv && writeText(path, figures_.intervals.toCsv());
    if (w == roundsTable_) return csv && writeText(path, figures_.rounds.toCsv());
    FigureView* view = w == velocity_ ? velocity_ : w == impulses_ ? impulses_ : w == penetration_ ? penetration_
                     : w == restitution_ ? restitution_ : w == timeLapse_ ? timeLapse_ : geometry_;
    return csv ? view->exportCsv(path) : svg ? view->exportSvg(path) : view->exportPng(path);
}

}  // namespace impactlab::ui
