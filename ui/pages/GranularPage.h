#pragma once
// A granular flow: many spheres stepped by impulse-
// velocity time stepping on a worker thread, with a progress bar and Cancel;
// frames are kept as the run goes, so the timeline scrubs while it runs. The
// 3D view draws every particle as a GPU glyph coloured by speed. With the
// other friction model ticked under "Compare laws" both models run and every
// view shows them side by side: the mean velocity and angular velocity fields
// (Preclik, Eibl & Ruede Figs. 10, 11), g(r) near the outflow (Fig. 12), the
// contacts per step and the statistics of Table 2. No physics here: the core
// steps, analyses and lays out the figures.
#include <QElapsedTimer>
#include <memory>

#include "common/RunWorker.h"
#include "pages/ScenePage.h"
#include "scene/GranularScene.h"
#include "sim/granular/GranularRun.h"
#include "sim/granular/GranularSetups.h"

class QComboBox;
class QProgressBar;
class QPushButton;
class QTimer;

namespace impactlab::ui {

class ComparisonTableView;
class FieldMapView;
class FigureView;
class LawComparisonBox;
class ParticleRenderer;
struct GranularFeed;

class GranularPage : public ScenePage {
    Q_OBJECT

public:
    explicit GranularPage(QWidget* parent = nullptr);
    ~GranularPage() override;

    void openDocument(const nlohmann::json& document) override;
    const nlohmann::json& document() const override { return scene_.document; }
    const std::vector<SceneParameter>& parameters() const override { return scene_.parameters; }
    void setParameter(const QString& id, double siValue) override;
    void setChoice(const QString& id, const QString& choice) override;
    QStringList comparedLaws() const override;
    void setComparedLaws(const QStringList& ids) override;
    TimelineWidget* timeline() const override { return timeline_; }
    void resetCamera() override;
    // Waits for the runs to end: a batch screenshot or export shows whole runs.
    void flushPendingEdits() override { waitForRuns(); }
    void holdRunsUntilAsked() override { holdRuns_ = true; }

    // One friction model's run as far as it has gone.
    struct ModelRun {
        std::string model;                        // "max-dissipation" or "coulomb"
        std::vector<granular::GranularFrame> frames;
        std::vector<granular::GranularStepRecord> steps;
        granular::GranularRunTotals totals;
        double wallSeconds = 0.0;
        std::string endReason;                    // empty while running
        long long stepsTarget = 0;
        // The run on the worker (its progress: steps taken), and what it has
        // handed over since the page last looked; none while held.
        std::shared_ptr<RunJob<granular::GranularRunResult>> job;
        std::shared_ptr<GranularFeed> feed;
    };
    const GranularScene& scene() const { return scene_; }
    const std::vector<ModelRun>& runs() const { return runs_; }
    // Parameter overlays: each value's flow runs with the scene's
    // friction model (queued after the scene's own runs on the same idle
    // worker; Cancel stops them all); g(r), Contacts and Table 2 draw every value,
    // the field maps and the 3D view the scene's own runs. Empty without an
    // overlay.
    const std::vector<ModelRun>& overlayRuns() const { return overlayRuns_; }
    bool drawsOverlays() const override { return true; }
    QString overlayScopeNote() const override;
    bool isRunning() const;
    // Waits until every run has ended (tests, exports).
    void waitForRuns();
    void cancelRuns();
    // Starts the runs again from the scene's initial state.
    void restartRuns();

    FieldMapView* velocityView() const { return velocity_; }
    FieldMapView* angularVelocityView() const { return angular_; }
    FigureView* rdfView() const { return rdf_; }
    FigureView* contactsView() const { return contacts_; }
    ComparisonTableView* statisticsTable() const { return table_; }
    ParticleRenderer* particles() const { return renderer_.get(); }
    QProgressBar* progressBar() const { return progress_; }
    LawComparisonBox* comparisonBox() const { return compare_; }

protected:
    void prepareForExport() override;
    std::vector<ExportedFile> exportData(const QString& folder, QStringList* failures) override;

private:
    void apply(GranularScene scene, bool rebuild);
    std::vector<std::string> listModels() const;
    void poll();
    // Moves a run's new frames and steps to the page, and its end once it has one.
    void takeNews(ModelRun& run);
    void startRun(ModelRun& run, granular::GranularWorld world, const granular::GranularRunSettings& settings);
    void showFrameAt(double t);
    void updateAnalyses();
    void updateSummary();
    const ModelRun* shownRun() const;

    GranularScene scene_;
    granular::GranularViewWindows windows_;
    std::vector<ModelRun> runs_;
    std::vector<ModelRun> overlayRuns_;                        // one per overlay value
    std::vector<granular::GranularViewWindows> overlayWindows_;   // each value's scene's
    std::vector<std::string> overlayLabels_;
    std::string overlayParameter_;
    bool holdRuns_ = false;     // the next restartRuns shows the initial state and waits for Run
    double speedScale_ = 1.0;   // m/s, top of the colour scale (the initial state's fastest, at least kMinSpeedScale)

    std::unique_ptr<ParticleRenderer> renderer_;
    TimelineWidget* timeline_ = nullptr;
    LawComparisonBox* compare_ = nullptr;
    QComboBox* shown_ = nullptr;              // which model the 3D view shows
    QWidget* progressRow_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* rerun_ = nullptr;
    QTimer* pollTimer_ = nullptr;
    FieldMapView* velocity_ = nullptr;
    FieldMapView* angular_ = nullptr;
    FigureView* rdf_ = nullptr;
    FigureView* contacts_ = nullptr;
    ComparisonTableView* table_ = nullptr;
    bool analysesStale_ = true;
    QElapsedTimer sinceAnalyses_;
    // The runs, at idle priority (SCHED_IDLE on Linux): a run fills both cores
    // for seconds, and the window must still draw every move of a slider at
    // once (the 3D view's software renderer needs the cores too). Last, so it
    // goes first: it stops the runs.
    RunWorker worker_{this, QThread::IdlePriority};
};

}  // namespace impactlab::ui
