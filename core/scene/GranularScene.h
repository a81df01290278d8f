#pragma once
// Granular scenes: many equal spheres stepped by the impulse-velocity
// scheme of Preclik, Eibl & Ruede (sec. 3.1) in one of three setups, the
// settling box (the standard benchmark), the channel flow of their sec. 4.3 at
// desktop scale, and a hopper discharge. The scene is data; the world it
// builds and the run are sim/granular/ (GranularSetups.h, GranularRun.h).
// Documented for users in docs/scene-format.md ("Granular scenes").
//
// Document (fields in [] are optional; SI units, angles rad):
//   format "impactlab.scene/1", kind "granular", [name], [description]
//   granular {
//     setup            "settling-box" | "channel-flow" | "hopper"
//     particles        N >= 1 (the channel: the count of its initial fill)
//     [seed]           of the random velocities (std::mt19937), 20261124
//     [gravity]        [0, 0, -9.81]
//     [friction_model] "max-dissipation" | "coulomb"
//     [friction] 0.4, [time_step] setup's (1e-4 s; channel 1e-5 s),
//     [iterations] 10, [sweep] "gauss-seidel" | "jacobi", [threads] 0 (all cores)
//     [end_time] setup's, or [steps]: how long the run is (not both)
//     [frame_interval] setup's: spacing of the stored frames (s)
//     [solver] {[residual_tolerance] 0, [relaxation] 1, [jacobi_relaxation] 0.5,
//               [error_reduction] 0.2, [contact_margin] 0.25, [contact_floor] 0.01,
//               [speculative_factor] 2}
//     [channel] {[inflow_speed] 1, [perturbation] 0.5}          (channel-flow)
//     [hopper]  {[outlet_width] 6, [wall_angle] pi/6, [depth] 6} (hopper)
//   }
//   [parameters] as in Scene.h (JSON pointers such as "/granular/particles")
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mechanics/Types.h"
#include "laws/LawIds.h"
#include "scene/Scene.h"

namespace impactlab {

enum class GranularSetup { SettlingBox, ChannelFlow, Hopper };
const char* toString(GranularSetup setup);

// The stepper's settings as the scene states them (sim/granular/GranularWorld.h
// GranularOptions documents each; the scene keeps the names users write).
struct GranularSolverSettings {
    std::string frictionModel = "max-dissipation";   // or "coulomb"
    double friction = 0.4;             // mu
    double timeStep = 1e-4;            // s
    int iterations = 10;               // sweeps per step (the cap when a residual tolerance is set)
    std::string sweep = "gauss-seidel";   // or "jacobi"
    int threads = 0;                   // 0: all cores
    double residualTolerance = 0.0;    // m/s; 0 runs every sweep
    double relaxation = 1.0;           // Gauss-Seidel, in (0, 2)
    double jacobiRelaxation = 0.5;     // Jacobi, in (0, 1]
    double errorReduction = 0.2;       // epsilon of C.1.7, in [0, 1)
    double contactMargin = 0.25;       // share of the radius: the largest reach of a contact beyond touching
    double contactFloor = 0.01;        // share of the radius: the smallest
    double speculativeFactor = 2.0;    // times dt and the closing speed: the reach in between
};

// The channel of Preclik et al. sec. 4.3 (see sim/granular/GranularSetups.h
// for the geometry and what is scaled).
struct ChannelFlowSettings {
    double inflowSpeed = 1.0;    // m/s, of the inflow plane and the new particles (+x)
    double perturbation = 0.5;   // m/s, y and z velocities uniform in [-p, p]
};

// A wedge hopper: two inclined walls meet at a slot outlet.
struct HopperSettings {
    double outletWidth = 6.0;        // particle diameters, the slot's width
    double wallAngle = M_PI / 6.0;   // rad, of each wall from the vertical
    double depth = 6.0;              // particle diameters, between the flat front and back walls
};

struct GranularScene {
    std::string name;
    std::string description;
    std::string reference;              // the paper, sections and figures the scene reproduces
    GranularSetup setup = GranularSetup::SettlingBox;
    int particles = 1000;
    std::uint32_t seed = 20261124;
    Vec3 gravity = Vec3(0, 0, -9.81);   // m/s^2
    GranularSolverSettings solver;
    double endTime = 0.5;               // s: steps * time_step
    long long steps = 5000;             // time steps of a run
    double frameInterval = 0.01;        // s
    ChannelFlowSettings channel;
    HopperSettings hopper;
    std::vector<SceneParameter> parameters;
    nlohmann::json document;            // the source, for parameter edits and saving

    const SceneParameter* findParameter(const std::string& id) const;
};

// Admissible ranges beyond the general input limits (mechanics/InputLimits.h).
// Particles: the largest benchmark (125,000) and the paper's channel at its
// own scale (2.5e5) fit. A scene file is also fuzzed with a 10 s budget per
// input: 250,000 spheres and their contacts take about 300 MB and 2 s for
// the first step (Release), 1e6 took 7 s and 1 GB. Larger worlds are built
// in code (makeGranularWorld's pieces), not read from a scene.
inline constexpr int kMaxGranularParticles = 250000;
// Time steps of one run: the paper's channel took 1e6.
inline constexpr long long kMaxGranularSteps = 100000000;
inline constexpr int kMaxGranularIterations = 1000;   // sweeps per step
inline constexpr int kMaxGranularThreads = 1024;
// Frames of one run (positions and velocities of every particle each).
inline constexpr long long kMaxGranularFrames = 100000;

// format "impactlab.scene/1" and kind "granular".
bool isGranularSceneDocument(const nlohmann::json& document);
// Throws InputError naming the field ("granular.particles", "granular.solver.relaxation").
GranularScene parseGranularScene(const nlohmann::json& document);
GranularScene loadGranularScene(const std::string& path);
// A copy with a parameter set (a number clamped to its slider's range; a
// choice one of its options), read again. Throws InputError.
GranularScene withGranularParameter(const GranularScene& scene, const std::string& id, double value);
GranularScene withGranularChoice(const GranularScene& scene, const std::string& id, const std::string& choice);

// The friction models as "friction_model" spells them, each with the law that
// solves a contact the same way (Preclik et al. eq. 5): the laws a granular
// scene compares. One table for both directions.
inline constexpr const char* kMaxDissipationFrictionModel = "max-dissipation";
inline constexpr const char* kCoulombFrictionModel = "coulomb";
struct GranularFrictionModel {
    const char* model;
    LawId law;
};
inline constexpr GranularFrictionModel kGranularFrictionModels[] = {
    {kMaxDissipationFrictionModel, LawId::MaxDissipation}, {kCoulombFrictionModel, LawId::CoulombInelastic}};
// The law of a friction model (max-dissipation's for one the table lacks),
// and the model of such a law (nullopt for a law that is no friction model).
LawId getFrictionModelLaw(const std::string& model);
std::optional<std::string> findLawFrictionModel(const std::string& lawId);

}  // namespace impactlab
