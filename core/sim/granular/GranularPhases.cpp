#include "sim/granular/GranularPhases.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "mechanics/ContactFrame.h"
#include "sim/granular/CellList.h"
#include "sim/granular/ContactUpdates.h"

namespace impactlab::granular::phases {

namespace {

// An inflow plane resets once it has travelled its distance less this share:
// the offset accumulates dt v step by step and lands a round-off short.
constexpr double kResetSlack = 1e-9;
// Room reserved for each sphere's contacts (it lists those with later
// spheres and walls: about half its neighbours, 3-4 in a pile), so the list
// rarely grows while being filled.
constexpr double kExpectedContactsPerSphere = 4.0;
// Spheres a thread lists the contacts of at a time (detectContacts): small
// enough that two threads end together, large enough that taking one is rare.
constexpr int kDetectChunkSpheres = 256;
// Grid cells are this many largest diameters (plus the margin) wide, so a
// sphere's contacts lie in its own and the 26 neighbouring cells.
constexpr double kCellDiameters = 1.0;

// A contact of sphere a (mass and radius) with sphere b, or with an obstacle
// (b < 0, massB and radiusB unused), its masses and W included.
Contact makeContact(int a, int b, double massA, double radiusA, double massB, double radiusB, double leverA,
                    double leverB, const Vec3& normal, double gap) {
    Contact c;
    c.a = a;
    c.b = b;
    c.leverA = leverA;
    c.leverB = leverB;
    c.normal = normal;
    c.gap = gap;
    const double invMassA = 1.0 / massA, spinA = leverA * calcInverseInertia(massA, radiusA);
    const double invMassB = b >= 0 ? 1.0 / massB : 0.0;
    const double spinB = b >= 0 ? leverB * calcInverseInertia(massB, radiusB) : 0.0;
    // Jia & Wang eq. 5, 1/m - I^-1 [r]x [r]x, for r = l n: along n 1/m,
    // across it 1/m + l^2 / I.
    c.wn = invMassA + invMassB;
    c.wt = c.wn + spinA * c.leverA + spinB * c.leverB;
    c.impulse.setZero();
    return c;
}

// A contact of sphere a with obstacle index `obstacle` (b = -1 - obstacle,
// getObstacleVelocities), its lever the sphere's radius.
Contact makeObstacleContact(int a, const Sphere& sa, int obstacle, const Vec3& normal, double gap) {
    return makeContact(a, -1 - obstacle, sa.mass, sa.radius, 0.0, 0.0, sa.radius, 0.0, normal, gap);
}

// Closest point of a static solid to a sphere centre: the contact normal
// points from the solid to the centre; `inside` centres leave by the
// nearest face.
struct Closest {
    Vec3 normal = Vec3::UnitZ();
    double distance = 0.0;   // signed: negative when the centre is inside
};

Closest findClosest(const Box& box, const Vec3& c) {
    const Vec3 d = box.axes.transpose() * (c - box.centre);   // in the box's frame
    const Vec3 clamped = d.cwiseMax(-box.halfExtents).cwiseMin(box.halfExtents);
    Closest out;
    const Vec3 outside = d - clamped;
    if (outside.squaredNorm() > 0.0) {
        out.distance = outside.norm();
        out.normal = box.axes * (outside / out.distance);
        return out;
    }
    const Vec3 depth = box.halfExtents - d.cwiseAbs();
    int axis = 0;
    depth.minCoeff(&axis);
    out.normal = (d(axis) >= 0.0 ? 1.0 : -1.0) * box.axes.col(axis);
    out.distance = -depth(axis);
    return out;
}

Closest findClosest(const Cylinder& cyl, const Vec3& c) {
    const Vec3 d = c - cyl.centre;
    const double h = d.dot(cyl.axis);
    const Vec3 radial = d - h * cyl.axis;
    const double rho = radial.norm();
    const Vec3 radialDir = rho > 0.0 ? Vec3(radial / rho) : ContactFrame::makeFromNormal(cyl.axis).t1();
    const double overSide = rho - cyl.radius;           // > 0 outside the mantle
    const double overCap = std::abs(h) - cyl.halfLength;   // > 0 beyond a cap
    const Vec3 capNormal = h >= 0.0 ? cyl.axis : Vec3(-cyl.axis);
    Closest out;
    if (overSide > 0.0 && overCap > 0.0) {   // nearest to the rim
        const Vec3 v = overSide * radialDir + overCap * capNormal;
        out.distance = v.norm();
        out.normal = v / out.distance;
    } else {   // beside the mantle, beyond a cap, or inside: through the nearer surface
        out.normal = overSide > overCap ? radialDir : capNormal;
        out.distance = std::max(overSide, overCap);
    }
    return out;
}

void addContact(ContactList& contacts, Contact c, double& maxPenetration) {
    maxPenetration = std::max(maxPenetration, -c.gap);
    contacts.push_back(std::move(c));
}

// How far a contact may reach beyond touching (GranularOptions): `speed`
// bounds the pair's closing speed now (m/s).
struct Reach {
    double cap = 0.0;       // m
    double floor = 0.0;     // m
    double perSpeed = 0.0;  // s: speculativeFactor dt
    double fall = 0.0;      // m/s: dt |g|, against walls
    double margin(double speed) const { return std::min(cap, floor + perSpeed * speed); }
};

// The contacts of owned sphere i with spheres j > i (a ghost j only when i's
// id is the smaller), planes and obstacles, in a fixed order.
void detectSphereContacts(const GranularWorld& world, const CellList& cells, const Reach& reach, int i, int owned,
                          ContactList& contacts, double& maxPenetration) {
    const auto& spheres = world.spheres;
    const Sphere& si = spheres[i];
    cells.forEachNeighbour(cells.cellOf(si.position), [&](int j, const CellList::Packed& pj) {
        if (j <= i) return;
        const Vec3 d = si.position - pj.position;
        const double touch = si.radius + pj.radius;
        const double far = touch + reach.cap;
        if (d.squaredNorm() > far * far) return;
        if (j >= owned && spheres[j].id < si.id) return;   // the ghost's owner solves this pair
        const double dist = d.norm();
        const double gap = dist - touch;
        if (gap > reach.margin((si.velocity - pj.velocity).norm()) || !(dist > 0.0)) return;
        const Vec3 n = d / dist;   // from j into i
        // One contact point for both, midway across the gap, so the pair's
        // impulses keep angular momentum exactly.
        addContact(contacts,
                   makeContact(i, j, si.mass, si.radius, pj.mass, pj.radius, si.radius + 0.5 * gap,
                               pj.radius + 0.5 * gap, n, gap),
                   maxPenetration);
    });
    const double speed = si.velocity.norm();
    const int planes = static_cast<int>(world.planes.size());
    for (int k = 0; k < planes; ++k) {
        const Plane& p = world.planes[k];
        const double gap = p.normal.dot(si.position) - p.offset - si.radius;
        if (gap > reach.margin((si.velocity - p.velocity).norm() + reach.fall)) continue;
        addContact(contacts, makeObstacleContact(i, si, k, p.normal, gap), maxPenetration);
    }
    const double staticMargin = reach.margin(speed + reach.fall);
    auto addStatic = [&](const Closest& cl) {
        const double gap = cl.distance - si.radius;
        if (gap <= staticMargin) addContact(contacts, makeObstacleContact(i, si, planes, cl.normal, gap), maxPenetration);
    };
    for (const Box& b : world.boxes) addStatic(findClosest(b, si.position));
    for (const Cylinder& c : world.cylinders) addStatic(findClosest(c, si.position));
}

}  // namespace

Vec3 solveContact(const GranularOptions& o, const Contact& c, const Vec3& vFree) {
    const double xiRate = c.gap / o.timeStep;
    // C.1.7: xi/dt -> epsilon min(0, xi/dt) + max(0, xi/dt).
    const double bias = o.errorReduction * std::min(0.0, xiRate) + std::max(0.0, xiRate);
    const double vn = c.normal.dot(vFree);
    if (vn + bias >= 0.0) return Vec3::Zero();   // separating: no impulse (Fig. 5's first branch)
    if (o.model == FrictionModel::MaxDissipation) {
        // Fig. 5 for W = diag(wt, wt, wn): the plane of maximum compression
        // fixes I_n = -v_n / w_n, and the tangential part minimises
        // 1/2 wt |I_t|^2 + I_t.v_t over the disc |I_t| <= mu I_n: sticking
        // (P1) when -v_t / wt lies in it, else its boundary point opposite v_t.
        const double in = -(vn + bias) / c.wn;
        const Vec3 vt = vFree - vn * c.normal;
        const double slip = vt.norm(), limit = o.friction * in * c.wt;
        const double scale = slip <= limit ? 1.0 / c.wt : o.friction * in / slip;
        return in * c.normal - scale * vt;
    }
    // Coulomb: the solution of least energy after the impact among every
    // inelastic Coulomb solution (sticking when admissible), by the general
    // solver in the contact frame.
    const Mat3 frame = ContactFrame::makeFromNormal(c.normal).axes;
    const Vec3 vMinus = frame.transpose() * vFree + Vec3(0.0, 0.0, bias);
    const Mat3 W = Vec3(c.wt, c.wt, c.wn).asDiagonal();
    const CoulombSolutionSet set = findCoulombInelasticSolutions(W, vMinus, o.friction);
    return set.solutions.empty() ? Vec3::Zero() : Vec3(frame * set.solutions.front().impulse);
}

int getThreadCount(const GranularOptions& o) {
#ifdef _OPENMP
    return o.threads > 0 ? o.threads : omp_get_max_threads();
#else
    (void)o;
    return 1;
#endif
}

int getThreadCount(const GranularOptions& o, int items) { return items < o.minParallelItems ? 1 : getThreadCount(o); }

const Contact& ContactChunks::operator[](std::size_t m) const {
    const std::size_t k = static_cast<std::size_t>(std::upper_bound(offsets.begin(), offsets.end(), m) - offsets.begin()) - 1;
    return buffers[chunks[k].buffer][chunks[k].begin + (m - offsets[k])];
}

ContactList ContactChunks::join() && {
    if (chunks.size() == 1 && chunks[0].begin == 0 && static_cast<std::size_t>(chunks[0].end) == buffers[0].size())
        return std::move(buffers[0]);
    ContactList list;
    list.reserve(size());
    for (const Chunk& c : chunks)
        std::move(buffers[c.buffer].begin() + c.begin, buffers[c.buffer].begin() + c.end, std::back_inserter(list));
    return list;
}

ContactList detectContacts(const GranularWorld& world, int owned, double& maxPenetration) {
    return detectContactChunks(world, owned, maxPenetration).join();
}

ContactChunks detectContactChunks(const GranularWorld& world, int owned, double& maxPenetration) {
    const auto& spheres = world.spheres;
    ContactChunks found;
    found.offsets = {0};
    maxPenetration = 0.0;
    if (spheres.empty() || owned <= 0) return found;
    const GranularOptions& o = world.options;
    const int threads = getThreadCount(o, owned);
    const int ns = static_cast<int>(spheres.size());
    double maxRadius = 0.0, minRadius = std::numeric_limits<double>::max(), maxSpeed = 0.0;
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static) \
    reduction(max : maxRadius, maxSpeed) reduction(min : minRadius)
    for (int i = 0; i < ns; ++i) {
        maxRadius = std::max(maxRadius, spheres[i].radius);
        minRadius = std::min(minRadius, spheres[i].radius);
        maxSpeed = std::max(maxSpeed, spheres[i].velocity.squaredNorm());
    }
    Reach reach;
    reach.floor = o.contactFloorShare * minRadius;
    reach.perSpeed = o.speculativeFactor * o.timeStep;
    reach.fall = o.timeStep * o.gravity.norm();
    reach.cap = o.contactMarginShare * minRadius;
    reach.cap = reach.margin(2.0 * std::sqrt(maxSpeed) + reach.fall);   // no pair reaches further
    CellList cells;
    cells.build(spheres, kCellDiameters * 2.0 * maxRadius + reach.cap, threads);
    if (threads == 1) {
        ContactList contacts;
        contacts.reserve(static_cast<std::size_t>(kExpectedContactsPerSphere * owned));
        for (int i = 0; i < owned; ++i) detectSphereContacts(world, cells, reach, i, owned, contacts, maxPenetration);
        found.chunks = {ContactChunks::Chunk{0, 0, static_cast<int>(contacts.size())}};
        found.offsets.push_back(contacts.size());
        found.buffers.push_back(std::move(contacts));
        return found;
    }
    // Each thread lists the chunks of spheres of its own share in order (a
    // chunk's candidates are mostly the last one's, still in its core's
    // cache), then takes what is left of the others' shares from their ends
    // (a pile's bottom has more contacts a sphere than its top, and one core
    // may be slower than the other). Dealing the chunks out one by one
    // instead cost the search a sixth more cycles on two threads than on one.
    // The chunks in order are the sequential list exactly.
    const int chunks = (owned + kDetectChunkSpheres - 1) / kDetectChunkSpheres;
    found.chunks.resize(static_cast<std::size_t>(chunks));
    found.buffers.resize(threads);
    std::vector<double> deepest(threads, 0.0);
    std::vector<std::atomic<bool>> taken(static_cast<std::size_t>(chunks));
    for (auto& flag : taken) flag.store(false, std::memory_order_relaxed);
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
        const int t = omp_get_thread_num();
#else
        const int t = 0;
#endif
        // Filled as a local: neighbouring buffers[t] (and deepest[t]) share a
        // cache line, which two threads writing per contact would pass back
        // and forth (measured: detection no faster on two threads than on one).
        ContactList mine;
        mine.reserve(static_cast<std::size_t>(kExpectedContactsPerSphere * owned / threads));
        double deepestHere = 0.0;
        for (int share = 0; share < threads; ++share) {
            const int u = (t + share) % threads, first = chunks * u / threads, end = chunks * (u + 1) / threads;
            for (int m = 0; m < end - first; ++m) {
                const int k = share == 0 ? first + m : end - 1 - m;
                if (taken[k].exchange(true, std::memory_order_relaxed)) continue;
                const int begin = static_cast<int>(mine.size());
                for (int i = k * kDetectChunkSpheres, last = std::min(owned, i + kDetectChunkSpheres); i < last; ++i)
                    detectSphereContacts(world, cells, reach, i, owned, mine, deepestHere);
                found.chunks[k] = ContactChunks::Chunk{t, begin, static_cast<int>(mine.size())};
            }
        }
        found.buffers[t] = std::move(mine);
        deepest[t] = deepestHere;
    }
    found.offsets.resize(static_cast<std::size_t>(chunks) + 1);
    for (int k = 0; k < chunks; ++k)
        found.offsets[k + 1] = found.offsets[k] + static_cast<std::size_t>(found.chunks[k].end - found.chunks[k].begin);
    for (double d : deepest) maxPenetration = std::max(maxPenetration, d);
    return found;
}

