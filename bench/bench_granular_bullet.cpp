// The settling box in ImpactLab's stepper and in Bullet
// 3.24 (a game engine: btDiscreteDynamicsWorld, sequential impulses), from
// the same spheres, velocities and walls, the same dt (1e-4 s), gravity,
// friction (0.4), no restitution and 10 solver iterations: the time per
// step of each and their ratio.
//
// Bullet runs in centimetres (and seconds, kilograms): its broad phase pads
// every moving body by a fixed 0.05 length units, which in metres would make
// every pair of centimetre spheres overlap (docs/design.md, "Platform"). Its
// bodies are kept awake (DISABLE_DEACTIVATION): a sleeping pile costs
// nothing and would compare sleeping, not solving. Each engine's whole run
// is timed on one thread, from the lattice through the fall to the pile
// (a run's falling phase counts, not only a settled pile), and each
// reports its contacts per step, the deepest overlap (over the run and at
// its end) and the spheres it kept inside the box.
//
//   impactlab_bench_granular_bullet [--steps S] [N...]   (default 2000 steps; 1000 8000)
#include <btBulletDynamicsCommon.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <algorithm>
#include <vector>

#include "sim/granular/SettlingBox.h"

using namespace impactlab::granular;

namespace {

constexpr int kDefaultSteps = 2000;   // 0.2 s: the lattice falls and piles up
constexpr double kCentimetresPerMetre = 100.0;
constexpr double kTimeStep = 1e-4;   // s, the benchmark's

class BulletBox {
public:
    explicit BulletBox(const GranularWorld& w)
        : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &solver_, &config_),
          sphere_(static_cast<btScalar>(w.spheres.front().radius * kCentimetresPerMetre)) {
        const double g = kCentimetresPerMetre;
        world_.setGravity(btVector3(static_cast<btScalar>(w.options.gravity.x() * g),
                                    static_cast<btScalar>(w.options.gravity.y() * g),
                                    static_cast<btScalar>(w.options.gravity.z() * g)));
        world_.getSolverInfo().m_numIterations = w.options.maxIterations;
        // The floor and the walls: n.x >= offset is btStaticPlaneShape(n, offset).
        for (const Plane& p : w.planes) {
            planes_.push_back(std::make_unique<btStaticPlaneShape>(
                btVector3(static_cast<btScalar>(p.normal.x()), static_cast<btScalar>(p.normal.y()),
                          static_cast<btScalar>(p.normal.z())),
                static_cast<btScalar>(p.offset * g)));
            addBody(0.0, planes_.back().get(), btVector3(0, 0, 0), btVector3(0, 0, 0), w.options.friction);
        }
        for (const Sphere& s : w.spheres) {
            addBody(s.mass, &sphere_,
                    btVector3(static_cast<btScalar>(s.position.x() * g), static_cast<btScalar>(s.position.y() * g),
                              static_cast<btScalar>(s.position.z() * g)),
                    btVector3(static_cast<btScalar>(s.velocity.x() * g), static_cast<btScalar>(s.velocity.y() * g),
                              static_cast<btScalar>(s.velocity.z() * g)),
                    w.options.friction);
        }
    }
    ~BulletBox() {
        for (int i = world_.getNumCollisionObjects() - 1; i >= 0; --i)
            world_.removeCollisionObject(world_.getCollisionObjectArray()[i]);
    }

    void step() { world_.stepSimulation(static_cast<btScalar>(kTimeStep), 0); }
    // m, the spheres' mean height: the two runs should agree on where the
    // pile is (a check that both simulate the same scene).
    double calcMeanHeight() const {
        double z = 0.0;
        int n = 0;
        for (const auto& b : bodies_)
            if (b->getInvMass() > 0) {
                z += b->getWorldTransform().getOrigin().z() / kCentimetresPerMetre;
                ++n;
            }
        return n ? z / n : 0.0;
    }
    int countContacts() {
        int n = 0;
        for (int m = 0; m < dispatcher_.getNumManifolds(); ++m) n += dispatcher_.getManifoldByIndexInternal(m)->getNumContacts();
        return n;
    }
    // m, the deepest overlap of a contact point now (>= 0).
    double calcDeepestOverlap() {
        double deepest = 0.0;
        for (int m = 0; m < dispatcher_.getNumManifolds(); ++m) {
            const btPersistentManifold* manifold = dispatcher_.getManifoldByIndexInternal(m);
            for (int k = 0; k < manifold->getNumContacts(); ++k)
                deepest = std::max(deepest, -static_cast<double>(manifold->getContactPoint(k).getDistance()) / kCentimetresPerMetre);
        }
        return deepest;
    }
    // Spheres whose centres are inside the walls and above the floor (the
    // same bounds as ImpactLab's box), with finite positions.
    int countInside(const Bounds& bounds) const {
        int n = 0;
        for (const auto& b : bodies_) {
            if (b->getInvMass() <= 0) continue;
            const btVector3& x = b->getWorldTransform().getOrigin();
            const impactlab::Vec3 p(x.x() / kCentimetresPerMetre, x.y() / kCentimetresPerMetre, x.z() / kCentimetresPerMetre);
            if (p.allFinite() && (p.array() >= bounds.min.array()).all() && (p.array() <= bounds.max.array()).all()) ++n;
        }
        return n;
    }

private:
    void addBody(double mass, btCollisionShape* shape, const btVector3& x, const btVector3& v, double friction) {
        btVector3 inertia(0, 0, 0);
        if (mass > 0.0) shape->calculateLocalInertia(static_cast<btScalar>(mass), inertia);
        btRigidBody::btRigidBodyConstructionInfo info(static_cast<btScalar>(mass), nullptr, shape, inertia);
        info.m_startWorldTransform.setIdentity();
        info.m_startWorldTransform.setOrigin(x);
        info.m_friction = static_cast<btScalar>(friction);
        info.m_restitution = 0;
        bodies_.push_back(std::make_unique<btRigidBody>(info));
        btRigidBody* b = bodies_.back().get();
        b->setLinearVelocity(v);
        b->setActivationState(DISABLE_DEACTIVATION);
        world_.addRigidBody(b);
    }

    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_;
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_;
    btSphereShape sphere_;
    std::vector<std::unique_ptr<btStaticPlaneShape>> planes_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
};

