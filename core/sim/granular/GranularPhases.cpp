#include "sim/granular/GranularPhases.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "mechanics/ContactFrame.h"
#include "sim/granular/CellList.h"

namespace impactlab::granular::phases {

namespace {

// An inflow plane resets once it has travelled its distance less this share:
// the offset accumulates dt v step by step and lands a round-off short.
constexpr double kResetSlack = 1e-9;
// Room reserved for each sphere's contacts (it lists those with later
// spheres and walls: about half its neighbours, 3-4 in a pile), so the list
// rarely grows while being filled.
constexpr double kExpectedContactsPerSphere = 4.0;
// Grid cells are this many largest diameters (plus the margin) wide, so a
// sphere's contacts lie in its own and the 26 neighbouring cells.
constexpr double kCellDiameters = 1.0;

double calcInverseInertia(const Sphere& s) { return 1.0 / (kSolidSphereInertiaShare * s.mass * s.radius * s.radius); }


Contact makeContact(int a, int b, double leverA, double leverB, const Vec3& normal, double gap) {
    Contact c;
    c.a = a;
    c.b = b;
    c.leverA = leverA;
    c.leverB = leverB;
    c.normal = normal;
    c.gap = gap;
    return c;
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

void addContact(std::vector<Contact>& contacts, Contact c, double& maxPenetration) {
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
                          std::vector<Contact>& contacts, double& maxPenetration) {
    const auto& spheres = world.spheres;
    const Sphere& si = spheres[i];
    cells.forEachNeighbour(cells.cellOf(si.position), [&](int j) {
        if (j <= i) return;
        const Sphere& sj = spheres[j];
        const Vec3 d = si.position - sj.position;
        const double touch = si.radius + sj.radius;
        const double far = touch + reach.cap;
        if (d.squaredNorm() > far * far) return;
        if (j >= owned && sj.id < si.id) return;   // the ghost's owner solves this pair
        const double dist = d.norm();
        const double gap = dist - touch;
        if (gap > reach.margin((si.velocity - sj.velocity).norm()) || !(dist > 0.0)) return;
        const Vec3 n = d / dist;   // from j into i
        // One contact point for both, midway across the gap, so the pair's
        // impulses keep angular momentum exactly.
        addContact(contacts, makeContact(i, j, si.radius + 0.5 * gap, sj.radius + 0.5 * gap, n, gap), maxPenetration);
    });
    const double speed = si.velocity.norm();
    for (const Plane& p : world.planes) {
        const double gap = p.normal.dot(si.position) - p.offset - si.radius;
        if (gap > reach.margin((si.velocity - p.velocity).norm() + reach.fall)) continue;
        Contact c = makeContact(i, -1, si.radius, 0.0, p.normal, gap);
        c.obstacleVelocity = p.velocity;
        addContact(contacts, std::move(c), maxPenetration);
    }
    const double staticMargin = reach.margin(speed + reach.fall);
    auto addStatic = [&](const Closest& cl) {
        const double gap = cl.distance - si.radius;
        if (gap <= staticMargin) addContact(contacts, makeContact(i, -1, si.radius, 0.0, cl.normal, gap), maxPenetration);
    };
    for (const Box& b : world.boxes) addStatic(findClosest(b, si.position));
    for (const Cylinder& c : world.cylinders) addStatic(findClosest(c, si.position));
}

// Greedy colouring in detected order (sequential: each choice depends on
// the earlier ones), then a stable counting sort by colour whose scatter
// runs on `threads` threads, each over its own range of contacts.
void colourContacts(const GranularWorld& world, std::vector<Contact>& contacts, int threads) {
    std::vector<std::uint64_t> taken(world.spheres.size(), 0);
    for (Contact& c : contacts) {
        const std::uint64_t used = taken[c.a] | (c.b >= 0 ? taken[c.b] : 0);
        c.colour = ~used ? __builtin_ctzll(~used) : kSequentialColour;   // the lowest free colour
        if (c.colour < kColourCount) {
            const std::uint64_t bit = std::uint64_t{1} << c.colour;
            taken[c.a] |= bit;
            if (c.b >= 0) taken[c.b] |= bit;
        }
    }
    constexpr int kColours = kSequentialColour + 1;
    const int nc = static_cast<int>(contacts.size());
    auto rangeOf = [&](int t) { return static_cast<int>(static_cast<std::int64_t>(nc) * t / threads); };
    // counts[t][k]: contacts of colour k in thread t's range; then the
    // position where that range's first contact of colour k goes.
    std::vector<std::array<int, kColours>> counts(threads);
    for (auto& row : counts) row.fill(0);
    for (int t = 0; t < threads; ++t)
        for (int k = rangeOf(t); k < rangeOf(t + 1); ++k) ++counts[t][contacts[k].colour];
    int position = 0;
    for (int colour = 0; colour < kColours; ++colour)
        for (int t = 0; t < threads; ++t) {
            const int n = counts[t][colour];
            counts[t][colour] = position;
            position += n;
        }
    std::vector<Contact> sorted(contacts.size());
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static, 1)
    for (int t = 0; t < threads; ++t)
        for (int k = rangeOf(t); k < rangeOf(t + 1); ++k) sorted[counts[t][contacts[k].colour]++] = std::move(contacts[k]);
    contacts.swap(sorted);
}

// The velocity of a's contact point relative to b's (or the obstacle's), world.
// Body: a Sphere, or the sweep's packed Twist.
template <typename Body>
Vec3 calcRelativeVelocity(const std::vector<Body>& s, const Contact& c) {
    const Body& a = s[c.a];
    if (c.b < 0) return a.velocity - c.obstacleVelocity - c.leverA * a.angularVelocity.cross(c.normal);
    const Body& b = s[c.b];
    return a.velocity - b.velocity - (c.leverA * a.angularVelocity + c.leverB * b.angularVelocity).cross(c.normal);
}

// W P in world coordinates: W = wt (1 - n n^T) + wn n n^T.
Vec3 applyW(const Contact& c, const Vec3& P) { return c.wt * P + (c.wn - c.wt) * c.normal.dot(P) * c.normal; }

// The world impulse P on a (and -P on b) at the contact point: a's lever is
// -leverA n, b's +leverB n, so both spins change by -(lever / I) n x P.
template <typename Body>
void applyImpulse(std::vector<Body>& s, const Contact& c, const Vec3& P) {
    const Vec3 turn = c.normal.cross(P);
    Body& a = s[c.a];
    a.velocity += c.invMassA * P;
    a.angularVelocity -= c.spinA * turn;
    if (c.b < 0) return;
    Body& b = s[c.b];
    b.velocity -= c.invMassB * P;
    b.angularVelocity -= c.spinB * turn;
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

std::vector<Contact> detectContacts(const GranularWorld& world, int owned, double& maxPenetration) {
    const auto& spheres = world.spheres;
    std::vector<Contact> contacts;
    maxPenetration = 0.0;
    if (spheres.empty() || owned <= 0) return contacts;
    double maxRadius = 0.0, minRadius = std::numeric_limits<double>::max();
    for (const Sphere& s : spheres) {
        maxRadius = std::max(maxRadius, s.radius);
        minRadius = std::min(minRadius, s.radius);
    }
    const GranularOptions& o = world.options;
    double maxSpeed = 0.0;
    for (const Sphere& s : spheres) maxSpeed = std::max(maxSpeed, s.velocity.squaredNorm());
    Reach reach;
    reach.floor = o.contactFloorShare * minRadius;
    reach.perSpeed = o.speculativeFactor * o.timeStep;
    reach.fall = o.timeStep * o.gravity.norm();
    reach.cap = o.contactMarginShare * minRadius;
    reach.cap = reach.margin(2.0 * std::sqrt(maxSpeed) + reach.fall);   // no pair reaches further
    CellList cells;
    cells.build(spheres, kCellDiameters * 2.0 * maxRadius + reach.cap);
    // Each thread lists the contacts of one contiguous block of spheres; the
    // blocks joined in order give the sequential list exactly.
    const int threads = getThreadCount(world.options, owned);
    std::vector<std::vector<Contact>> blocks(threads);
    std::vector<double> deepest(threads, 0.0);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static, 1)
    for (int t = 0; t < threads; ++t) {
        const int begin = static_cast<int>(static_cast<std::int64_t>(owned) * t / threads);
        const int end = static_cast<int>(static_cast<std::int64_t>(owned) * (t + 1) / threads);
        // Filled as a local: neighbouring blocks[t] (and deepest[t]) share a
        // cache line, which two threads writing per contact would pass back
        // and forth (measured: detection no faster on two threads than on one).
        std::vector<Contact> found;
        found.reserve(static_cast<std::size_t>(kExpectedContactsPerSphere * (end - begin)));
        double deepestHere = 0.0;
        for (int i = begin; i < end; ++i) detectSphereContacts(world, cells, reach, i, owned, found, deepestHere);
        blocks[t] = std::move(found);
        deepest[t] = deepestHere;
    }
    if (threads == 1) {
        maxPenetration = deepest[0];
        return std::move(blocks[0]);
    }
    std::vector<std::size_t> offsets(threads + 1, 0);
    for (int t = 0; t < threads; ++t) {
        offsets[t + 1] = offsets[t] + blocks[t].size();
        maxPenetration = std::max(maxPenetration, deepest[t]);
    }
    contacts.resize(offsets[threads]);
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int t = 0; t < threads; ++t)
        std::move(blocks[t].begin(), blocks[t].end(), contacts.begin() + static_cast<std::ptrdiff_t>(offsets[t]));
    return contacts;
}

void prepareContacts(const GranularWorld& world, std::vector<Contact>& contacts) {
    const int nc = static_cast<int>(contacts.size());
    const int threads = getThreadCount(world.options, nc);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int k = 0; k < nc; ++k) {
        Contact& c = contacts[k];
        const Sphere& a = world.spheres[c.a];
        c.invMassA = 1.0 / a.mass;
        c.spinA = c.leverA * calcInverseInertia(a);
        if (c.b >= 0) {
            const Sphere& b = world.spheres[c.b];
            c.invMassB = 1.0 / b.mass;
            c.spinB = c.leverB * calcInverseInertia(b);
        }
        // Jia & Wang eq. 5, 1/m - I^-1 [r]x [r]x, for r = l n: along n 1/m,
        // across it 1/m + l^2 / I.
        c.wn = c.invMassA + c.invMassB;
        c.wt = c.wn + c.spinA * c.leverA + c.spinB * c.leverB;
    }
    colourContacts(world, contacts, threads);
}