SweepOrder prepareContacts(const GranularWorld& world, int owned, ContactList& contacts) {
    const int nc = static_cast<int>(contacts.size());
    const int threads = getThreadCount(world.options, nc);
    ContactChunks found;
    found.offsets = {0};
    for (int t = 0; t < threads; ++t) {
        found.chunks.push_back(ContactChunks::Chunk{0, splitList(nc, t, threads), splitList(nc, t + 1, threads)});
        found.offsets.push_back(static_cast<std::size_t>(splitList(nc, t + 1, threads)));
    }
    found.buffers.push_back(std::move(contacts));
    return prepareContacts(world, owned, std::move(found), contacts);
}

SweepOrder prepareContacts(const GranularWorld& world, int owned, ContactChunks&& found, ContactList& contacts) {
    const int nc = static_cast<int>(found.size());
    const int threads = getThreadCount(world.options, nc);
    SweepOrder order = planSweep(static_cast<int>(world.spheres.size()), owned, found);
    const int tasks = order.taskCount();
    // Thread t's part of the list: the chunks that start in [nc t / T, nc (t + 1) / T).
    std::vector<int> partStart(threads + 1);
    for (int t = 0; t <= threads; ++t)
        partStart[t] = static_cast<int>(std::lower_bound(found.offsets.begin(), found.offsets.end() - 1,
                                                         static_cast<std::size_t>(splitList(nc, t, threads))) -
                                        found.offsets.begin());
    partStart[threads] = static_cast<int>(found.chunks.size());
    // visit(contact, its index in the list).
    auto forPart = [&](int t, auto&& visit) {
        for (int k = partStart[t]; k < partStart[t + 1]; ++k) {
            const ContactChunks::Chunk& chunk = found.chunks[k];
            ContactList& buffer = found.buffers[chunk.buffer];
            const std::size_t first = found.offsets[k] - static_cast<std::size_t>(chunk.begin);
            for (int m = chunk.begin; m < chunk.end; ++m) visit(buffer[m], first + static_cast<std::size_t>(m));
        }
    };
    std::vector<int, UninitialisedAllocator<int>> taskOf(static_cast<std::size_t>(nc));   // per contact of the list
    // counts[t][k]: the contacts of task k in thread t's part of the list;
    // then the position where that part's first contact of task k goes.
    std::vector<std::vector<int>> counts(threads, std::vector<int>(tasks, 0));
    // On threads, each thread's marks of the leaves the separators reach.
    const int leaves = 1 << order.depth;
    std::vector<std::vector<std::uint64_t>> touched(threads > 1 ? threads : 0);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static, 1)
    for (int t = 0; t < threads; ++t) {
        if (threads > 1) touched[t].assign(static_cast<std::size_t>(tasks) * order.words, 0);
        forPart(t, [&](const Contact& c, std::size_t m) {
            const int task = order.findTask(c.a, c.b);
            taskOf[m] = task;
            ++counts[t][task];
            if (threads > 1 && task >= leaves) {
                order.markTouch(touched[t], task, order.leafOf[c.a]);
                if (c.b >= 0) order.markTouch(touched[t], task, order.leafOf[c.b]);
            }
        });
    }
    if (threads > 1) {
        order.touches = std::move(touched[0]);
        for (int t = 1; t < threads; ++t)
            for (std::size_t w = 0; w < order.touches.size(); ++w) order.touches[w] |= touched[t][w];
    }
    order.taskStarts.assign(static_cast<std::size_t>(tasks) + 1, 0);
    int position = 0;
    for (int task = 0; task < tasks; ++task) {
        order.taskStarts[task] = position;
        for (int t = 0; t < threads; ++t) {
            const int n = counts[t][task];
            counts[t][task] = position;
            position += n;
        }
    }
    order.taskStarts[tasks] = position;
    if (tasks == 1) {   // the list in detected order
        contacts = std::move(found).join();
        return order;
    }
    // A stable counting sort by task, each thread moving its own part (this
    // also joins the detection's chunks).
    contacts = ContactList(static_cast<std::size_t>(nc));
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static, 1)
    for (int t = 0; t < threads; ++t)
        forPart(t, [&](Contact& c, std::size_t m) { contacts[counts[t][taskOf[m]]++] = std::move(c); });
    return order;
}