// One engine's whole run: seconds per step, mean contacts per step, the
// deepest overlap over the run and at its end.
struct RunFigures {
    double secondsPerStep = 0.0;
    double contactsPerStep = 0.0;
    double deepestOverall = 0.0;   // m
    double deepestAtEnd = 0.0;     // m
    int inside = 0;                // spheres kept
};

// Times `steps` calls of step() (each returning its contacts and its deepest
// overlap); the figures are gathered outside the timed calls only where an
// engine cannot report them itself.
template <typename Step>
RunFigures timeRun(int steps, Step&& step) {
    RunFigures f;
    double contacts = 0.0;
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < steps; ++k) {
        const auto [count, deepest] = step();
        contacts += count;
        f.deepestOverall = std::max(f.deepestOverall, deepest);
        f.deepestAtEnd = deepest;
    }
    f.secondsPerStep = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / steps;
    f.contactsPerStep = contacts / steps;
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes;
    int steps = kDefaultSteps;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--steps" && i + 1 < argc) steps = std::max(1, std::atoi(argv[++i]));
        else sizes.push_back(std::atoi(arg.c_str()));
    }
    if (sizes.empty()) sizes = {1000, 8000};
    std::printf("%d steps of %g s from the lattice, one thread each; overlaps in %% of the diameter (over the run / at the end)\n",
                steps, kTimeStep);
    std::printf("%-9s %-34s %-34s %-12s %s\n", "particles", "ImpactLab ms/step (contacts/step)",
                "Bullet ms/step (points/step)", "ratio", "kept (ImpactLab / Bullet), overlap ImpactLab | Bullet, mean height (m)");
    for (int n : sizes) {
        GranularWorld ours = makeSettlingBox(n);
        ours.options.threads = 1;
        const double d = 2.0 * ours.spheres.front().radius;
        BulletBox bullet(ours);
        const RunFigures a = timeRun(steps, [&] {
            const StepStatistics s = ours.step();
            return std::make_pair(static_cast<double>(s.contacts), s.maxPenetration);
        });
        // Bullet reports its overlaps through its manifolds: read after each
        // step, outside its own work but inside the timing (a few percent of
        // a step: the count and the scan walk the same manifolds).
        const RunFigures b = timeRun(steps, [&] {
            bullet.step();
            return std::make_pair(static_cast<double>(bullet.countContacts()), bullet.calcDeepestOverlap());
        });
        double height = 0.0;
        for (const Sphere& s : ours.spheres) height += s.position.z() / n;
        const int keptOurs = static_cast<int>(ours.spheres.size());   // lost spheres are removed
        std::printf("%-9d %-34s %-34s %-12.2f %d / %d, %.2f / %.2f | %.2f / %.2f, %.4f / %.4f\n", n,
                    (std::to_string(1e3 * a.secondsPerStep).substr(0, 6) + " (" + std::to_string(static_cast<int>(a.contactsPerStep)) + ")").c_str(),
                    (std::to_string(1e3 * b.secondsPerStep).substr(0, 6) + " (" + std::to_string(static_cast<int>(b.contactsPerStep)) + ")").c_str(),
                    b.secondsPerStep / a.secondsPerStep, keptOurs, bullet.countInside(ours.bounds),
                    100.0 * a.deepestOverall / d, 100.0 * a.deepestAtEnd / d, 100.0 * b.deepestOverall / d,
                    100.0 * b.deepestAtEnd / d, height, bullet.calcMeanHeight());
    }
    return 0;
}