void applyGravity(GranularWorld& world, int count) {
    const Vec3 dv = world.options.timeStep * world.options.gravity;
    const int threads = getThreadCount(world.options, count);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < count; ++i) world.spheres[i].velocity += dv;
}

namespace {

// One Gauss-Seidel update of contact c; returns |W delta|^2.
double relaxContact(const GranularOptions& o, std::vector<GaussSeidelSweeper::Twist>& twists, Contact& c) {
    const Vec3 vFree = calcRelativeVelocity(twists, c) - applyW(c, c.impulse);
    const Vec3 target = solveContact(o, c, vFree);
    const Vec3 delta = o.relaxation * (target - c.impulse);
    applyImpulse(twists, c, delta);
    c.impulse += delta;
    return applyW(c, delta).squaredNorm();
}

}  // namespace

GaussSeidelSweeper::GaussSeidelSweeper(const std::vector<Contact>& contacts) {
    const int nc = static_cast<int>(contacts.size());
    runStarts_.push_back(0);
    for (int k = 1; k < nc; ++k)
        if (contacts[k].colour != contacts[k - 1].colour) runStarts_.push_back(k);
    runStarts_.push_back(nc);
}

void GaussSeidelSweeper::load(const GranularWorld& world) {
    const auto& spheres = world.spheres;
    const int ns = static_cast<int>(spheres.size());
    twists_.resize(spheres.size());
    const int threads = getThreadCount(world.options, ns);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) twists_[i] = Twist{spheres[i].velocity, spheres[i].angularVelocity};
}