void applyGravity(GranularWorld& world, int count) {
    const Vec3 dv = world.options.timeStep * world.options.gravity;
    const int threads = getThreadCount(world.options, count);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < count; ++i) world.spheres[i].velocity += dv;
}

std::vector<Vec3> getObstacleVelocities(const GranularWorld& world) {
    std::vector<Vec3> velocities;
    velocities.reserve(world.planes.size() + 1);
    for (const Plane& p : world.planes) velocities.push_back(p.velocity);
    velocities.push_back(Vec3::Zero());
    return velocities;
}

JacobiSweeper::JacobiSweeper(const GranularWorld& world, const ContactList& contacts)
    : obstacles_(getObstacleVelocities(world)) {
    const int ns = static_cast<int>(world.spheres.size());
    const int nc = static_cast<int>(contacts.size());
    firstOf_.assign(ns + 1, 0);
    for (const Contact& c : contacts) {
        ++firstOf_[c.a + 1];
        if (c.b >= 0) ++firstOf_[c.b + 1];
    }
    for (int i = 0; i < ns; ++i) firstOf_[i + 1] += firstOf_[i];
    contactsOf_.resize(firstOf_[ns]);
    std::vector<int> fill(firstOf_.begin(), firstOf_.end() - 1);
    for (int k = 0; k < nc; ++k) {
        contactsOf_[fill[contacts[k].a]++] = k;
        if (contacts[k].b >= 0) contactsOf_[fill[contacts[k].b]++] = k;
    }
    proposed_.assign(contacts.size(), Vec3::Zero());
}

