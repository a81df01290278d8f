#pragma once
// Impulse-velocity time stepping of many spheres (Preclik, Eibl & Ruede,
// sec. 3.1; reference note C.1.7): per step, contacts are found through a
// uniform grid (cost linear in the number of particles), the contact impulses
// solve one subproblem (5) per contact inside nonlinear block Gauss-Seidel or
// weighted block Jacobi sweeps, and the state advances semi-implicitly:
//   u'  = u + M^-1 (W lambda + dt f_ext)          (velocities first)
//   x'  = x + dt v',  q' = normalise(q + dt/2 (0, w') q)   (then positions)
// The per-contact subproblem is solved by the analytic maximum-dissipation
// kernel (impact/MaxDissipation.h) or by a Coulomb per-contact solver (the
// most dissipative Coulomb solution of impact/CoulombInelastic.h). The gap
// term biases b_n by xi/dt in both the constraint and the objective
// (reference note C.4.8's recommendation), with error reduction epsilon:
// xi/dt -> epsilon min(0, xi/dt) + max(0, xi/dt).
//
// The multi-contact iteration is the app's own choice (C.4.10): sweeps in a
// fixed contact order, each contact's impulse relaxed by omega, stopping at a
// residual tolerance or an iteration cap, both reported per step. Everything
// is deterministic: the same world and options give the same states.
//
// After the positions advance, spheres that left through an outflow are
// removed and counted as discharged, those that left the bounds otherwise
// as lost, and moving planes advance (an inflow plane resets and creates its
// layer, sec. 4.3). The phases of a step are GranularPhases.h.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "impact/ImpactResult.h"
#include "mechanics/Types.h"

