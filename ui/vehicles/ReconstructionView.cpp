#include "vehicles/ReconstructionView.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "common/TableNumbers.h"
#include "common/ViewExport.h"
#include "diagram/DisplayNumber.h"
#include "vehicles/EvidenceTable.h"
#include "vehicles/ReconstructionCharts.h"

namespace impactlab::ui {

namespace {

// Milliseconds between progress bar updates, and its resolution.
constexpr int kReconstructionProgressMs = 100;
constexpr int kReconstructionProgressTicks = 1000;
// Significant digits of an estimate or a bound in the table, the report and
// the CSV: the evidence rarely has more than three.
constexpr int kEstimateDigits = 4;
// Fields of each vehicle in a sample row after the unknowns (the core's
// layout: delta-V, PDOF, EES).
constexpr int kDerivedPerVehicle = 3;

QString formatEstimate(double v) { return QString::fromStdString(formatDisplayNumber(v, kEstimateDigits)); }

constexpr double kRadToDeg = 180.0 / EIGEN_PI;
// The core's words for an unknown combination the evidence cannot pin
// (Reconstruction.cpp), and what they mean for the user.
constexpr const char* kFlatDirectionJargon = " (a flat direction of the normal matrix)";
const char* const kFlatDirectionPlain =
    "The evidence cannot tell these unknowns apart: changing them together in this proportion fits the evidence "
    "equally well, so only their bounds limit them. Add evidence that depends on one of them alone.";

// How the estimate table shows an unknown: the slider's name and unit where
// the scene has a slider on it, angles in degrees as the sliders show them.
struct UnknownDisplay {
    QString name, unit;
    double scale = 1.0;   // displayed = SI * scale
};

// The unit of a scene value named by its pointer, for the table.
QString findTargetUnit(const std::string& target) {
    static const std::pair<const char*, const char*> units[] = {
        {"/speed$", "m/s"},          {"/yaw_rate$", "rad/s"}, {"/mass$", "kg"},     {"/yaw_inertia$", "kg m^2"},
        {"/position/\\d$", "m"},     {"/heading$", "rad"},    {"/impact_point/\\d$", "m"},
        {"/normal_angle$", "rad"},   {"/length$", "m"},       {"/width$", "m"},     {"/drag_factor$", ""}};
    const QString t = QString::fromStdString(target);
    for (const auto& [pattern, unit] : units)
        if (t.contains(QRegularExpression(pattern))) return unit;
    return {};
}

UnknownDisplay findUnknownDisplay(const std::string& target, const std::vector<SceneParameter>& parameters) {
    UnknownDisplay d;
    d.unit = findTargetUnit(target);
    for (const SceneParameter& p : parameters)
        if (p.target == target) {
            d.name = QString::fromStdString(p.label);
            d.unit = QString::fromStdString(p.unit);
        }
    if (d.name.isEmpty()) {
        // "/vehicles/0/speed" reads "vehicle 1 speed": indices from 1, words apart.
        QStringList words;
        const QStringList parts = QString::fromStdString(target).split('/', Qt::SkipEmptyParts);
        for (int i = 0; i < parts.size(); ++i) {
            bool isIndex = false;
            const int index = parts[i].toInt(&isIndex);
            if (isIndex && i > 0 && parts[i - 1] == "vehicles") words.back() = QString("vehicle %1").arg(index + 1);
            else if (isIndex) words << QString("[%1]").arg(index + 1);
            else words << QString(parts[i]).replace('_', ' ');
        }
        d.name = words.join(' ');
    }
    if (d.unit == "rad") d.unit = "deg", d.scale = kRadToDeg;
    else if (d.unit == "rad/s") d.unit = "deg/s", d.scale = kRadToDeg;
    return d;
}

// The index of the vehicle whose speed `target` is ("/vehicles/1/speed": 1).
std::optional<int> findSpeedVehicle(const std::string& target) {
    const QRegularExpressionMatch m = QRegularExpression("^/vehicles/(\\d+)/speed$").match(QString::fromStdString(target));
    if (!m.hasMatch()) return std::nullopt;
    return m.captured(1).toInt();
}

// A residual bar's label, short enough for a narrow chart: "sep. velocity x, v1".
QString makeResidualLabel(EvidenceQuantity quantity, std::size_t component, std::size_t components, int vehicle) {
    QString name;
    switch (quantity) {
        case EvidenceQuantity::SeparationVelocity: name = "sep. velocity"; break;
        case EvidenceQuantity::RestPosition: name = "rest position"; break;
        case EvidenceQuantity::RestHeading: name = "rest heading"; break;
        case EvidenceQuantity::YawRate: name = "yaw rate"; break;
        case EvidenceQuantity::DeltaV: name = "delta-V"; break;
        case EvidenceQuantity::Pdof: name = "PDOF"; break;
        case EvidenceQuantity::Ees: name = "EES"; break;
    }
    if (components > 1) name += component == 0 ? " x" : " y";
    return name + QString(", v%1").arg(vehicle + 1);
}

void setEstimateRow(QTableWidget* table, int row, const QString& name, const QuantitySummary& s, const QString& unit,
                    const QString& note = {}, double scale = 1.0, const QString& tooltip = {}) {
    // The row's three numbers in one format, in the unit shown; the item's
    // data keeps the core's SI value.
    const std::vector<std::string> text =
        formatDisplayColumn({{scale * s.value, 0.0}, {scale * s.low, 0.0}, {scale * s.high, 0.0}}, kEstimateDigits);
    const auto cell = [row, scale](const std::string& shown, double value) {
        const QString text = QString::fromStdString(shown);
        auto* item = new QTableWidgetItem(text);
        item->setFlags(item->flags() & ~Qt::ItemIsEditable);
        item->setData(Qt::UserRole, value);
        setTableNumber(item, {TableNumber::Rule::Column, Vec3(scale * value, 0.0, 0.0), 0.0, kEstimateDigits, row});
        return item;
    };
    auto* label = new QTableWidgetItem(note.isEmpty() ? name : name + " (" + note + ")");
    label->setFlags(label->flags() & ~Qt::ItemIsEditable);
    label->setToolTip(tooltip);
    table->setItem(row, ReconstructionView::NameColumn, label);
    table->setItem(row, ReconstructionView::ValueColumn, cell(text[0], s.value));
    table->setItem(row, ReconstructionView::LowColumn, cell(text[1], s.low));
    table->setItem(row, ReconstructionView::HighColumn, cell(text[2], s.high));
    auto* u = new QTableWidgetItem(unit);
    u->setFlags(u->flags() & ~Qt::ItemIsEditable);
    table->setItem(row, ReconstructionView::UnitColumn, u);
}

QString quoteEstimateCsvField(QString s) {
    if (s.contains(',') || s.contains('"')) s = '"' + s.replace("\"", "\"\"") + '"';
    return s;
}

}  // namespace

ReconstructionView::ReconstructionView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* buttons = new QHBoxLayout;
    reconstruct_ = new QPushButton(tr("Reconstruct"));
    reconstruct_->setObjectName("reconstruct");
    reconstruct_->setToolTip(tr("Find the unknowns that best explain the evidence, and their 95 % intervals by Monte Carlo"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setObjectName("cancelReconstruction");
    apply_ = new QPushButton(tr("Apply"));
    apply_->setObjectName("applyEstimate");
    apply_->setToolTip(tr("Write the estimate into the scene (one undo step)"));
    progress_ = new QProgressBar;
    progress_->setRange(0, kReconstructionProgressTicks);
    progress_->setTextVisible(true);
    buttons->addWidget(reconstruct_);
    buttons->addWidget(cancel_);
    buttons->addWidget(progress_, 1);
    buttons->addWidget(apply_);
    layout->addLayout(buttons);

    banner_ = new QLabel;
    banner_->setObjectName("reconstructionBanner");
    banner_->setWordWrap(true);
    banner_->setTextFormat(Qt::RichText);
    layout->addWidget(banner_);

    sections_ = new QTabWidget;
    evidence_ = new EvidenceTable;
    results_ = new QTableWidget(0, ResultColumnCount);
    results_->setObjectName("reconstructionResults");
    results_->setHorizontalHeaderLabels({tr("Quantity"), tr("Estimate"), tr("95 % low"), tr("95 % high"), tr("Unit")});
    // What the interval is: the sampled estimate's central 95 %.
    const QString interval = tr("The 95 % interval of the sampled estimate: 95 % of the Monte Carlo samples "
                                "(evidence drawn within its sigmas, then fitted) lie between low and high");
    for (int c : {LowColumn, HighColumn}) results_->horizontalHeaderItem(c)->setToolTip(interval);
    results_->setToolTip(interval);
    results_->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    results_->verticalHeader()->setVisible(false);
    cloud_ = new SpeedCloudView;
    deltaV_ = new DeltaVHistogramView;
    residuals_ = new ResidualBarsView;
    sections_->addTab(evidence_, tr("Evidence"));
    sections_->addTab(results_, tr("Estimate"));
    sections_->addTab(cloud_, tr("Speeds"));
    sections_->addTab(deltaV_, tr("Delta-V"));
    sections_->addTab(residuals_, tr("Residuals"));
    layout->addWidget(sections_, 1);

    progressTimer_ = new QTimer(this);
    progressTimer_->setInterval(kReconstructionProgressMs);
    connect(progressTimer_, &QTimer::timeout, this, [this] {
        if (job_) progress_->setValue(static_cast<int>(kReconstructionProgressTicks * std::clamp(job_->progress(), 0.0, 1.0)));
    });
    connect(reconstruct_, &QPushButton::clicked, this, &ReconstructionView::startReconstruction);
    connect(cancel_, &QPushButton::clicked, this, &ReconstructionView::cancelReconstruction);
    connect(apply_, &QPushButton::clicked, this, &ReconstructionView::applyEstimate);
    evidence_->setEditHandler([this](const QString& text, const nlohmann::json& block) {
        if (!scene_ || !editRequest_) return;
        nlohmann::json document = scene_->document;
        document["reconstruction"] = block;
        editRequest_(text, document);
    });
    showResult();
}

ReconstructionView::~ReconstructionView() = default;

nlohmann::json ReconstructionView::findBlock() const {
    if (!scene_) return nlohmann::json();
    const auto it = scene_->document.find("reconstruction");
    return it == scene_->document.end() ? nlohmann::json() : *it;
}

void ReconstructionView::setScene(const VehicleScene& scene) {
    const bool same = scene_ && scene_->document == scene.document;
    const auto countVehicles = [](const VehicleScene& s) { return s.vehicles.collision.vehicle2 ? 2 : 1; };
    const nlohmann::json previousBlock = findBlock();
    const int previousCount = scene_ ? countVehicles(*scene_) : 0;
    scene_ = scene;
    if (same) return;
    // A slider moves a scene value, not the block: the tables (a combo box
    // per row) are rebuilt only when the block or the vehicle count changed.
    evidence_->setSceneParameters(scene.parameters);
    if (findBlock() != previousBlock || countVehicles(scene) != previousCount)
        evidence_->setBlock(findBlock(), countVehicles(scene));
    specError_.clear();
    try {
        readReconstructionSpec(*scene_);
    } catch (const std::exception& e) {
        specError_ = QString::fromUtf8(e.what());
    }
    showResult();
}

// --- Runs ---------------------------------------------------------------------

bool ReconstructionView::isRunning() const { return job_ && !job_->isDone(); }

bool ReconstructionView::startReconstruction() {
    if (!scene_ || isRunning() || !specError_.isEmpty()) return false;
    runError_.clear();
    ReconstructionOptions options;
    // One core stays with the window (and the vehicle page's own runs); the
    // core's samples do not depend on the thread count.
    options.threads = std::max(1, QThread::idealThreadCount() - 1);
    job_ = worker_.start<ReconstructionRun>(
        [scene = *scene_, options](RunTask& task) mutable {
            options.progress = [&task](int done, int total) {
                task.setProgress(total > 0 ? static_cast<double>(done) / total : 0.0);
                return !task.isCancelled();
            };
            ReconstructionRun run;
            run.document = scene.document;
            run.result = reconstruct(scene, readReconstructionSpec(scene), options);
            if (!run.result.unknowns.empty()) run.appliedDocument = impactlab::applyEstimate(run.document, run.result);
            return run;
        },
        [this](const std::shared_ptr<RunJob<ReconstructionRun>>& job) { onRunFinished(job); });
    progress_->setValue(0);
    progressTimer_->start();
    updateButtons();
    updateBanner();
    return true;
}

void ReconstructionView::cancelReconstruction() {
    if (job_) job_->cancel();
}

void ReconstructionView::waitForReconstruction() {
    if (!job_) return;
    job_->wait();
    onRunFinished(job_);
}

void ReconstructionView::onRunFinished(std::shared_ptr<RunJob<ReconstructionRun>> job) {
    if (job != job_) return;   // shown already, or an older run
    job_.reset();
    progressTimer_->stop();
    progress_->setValue(kReconstructionProgressTicks);
    runError_ = job->error();
    if (runError_.isEmpty()) run_ = std::move(job->result());
    showResult();
    if (const ReconstructionResult* r = currentResult()) {
        sections_->setCurrentWidget(results_);
        emit statusMessage(tr("Reconstruction %1: chi2 = %2 for %3 dof, %4 samples in %5 s")
                               .arg(QString::fromStdString(r->status))
                               .arg(r->chi2, 0, 'g', kEstimateDigits)
                               .arg(r->dof)
                               .arg(r->sampleRows.size())
                               .arg(r->wallSeconds, 0, 'f', 1));
    } else if (!runError_.isEmpty()) {
        emit statusMessage(tr("Reconstruction failed: %1").arg(runError_));
    }
}

bool ReconstructionView::applyEstimate() {
    const ReconstructionResult* r = currentResult();
    if (!r || !editRequest_ || r->unknowns.empty()) return false;
    editRequest_(tr("Apply reconstruction estimate (%1 unknowns)").arg(r->unknowns.size()),
                 impactlab::applyEstimate(scene_->document, *r));
    return true;
}

// --- What is shown --------------------------------------------------------------

const ReconstructionResult* ReconstructionView::currentResult() const {
    if (!run_ || !scene_) return nullptr;
    return run_->document == scene_->document || isEstimateApplied() ? &run_->result : nullptr;
}

bool ReconstructionView::isEstimateApplied() const {
    return run_ && scene_ && !run_->appliedDocument.is_null() && run_->appliedDocument == scene_->document;
}

bool ReconstructionView::isStale() const { return run_ && !currentResult(); }

void ReconstructionView::showResult() {
    const ReconstructionResult* r = currentResult();
    results_->setRowCount(0);
    if (!r) {
        const QString why = isStale() ? tr("stale: the document changed") : tr("not reconstructed yet");
        cloud_->clear(tr("Speeds: %1").arg(why));
        deltaV_->clear(tr("Delta-V: %1").arg(why));
        residuals_->clear(tr("Residuals: %1").arg(why));
        updateButtons();
        updateBanner();
        emit ghostsChanged();
        return;
    }
    // The table: each unknown, then each vehicle's derived quantities.
    results_->setRowCount(static_cast<int>(r->unknowns.size() + kDerivedPerVehicle * r->derived.size()));
    int row = 0;
    for (const UnknownReport& u : r->unknowns) {
        const UnknownDisplay d = findUnknownDisplay(u.unknown.target, scene_->parameters);
        setEstimateRow(results_, row++, d.name, u.summary, d.unit, u.atBound ? tr("at a bound") : QString(), d.scale,
                       tr("Scene value %1").arg(QString::fromStdString(u.unknown.target)));
    }
    for (const DerivedReport& d : r->derived) {
        setEstimateRow(results_, row++, tr("vehicle %1 delta-V").arg(d.vehicle + 1), d.deltaV, "m/s");
        setEstimateRow(results_, row++, tr("vehicle %1 PDOF").arg(d.vehicle + 1), d.pdof, "deg");
        setEstimateRow(results_, row++, tr("vehicle %1 EES").arg(d.vehicle + 1), d.ees, "m/s");
    }
    results_->resizeColumnsToContents();
    results_->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);

    // The (v1, v2) cloud of the first two speed unknowns.
    std::vector<int> speeds;
    for (int i = 0; i < static_cast<int>(r->unknowns.size()) && speeds.size() < 2; ++i)
        if (findSpeedVehicle(r->unknowns[i].unknown.target)) speeds.push_back(i);
    if (speeds.size() == 2) {
        std::vector<Vec2> cloud;
        for (const auto& s : r->sampleRows) cloud.emplace_back(s[speeds[0]], s[speeds[1]]);
        const auto title = [r](int i) {
            return QString("v%1 [m/s]").arg(*findSpeedVehicle(r->unknowns[i].unknown.target) + 1);
        };
        cloud_->setCloud(std::move(cloud), Vec2(r->unknowns[speeds[0]].summary.value, r->unknowns[speeds[1]].summary.value),
                         r->widening, title(speeds[0]), title(speeds[1]));
    } else {
        cloud_->clear(tr("Speeds: the cloud needs two speed unknowns (/vehicles/i/speed)"));
    }
    // Delta-V per vehicle: after the unknowns, each vehicle's delta-V, PDOF, EES.
    std::vector<std::vector<double>> deltaV(r->derived.size());
    std::vector<double> estimates;
    const std::size_t first = r->unknowns.size();
    for (const auto& s : r->sampleRows)
        for (std::size_t v = 0; v < r->derived.size(); ++v)
            if (first + kDerivedPerVehicle * v < s.size()) deltaV[v].push_back(s[first + kDerivedPerVehicle * v]);
    for (const DerivedReport& d : r->derived) estimates.push_back(d.deltaV.value);
    std::vector<QColor> colors;
    for (const SceneBody& b : scene_->bodies)
        colors.push_back(QColor::fromRgbF(static_cast<float>(b.color.x()), static_cast<float>(b.color.y()),
                                          static_cast<float>(b.color.z())));
    deltaV_->setVehicleColors(std::move(colors));
    deltaV_->setSamples(std::move(deltaV), std::move(estimates));
    // Every evidence component's residual.
    std::vector<ResidualBar> bars;
    for (const EvidenceReport& e : r->evidence)
        for (std::size_t c = 0; c < e.residualSigmas.size(); ++c)
            bars.push_back({makeResidualLabel(e.item.quantity, c, e.residualSigmas.size(), e.item.vehicle),
                            e.residualSigmas[c]});
    residuals_->setResiduals(std::move(bars));
    updateButtons();
    updateBanner();
    emit ghostsChanged();
}

void ReconstructionView::updateButtons() {
    const bool running = isRunning();
    reconstruct_->setEnabled(!running && scene_ && specError_.isEmpty());
    cancel_->setEnabled(running);
    progress_->setVisible(running);
    const ReconstructionResult* r = currentResult();
    apply_->setEnabled(!running && r && !r->unknowns.empty() && !isEstimateApplied());
}

QString ReconstructionView::statusText() const {
    if (!scene_) return {};
    if (isRunning()) return tr("Reconstructing... (Cancel keeps the samples drawn so far)");
    if (!findBlock().is_object())
        return tr("This scene has no reconstruction yet: add evidence and unknowns to start one.");
    if (!specError_.isEmpty()) return tr("The reconstruction block cannot run: %1").arg(specError_);
    if (!runError_.isEmpty()) return tr("The reconstruction failed: %1").arg(runError_);
    if (isStale())
        return tr("Stale: the document changed after the last reconstruction, so its results are withdrawn. "
                  "Reconstruct again (or undo back to that document).");
    const ReconstructionResult* r = currentResult();
    if (!r) return tr("Edit the evidence and the unknowns, then Reconstruct.");
    QString text = tr("Status %1; chi2 = %2 for %3 dof")
                       .arg(QString::fromStdString(r->status))
                       .arg(r->chi2, 0, 'g', kEstimateDigits)
                       .arg(r->dof);
    if (r->widening > 1.0) text += tr(", intervals widened x%1").arg(r->widening, 0, 'f', 2);
    text += tr("; %1 of %2 samples kept, %3 s").arg(r->sampleRows.size()).arg(r->samples).arg(r->wallSeconds, 0, 'f', 1);
    if (isEstimateApplied()) text += tr("<br>The estimate is applied: the scene now holds these values (Undo restores the previous ones).");
    for (const std::string& w : r->warnings) {
        QString line = QString::fromStdString(w);
        const bool flat = line.contains(kFlatDirectionJargon);
        line.remove(kFlatDirectionJargon);
        text += "<br>" + line.toHtmlEscaped();
        if (flat) text += " " + tr(kFlatDirectionPlain);
    }
    return text;
}

void ReconstructionView::updateBanner() {
    const bool alarm = isStale() || (!specError_.isEmpty() && findBlock().is_object()) || !runError_.isEmpty();
    banner_->setStyleSheet(alarm ? "color: #b00020" : "");
    banner_->setText(statusText());
}

std::vector<GhostCar> ReconstructionView::findObservedGhosts() const {
    std::vector<GhostCar> cars;
    if (!scene_) return cars;
    const nlohmann::json block = findBlock();
    if (!block.is_object() || !block.contains("evidence") || !block["evidence"].is_array()) return cars;
    const std::vector<GhostCar> base = findPredictedGhosts();
    const VehicleCollisionInput& input = scene_->vehicles.collision;
    for (const auto& item : block["evidence"]) {
        if (!item.is_object() || item.value("quantity", "") != toString(EvidenceQuantity::RestPosition)) continue;
        const auto& value = item.value("value", nlohmann::json());
        const int v = item.value("vehicle", -1);
        if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number()) continue;
        const Vehicle* vehicle = v == 0 ? &input.vehicle1 : v == 1 && input.vehicle2 ? &*input.vehicle2 : nullptr;
        if (!vehicle) continue;
        GhostCar car;
        car.vehicle = v;
        car.position = Vec2(value[0].get<double>(), value[1].get<double>());
        // The heading observed, else the one predicted, else the one at impact.
        car.heading = vehicle->heading;
        for (const GhostCar& p : base)
            if (p.vehicle == v) car.heading = p.heading;
        for (const auto& h : block["evidence"])
            if (h.is_object() && h.value("quantity", "") == toString(EvidenceQuantity::RestHeading) &&
                h.value("vehicle", -1) == v && h.value("value", nlohmann::json()).is_number())
                car.heading = h["value"].get<double>();
        car.length = vehicle->length;
        car.width = vehicle->width;
        if (v < static_cast<int>(scene_->bodies.size())) car.color = scene_->bodies[v].color;
        car.draggable = true;
        cars.push_back(car);
    }
    return cars;
}

