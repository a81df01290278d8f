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
#include <string>
#include <vector>

#include "impact/ImpactResult.h"
#include "mechanics/Types.h"

namespace impactlab::granular {

struct Sphere {
    Vec3 position = Vec3::Zero();        // m
    Quat orientation = Quat::Identity();
    Vec3 velocity = Vec3::Zero();        // m/s
    Vec3 angularVelocity = Vec3::Zero(); // rad/s, world
    double radius = 0.005;               // m
    double mass = 1.0;                   // kg; a uniform solid sphere, I = 2/5 m r^2
};

// The half-space n.x >= offset bounds the particles (a floor, a wall); it may
// translate with `velocity` (the channel's moving inflow plane), infinite mass.
struct Plane {
    Vec3 normal = Vec3::UnitZ();   // unit, pointing into the particles' side
    double offset = 0.0;           // m
    Vec3 velocity = Vec3::Zero();  // m/s
};

// Static obstacles the particles stay outside of.
struct Box {
    Vec3 centre = Vec3::Zero();
    Vec3 halfExtents = Vec3::Constant(0.5);   // m, axis-aligned
};
struct Cylinder {
    Vec3 centre = Vec3::Zero();
    Vec3 axis = Vec3::UnitZ();     // unit
    double radius = 0.01;          // m
    double halfLength = 0.01;      // m
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
    // m: pairs closer than this (beyond touching) are kept as contacts, so an
    // approach within one step is caught by the gap term; as a share of the
    // smallest radius.
    double contactMarginShare = 0.25;
    // Threads of one machine (OpenMP; 0: OpenMP's default, all cores). Contact
    // detection, the Jacobi sweeps and the integration run in parallel; the
    // Gauss-Seidel sweep stays sequential (its order is the method). The
    // result never depends on the thread count or the scheduling: contacts
    // are listed in sphere order, and each sphere sums its contacts' impulse
    // updates in contact order. Without OpenMP in the build, one thread.
    int threads = 0;
};

struct StepStatistics {
    int contacts = 0;
    int iterations = 0;
    double residual = 0.0;          // m/s, the last sweep's largest velocity change at a contact
    double maxPenetration = 0.0;    // m, deepest overlap before the step
    SolveStatus status = SolveStatus::Converged;   // IterationLimit when a tolerance was set and not met
};

class GranularWorld {
public:
    std::vector<Sphere> spheres;
    std::vector<Plane> planes;
    std::vector<Box> boxes;
    std::vector<Cylinder> cylinders;
    GranularOptions options;

    // Throws InputError naming the field ("spheres[3].radius", "options.timeStep").
    void validate() const;
    // One time step; returns its statistics.
    StepStatistics step();
    double calcKineticEnergy() const;
    Vec3 calcLinearMomentum() const;
    // About the origin.
    Vec3 calcAngularMomentum() const;
    double time() const { return time_; }

private:
    double time_ = 0.0;
};

}  // namespace impactlab::granular
