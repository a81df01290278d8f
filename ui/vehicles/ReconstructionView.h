#pragma once
// The Reconstruction tab of the vehicle page: a vehicle
// collision reconstructed from evidence (core/reconstruction/Reconstruction.h,
// docs/reconstruction-format.md).
//
//   Evidence   the "reconstruction" block as tables (EvidenceTable): every
//              edit is a document edit, one undo step;
//   Estimate   each unknown's point estimate and 95 % interval, then each
//              vehicle's delta-V, PDOF and EES, with the fit's chi2;
//   Speeds, Delta-V, Residuals   the plots (ReconstructionCharts.h).
//
// Reconstruct runs reconstruct() on a worker thread with a progress bar and
// Cancel (ReconstructionOptions::progress returns false); Apply writes the
// estimate into the scene (applyEstimate) as one undo step.
//
// A result is shown only for the documents it describes: the one it was
// computed from and the one its Apply writes (that document with the
// estimate in place, which the estimate describes exactly). While the
// document on screen is another (any other edit, an undo to another state)
// the numbers, the plots and the predicted ghost cars are withdrawn and a
// banner says the results are stale. Undoing back to either document shows
// them again (after an undo of Apply, as a pending estimate to apply).
#include <QWidget>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "common/RunWorker.h"
#include "reconstruction/Reconstruction.h"
#include "vehicles/GhostCars.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace impactlab::ui {

class DeltaVHistogramView;
class EvidenceTable;
class ResidualBarsView;
class SpeedCloudView;

// The result of a run, the document it was computed from and the document
// Apply writes (null without unknowns).
struct ReconstructionRun {
    nlohmann::json document;
    ReconstructionResult result;
    nlohmann::json appliedDocument;
};

class ReconstructionView : public QWidget {
    Q_OBJECT

public:
    enum ResultColumn { NameColumn = 0, ValueColumn, LowColumn, HighColumn, UnitColumn, ResultColumnCount };
    // A new document for the page: the undo step's text and the document.
    using DocumentEditRequest = std::function<void(const QString& text, const nlohmann::json& document)>;

    explicit ReconstructionView(QWidget* parent = nullptr);
    ~ReconstructionView() override;

    void setEditRequest(DocumentEditRequest request) { editRequest_ = std::move(request); }
    // The document on screen changed (opened, edited, undone, re-run).
    void setScene(const VehicleScene& scene);

    // --- Actions (the buttons call these; tests too) --------------------------
    // Starts a run of the document on screen; false when its block is invalid
    // (the banner says why) or a run is going on.
    bool startReconstruction();
    void cancelReconstruction();
    bool isRunning() const;
    // Waits for the run and shows its result (tests, exports).
    void waitForReconstruction();
    // Writes the estimate into the document (one undo step); false without a
    // current result.
    bool applyEstimate();

    // --- What is shown ---------------------------------------------------------
    // The result for the document on screen; nullptr when there is none or
    // it is stale.
    const ReconstructionResult* currentResult() const;
    bool isStale() const;
    // Whether the document on screen is the one Apply wrote from the result.
    bool isEstimateApplied() const;
    // The banner's text (status, chi2, staleness, why the block is refused).
    QString statusText() const;
    // Ghost cars at the observed rest poses (rest_position evidence) and, for
    // a current result, at the predicted ones.
    std::vector<GhostCar> findObservedGhosts() const;
    std::vector<GhostCar> findPredictedGhosts() const;
    // A dragged ghost: the rest position of `vehicle` becomes `position`.
    void moveRestPosition(int vehicle, const Vec2& position);

    EvidenceTable* evidenceTable() const { return evidence_; }
    QTableWidget* resultsTable() const { return results_; }
    SpeedCloudView* cloudView() const { return cloud_; }
    DeltaVHistogramView* deltaVView() const { return deltaV_; }
    ResidualBarsView* residualView() const { return residuals_; }
    QPushButton* reconstructButton() const { return reconstruct_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* applyButton() const { return apply_; }
    QProgressBar* progressBar() const { return progress_; }
    QTabWidget* sections() const { return sections_; }

    // --- Exports ---------------------------------------------------------------
    // The samples (writeSamplesCsv) and the estimate table; false without a
    // current result.
    bool exportSamplesCsv(const QString& path) const;
    bool exportEstimateCsv(const QString& path) const;
    // The report's section: the estimate and the fit, or why there is none.
    QString reportHtml() const;

signals:
    // The ghost cars to draw changed (evidence edited, a result shown or withdrawn).
    void ghostsChanged();
    // A run ended with this message for the status bar.
    void statusMessage(const QString& message);

private:
    // By value: waitForReconstruction passes job_, which this resets.
    void onRunFinished(std::shared_ptr<RunJob<ReconstructionRun>> job);
    void showResult();
    void updateButtons();
    void updateBanner();
    nlohmann::json findBlock() const;

    std::optional<VehicleScene> scene_;
    std::optional<ReconstructionRun> run_;   // the last run's result
    QString specError_;                      // why the block cannot run ("" when it can)
    QString runError_;                       // why the last run failed
    DocumentEditRequest editRequest_;
    std::shared_ptr<RunJob<ReconstructionRun>> job_;

    EvidenceTable* evidence_ = nullptr;
    QTableWidget* results_ = nullptr;
    SpeedCloudView* cloud_ = nullptr;
    DeltaVHistogramView* deltaV_ = nullptr;
    ResidualBarsView* residuals_ = nullptr;
    QPushButton* reconstruct_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* apply_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* banner_ = nullptr;
    QTabWidget* sections_ = nullptr;
    QTimer* progressTimer_ = nullptr;
    // Last, so it goes first: its destructor cancels and waits for the run,
    // which posts its result to this view.
    RunWorker worker_{this, QThread::LowPriority};
};

}  // namespace impactlab::ui