std::vector<GhostCar> ReconstructionView::findPredictedGhosts() const {
    std::vector<GhostCar> cars;
    const ReconstructionResult* r = currentResult();
    if (!r) return cars;
    const VehicleCollisionInput& input = scene_->vehicles.collision;
    for (int v = 0; v < static_cast<int>(r->predictedRest.size()); ++v) {
        const Vehicle* vehicle = v == 0 ? &input.vehicle1 : v == 1 && input.vehicle2 ? &*input.vehicle2 : nullptr;
        if (!vehicle) continue;
        GhostCar car;
        car.vehicle = v;
        car.position = r->predictedRest[v].position;
        car.heading = r->predictedRest[v].heading;
        car.length = vehicle->length;
        car.width = vehicle->width;
        if (v < static_cast<int>(scene_->bodies.size())) car.color = scene_->bodies[v].color;
        cars.push_back(car);
    }
    return cars;
}

void ReconstructionView::moveRestPosition(int vehicle, const Vec2& position) {
    evidence_->setRestPosition(vehicle, position.x(), position.y());
}

// --- Exports ------------------------------------------------------------------

bool ReconstructionView::exportSamplesCsv(const QString& path) const {
    const ReconstructionResult* r = currentResult();
    return r && writeTextFile(path, writeSamplesCsv(*r));
}

