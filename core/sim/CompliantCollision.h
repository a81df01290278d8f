#pragma once
// A collision of free rigid bodies integrated through the contact with the
// compliant model (CompliantContact.h; Uchida, Sherman & Delp 2015, §4): the
// time-resolved reference PLUS is compared with (Figs. 8-10, 12, 13, 15b).
//
// Bodies fly free (optionally under gravity) and touch through spheres fixed
// to them (a box vertex is a small sphere, as in the paper's brick) against
// world-fixed planes or other bodies' spheres. The state (per free body:
// displacement of the centre of mass from its start, orientation quaternion,
// velocity, world angular velocity; per contact: accumulated impulses) is
// integrated by Dormand-Prince 5(4) with absolute and relative tolerances,
// until every contact has separated or a budget (steps, simulated time, step
// size) is hit; a budget ends the run with a status and a warning, never a hang.
//
// Rotational dynamics: d(omega)/dt = I_w^{-1} (tau - omega x I_w omega), with
// I_w = R diag(I) R^T from the principal inertia; dq/dt = 1/2 (0, omega) q.
// Conventions as CompliantContact.h (n from body 2 into body 1, force on body 1).
#include <string>
#include <vector>

#include "mechanics/RigidBody.h"
#include "sim/CompliantContact.h"
#include "sim/Simulation.h"

namespace impactlab {

// A sphere fixed to a body (a ball, or a rounded box vertex).
struct CompliantSphere {
    int body = 0;                    // index into CompliantSystem::bodies
    Vec3 center = Vec3::Zero();      // m, body frame, from the centre of mass
    double radius = 0.1;             // m (Table A1 "sphere radii")
    CompliantMaterial material;
};

// A world-fixed half-space {x : normal . (x - point) <= 0} (the ground).
struct CompliantPlane {
    Vec3 point = Vec3::Zero();
    Vec3 normal = Vec3::UnitZ();     // outward; normalised when used
    CompliantMaterial material;
};

enum class CompliantPairKind { SpherePlane, SphereSphere };

// A contact candidate. Body 1 is sphere1's body; body 2 is the plane (fixed)
// or sphere2's body; the normal points from body 2 into body 1.
struct CompliantPair {
    CompliantPairKind kind = CompliantPairKind::SpherePlane;
    int sphere1 = 0;
    int sphere2 = -1;                // SphereSphere only
    int plane = -1;                  // SpherePlane only
    CompliantFriction friction;
    std::string name;                // for views and CSV: "vertex (+,-,-) / ground"
};

struct CompliantSystem {
    std::vector<RigidBody> bodies;   // initial states; fixed bodies do not move
    std::vector<CompliantSphere> spheres;
    std::vector<CompliantPlane> planes;
    std::vector<CompliantPair> contacts;
    Vec3 gravity = Vec3::Zero();     // m/s^2; zero to compare with an impact law (impulses only)

    // Throws InputError naming the field ("contacts[2].sphere2", "spheres[0].radius").
    void validate() const;
};

// The integrator of a compliant run.
enum class CompliantIntegrator {
    // DormandPrince45, switching to Rodas4 for the rest of the run once its
    // steps are held by stiffness (a sticking contact; see CompliantRun.h).
    Automatic,
    // Explicit, 7 stages: cheapest while nothing is stiff (frictionless
    // contacts, sliding).
    DormandPrince45,
    // Linearly implicit, L-stable: the regularised friction of a sticking
    // contact damps slip on a time scale of 1e-7 s, and an explicit method
    // would take steps of that length for the whole stick.
    Rodas4
};
const char* toString(CompliantIntegrator integrator);

struct CompliantOptions {
    CompliantIntegrator integrator = CompliantIntegrator::Automatic;
    // Tolerances of the error control, per state component: absolute in the
    // component's unit (m, m/s, rad/s, N s, quaternion 1), relative to its size.
    double relativeTolerance = 1e-7;
    double absoluteTolerance = 1e-10;
    // s. First step (0: Hairer's estimate) and longest step.
    double initialStep = 0.0;
    double maxStep = 1e-3;
    // m. While a contact is open and closing, a step may carry it at most this
    // far past touching, so no stage can step over a whole thin contact.
    double entryDepth = 1e-6;
    // m/s. An open contact closing more slowly than this counts as separated: a
    // touch at that speed would change velocities by less than it.
    double separationSpeed = 1e-6;
    // m/s. Slip speed below which a touching contact counts as rolling (the
    // slide-to-roll event); PLUS's v_transition (Table A1: 0.1 m/s), so the
    // markers of the two models mean the same thing.
    double slideToRollSpeed = 0.1;
    // Budgets: trial steps (accepted + rejected), simulated time (s), and the
    // smallest step relative to the time scale of the run.
    int maxSteps = 2000000;
    double maxDuration = 1.0;
    double minStep = 1e-16;
    // Output: a sample at every accepted step, and/or one every sampleInterval
    // seconds from the dense output (0: none).
    bool recordSteps = true;
    double sampleInterval = 0.0;
    // With recordSteps, this many extra samples evenly inside each accepted step
    // from the dense output: loose tolerances take few, long steps, and the
    // views' curves would show them as corners.
    int interpolatedSamplesPerStep = 3;
    bool recordBodies = true;        // body states in each sample (for the 3D view)

