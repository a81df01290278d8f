#pragma once
// Event-driven simulation of rigid bodies over a ground plane (docs/design.md,
// core/sim): ballistic flight under gravity, contact detection (sphere bottom
// or box vertices against the plane z = groundHeight), impact resolution by the
// scene's law, repeated bounces until rest or the end time.
//
// Two kinds of contact are told apart by the approach speed at the contact:
//  - faster than restSpeed: an impact event, solved by the scene's law and
//    recorded with its problem, result and trace;
//  - slower: resting contact, resolved once per step by a perfectly plastic
//    Coulomb impulse (restitution 0, the scene's friction) at every touching
//    point (impulse-velocity time stepping), plus a position correction. This
//    lets a ball roll and a brick settle without an endless series of ever
//    smaller bounces. These impulses are counted, not recorded as events.
// Flight integrates the torque-free Euler equations with RK4 (a non-spherical
// body tumbles); gravity acts through the centre of mass.
//
// simulate() has one overload per simulated kind, and one for SimulatedScene
// (any of them): a planar scene runs the planar simulation
// (PlanarSimulation.h), a vehicle scene its collision and run-outs
// (VehicleSimulation.h); each returns the same SimulationRun, a planar run's
// bodies mapped to 3D poses.
#include <array>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "impact/ContactSpaceResult.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "mechanics/InputLimits.h"
#include "scene/Scene.h"
#include "vehicle/VehicleCollision.h"

namespace impactlab {

struct SimulationOptions {
    // s. Longest flight step; also bounds how far a vertex can travel between
    // two contact checks (10 m/s x 1/960 s ~ 1 cm).
    double maxStep = 1.0 / 960.0;
    // m/s. Contacts approaching more slowly are resting contacts, not impacts:
    // a 0.05 m/s bounce rises 0.13 mm, below anything the views can show.
    double restSpeed = 0.05;
    // s. Impact times are located to this precision by bisection.
    double eventTimeTol = 1e-11;
    // m. A point this close to the ground (or below) counts as touching.
    double contactGap = 1e-9;
    // m. With a law that handles several contacts (plus), every support point
    // of the impacting body this close to the ground joins the impact: PLUS's
    // proximity, Simbody's position tolerance (reference note B.4.6).
    double proximity = 1e-4;
    // Limits that end a run with a warning instead of looping (the first two
    // are the documented input limits, docs/input-limits.md).
    int maxImpacts = limits::kMaxImpactsPerRun;
    double maxRunSeconds = limits::kDefaultRunSeconds;   // wall clock
    int maxImpactsPerInstant = 64;
    // J per kg. Below this specific kinetic energy, with every body touching the
    // ground, the run ends early "at rest".
    double restSpecificEnergy = 1e-6;
    // Record the impulse-space trace of each impact event.
    bool recordTraces = true;
    // Called once per step with the simulated time reached (s), from the
    // thread that simulates; returning false cancels the run, which ends with
    // reason "cancelled" and what it has so far. Keep it cheap (an atomic
    // flag, a counter): it runs every step. Empty: never cancelled.
    std::function<bool(double simulatedTime)> progress;
};

struct BodyState {
    Vec3 position = Vec3::Zero();
    Quat orientation = Quat::Identity();
    Vec3 velocity = Vec3::Zero();
    Vec3 angularVelocity = Vec3::Zero();
};

// A body's pose and twist as a run records them.
inline BodyState makeBodyState(const RigidBody& b) { return {b.position, b.orientation, b.velocity, b.angularVelocity}; }

struct RunSample {
    double time = 0.0;
    std::vector<BodyState> bodies;
    double kineticEnergy = 0.0;    // J
    double potentialEnergy = 0.0;  // J, relative to the ground height
};

struct ImpactEventRecord {
    double time = 0.0;             // s
    int body = 0;                  // index of body 1: the body that hit (the normal points into it)
    Vec3 point = Vec3::Zero();     // world contact point
    ImpactProblem problem;         // body level: body 1 = the body, body 2 = the ground (or the other
                                   // body, or a wall); contact level for a pinned planar body
    ImpactResult result;
    ImpactTrace trace;
    int otherBody = -1;            // index of body 2, or -1 for the ground, a wall or a surface
    std::string contact;           // what touched: "bar left end / ground"
    ContactFrame frame;            // world axes (t1, t2, n) of the problem's contact frame
    double kineticEnergyBefore = 0.0;  // J, all bodies, world frame, just before the impact
    double kineticEnergyAfter = 0.0;   // J, just after (0 when the impact was not applied)
    double potentialEnergy = 0.0;      // J, at the impact (continuous across it)
    // Every contact resolved in this impact, world points and impulses (N s,
    // on body 1): one for a single-contact law; all touching points of the
    // body when a law that handles several (plus) resolved them together.
    int simultaneousContacts = 1;
    std::vector<Vec3> contactPoints;
    std::vector<Vec3> contactImpulses;
    // A law that solves several contacts: its impact rounds and intervals
    // (PLUS, Uchida et al. 2015 sec. 3); 0 when not counted.
    int rounds = 0;
    int intervals = 0;
    // Jointed scenes: how many bodies of the impact move before and after it
    // (a cradle's balls in and out, sim/JointedSimulation.h); -1 when not counted.
    int bodiesMovingBefore = -1;
    int bodiesMovingAfter = -1;
};

// A scalar time history, one value per sample: values[k] belongs to
// samples[k].time. Names are "<body>.<quantity>" or a system quantity
// ("energy"); units are SI ("m", "rad", "m/s", "rad/s", "J", "1").
struct RunChannel {
    std::string name;
    std::string unit;
    std::vector<double> values;
};

struct SimulationRun {
    // Vehicle scenes: the collision with delta-V, PDOF, EES and mu-tilde.
    std::optional<VehicleCollisionResult> vehicleCollision;
    std::vector<RunSample> samples;
    std::vector<ImpactEventRecord> impacts;
    std::vector<std::string> warnings;
    std::string endReason;          // "end time", "at rest", "no solution", or the limit hit ("impact limit", "time limit")
    int restingImpulses = 0;
    double endTime = 0.0;
    // Time histories for plots and CSV (the paper's Figs. 3.2-3.19 for a planar
    // run: centre of mass, velocities, angle, angular velocity, end heights,
    // energies). Every channel has samples.size() values.
    std::vector<RunChannel> channels;

