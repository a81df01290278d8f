#include "sim/granular/GranularPhases.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "mechanics/ContactFrame.h"
#include "sim/granular/CellKey.h"

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


// World-frame inverse inertia of a sphere seen at lever r: 1/m - invI [r]x [r]x
// (Jia & Wang eq. 5 for a body with isotropic inertia).
Mat3 calcPointInverseInertia(const Sphere& s, const Vec3& r) {
    const Mat3 R = makeCrossMatrix(r);
    return Mat3::Identity() / s.mass - calcInverseInertia(s) * R * R;
}

Contact makeContact(int a, int b, const Vec3& ra, const Vec3& rb, const Vec3& normal, double gap) {
    Contact c;
    c.a = a;
    c.b = b;
    c.ra = ra;
    c.rb = rb;
    c.frame = ContactFrame::makeFromNormal(normal).axes;
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

// Sorted cell list: (cell key, sphere) pairs, so neighbour queries are binary
// searches and the contact order depends only on the positions.
struct CellList {
    double cellSize = 1.0;
    Vec3 origin = Vec3::Zero();
    std::vector<std::pair<std::int64_t, int>> entries;

    Eigen::Vector3i cellOf(const Vec3& p) const { return findCell(p, origin, cellSize); }
    static std::int64_t key(const Eigen::Vector3i& c) { return makeCellKey(c); }
    void build(const std::vector<Sphere>& spheres, double size) {
        cellSize = size;
        origin = Vec3::Constant(std::numeric_limits<double>::max());
        for (const Sphere& s : spheres) origin = origin.cwiseMin(s.position);
        origin -= Vec3::Constant(cellSize);
        entries.clear();
        entries.reserve(spheres.size());
        for (int i = 0; i < static_cast<int>(spheres.size()); ++i) entries.emplace_back(key(cellOf(spheres[i].position)), i);
        std::sort(entries.begin(), entries.end());
    }
};

void addContact(std::vector<Contact>& contacts, Contact c, double& maxPenetration) {
    maxPenetration = std::max(maxPenetration, -c.gap);
    contacts.push_back(std::move(c));
}

// The contacts of owned sphere i with spheres j > i (a ghost j only when i's
// id is the smaller), planes and obstacles, in a fixed order.
void detectSphereContacts(const GranularWorld& world, const CellList& cells, double margin, int i, int owned,
                          std::vector<Contact>& contacts, double& maxPenetration) {
    const auto& spheres = world.spheres;
    const Sphere& si = spheres[i];
    const Eigen::Vector3i ci = cells.cellOf(si.position);
    // The three cells along z of a column are consecutive keys: one search
    // per column, then a scan.
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            const std::int64_t first = CellList::key(ci + Eigen::Vector3i(dx, dy, -1));
            const std::int64_t last = first + 2;
            auto it = std::lower_bound(cells.entries.begin(), cells.entries.end(), std::make_pair(first, 0));
            for (; it != cells.entries.end() && it->first <= last; ++it) {
                const int j = it->second;
                if (j <= i) continue;
                const Sphere& sj = spheres[j];
                if (j >= owned && sj.id < si.id) continue;   // the ghost's owner solves this pair
                const Vec3 d = si.position - sj.position;
                const double dist = d.norm();
                const double gap = dist - si.radius - sj.radius;
                if (gap > margin || !(dist > 0.0)) continue;
                const Vec3 n = d / dist;   // from j into i
                // One contact point for both, midway across the gap, so
                // the pair's impulses keep angular momentum exactly.
                const Vec3 ra = -(si.radius + 0.5 * gap) * n, rb = (sj.radius + 0.5 * gap) * n;
                addContact(contacts, makeContact(i, j, ra, rb, n, gap), maxPenetration);
            }
        }
    for (const Plane& p : world.planes) {
        const double gap = p.normal.dot(si.position) - p.offset - si.radius;
        if (gap > margin) continue;
        Contact c = makeContact(i, -1, -si.radius * p.normal, Vec3::Zero(), p.normal, gap);
        c.obstacleVelocity = p.velocity;
        addContact(contacts, std::move(c), maxPenetration);
    }
    auto addStatic = [&](const Closest& cl) {
        const double gap = cl.distance - si.radius;
        if (gap <= margin) addContact(contacts, makeContact(i, -1, -si.radius * cl.normal, Vec3::Zero(), cl.normal, gap),
                                      maxPenetration);
    };
    for (const Box& b : world.boxes) addStatic(findClosest(b, si.position));
    for (const Cylinder& c : world.cylinders) addStatic(findClosest(c, si.position));
}

Vec3 calcRelativeVelocity(const std::vector<Sphere>& s, const Contact& c) {
    Vec3 v = s[c.a].velocity + s[c.a].angularVelocity.cross(c.ra) - c.obstacleVelocity;
    if (c.b >= 0) v -= s[c.b].velocity + s[c.b].angularVelocity.cross(c.rb);
    return c.frame.transpose() * v;
}

// The world impulse P applied at lever r (from the centre) of sphere s.
void applyToSphere(Sphere& s, const Vec3& r, const Vec3& P) {
    s.velocity += P / s.mass;
    s.angularVelocity += calcInverseInertia(s) * r.cross(P);
}

