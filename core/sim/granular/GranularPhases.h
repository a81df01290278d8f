#pragma once
// The phases of one granular time step (GranularWorld::step runs them in this
// order), exposed so that a domain-decomposed step (sim/granular/mpi/) can run
// the same code between its exchanges:
//   1. detectContacts     broad phase (sorted cell list) and narrow phase
//   2. prepareContacts    each contact's W (contact-frame inverse inertia),
//                         and the contacts coloured and ordered by colour
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
// Every lever of a sphere contact lies along the normal, so in the contact
// frame (t1, t2, n) the inverse inertia W is diag(wt, wt, wn) exactly
// (Jia & Wang eq. 5 with isotropic inertia and r parallel to n): the
// stepper keeps the two numbers and works in world coordinates.
struct Contact {
    int a = 0;
    int b = -1;
    Vec3 normal = Vec3::UnitZ();   // unit, from b (or the obstacle) into a
    double leverA = 0.0;           // m: the contact point is a's centre - leverA n
    double leverB = 0.0;           // m: ... b's centre + leverB n (0 for an obstacle)
    double gap = 0.0;              // m, negative when overlapping
    Vec3 obstacleVelocity = Vec3::Zero();   // m/s, a moving plane's
    double invMassA = 0.0, invMassB = 0.0;   // 1/kg (B: 0 for an obstacle)
    double spinA = 0.0, spinB = 0.0;   // 1/(kg m): leverA / I_a, leverB / I_b
    double wn = 0.0, wt = 0.0;     // 1/kg, W's normal and tangential entries
    Vec3 impulse = Vec3::Zero();   // N s, world, on a (b gets -impulse); accumulated this step
    // The Gauss-Seidel sweep's colour (prepareContacts): no two contacts of
    // one colour share a sphere. kSequentialColour: no colour was free.
    int colour = 0;
};

// Colours a sphere's contacts can take (one bit each of a 64-bit mask);
// a contact whose spheres already hold all of them is swept last, alone.
inline constexpr int kColourCount = 64;
inline constexpr int kSequentialColour = kColourCount;

// Threads the options ask for (1 without OpenMP), and for a loop over
// `items` spheres or contacts (1 below options.minParallelItems).
int getThreadCount(const GranularOptions& options);
int getThreadCount(const GranularOptions& options, int items);

// The contacts of the first `owned` spheres (see above), in sphere order, and
// the deepest overlap among them (m, >= 0). The same list on any thread count.
std::vector<Contact> detectContacts(const GranularWorld& world, int owned, double& maxPenetration);
// Each contact's masses, levers and W; then the contacts are coloured
// greedily in their detected order (each takes the lowest colour neither of
// its spheres has yet) and stably reordered by colour.
void prepareContacts(const GranularWorld& world, std::vector<Contact>& contacts);
// The subproblem (5) of one contact for its free velocity vFree (m/s, world,
// the contact's own impulse removed), with the gap term biased into v_n
// (C.4.8): the impulse on a (N s, world).
Vec3 solveContact(const GranularOptions& options, const Contact& contact, const Vec3& vFree);
// Spheres [0, count): v += dt g (a sphere's gyroscopic term vanishes).
void applyGravity(GranularWorld& world, int count);

// Nonlinear block Gauss-Seidel sweeps over the contacts in their order
// (colour by colour, as prepareContacts left them), each impulse update
// relaxed by options.relaxation; a sweep returns the largest change of a
// contact's velocity (m/s), the residual. The contacts of one colour share no
// sphere, so each colour is swept by every thread at once (multicolour
// Gauss-Seidel, as Box2D v3 solves its constraint graph) with the result of
// the sequential sweep, whatever the thread count. Built once per step: the
// colour runs are found once, and the spheres' velocities are packed
// (48 bytes a sphere) while the contacts sweep them.
class GaussSeidelSweeper {
public:
    explicit GaussSeidelSweeper(const std::vector<Contact>& contacts);
    // load, sweepLoaded, store: one sweep of the world's spheres.
    double sweep(GranularWorld& world, std::vector<Contact>& contacts);
    // The spheres' velocities into the packed copy, and back. Between them
    // sweepLoaded may run any number of times (a step's sweeps).
    void load(const GranularWorld& world);
    void store(GranularWorld& world) const;
    double sweepLoaded(const GranularOptions& options, std::vector<Contact>& contacts);

    struct Twist {
        Vec3 velocity;          // m/s
        Vec3 angularVelocity;   // rad/s
    };

private:
    // Each thread's share of every colour run, split at the same spheres (see
    // sweepLoaded); computed for `threads` on first use.
    void splitRuns(const std::vector<Contact>& contacts, int threads);

    std::vector<int> runStarts_;   // colour runs [runStarts_[k], runStarts_[k + 1])
    std::vector<Twist> twists_;
    int splitThreads_ = 0;
    std::vector<int> shares_;      // run r, thread t: [shares_[r (T + 1) + t], shares_[r (T + 1) + t + 1])
};

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