void GaussSeidelSweeper::store(GranularWorld& world) const {
    auto& spheres = world.spheres;
    const int ns = static_cast<int>(spheres.size());
    const int threads = getThreadCount(world.options, ns);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) {
        spheres[i].velocity = twists_[i].velocity;
        spheres[i].angularVelocity = twists_[i].angularVelocity;
    }
}

// Thread t takes, in every colour, the contacts whose sphere a lies in its
// own range of spheres; the ranges hold equal shares of all the contacts.
// Contacts are listed by sphere a (detectContacts) and the colour sort is
// stable, so each run is split by binary search. Splitting every colour by
// count instead moves the boundary from colour to colour, and the spheres
// between pass from one core's cache to the other's at each colour: measured
// at N = 27,000, 45 ns a contact on two threads against 26 on one.
void GaussSeidelSweeper::splitRuns(const std::vector<Contact>& contacts, int threads) {
    splitThreads_ = threads;
    const int nc = static_cast<int>(contacts.size());
    int maxA = 0;
    for (const Contact& c : contacts) maxA = std::max(maxA, c.a);
    std::vector<int> firstOf(static_cast<std::size_t>(maxA) + 2, 0);   // counts, then prefix sums
    for (const Contact& c : contacts) ++firstOf[static_cast<std::size_t>(c.a) + 1];
    for (std::size_t i = 1; i < firstOf.size(); ++i) firstOf[i] += firstOf[i - 1];
    std::vector<int> sphereBounds(threads + 1, maxA + 1);
    sphereBounds[0] = 0;
    for (int t = 1; t < threads; ++t) {
        const std::int64_t target = static_cast<std::int64_t>(nc) * t / threads;
        sphereBounds[t] = static_cast<int>(std::lower_bound(firstOf.begin(), firstOf.end(), target) - firstOf.begin());
    }
    const int runs = static_cast<int>(runStarts_.size()) - 1;
    shares_.assign(static_cast<std::size_t>(runs) * (threads + 1), 0);
    for (int r = 0; r < runs; ++r) {
        const auto begin = contacts.begin() + runStarts_[r], end = contacts.begin() + runStarts_[r + 1];
        int* share = &shares_[static_cast<std::size_t>(r) * (threads + 1)];
        share[0] = runStarts_[r];
        share[threads] = runStarts_[r + 1];
        for (int t = 1; t < threads; ++t) {
            const auto at = std::lower_bound(begin, end, sphereBounds[t],
                                             [](const Contact& c, int sphere) { return c.a < sphere; });
            // Monotone even were a run not listed by sphere (any split of a colour is valid).
            share[t] = std::max(share[t - 1], static_cast<int>(at - contacts.begin()));
        }
    }
}

