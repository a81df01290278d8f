#pragma once
// The phases of one granular time step (GranularWorld::step runs them in this
// order), exposed so that a domain-decomposed step (sim/granular/mpi/) can run
// the same code between its exchanges:
//   1. detectContacts     broad phase (sorted cell list) and narrow phase
//   2. prepareContacts    each contact's W (contact-frame inverse inertia)
//   3. applyGravity       u + M^-1 dt f_ext (C.1.7)
//   4. sweeps             nonlinear block Gauss-Seidel or weighted Jacobi over
//                         the per-contact subproblems (5)
//   5. integratePositions x' = x + dt v', quaternions renormalised (C.1.7)
//   6. applyOutflow       spheres that left are removed and counted (never
//                         silently lost)
//   7. advanceBoundaries  moving planes, the channel's inflow, the time
//
// Domain decomposition support, free of any communication: the first `owned`
// spheres of a world are its own; any after them are read-only copies of
// spheres owned elsewhere (ghosts). A contact between an owned sphere and a
// ghost is listed only when the owned sphere's id is the smaller, so of the two
// processes that see the pair exactly one solves it; contacts with planes and
// obstacles are listed for owned spheres only. With owned = all spheres this is
// the serial step.
#include <functional>
#include <vector>

#include "sim/granular/GranularWorld.h"

namespace impactlab::granular::phases {

// A contact of sphere a with sphere b (b >= 0) or with static geometry (b = -1).
struct Contact {
    int a = 0;
    int b = -1;
    Vec3 ra = Vec3::Zero();        // m, contact point relative to a's centre
    Vec3 rb = Vec3::Zero();        // m, ... to b's centre
    Mat3 frame = Mat3::Identity(); // world columns t1, t2, n (n from b into a)
    double gap = 0.0;              // m, negative when overlapping
    Vec3 obstacleVelocity = Vec3::Zero();   // m/s, a moving plane's
    Mat3 W = Mat3::Identity();     // contact-frame inverse inertia, 1/kg
    Vec3 impulse = Vec3::Zero();   // N s, contact frame, accumulated this step
};

// Threads the options ask for (1 without OpenMP), and for a loop over
// `items` spheres or contacts (1 below options.minParallelItems).
int getThreadCount(const GranularOptions& options);
int getThreadCount(const GranularOptions& options, int items);

// The contacts of the first `owned` spheres (see above), in sphere order, and
// the deepest overlap among them (m, >= 0). The same list on any thread count.
std::vector<Contact> detectContacts(const GranularWorld& world, int owned, double& maxPenetration);
void prepareContacts(const GranularWorld& world, std::vector<Contact>& contacts);
// Spheres [0, count): v += dt g (a sphere's gyroscopic term vanishes).
void applyGravity(GranularWorld& world, int count);

// One nonlinear block Gauss-Seidel sweep in contact order, each impulse update
// relaxed by options.relaxation; returns the largest change of a contact's
// velocity (m/s), the residual.
double sweepGaussSeidel(GranularWorld& world, std::vector<Contact>& contacts);

// Weighted block Jacobi: every contact sees the velocities at the sweep's
// start and the updates (times options.jacobiRelaxation) are applied
// together, each sphere summing its contacts' updates in contact order, so the
// result does not depend on the thread count.
class JacobiSweeper {
public:
    JacobiSweeper(const GranularWorld& world, const std::vector<Contact>& contacts);
    double sweep(GranularWorld& world, std::vector<Contact>& contacts);

private:
    std::vector<int> firstOf_, contactsOf_;   // per sphere, its contacts (CSR)
    std::vector<Vec3> proposed_;
};

// Spheres [0, count): positions and orientations with the new velocities.
void integratePositions(GranularWorld& world, int count);
// Ends a step: moving planes advance by dt, and an inflow plane that has
// travelled its reset distance jumps back and creates its layer of spheres
// (appended at the end, ids from world.nextId); the time advances. Returns
// the number of spheres created. `keep` decides which of the layer's spheres
// this process creates (empty: all): a decomposed run draws every sphere's
// perturbation on every process, so ids and random numbers agree, and keeps
// those in its subdomain.
int advanceBoundaries(GranularWorld& world, const std::function<bool(const Vec3&)>& keep = {});

struct Removed {
    int discharged = 0;
    int lost = 0;
};
// Removes the spheres among [0, count) that left through an outflow or left
// the bounds (or are no longer finite), keeping the order of the rest, and
// adds them to the world's totals.
Removed applyOutflow(GranularWorld& world, int count);

}  // namespace impactlab::granular::phases
