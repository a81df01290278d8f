#include "sim/granular/GranularWorld.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "mechanics/ContactFrame.h"
#include "mechanics/InputLimits.h"

namespace impactlab::granular {

namespace {

// Ratio of the moment of inertia of a uniform solid sphere to m r^2.
constexpr double kSolidSphereInertiaShare = 0.4;
// Grid cells are this many largest diameters (plus the margin) wide, so a
// sphere's contacts lie in its own and the 26 neighbouring cells.
constexpr double kCellDiameters = 1.0;

// A contact of sphere a with sphere b (b >= 0) or with static geometry (b = -1).
struct Contact {
    int a = 0;
    int b = -1;
    Vec3 ra = Vec3::Zero();        // contact point relative to a's centre
    Vec3 rb = Vec3::Zero();        // ... to b's centre
    Mat3 frame = Mat3::Identity(); // world columns t1, t2, n (n from b into a)
    double gap = 0.0;              // m, negative when overlapping
    Vec3 obstacleVelocity = Vec3::Zero();
    Mat3 W = Mat3::Identity();     // contact-frame inverse inertia
    Vec3 impulse = Vec3::Zero();   // N s, contact frame, this step
};

double calcInverseInertia(const Sphere& s) { return 1.0 / (kSolidSphereInertiaShare * s.mass * s.radius * s.radius); }

Mat3 skew(const Vec3& r) {
    Mat3 m;
    m << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    return m;
}

// World-frame inverse inertia of a sphere seen at lever r: 1/m - invI [r]x [r]x
// (Jia & Wang eq. 5 for a body with isotropic inertia).
Mat3 calcPointInverseInertia(const Sphere& s, const Vec3& r) {
    const Mat3 R = skew(r);
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
    const Vec3 d = c - box.centre;
    const Vec3 clamped = d.cwiseMax(-box.halfExtents).cwiseMin(box.halfExtents);
    Closest out;
    const Vec3 outside = d - clamped;
    if (outside.squaredNorm() > 0.0) {
        out.distance = outside.norm();
        out.normal = outside / out.distance;
        return out;
    }
    const Vec3 depth = box.halfExtents - d.cwiseAbs();
    int axis = 0;
    depth.minCoeff(&axis);
    out.normal = Vec3::Zero();
    out.normal(axis) = d(axis) >= 0.0 ? 1.0 : -1.0;
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
    } else if (overSide > 0.0 || overCap > 0.0) {
        out.normal = overSide > overCap ? radialDir : capNormal;
        out.distance = std::max(overSide, overCap);
    } else {   // inside: leave through the nearer surface
        out.normal = overSide > overCap ? radialDir : capNormal;
        out.distance = std::max(overSide, overCap);
    }
    return out;
}

constexpr int kMaxThreads = 1024;   // GranularOptions::threads admitted at most

int getThreadCount(const GranularOptions& o) {
#ifdef _OPENMP
    return o.threads > 0 ? o.threads : omp_get_max_threads();
#else
    (void)o;
    return 1;
#endif
}

// Sorted cell list: (cell key, sphere) pairs, so neighbour queries are binary
// searches and the contact order depends only on the positions.
struct CellList {
    double cellSize = 1.0;
    Vec3 origin = Vec3::Zero();
    std::vector<std::pair<std::int64_t, int>> entries;

    static constexpr std::int64_t kCellsPerAxis = 1 << 20;   // keys stay unique within 2^20 cells a side

