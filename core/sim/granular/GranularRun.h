#pragma once
// A granular run: steps a world, stores frames (every particle's state) at a
// frame interval and one statistics record per step, and reports progress
// through a callback that can cancel. The app runs it on a worker thread and
// copies each frame as onFrame delivers it (so the timeline scrubs while the
// run goes); the CLI streams the frames to files instead of keeping them.
//
// Frames are taken at t = 0, at the first step reaching each multiple of the
// frame interval, and after the last step. Nothing here knows about Qt or VTK.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scene/GranularScene.h"
#include "sim/granular/GranularWorld.h"

namespace impactlab::granular {

// Every particle at one instant, in the world's sphere order.
struct GranularFrame {
    long long step = 0;
    double time = 0.0;                    // s
    std::vector<std::int64_t> ids;
    std::vector<Vec3> positions;          // m
    std::vector<Vec3> velocities;         // m/s
    std::vector<Vec3> angularVelocities;  // rad/s, world
    std::vector<double> radii;            // m

    std::size_t size() const { return ids.size(); }
};
GranularFrame makeGranularFrame(const GranularWorld& world, long long step);
void appendToFrame(GranularFrame& frame, const Sphere& sphere);

// One step's statistics (StepStatistics) with its place in the run.
struct GranularStepRecord {
    long long step = 0;        // 1 for the first step
    double time = 0.0;         // s, at the end of the step
    StepStatistics stats;
};

struct GranularProgress {
    long long step = 0;        // steps done
    long long steps = 0;       // of the run
    double time = 0.0;         // s, simulated
    double wallSeconds = 0.0;  // s, computing so far
    const StepStatistics* last = nullptr;   // the step just taken
};

struct GranularRunSettings {
    long long steps = 0;
    double frameInterval = 0.01;   // s
    bool keepFrames = true;        // store the frames in the result (onFrame sees them either way)
    bool keepSteps = true;         // store every step's record in the result
    double maxRunSeconds = 0.0;    // s of computing after which the run stops ("time limit"); 0: no limit
};

struct GranularRunCallbacks {
    // After every step; returning false cancels the run ("cancelled").
    std::function<bool(const GranularProgress&)> onProgress;
    std::function<void(const GranularFrame&)> onFrame;
};

// Sums over the steps taken, for summaries that do not keep every record.
struct GranularRunTotals {
    long long steps = 0;
    double contacts = 0.0;          // summed over steps
    double contactSolves = 0.0;     // contacts x sweeps, summed over steps
    double iterations = 0.0;        // sweeps, summed over steps
    double particles = 0.0;         // particles after each step, summed over steps
    double maxPenetration = 0.0;    // m, the deepest of the run
    long long iterationLimitSteps = 0;   // steps that ended at the iteration cap with a tolerance unmet
    long long inserted = 0;         // particles the inflow created
    long long discharged = 0;       // particles that left through an outflow
    long long lost = 0;             // particles lost otherwise (a failure; 0 in a sound run)
    StepStatistics last;            // the last step's
};

struct GranularRunResult {
    std::vector<GranularFrame> frames;
    std::vector<GranularStepRecord> steps;
    GranularRunTotals totals;
    std::string endReason = "end time";   // "end time", "cancelled" or "time limit"
    double wallSeconds = 0.0;             // s, the stepping alone (frames and callbacks excluded)
    int initialParticles = 0;
};

// Runs `world` for settings.steps steps (fewer when cancelled or out of time).
GranularRunResult runGranular(GranularWorld& world, const GranularRunSettings& settings,
                              const GranularRunCallbacks& callbacks = {});

// What a run steps: a world (runGranular), or one decomposed over processes
// (sim/granular/mpi/), whose calls are then collective and whose statistics
// and frames are global.
class GranularStepper {
public:
    virtual ~GranularStepper() = default;
    virtual StepStatistics step() = 0;
    virtual double getTime() const = 0;
    virtual double getTimeStep() const = 0;
    virtual int countParticles() = 0;
    virtual GranularFrame makeFrame(long long step) = 0;
    // Whether this process reports: calls the callbacks and keeps frames.
    virtual bool isReporter() const { return true; }
    // The reporter's decision to stop, shared with every process.
    virtual bool shareStop(bool stop) { return stop; }
};
GranularRunResult runGranularStepper(GranularStepper& stepper, const GranularRunSettings& settings,
                                     const GranularRunCallbacks& callbacks = {});

// The scene's run length and frame interval.
GranularRunSettings makeGranularRunSettings(const GranularScene& scene);

// Adds one step's statistics to the sums (a decomposed run adds the global ones).
void addStepToTotals(GranularRunTotals& totals, const StepStatistics& stats);

// True when frame `frameIndex` (counting the one at t = 0 as 0) falls on the
// step that ends at `time`: the first step at or past frameIndex * interval.
bool isFrameDue(double time, double frameInterval, long long framesTaken, double timeStep);

}  // namespace impactlab::granular
