#pragma once
// The phases of one granular time step (GranularWorld::step runs them in this
// order), exposed so that a domain-decomposed step (sim/granular/mpi/) can run
// the same code between its exchanges:
//   1. detectContacts     broad phase (sorted cell list) and narrow phase
//   2. prepareContacts    each contact's W (contact-frame inverse inertia),
//                         and the contacts in the sweep's order (SweepOrder.h)
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
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "sim/granular/GranularWorld.h"
#include "sim/granular/SweepOrder.h"

namespace impactlab::granular::phases {

// A contact of sphere a with sphere b (b >= 0) or with an obstacle (b < 0):
// plane k is b = -1 - k, and every other solid, which does not move, is
// -1 - (number of planes) (getObstacleVelocities).
// Every lever of a sphere contact lies along the normal, so in the contact
// frame (t1, t2, n) the inverse inertia W is diag(wt, wt, wn) exactly
// (Jia & Wang eq. 5 with isotropic inertia and r parallel to n): the
// stepper keeps the two numbers and works in world coordinates.
// Every field is set by makeContact (detectContacts); none has a default, so
// that a list can grow without writing its memory (ContactList). Only what
// every sweep needs is kept, 96 bytes (it was 160): the spheres' masses are
// read with their velocities (GaussSeidelSweeper::Twist), an obstacle's
// velocity from a short table, and the sweep's task is prepareContacts' own;
// each sweep streams the whole list through memory.
struct alignas(32) Contact {
    int a;
    int b;
    Vec3 normal;               // unit, from b (or the obstacle) into a
    double leverA;             // m: the contact point is a's centre - leverA n
    double leverB;             // m: ... b's centre + leverB n (0 for an obstacle)
    double gap;                // m, negative when overlapping
    double wn, wt;             // 1/kg, W's normal and tangential entries
    Vec3 impulse;              // N s, world, on a (b gets -impulse); accumulated this step
};
static_assert(sizeof(Contact) == 96, "a contact is a cache line and a half");

// m/s: the obstacles' velocities by contact index -1 - b: the planes' in
// order, then zero for every other solid.
std::vector<Vec3> getObstacleVelocities(const GranularWorld& world);

// 1/(kg m^2): a solid sphere's inverse moment of inertia.
inline double calcInverseInertia(double mass, double radius) {
    return 1.0 / (kSolidSphereInertiaShare * mass * radius * radius);
}

// std::allocator whose elements start default-initialised: a Contact so
// made is left unwritten, and the lists that are filled in parallel
// (detectContacts' join, orderContacts' reordered copy) skip a serial pass
// over their memory (10 MB a step at 65,000 contacts: a tenth of a step on
// two threads).
template <typename T>
struct UninitialisedAllocator : std::allocator<T> {
    template <typename U>
    struct rebind {
        using other = UninitialisedAllocator<U>;
    };
    UninitialisedAllocator() = default;
    template <typename U>
    UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
    template <typename U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};
using ContactList = std::vector<Contact, UninitialisedAllocator<Contact>>;

// The contacts as detection lists them on threads: chunks of consecutive
// spheres' contacts, each in the buffer of the thread that found it; in chunk
// order they are the list. prepareContacts joins them as it reorders them,
// so each contact is moved once.
struct ContactChunks {
    struct Chunk {
        int buffer, begin, end;   // buffers[buffer][begin, end)
    };
    std::vector<ContactList> buffers;
    std::vector<Chunk> chunks;
    std::vector<std::size_t> offsets;   // chunk k's first contact in the list; the list's size last