    Eigen::Vector3i cellOf(const Vec3& p) const {
        const Vec3 q = (p - origin) / cellSize;
        return Eigen::Vector3i(static_cast<int>(std::floor(q.x())), static_cast<int>(std::floor(q.y())),
                               static_cast<int>(std::floor(q.z())));
    }
    static std::int64_t key(const Eigen::Vector3i& c) {
        return (static_cast<std::int64_t>(c.x()) * kCellsPerAxis + c.y()) * kCellsPerAxis + c.z();
    }
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

// The contacts of sphere i with spheres j > i, planes and obstacles, in a fixed order.
void detectSphereContacts(const GranularWorld& world, const CellList& cells, double margin, int i,
                          std::vector<Contact>& contacts, double& maxPenetration) {
    const auto& spheres = world.spheres;
    const Sphere& si = spheres[i];
    const Eigen::Vector3i ci = cells.cellOf(si.position);
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz) {
                const std::int64_t k = CellList::key(ci + Eigen::Vector3i(dx, dy, dz));
                auto it = std::lower_bound(cells.entries.begin(), cells.entries.end(), std::make_pair(k, 0));
                for (; it != cells.entries.end() && it->first == k; ++it) {
                    const int j = it->second;
                    if (j <= i) continue;
                    const Sphere& sj = spheres[j];
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

std::vector<Contact> detectContacts(const GranularWorld& world, double& maxPenetration) {
    const auto& spheres = world.spheres;
    std::vector<Contact> contacts;
    maxPenetration = 0.0;
    if (spheres.empty()) return contacts;
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
    const int n = static_cast<int>(spheres.size());
    const int threads = getThreadCount(world.options);
    std::vector<std::vector<Contact>> blocks(threads);
    std::vector<double> deepest(threads, 0.0);
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int t = 0; t < threads; ++t) {
        const int begin = static_cast<int>(static_cast<std::int64_t>(n) * t / threads);
        const int end = static_cast<int>(static_cast<std::int64_t>(n) * (t + 1) / threads);
        for (int i = begin; i < end; ++i) detectSphereContacts(world, cells, margin, i, blocks[t], deepest[t]);
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

const char* toString(FrictionModel model) {
    return model == FrictionModel::MaxDissipation ? "max-dissipation" : "coulomb";
}

void GranularWorld::validate() const {
    auto fail = [](const std::string& field, const std::string& reason) { throw InputError(field, reason); };
    const GranularOptions& o = options;
    if (!(o.timeStep > 0.0) || o.timeStep > 1.0) fail("options.time_step", "must be in (0, 1] s");
    if (!o.gravity.allFinite() || o.gravity.cwiseAbs().maxCoeff() > limits::kMaxMagnitude) fail("options.gravity", "must be finite");
    if (!(o.friction >= 0.0) || o.friction > limits::kMaxFriction) fail("options.friction", "must be in [0, 1000]");
    if (o.maxIterations < 1 || o.maxIterations > 100000) fail("options.max_iterations", "must be in [1, 100000]");
    if (!(o.residualTolerance >= 0.0)) fail("options.residual_tolerance", "must be >= 0");
    if (!(o.relaxation > 0.0) || o.relaxation >= 2.0) fail("options.relaxation", "must be in (0, 2)");
    if (!(o.jacobiRelaxation > 0.0) || o.jacobiRelaxation > 1.0) fail("options.jacobi_relaxation", "must be in (0, 1]");
    if (o.threads < 0 || o.threads > kMaxThreads) fail("options.threads", "must be in [0, 1024] (0: all cores)");
    if (!(o.errorReduction >= 0.0) || o.errorReduction >= 1.0) fail("options.error_reduction", "must be in [0, 1)");
    if (!(o.contactMarginShare >= 0.0) || o.contactMarginShare > 1.0) fail("options.contact_margin", "must be in [0, 1]");
    for (std::size_t i = 0; i < spheres.size(); ++i) {
        const Sphere& s = spheres[i];
        const std::string f = "spheres[" + std::to_string(i) + "]";
        if (!(s.radius > 0.0) || s.radius > limits::kMaxMagnitude) fail(f + ".radius", "must be > 0");
        if (!(s.mass > 0.0) || s.mass > limits::kMaxMagnitude) fail(f + ".mass", "must be > 0");
        if (!s.position.allFinite() || !s.velocity.allFinite() || !s.angularVelocity.allFinite())
            fail(f, "position and velocities must be finite");
    }
    for (std::size_t i = 0; i < planes.size(); ++i)
        if (!(std::abs(planes[i].normal.norm() - 1.0) < 1e-9))
            fail("planes[" + std::to_string(i) + "].normal", "must be a unit vector");
    for (std::size_t i = 0; i < boxes.size(); ++i)
        if (!(boxes[i].halfExtents.minCoeff() > 0.0)) fail("boxes[" + std::to_string(i) + "].size", "must be > 0");
    for (std::size_t i = 0; i < cylinders.size(); ++i) {
        const Cylinder& c = cylinders[i];
        const std::string f = "cylinders[" + std::to_string(i) + "]";
        if (!(c.radius > 0.0) || !(c.halfLength > 0.0)) fail(f, "radius and length must be > 0");
        if (!(std::abs(c.axis.norm() - 1.0) < 1e-9)) fail(f + ".axis", "must be a unit vector");
    }
}

StepStatistics GranularWorld::step() {
    const GranularOptions& o = options;
    const double dt = o.timeStep;
    StepStatistics stats;
    std::vector<Contact> contacts = detectContacts(*this, stats.maxPenetration);
    stats.contacts = static_cast<int>(contacts.size());
    const int threads = getThreadCount(o);
    const int nc = static_cast<int>(contacts.size());
    const int ns = static_cast<int>(spheres.size());
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int k = 0; k < nc; ++k) {
        Contact& c = contacts[k];
        Mat3 K = calcPointInverseInertia(spheres[c.a], c.ra);
        if (c.b >= 0) K += calcPointInverseInertia(spheres[c.b], c.rb);
        c.W = c.frame.transpose() * K * c.frame;
    }
    // External impulses first (C.1.7: u + M^-1 dt f_ext); a sphere's
    // gyroscopic term w x I w vanishes (isotropic inertia).
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int i = 0; i < ns; ++i) spheres[i].velocity += dt * o.gravity;

    // For the Jacobi sweep: each sphere's contacts in contact order (CSR), so
    // a sphere sums its updates in the same order on any number of threads.
    std::vector<int> firstOf, contactsOf;
    if (o.sweep == SweepKind::Jacobi) {
        firstOf.assign(ns + 1, 0);
        for (const Contact& c : contacts) {
            ++firstOf[c.a + 1];
            if (c.b >= 0) ++firstOf[c.b + 1];
        }
        for (int i = 0; i < ns; ++i) firstOf[i + 1] += firstOf[i];
        contactsOf.resize(firstOf[ns]);
        std::vector<int> fill(firstOf.begin(), firstOf.end() - 1);
        for (int k = 0; k < nc; ++k) {
            contactsOf[fill[contacts[k].a]++] = k;
            if (contacts[k].b >= 0) contactsOf[fill[contacts[k].b]++] = k;
        }
    }

    std::vector<Vec3> proposed(contacts.size(), Vec3::Zero());
    for (int sweep = 0; sweep < o.maxIterations; ++sweep) {
        double change = 0.0;
        if (o.sweep == SweepKind::GaussSeidel) {
            for (Contact& c : contacts) {
                const Vec3 vFree = calcRelativeVelocity(spheres, c) - c.W * c.impulse;
                const Vec3 target = solveContact(o, c, vFree);
                const Vec3 delta = o.relaxation * (target - c.impulse);
                applyImpulse(spheres, c, delta);
                c.impulse += delta;
                change = std::max(change, (c.W * delta).norm());
            }
        } else {
            // Weighted block Jacobi: every contact sees the velocities of the
            // sweep's start; the updates are applied together. In parallel:
            // contacts propose, then each sphere gathers its contacts' updates.
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : change)
            for (int k = 0; k < nc; ++k) {
                Contact& c = contacts[k];
                const Vec3 target = solveContact(o, c, calcRelativeVelocity(spheres, c) - c.W * c.impulse);
                proposed[k] = o.jacobiRelaxation * (target - c.impulse);   // the update, world-free (contact frame)
                change = std::max(change, (c.W * proposed[k]).norm());
            }
#pragma omp parallel for num_threads(threads) schedule(static)
            for (int i = 0; i < ns; ++i)
                for (int m = firstOf[i]; m < firstOf[i + 1]; ++m) {
                    const Contact& c = contacts[contactsOf[m]];
                    const Vec3 P = c.frame * proposed[contactsOf[m]];
                    if (c.a == i) applyToSphere(spheres[i], c.ra, P);
                    else applyToSphere(spheres[i], c.rb, -P);
                }
#pragma omp parallel for num_threads(threads) schedule(static)
            for (int k = 0; k < nc; ++k) contacts[k].impulse += proposed[k];
        }
        stats.iterations = sweep + 1;
        stats.residual = change;
        if (o.residualTolerance > 0.0 && change <= o.residualTolerance) break;
    }
    if (o.residualTolerance > 0.0 && stats.residual > o.residualTolerance && !contacts.empty())
        stats.status = SolveStatus::IterationLimit;

    // Positions with the new velocities (semi-implicit Euler), quaternions
    // renormalised (C.1.7).
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int i = 0; i < ns; ++i) {
        Sphere& s = spheres[i];
        s.position += dt * s.velocity;
        const Quat w(0.0, s.angularVelocity.x(), s.angularVelocity.y(), s.angularVelocity.z());
        Quat q = s.orientation;
        q.coeffs() += 0.5 * dt * (w * s.orientation).coeffs();
        q.normalize();
        s.orientation = q;
    }
    for (Plane& p : planes) p.offset += dt * p.normal.dot(p.velocity);
    time_ += dt;
    return stats;
}

double GranularWorld::calcKineticEnergy() const {
    double e = 0.0;
    for (const Sphere& s : spheres)
        e += 0.5 * s.mass * s.velocity.squaredNorm() +
             0.5 * kSolidSphereInertiaShare * s.mass * s.radius * s.radius * s.angularVelocity.squaredNorm();
    return e;
}

Vec3 GranularWorld::calcLinearMomentum() const {
    Vec3 p = Vec3::Zero();
    for (const Sphere& s : spheres) p += s.mass * s.velocity;
    return p;
}

Vec3 GranularWorld::calcAngularMomentum() const {
    Vec3 L = Vec3::Zero();
    for (const Sphere& s : spheres)
        L += s.position.cross(s.mass * s.velocity) +
             kSolidSphereInertiaShare * s.mass * s.radius * s.radius * s.angularVelocity;
    return L;
}

}  // namespace impactlab::granular