namespace impactlab::granular {

// Ratio of the moment of inertia of a uniform solid sphere to m r^2.
inline constexpr double kSolidSphereInertiaShare = 0.4;

struct Sphere {
    Vec3 position = Vec3::Zero();        // m
    Quat orientation = Quat::Identity();
    Vec3 velocity = Vec3::Zero();        // m/s
    Vec3 angularVelocity = Vec3::Zero(); // rad/s, world
    double radius = 0.005;               // m
    double mass = 1.0;                   // kg; a uniform solid sphere, I = 2/5 m r^2
    std::int64_t id = 0;                 // unique in a world, kept while the sphere lives (frames, MPI)
};

// The half-space n.x >= offset bounds the particles (a floor, a wall); it may
// translate with `velocity` (the channel's moving inflow plane), infinite mass.
struct Plane {
    Vec3 normal = Vec3::UnitZ();   // unit, pointing into the particles' side
    double offset = 0.0;           // m
    Vec3 velocity = Vec3::Zero();  // m/s
};

// Static obstacles the particles stay outside of. A box may be turned: the
// columns of `axes` are its edge directions in the world (an inclined,
// finite wall is a thin turned box: the hopper's).
struct Box {
    Vec3 centre = Vec3::Zero();
    Vec3 halfExtents = Vec3::Constant(0.5);   // m, along the columns of axes
    Mat3 axes = Mat3::Identity();             // orthonormal, world columns
};
struct Cylinder {
    Vec3 centre = Vec3::Zero();
    Vec3 axis = Vec3::UnitZ();     // unit
    double radius = 0.01;          // m
    double halfLength = 0.01;      // m
};

// A sphere whose centre passes n.x > offset has left through an outflow: it
// is removed and counted as discharged (the channel's open end, the hopper's
// outlet), never as lost.
struct Outflow {
    Vec3 normal = Vec3::UnitX();   // unit, pointing out of the domain
    double offset = 0.0;           // m
};

// The region spheres may occupy. A sphere whose centre leaves it other than
// through an outflow, or whose state is no longer finite, is removed and
// counted as lost: a failure of the run (a particle through a wall), which
// statistics report.
struct Bounds {
    Vec3 min = Vec3::Constant(-1e3);   // m
    Vec3 max = Vec3::Constant(1e3);    // m
};

// The channel's inflow (Preclik et al. sec. 4.3): plane `plane` moves with its
// velocity; once it has travelled `resetDistance` along its normal it jumps
// back by that distance and a new layer of spheres is created in the room it
// left: `layer` holds their centres for the plane at offset 0 (shifted along
// the normal by the plane's offset after the jump), each with `velocity` plus a
// perturbation uniform in [-perturbation, perturbation] per component of
// `perturbationAxes` (the drawn components, from `random`, sphere by sphere).
struct Inflow {
    int plane = 0;
    double resetDistance = 0.0;          // m, the paper's two radii
    std::vector<Vec3> layer;             // m
    Vec3 velocity = Vec3::Zero();        // m/s
    double perturbation = 0.0;           // m/s
    Eigen::Vector3i perturbationAxes = Eigen::Vector3i::Zero();   // 1 where a component is perturbed
    double radius = 0.005;               // m, of the new spheres
    double mass = 1.0;                   // kg
    std::mt19937 random;
};

enum class FrictionModel { MaxDissipation, Coulomb };
const char* toString(FrictionModel model);
enum class SweepKind { GaussSeidel, Jacobi };

struct GranularOptions {
    double timeStep = 1e-4;          // s
    Vec3 gravity = Vec3(0, 0, -9.81);
    double friction = 0.4;           // mu, every contact
    FrictionModel model = FrictionModel::MaxDissipation;
    SweepKind sweep = SweepKind::GaussSeidel;
    int maxIterations = 10;          // sweeps per step (the paper's runs use 10)
    // m/s: a sweep that changes no contact velocity by more than this ends
    // the iteration early; 0 runs every sweep.
    double residualTolerance = 0.0;
    // Over/under-relaxation of each contact's impulse update; the Jacobi
    // sweep needs < 1 for contacts that share a body (a common 0.5 default).
    double relaxation = 1.0;
    double jacobiRelaxation = 0.5;
    // The gap term's error reduction epsilon in [0, 1) (C.1.7): the share of
    // a penetration removed per step.
    double errorReduction = 0.2;
    // Speculative contacts: a pair (or a sphere and a wall) is a contact when
    // its gap is within what it can close in one step, so an approach within
    // the step is caught by the gap term without solving every near pair:
    //   margin = min(contactMarginShare r_min,
    //                contactFloorShare r_min + speculativeFactor dt (|v_a - v_b| + dt |g|))
    // (the dt |g| only against walls, which do not fall). The factor covers
    // the speed a pair gains from its neighbours' impulses within the step;
    // an approach it misses shows as an overlap next step, which the gap term
    // removes. contactMarginShare is the cap, and sets the ghost width of a
    // decomposed run.
    double contactMarginShare = 0.25;
    double contactFloorShare = 0.01;
    double speculativeFactor = 2.0;
    // Threads of one machine (OpenMP; 0: OpenMP's default, all cores). Every
    // phase runs in parallel: contact detection, the Gauss-Seidel sweep's
    // tasks (SweepOrder.h), the Jacobi sweeps and the integration. The result
    // never depends on the thread count or the scheduling: contacts are
    // listed in sphere order, a Gauss-Seidel task runs after every earlier
    // one it shares a sphere with, and a Jacobi sphere sums its contacts'
    // updates in contact order. Without OpenMP in the build, one thread.
    int threads = 0;
    // Loops over fewer spheres or contacts than this run on one thread:
    // waking a team of threads costs microseconds, more than a small
    // world's whole loop (and far more on a loaded machine). The result is the
    // same either way.
    int minParallelItems = 4096;
};

struct StepStatistics {
    int particles = 0;              // after the step (inflow added, outflow and lost removed)
    int contacts = 0;
    int iterations = 0;
    double residual = 0.0;          // m/s, the last sweep's largest velocity change at a contact
    double maxPenetration = 0.0;    // m, deepest overlap before the step
    SolveStatus status = SolveStatus::Converged;   // IterationLimit when a tolerance was set and not met
    int inserted = 0;               // spheres the inflow created this step
    int discharged = 0;             // spheres that left through an outflow this step
    int lost = 0;                   // spheres that left the bounds otherwise, or became non-finite
};

class GranularWorld {
public:
    std::vector<Sphere> spheres;
    std::vector<Plane> planes;
    std::vector<Box> boxes;
    std::vector<Cylinder> cylinders;
    std::vector<Outflow> outflows;
    Bounds bounds;
    std::vector<Inflow> inflows;
    GranularOptions options;
    std::int64_t nextId = 0;      // the id the next created sphere gets
    // Totals over the steps taken.
    std::int64_t inserted = 0;
    std::int64_t discharged = 0;
    std::int64_t lost = 0;

    // Throws InputError naming the field ("spheres[3].radius", "options.timeStep").
    void validate() const;
    // One time step; returns its statistics.
    StepStatistics step();
    double calcKineticEnergy() const;
    Vec3 calcLinearMomentum() const;
    // About the origin.
    Vec3 calcAngularMomentum() const;
    double time() const { return time_; }
    // The time after one more step of dt: a whole number of equal steps
    // after the last change of dt, so frame times land on their multiples
    // instead of collecting round-off.
    void advanceTime(double dt);

private:
    double time_ = 0.0;
    double stepBase_ = 0.0;   // s, the time at the last change of dt
    double stepSize_ = 0.0;   // s, the dt since then
    long long stepCount_ = 0; // steps of stepSize_ since stepBase_
};

}  // namespace impactlab::granular