double JacobiSweeper::sweep(GranularWorld& world, ContactList& contacts) {
    const GranularOptions& o = world.options;
    const int nc = static_cast<int>(contacts.size());
    const int ns = static_cast<int>(firstOf_.size()) - 1;
    const int threads = getThreadCount(o, std::max(nc, ns));
    auto& spheres = world.spheres;
    double change = 0.0;
    // Contacts propose, then each sphere gathers its contacts' updates.
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static) reduction(max : change)
    for (int k = 0; k < nc; ++k) {
        Contact& c = contacts[k];
        const Vec3 target = solveContact(o, c, calcRelativeVelocity(spheres, obstacles_, c) - applyW(c, c.impulse));
        proposed_[k] = o.jacobiRelaxation * (target - c.impulse);   // the update, world
        change = std::max(change, applyW(c, proposed_[k]).norm());
    }
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) {
        const double inverseMass = getInverseMass(spheres[i]), inverseInertia = getInverseInertia(spheres[i]);
        for (int m = firstOf_[i]; m < firstOf_[i + 1]; ++m) {
            const Contact& c = contacts[contactsOf_[m]];
            const Vec3& P = proposed_[contactsOf_[m]];
            const Vec3 turn = c.normal.cross(P);
            const double sign = c.a == i ? 1.0 : -1.0, lever = c.a == i ? c.leverA : c.leverB;
            spheres[i].velocity += sign * inverseMass * P;
            spheres[i].angularVelocity -= lever * inverseInertia * turn;
        }
    }
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int k = 0; k < nc; ++k) contacts[k].impulse += proposed_[k];
    return change;
}