double GaussSeidelSweeper::sweepLoaded(const GranularOptions& o, std::vector<Contact>& contacts) {
    const int nc = static_cast<int>(contacts.size());
    if (nc == 0) return 0.0;
    const int threads = getThreadCount(o, nc);
    double change = 0.0;
    if (threads == 1) {   // the same sweep without a team (whose start costs a small world's whole step)
        for (Contact& c : contacts) change = std::max(change, relaxContact(o, twists_, c));
        return std::sqrt(change);
    }
    if (splitThreads_ != threads) splitRuns(contacts, threads);
    const int runs = static_cast<int>(runStarts_.size()) - 1;
#pragma omp parallel num_threads(threads) reduction(max : change)
    {
#ifdef _OPENMP
        const int team = omp_get_num_threads(), t = omp_get_thread_num();
#else
        const int team = 1, t = 0;
#endif
        for (int r = 0; r < runs; ++r) {
            const int begin = runStarts_[r], end = runStarts_[r + 1];
            if (contacts[begin].colour == kSequentialColour) {
#pragma omp single
                for (int k = begin; k < end; ++k) change = std::max(change, relaxContact(o, twists_, contacts[k]));
            } else if (team != threads) {   // a smaller team than asked for: shares by count
#pragma omp for schedule(static)
                for (int k = begin; k < end; ++k) change = std::max(change, relaxContact(o, twists_, contacts[k]));
            } else {
                const int* share = &shares_[static_cast<std::size_t>(r) * (threads + 1)];
                for (int k = share[t]; k < share[t + 1]; ++k)
                    change = std::max(change, relaxContact(o, twists_, contacts[k]));
#pragma omp barrier
            }
        }
    }
    return std::sqrt(change);
}

double GaussSeidelSweeper::sweep(GranularWorld& world, std::vector<Contact>& contacts) {
    load(world);
    const double change = sweepLoaded(world.options, contacts);
    store(world);
    return change;
}

JacobiSweeper::JacobiSweeper(const GranularWorld& world, const std::vector<Contact>& contacts) {
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

double JacobiSweeper::sweep(GranularWorld& world, std::vector<Contact>& contacts) {
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
        const Vec3 target = solveContact(o, c, calcRelativeVelocity(spheres, c) - applyW(c, c.impulse));
        proposed_[k] = o.jacobiRelaxation * (target - c.impulse);   // the update, world
        change = std::max(change, applyW(c, proposed_[k]).norm());
    }
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i)
        for (int m = firstOf_[i]; m < firstOf_[i + 1]; ++m) {
            const Contact& c = contacts[contactsOf_[m]];
            const Vec3& P = proposed_[contactsOf_[m]];
            const Vec3 turn = c.normal.cross(P);
            if (c.a == i) {
                spheres[i].velocity += c.invMassA * P;
                spheres[i].angularVelocity -= c.spinA * turn;
            } else {
                spheres[i].velocity -= c.invMassB * P;
                spheres[i].angularVelocity -= c.spinB * turn;
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

Removed applyOutflow(GranularWorld& world, int count) {
    Removed removed;
    auto& spheres = world.spheres;
    int kept = 0;
    for (int i = 0; i < count; ++i) {
        const Sphere& s = spheres[i];
        bool out = false;
        for (const Outflow& o : world.outflows)
            if (o.normal.dot(s.position) > o.offset) out = true;
        const bool finite = s.position.allFinite() && s.velocity.allFinite() && s.angularVelocity.allFinite();
        const bool inside = (s.position.array() >= world.bounds.min.array()).all() &&
                            (s.position.array() <= world.bounds.max.array()).all();
        if (out && finite) {
            ++removed.discharged;
        } else if (!finite || !inside) {
            ++removed.lost;
        } else {
            if (kept != i) spheres[kept] = s;
            ++kept;
        }
    }
    spheres.erase(spheres.begin() + kept, spheres.begin() + count);
    world.discharged += removed.discharged;
    world.lost += removed.lost;
    return removed;
}

}  // namespace impactlab::granular::phases