    void validate() const;           // InputError naming "options.<field>"
};

enum class CompliantStatus { Separated, StepBudgetExceeded, TimeBudgetExceeded, StepSizeUnderflow, NonFinite };
const char* toString(CompliantStatus status);

struct CompliantContactSample {
    double penetration = 0.0;         // m (negative: gap)
    double penetrationRate = 0.0;     // m/s
    double normalForce = 0.0;         // N
    Vec2 frictionForce = Vec2::Zero();     // N, (t1, t2)
    Vec2 tangentialVelocity = Vec2::Zero();  // m/s, (v_x, v_y) in (t1, t2)
    double normalVelocity = 0.0;      // m/s, v_n (> 0 separating)
    Vec3 impulse = Vec3::Zero();      // N s, accumulated (t1, t2, n): int f dt in the current frame
    Vec3 point = Vec3::Zero();        // world
    Vec3 normal = Vec3::UnitZ();      // world
};

struct CompliantSample {
    double time = 0.0;                // s, from the start of the run
    bool interpolated = false;        // from the dense output, not at an accepted step
    std::vector<CompliantContactSample> contacts;
    std::vector<BodyState> bodies;    // empty unless options.recordBodies
    double kineticEnergy = 0.0;       // J, free bodies
    double elasticEnergy = 0.0;       // J, Hertz springs
};

enum class CompliantEventKind {
    Touch,             // penetration rises through 0
    EndOfCompression,  // penetration rate falls through 0 while touching: maximum penetration
    SlideToRoll,       // slip speed falls below slideToRollSpeed while touching
    RollToSlide,       // and rises above it
    Separation         // penetration falls through 0
};
const char* toString(CompliantEventKind kind);

// Located in time on the dense output to the integrator's accuracy.
struct CompliantEvent {
    CompliantEventKind kind = CompliantEventKind::Touch;
    int contact = 0;
    double time = 0.0;
    CompliantContactSample state;     // of that contact at the event
};

struct CompliantContactSummary {
    Vec3 impulse = Vec3::Zero();      // N s, total (t1, t2, n), the frame following the contact
    Vec3 worldImpulse = Vec3::Zero(); // N s, total on body 1 (world): compare with PLUS's pi
    double maxPenetration = 0.0;      // m
    double maxNormalForce = 0.0;      // N, at accepted steps
    bool touched = false;
};

struct CompliantResult {
    CompliantStatus status = CompliantStatus::Separated;
    // The integrator of the last step (never Automatic), and when an
    // Automatic run switched to Rodas4 (s; negative: it never did).
    CompliantIntegrator integrator = CompliantIntegrator::DormandPrince45;
    double stiffFrom = -1.0;
    std::vector<std::string> warnings;
    std::vector<RigidBody> bodies;    // final states
    std::vector<CompliantContactSummary> contacts;
    std::vector<CompliantSample> samples;
    std::vector<CompliantEvent> events;
    double endTime = 0.0;             // s
    int acceptedSteps = 0;
    int rejectedSteps = 0;
    int rhsEvaluations = 0;
    double kineticEnergyBefore = 0.0; // J
    double kineticEnergyAfter = 0.0;  // J (plus any elastic energy left if a budget ended the run)
    double elasticEnergyAfter = 0.0;  // J
};

// Throws InputError for a malformed system or options; numerical trouble is
// reported in status and warnings.
CompliantResult simulateCompliantCollision(const CompliantSystem& system, const CompliantOptions& options = {});

}  // namespace impactlab
