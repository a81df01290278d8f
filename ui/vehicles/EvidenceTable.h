#pragma once
// The editable part of a vehicle scene's "reconstruction" block
// (docs/reconstruction-format.md): the evidence, one row per item
// (quantity, vehicle, value, sigma, unit), the unknowns, one row per scene
// value to find (target, min, max), and the Monte Carlo sample count and
// seed. The uncertain inputs are kept as the document has them.
//
// The widget holds no document of its own: it shows the block it is given
// and reports each user edit as the whole new block with a one-line
// description (the undo step's text); the page turns it into a document
// edit, and the block comes back through setBlock. Values are checked as
// typed (numbers, the component count of the quantity); whether the block
// as a whole is valid for the scene is the core's answer
// (readReconstructionSpec), shown by the reconstruction view.
//
// Vehicles are numbered from 1 here, as everywhere on screen; the document
// counts from 0.
#include <QString>
#include <QWidget>
#include <functional>

#include <nlohmann/json.hpp>
#include <vector>

#include "scene/Scene.h"

class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTableWidgetItem;

namespace impactlab::ui {

class EvidenceTable : public QWidget {
    Q_OBJECT

public:
    enum EvidenceColumn { QuantityColumn = 0, VehicleColumn, ValueColumn, SigmaColumn, UnitColumn, EvidenceColumnCount };
    // SliderColumn (read-only): the scene slider on the target, its bounds in
    // the slider's unit, so a pointer in rad reads beside the slider in deg.
    enum UnknownColumn { TargetColumn = 0, MinColumn, MaxColumn, SliderColumn, UnknownColumnCount };

    // The new block and what changed ("Evidence 2: sigma 0.5 -> 0.4").
    using EditHandler = std::function<void(const QString& text, const nlohmann::json& block)>;

    explicit EvidenceTable(QWidget* parent = nullptr);

    void setEditHandler(EditHandler handler) { onEdited_ = std::move(handler); }
    // Shows `block` (an object; null for a scene without one) of a scene with
    // `vehicleCount` vehicles. Emits nothing.
    void setBlock(const nlohmann::json& block, int vehicleCount);
    // The scene's sliders, for the unknowns' SliderColumn; rebuilds when they changed.
    void setSceneParameters(const std::vector<SceneParameter>& parameters);
    const nlohmann::json& block() const { return block_; }

    QTableWidget* evidenceTable() const { return evidence_; }
    QTableWidget* unknownsTable() const { return unknowns_; }
    QSpinBox* samplesBox() const { return samples_; }

    // The user's edits, as the widgets make them (tests call these too).
    void addEvidence();
    void removeEvidence(int row);
    void addUnknown();
    void removeUnknown(int row);
    // A rest_position item for `vehicle` (0-based) at `position` (m), with
    // the sigma of a rest position dragged on screen; or the existing one moved.
    void setRestPosition(int vehicle, double x, double y);

private:
    void rebuild();
    void addEvidenceRow(int row, const nlohmann::json& item);
    void onEvidenceItemChanged(QTableWidgetItem* item);
    void onUnknownItemChanged(QTableWidgetItem* item);
    void onQuantityChosen(int row, const QString& quantity);
    void onVehicleChosen(int row, int vehicle);
    void onSamplesChanged(int samples);
    void emitEdit(const QString& text, const nlohmann::json& block);
    void refuse(const QString& message);

    nlohmann::json block_ = nlohmann::json::object();
    int vehicleCount_ = 2;
    bool rebuilding_ = false;
    EditHandler onEdited_;
    QTableWidget* evidence_ = nullptr;
    QTableWidget* unknowns_ = nullptr;
    QSpinBox* samples_ = nullptr;
    QPushButton* removeEvidence_ = nullptr;
    QPushButton* removeUnknown_ = nullptr;
    QLabel* message_ = nullptr;
    QLabel* ghostHint_ = nullptr;
    std::vector<SceneParameter> parameters_;   // about the 3D view's ghost cars, for this evidence
};

}  // namespace impactlab::ui
