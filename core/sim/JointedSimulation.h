#pragma once
// Event-driven simulation of a spatial scene with joints or walls
// (docs/design.md, "Jointed bodies"): the bodies form trees of pins, ball
// joints, strings and welds (mechanics/Multibody.h), integrated in joint
// coordinates, so every joint holds to round-off.
//
// Flight: Dormand-Prince 5(4) on (q, u) with error control
// (JointedFlightOptions), quaternions renormalised after each step; the
// energy between impacts is kept to the integrator's tolerance.
// Contacts: spheres, box vertices and rod (cylinder) rims against the ground
// and walls; sphere against sphere unless a joint joins them. An approach
// faster than SimulationOptions::restSpeed is an impact, located by bisection
// on the step's continuous extension. Every touch within `proximity` that
// shares a tree or a body with the fastest goes to a law that solves several
// contacts (PLUS) together, in the joint-constrained contact space
// A = G M(q)^-1 G^T, so the impulses act through the joints. A single-contact
// law takes the fastest contact alone (its W = G_k M^-1 G_k^T, directions the
// joints block completed as the planar scenes do, mechanics/planar) with a
// warning when several approach. Slower touches get plastic Coulomb impulses
// and a position correction in joint coordinates after each step.
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab {

struct JointedFlightOptions {
    // Error control of the flight (RMS of the scaled local error per step).
    // At 1e-7 the cradle's energy drifts by 2e-7 over 10 s (1e-9: 3e-9, at
    // 2.4 times the steps; a slider move reruns the scene); the triple
    // pendulum's flight in the PLUS scene (sim/PlusSceneRun.cpp) is
    // integrated at 1e-12, which the tests use to compare the two.
    double absTolerance = 1e-7;
    double relTolerance = 1e-7;
    // A step moves no point of a body farther than this share of the
    // smallest feature (a sphere's radius, half a rod's thickness or a box's
    // least half-extent), so no contact is stepped over: two spheres closing
    // head on close by at most 2 r_min per step, and must close 2 (r_a + r_b)
    // >= 4 r_min to pass through each other. The error control alone sets the
    // step otherwise.
    double maxTravelFraction = 1.0;
    // m/s: a joint tree that touches something and whose every point moves
    // slower than this after the step's resting impulses is at rest: it is
    // held still (velocities zeroed, no flight) until an impulse moves it or
    // it loses its last touch. A ball lying on the ground then costs no
    // resting impulse per step and no restSpeedShare bound on the step.
    double sleepSpeed = 1e-9;
    // A body resting on a contact that bears its weight gains at most this
    // share of SimulationOptions::restSpeed per step (the free-body
    // simulation's maxStep keeps the same bound), so resting stays resting.
    double restSpeedShare = 0.5;
    double firstStep = 1e-4;        // s
    double minStep = 1e-12;         // s: below it the run stops with a warning
    // Bisections of a step for an impact's time (2^-60 of a step is below
    // SimulationOptions::eventTimeTol for any step the flight takes).
    int touchBisections = 60;
};

SimulationRun simulateJointed(const SpatialScene& scene, const SimulationOptions& options = {},
                              const JointedFlightOptions& flight = {});

// The compliant reference through the same joints (Uchida et al. 2015, sec.
// 4): no impacts; every overlapping feature pushes with Hertz's force and
// Hunt & Crossley's dissipation (CompliantContact.h) and rubs with the
// regularised Coulomb friction of the scene's mu, integrated with the flight
// (the error control takes the short steps a contact needs). Hunt-Crossley's
// c = 3 (1 - e) / (2 v) with v the approach speed where the overlap began (as
// the PLUS scenes set it; measured at the end of the step it began in), so
// e = 1 is undamped. The energies of its samples leave out the springs'.
struct JointedCompliantOptions {
    double youngsModulus = 10e9;   // Pa, every surface (the PLUS paper's Table A1)
    // m: the radius of curvature a box vertex meets a plane with.
    double vertexRadius = 1e-3;
    JointedFlightOptions flight;   // its tolerances (the contacts set the steps)
};
SimulationRun simulateJointedCompliant(const SpatialScene& scene, const SimulationOptions& options = {},
                                       const JointedCompliantOptions& compliant = {});

// How many bodies of an impact move (speed above kMovingSpeedFraction of the
// fastest body's speed before it) before and after it: a cradle's balls in and out.
inline constexpr double kMovingSpeedFraction = 0.01;

}  // namespace impactlab