bool ReconstructionView::exportEstimateCsv(const QString& path) const {
    if (!currentResult()) return false;
    QString csv = "quantity,estimate,low_95,high_95,unit\n";
    for (int row = 0; row < results_->rowCount(); ++row) {
        QStringList fields;
        for (int c = 0; c < ResultColumnCount; ++c) fields << quoteEstimateCsvField(results_->item(row, c)->text());
        csv += fields.join(',') + "\n";
    }
    return writeTextFile(path, csv.toStdString());
}

QString ReconstructionView::reportHtml() const {
    const ReconstructionResult* r = currentResult();
    if (!r && !findBlock().is_object()) return {};   // a vehicle scene without a reconstruction
    QString html = "<h2>Reconstruction</h2>\n";
    if (!r) return html + "<p>" + statusText() + "</p>\n";
    html += "<p>" + statusText() + "</p>\n<table>\n<tr><th>quantity</th><th>estimate</th><th>95 % interval</th><th>unit</th></tr>\n";
    for (int row = 0; row < results_->rowCount(); ++row)
        html += QString("<tr><td>%1</td><td>%2</td><td>%3 to %4</td><td>%5</td></tr>\n")
                    .arg(results_->item(row, NameColumn)->text().toHtmlEscaped(), results_->item(row, ValueColumn)->text(),
                         results_->item(row, LowColumn)->text(), results_->item(row, HighColumn)->text(),
                         results_->item(row, UnitColumn)->text().toHtmlEscaped());
    html += "</table>\n<table>\n<tr><th>evidence</th><th>vehicle</th><th>observed</th><th>predicted</th><th>residual [sigma]</th></tr>\n";
    const auto join = [](const std::vector<double>& v) {
        QStringList parts;
        for (double x : v) parts << formatEstimate(x);
        return parts.join(", ");
    };
    for (const EvidenceReport& e : r->evidence)
        html += QString("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>\n")
                    .arg(toString(e.item.quantity))
                    .arg(e.item.vehicle + 1)
                    .arg(join(e.item.value), join(e.predicted), join(e.residualSigmas));
    html += "</table>\n<p>The 95 % region of the speed plot is the samples' covariance ellipse at chi2(2 dof, 0.95) = " +
            QString::number(kChi2TwoDof95) + ".</p>\n";
    return html;
}

}  // namespace impactlab::ui