void applyImpulse(std::vector<Sphere>& s, const Contact& c, const Vec3& localImpulse) {
    const Vec3 P = c.frame * localImpulse;
    applyToSphere(s[c.a], c.ra, P);
    if (c.b >= 0) applyToSphere(s[c.b], c.rb, -P);
}

// The subproblem (5) of one contact: the impulse for the free velocity
// vFree (own impulse removed) with the gap term biased into b_n (C.4.8).
Vec3 solveContact(const GranularOptions& o, const Contact& c, const Vec3& vFree) {
    const double xiRate = c.gap / o.timeStep;
    // C.1.7: xi/dt -> epsilon min(0, xi/dt) + max(0, xi/dt).
    const double bias = o.errorReduction * std::min(0.0, xiRate) + std::max(0.0, xiRate);
    const Vec3 vMinus(vFree.x(), vFree.y(), vFree.z() + bias);
    if (vMinus.z() >= 0.0) return Vec3::Zero();   // separating: no impulse (Fig. 5's first branch)
    if (o.model == FrictionModel::MaxDissipation) return calcMaxDissipationImpulse(c.W, vMinus, o.friction).impulse;
    // Coulomb: the solution of least energy after the impact among every
    // inelastic Coulomb solution (sticking when admissible).
    const CoulombSolutionSet set = findCoulombInelasticSolutions(c.W, vMinus, o.friction);
    return set.solutions.empty() ? Vec3::Zero() : set.solutions.front().impulse;
}

}  // namespace

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
    const double margin = world.options.contactMarginShare * minRadius;
    CellList cells;
    cells.build(spheres, kCellDiameters * 2.0 * maxRadius + margin);
    // Each thread lists the contacts of one contiguous block of spheres; the
    // blocks joined in order give the sequential list exactly.
    const int threads = getThreadCount(world.options, owned);
    std::vector<std::vector<Contact>> blocks(threads);
    std::vector<double> deepest(threads, 0.0);
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int t = 0; t < threads; ++t) {
        const int begin = static_cast<int>(static_cast<std::int64_t>(owned) * t / threads);
        const int end = static_cast<int>(static_cast<std::int64_t>(owned) * (t + 1) / threads);
        blocks[t].reserve(static_cast<std::size_t>(kExpectedContactsPerSphere * (end - begin)));
        for (int i = begin; i < end; ++i) detectSphereContacts(world, cells, margin, i, owned, blocks[t], deepest[t]);
    }
    if (threads == 1) {
        maxPenetration = deepest[0];
        return std::move(blocks[0]);
    }
    std::size_t total = 0;
    for (const auto& b : blocks) total += b.size();
    contacts.reserve(total);
    for (int t = 0; t < threads; ++t) {
        contacts.insert(contacts.end(), std::make_move_iterator(blocks[t].begin()), std::make_move_iterator(blocks[t].end()));
        maxPenetration = std::max(maxPenetration, deepest[t]);
    }
    return contacts;
}

void prepareContacts(const GranularWorld& world, std::vector<Contact>& contacts) {
    const int nc = static_cast<int>(contacts.size());
    const int threads = getThreadCount(world.options, nc);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int k = 0; k < nc; ++k) {
        Contact& c = contacts[k];
        Mat3 K = calcPointInverseInertia(world.spheres[c.a], c.ra);
        if (c.b >= 0) K += calcPointInverseInertia(world.spheres[c.b], c.rb);
        c.W = c.frame.transpose() * K * c.frame;
    }
}

void applyGravity(GranularWorld& world, int count) {
    const Vec3 dv = world.options.timeStep * world.options.gravity;
    const int threads = getThreadCount(world.options, count);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int i = 0; i < count; ++i) world.spheres[i].velocity += dv;
}

double sweepGaussSeidel(GranularWorld& world, std::vector<Contact>& contacts) {
    const GranularOptions& o = world.options;
    double change = 0.0;
    for (Contact& c : contacts) {
        const Vec3 vFree = calcRelativeVelocity(world.spheres, c) - c.W * c.impulse;
        const Vec3 target = solveContact(o, c, vFree);
        const Vec3 delta = o.relaxation * (target - c.impulse);
        applyImpulse(world.spheres, c, delta);
        c.impulse += delta;
        change = std::max(change, (c.W * delta).norm());
    }
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
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : change)
    for (int k = 0; k < nc; ++k) {
        Contact& c = contacts[k];
        const Vec3 target = solveContact(o, c, calcRelativeVelocity(spheres, c) - c.W * c.impulse);
        proposed_[k] = o.jacobiRelaxation * (target - c.impulse);   // the update, contact frame
        change = std::max(change, (c.W * proposed_[k]).norm());
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int i = 0; i < ns; ++i)
        for (int m = firstOf_[i]; m < firstOf_[i + 1]; ++m) {
            const Contact& c = contacts[contactsOf_[m]];
            const Vec3 P = c.frame * proposed_[contactsOf_[m]];
            if (c.a == i) applyToSphere(spheres[i], c.ra, P);
            else applyToSphere(spheres[i], c.rb, -P);
        }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int k = 0; k < nc; ++k) contacts[k].impulse += proposed_[k];
    return change;
}

void integratePositions(GranularWorld& world, int count) {
    const double dt = world.options.timeStep;
    const int threads = getThreadCount(world.options, count);
#pragma omp parallel for num_threads(threads) schedule(static)
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