    std::size_t size() const { return offsets.empty() ? 0 : offsets.back(); }
    const Contact& operator[](std::size_t m) const;   // the list's m-th contact
    ContactList join() &&;
};

// Threads the options ask for (1 without OpenMP), and for a loop over
// `items` spheres or contacts (1 below options.minParallelItems).
int getThreadCount(const GranularOptions& options);
int getThreadCount(const GranularOptions& options, int items);

// The contacts of the first `owned` spheres (see above), in sphere order, and
// the deepest overlap among them (m, >= 0). The same list on any thread count.
ContactList detectContacts(const GranularWorld& world, int owned, double& maxPenetration);
// The same list in the chunks it is found in (ContactChunks).
ContactChunks detectContactChunks(const GranularWorld& world, int owned, double& maxPenetration);
// Each contact's task (detection set its levers and W); then the contacts
// are stably reordered into the sweep's tasks (SweepOrder.h; the first
// `owned` spheres are the world's own), whose order is returned.
SweepOrder prepareContacts(const GranularWorld& world, int owned, ContactList& contacts);
// The same for the chunks detectContactChunks found: `contacts` receives them
// joined, in the sweep's order.
SweepOrder prepareContacts(const GranularWorld& world, int owned, ContactChunks&& found, ContactList& contacts);
// The subproblem (5) of one contact for its free velocity vFree (m/s, world,
// the contact's own impulse removed), with the gap term biased into v_n
// (C.4.8): the impulse on a (N s, world).
Vec3 solveContact(const GranularOptions& options, const Contact& contact, const Vec3& vFree);
// Spheres [0, count): v += dt g (a sphere's gyroscopic term vanishes).
void applyGravity(GranularWorld& world, int count);

// Nonlinear block Gauss-Seidel sweeps over the contacts in the order
// prepareContacts left them (SweepOrder.h), each impulse update relaxed by
// options.relaxation; a sweep returns the largest change of a contact's
// velocity (m/s), the residual. On threads the tasks of the dissection run as
// soon as what they wait for is done (SweepOrder.h): a thread takes the ready
// leaves of its own range first, then others', and the thread that completes
// the last thing a separator waits for sweeps it next; the step's next sweep
// starts on the leaves the last separators do not reach while those run.
// Tasks running at once share no sphere and every task runs after each
// earlier one it shares a sphere with, so the sweeps are the sequential ones,
// update for update, however the tasks fall to the threads (a faster core
// simply takes more). The spheres' velocities are packed (48 bytes a sphere)
// while the contacts sweep them.
class GaussSeidelSweeper {
public:
    explicit GaussSeidelSweeper(SweepOrder order) : order_(std::move(order)) {}
    // load, sweepLoaded, store: one sweep of the world's spheres.
    double sweep(GranularWorld& world, ContactList& contacts);
    // The spheres' velocities into the packed copy, and back. Between them
    // the sweeps may run any number of times (a step's sweeps).
    void load(const GranularWorld& world);
    // The same with `kick` (m/s) added to every velocity: the step's gravity
    // (applyGravity) folded into the copy, a pass over the spheres less.
    void load(const GranularWorld& world, const Vec3& kick);
    void store(GranularWorld& world) const;
    double sweepLoaded(const GranularOptions& options, ContactList& contacts) { return sweepsLoaded(options, contacts, 1); }
    // `sweeps` sweeps one after the other; the last one's residual.
    double sweepsLoaded(const GranularOptions& options, ContactList& contacts, int sweeps);

    // A sphere's velocities and the inverses of its mass and inertia (one
    // cache line).
    struct alignas(64) Twist {
        Vec3 velocity;          // m/s
        Vec3 angularVelocity;   // rad/s
        double inverseMass;     // 1/kg
        double inverseInertia;  // 1/(kg m^2)
    };
    using Twists = std::vector<Twist, UninitialisedAllocator<Twist>>;   // filled by load

private:
    // Task k's contacts in order; their largest |W delta|^2.
    double sweepTask(const GranularOptions& options, ContactList& contacts, int task);
    // Each task's parent, the tasks whose next sweep waits for it, and what
    // each task waits for.
    void planTasks();
    // A ready leaf of a sweep from `firstSweep` on for thread t of `team`
    // (its own range first, then the others' from their ends), claimed: the
    // item s * taskCount + leaf, or -1. firstSweep moves past sweeps whose
    // leaves are all claimed.
    int claimLeaf(int t, int team, int sweeps, int& firstSweep, std::atomic<int>* pending) const;

    SweepOrder order_;
    Twists twists_;
    std::vector<Vec3> obstacles_;   // getObstacleVelocities, set by load
    bool planned_ = false;
    std::vector<int> parent_;               // per task (-1: the root)
    std::vector<int> firstNext_, next_;     // per task, the tasks whose next sweep waits for it (itself too)
    std::vector<int> firstDeps_, laterDeps_;   // per task, what it waits for in the first sweep and later ones
};

// Weighted block Jacobi: every contact sees the velocities at the sweep's
// start and the updates (times options.jacobiRelaxation) are applied
// together, each sphere summing its contacts' updates in contact order, so the
// result does not depend on the thread count.
class JacobiSweeper {
public:
    JacobiSweeper(const GranularWorld& world, const ContactList& contacts);
    double sweep(GranularWorld& world, ContactList& contacts);

private:
    std::vector<int> firstOf_, contactsOf_;   // per sphere, its contacts (CSR)
    std::vector<Vec3> proposed_;
    std::vector<Vec3> obstacles_;   // getObstacleVelocities
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