void integratePositions(GranularWorld& world, int count) {
    const double dt = world.options.timeStep;
    const int threads = getThreadCount(world.options, count);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < count; ++i) {
        Sphere& s = world.spheres[i];
        s.position += dt * s.velocity;
        // C.1.7: phi' = normalise(phi + dt Q(phi) w'), Q(phi) w = 1/2 (0, w) phi
        // for w in the world frame.
        const Quat w(0.0, s.angularVelocity.x(), s.angularVelocity.y(), s.angularVelocity.z());
        Quat q = s.orientation;
        q.coeffs() += 0.5 * dt * (w * s.orientation).coeffs();
        q.normalize();
        s.orientation = q;
    }
}

int advanceBoundaries(GranularWorld& world, const std::function<bool(const Vec3&)>& keep) {
    const double dt = world.options.timeStep;
    for (Plane& p : world.planes) p.offset += dt * p.normal.dot(p.velocity);
    int created = 0;
    for (Inflow& in : world.inflows) {
        Plane& p = world.planes[in.plane];
        if (p.offset < in.resetDistance * (1.0 - kResetSlack)) continue;
        // Preclik et al. sec. 4.3: the plane is reset after two radii and a
        // new layer of particles is generated in the room it left.
        p.offset -= in.resetDistance;
        std::uniform_real_distribution<double> u(-in.perturbation, in.perturbation);
        for (const Vec3& x : in.layer) {
            Sphere s;
            s.position = x + p.offset * p.normal;
            s.velocity = in.velocity;
            for (int a = 0; a < 3; ++a)
                if (in.perturbationAxes(a)) s.velocity(a) += u(in.random);
            s.radius = in.radius;
            s.mass = in.mass;
            s.id = world.nextId++;
            if (keep && !keep(s.position)) continue;
            world.spheres.push_back(s);
            ++created;
        }
    }
    world.inserted += created;
    world.advanceTime(dt);
    return created;
}