    const RunChannel* findChannel(const std::string& name) const;

    // Body states at time t, interpolated between samples (linear in position,
    // slerp in orientation); clamped to the run.
    std::vector<BodyState> calcStatesAt(double t) const;
};

// Throws InputError for a scene the simulation cannot run (bad law options,
// bodies starting below the ground). A vehicle scene's run takes no options
// (it has no time steps to budget or cancel).
SimulationRun simulate(const SpatialScene& scene, const SimulationOptions& options = {});
SimulationRun simulate(const PlanarScene& scene, const SimulationOptions& options = {});
SimulationRun simulate(const VehicleScene& scene, const SimulationOptions& options = {});
SimulationRun simulate(const SimulatedScene& scene, const SimulationOptions& options = {});

// The wall-clock budget of a run (SimulationOptions::maxRunSeconds), checked
// by every simulator once per step: past it, the run gets end reason
// "time limit" and a warning, so no scene keeps the CLI or the app waiting.
// Also reports progress and honours a cancel (SimulationOptions::progress):
// a cancelled run ends with reason "cancelled".
bool hasExceededTimeBudget(const SimulationOptions& options, std::chrono::steady_clock::time_point started, double t,
                           SimulationRun& run);

// Two spheres (centres xi, xj, radii ri, rj) as a touch of sphere i: the gap
// (negative: overlap), the normal from j into i (`fallback` when the centres
// coincide), the point on sphere i's surface and the normal relative velocity
// there (negative while approaching). `pointVelocity(i or j, point)` gives a
// sphere's material velocity at a world point. Both simulations use it.
struct SpherePairTouch {
    double gap = 0.0;
    Vec3 normal = Vec3::UnitZ();
    Vec3 point = Vec3::Zero();
    double normalVelocity = 0.0;
};
template <class PointVelocity>
SpherePairTouch calcSpherePairTouch(const Vec3& xi, double ri, const Vec3& xj, double rj, const Vec3& fallback,
                                    const PointVelocity& pointVelocity) {
    SpherePairTouch c;
    const Vec3 d = xi - xj;
    const double dist = d.norm();
    c.gap = dist - ri - rj;
    c.normal = dist > 0.0 ? Vec3(d / dist) : fallback;
    c.point = xi - ri * c.normal;
    c.normalVelocity = (pointVelocity(0, c.point) - pointVelocity(1, c.point)).dot(c.normal);
    return c;
}

// The single-contact view of a several-contact impact into `rec`: the first
// (fastest) contact's impulse and velocity after, the system's energies, the
// law's status, rounds and intervals, its warnings and, with more than one
// contact, a note among the warnings saying how many were resolved together.
void summarizeSeveralContacts(const ContactSpaceResult& r, ImpactEventRecord& rec);
// Whether a warning of an impact or a run (prefixed "impact N: ") is that
// note: how a several-contact law resolved the impact and which contact the
// single-contact diagram shows. Expected of every multi-contact impact (a
// cradle's), it is information for the reader, not numerical trouble.
bool isSeveralContactsNote(const std::string& warning);

// World positions of the points a body can touch a plane of unit normal `up`
// with: the lowest point of a sphere, the eight vertices of a box, the lowest
// points of a rod's (solid cylinder's) two end rims.
// Held in place (the simulators ask for them several times per step).
struct SupportPoints {
    static constexpr int kMaxPoints = 8;
    std::array<Vec3, kMaxPoints> points;
    int count = 0;
    const Vec3* begin() const { return points.data(); }
    const Vec3* end() const { return points.data() + count; }
};
SupportPoints calcSupportPoints(const Shape& shape, const BodyState& state, const Vec3& up);

}  // namespace impactlab