namespace {

enum class Fate { Stays, Discharged, Lost };

Fate findFate(const GranularWorld& world, const Sphere& s) {
    bool out = false;
    for (const Outflow& o : world.outflows)
        if (o.normal.dot(s.position) > o.offset) out = true;
    const bool finite = s.position.allFinite() && s.velocity.allFinite() && s.angularVelocity.allFinite();
    const bool inside = (s.position.array() >= world.bounds.min.array()).all() &&
                        (s.position.array() <= world.bounds.max.array()).all();
    if (out && finite) return Fate::Discharged;
    return !finite || !inside ? Fate::Lost : Fate::Stays;
}

}  // namespace

Removed applyOutflow(GranularWorld& world, int count) {
    Removed removed;
    auto& spheres = world.spheres;
    // In most steps no sphere leaves: a look on threads first, the (serial,
    // order-keeping) removal only when one does.
    const int threads = getThreadCount(world.options, count);
    int leaving = 0;
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static) reduction(+ : leaving)
    for (int i = 0; i < count; ++i) leaving += findFate(world, spheres[i]) != Fate::Stays;
    if (leaving == 0) return removed;
    int kept = 0;
    for (int i = 0; i < count; ++i) {
        const Fate fate = findFate(world, spheres[i]);
        if (fate == Fate::Discharged) {
            ++removed.discharged;
        } else if (fate == Fate::Lost) {
            ++removed.lost;
        } else {
            if (kept != i) spheres[kept] = spheres[i];
            ++kept;
        }
    }
    spheres.erase(spheres.begin() + kept, spheres.begin() + count);
    world.discharged += removed.discharged;
    world.lost += removed.lost;
    return removed;
}

}  // namespace impactlab::granular::phases
